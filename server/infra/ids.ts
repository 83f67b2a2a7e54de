import { randomInt, randomUUID } from 'node:crypto';

/** A new id for a stored row (UUID v4). */
export const newId = (): string => randomUUID();

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new barcode id: 12 random letters and digits (about 71 bits), as BARCODE_ID_PATTERN says. */
export function newBarcodeId(): string {
  let id = '';
  for (let i = 0; i < 12; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
