const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec section 9: capture file names are 16 random letters and digits. */
export function captureFileName(extension = 'png'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${[...bytes].map((b) => LETTERS_AND_DIGITS[b % LETTERS_AND_DIGITS.length]).join('')}.${extension}`;
}

/** Spec section 9: the photo camera is 16:9 when the phone is held landscape, 9:16 portrait. */
export const photoAspectRatio = (landscape: boolean) => (landscape ? 16 / 9 : 9 / 16);
