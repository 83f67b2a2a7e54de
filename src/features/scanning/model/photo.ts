const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Capture file names are 16 random letters and digits. */
export function captureFileName(extension = 'png'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${[...bytes].map((b) => LETTERS_AND_DIGITS[b % LETTERS_AND_DIGITS.length]).join('')}.${extension}`;
}

/** A captured picture as a file named like every capture: PNG (photo, OCR) or JPEG (scan frames). */
export function captureFile(canvas: HTMLCanvasElement, kind: 'png' | 'jpeg'): Promise<File | null> {
  const type = `image/${kind}`;
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], captureFileName(kind === 'jpeg' ? 'jpg' : 'png'), { type }) : null),
      type,
      kind === 'jpeg' ? 0.85 : undefined,
    );
  });
}

/** The photo camera is 16:9 when the phone is held landscape, 9:16 portrait. */
export const photoAspectRatio = (landscape: boolean) => (landscape ? 16 / 9 : 9 / 16);
