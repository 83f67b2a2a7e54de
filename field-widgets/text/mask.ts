const SLOT: Record<string, RegExp> = { '9': /[0-9]/, a: /[A-Za-z]/, '*': /[A-Za-z0-9]/ };

/**
 * Applies an input mask while typing: 9 a digit, a a letter, * a letter or digit, other mask
 * characters are literals inserted as the user reaches them. Characters that fit no slot are
 * dropped; typing stops at the end of the mask.
 */
export function applyMask(raw: string, mask: string): string {
  let out = '';
  let i = 0;
  for (const slot of mask) {
    if (i >= raw.length) break;
    const test = SLOT[slot];
    if (!test) {
      out += slot;
      if (raw[i] === slot) i += 1;
      continue;
    }
    while (i < raw.length && !test.test(raw[i] as string)) i += 1;
    if (i >= raw.length) break;
    out += raw[i];
    i += 1;
  }
  return out;
}

/** The mask as a hint a user can read, e.g. '999-9999' -> '___-____'. */
export const maskHint = (mask: string) => [...mask].map((c) => (SLOT[c] ? '_' : c)).join('');
