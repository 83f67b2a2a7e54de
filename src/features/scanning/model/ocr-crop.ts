export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A drag smaller than this (in picture pixels) is a tap, not a selection. */
export const MIN_CROP_SIDE = 8;

/** The rectangle a drag from `a` to `b` spans, whichever way it went, kept inside the picture. */
export function selection(
  a: { x: number; y: number },
  b: { x: number; y: number },
  bounds: { width: number; height: number },
): Rect {
  const clampX = (v: number) => Math.min(Math.max(v, 0), bounds.width);
  const clampY = (v: number) => Math.min(Math.max(v, 0), bounds.height);
  const x1 = clampX(Math.min(a.x, b.x));
  const y1 = clampY(Math.min(a.y, b.y));
  return { x: x1, y: y1, width: clampX(Math.max(a.x, b.x)) - x1, height: clampY(Math.max(a.y, b.y)) - y1 };
}

export const isCrop = (rect: Rect) => rect.width >= MIN_CROP_SIDE && rect.height >= MIN_CROP_SIDE;

/**
 * How much a crop is enlarged before recognition: the engine reads best when a line of text is
 * a few dozen pixels tall, so small crops are scaled up to about 96 px high (at most 4x).
 */
export const cropScale = (height: number) => Math.min(4, Math.max(1, 96 / height));

/** A white margin around the crop: text touching the edge is read badly. */
export const CROP_MARGIN = 16;

/** The recognised text as one trimmed line (a text field's value): lines and runs of spaces become one space. */
export const ocrText = (raw: string) => raw.replace(/\s+/g, ' ').trim();
