import { barcodeOfUrl, isBarcodeId } from '@/shared/barcode/barcode-url';

/**
 * What a scanned or typed text names for pairing and linking: a URL of this product's barcode
 * pattern (`…/{project}/qrcode/{barcodeId}`, on any host) names its barcode id; anything else is
 * the trimmed text itself (a barcode id, or a code printed on the package that the server looks
 * up as an external id). Empty text names nothing.
 */
export function scannedReference(scanned: string): string | null {
  const text = scanned.trim();
  if (!text) return null;
  return barcodeOfUrl(text)?.barcodeId ?? text;
}

/**
 * The values of one scanner answer: in bulk mode the scanner joins each confirmed read with the
 * project's first delimiter; a typed or pasted list may use any of them, new lines or tabs (a
 * column or row copied from a spreadsheet).
 */
export function splitScans(text: string, delimiters: readonly string[]): string[] {
  let parts = text.split(/\r?\n|\t/);
  for (const delimiter of delimiters) parts = parts.flatMap((part) => part.split(delimiter));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** One entry of a pair or link list. */
export interface ScanEntry {
  /** Stable key of the entry (the list may hold the same barcode twice: the server calls the second a duplicate). */
  key: number;
  /** What was scanned or typed. */
  text: string;
  /** The barcode id or code it names (see scannedReference). */
  reference: string;
  /** The id sent to the server: the barcode id, or the code when no barcode has it as external id; null while looked up. */
  id: string | null;
}

/** The server takes listed ids of at most 64 characters; a longer code names no barcode anyway (its verdict: not found). */
export const LISTED_ID_MAX = 64;

let nextKey = 1;

/** New entries for scanned texts (texts that name nothing are dropped); barcode ids need no lookup. */
export function newEntries(texts: readonly string[]): ScanEntry[] {
  return texts.flatMap((text) => {
    const reference = scannedReference(text);
    if (reference === null) return [];
    return [{ key: nextKey++, text: text.trim(), reference, id: isBarcodeId(reference) ? reference : null }];
  });
}

/** Entries for a list kept on the phone (see kept-lists.ts): new keys, the ids they had. */
export function restoredEntries(kept: readonly { text: string; reference: string; id: string | null }[]): ScanEntry[] {
  return kept.map(({ text, reference, id }) => ({ key: nextKey++, text, reference, id }));
}
