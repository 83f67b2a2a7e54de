/** The barcode an entry names, as the server's dry run found it (for its label). */
export interface EntryBarcode {
  id: string;
  barcodeType: string | null;
  externalId: string | null;
}

/**
 * What the server's dry run says of one listed barcode: it can be taken (`code` null), or the
 * catalogue code of why not; with the barcode it found, when it found one.
 */
export interface EntryVerdict {
  code: string | null;
  barcode: EntryBarcode | null;
}

export const isAccepted = (verdict: EntryVerdict | null): boolean => verdict !== null && verdict.code === null;

/**
 * An entry that names the same barcode as one listed before it is a duplicate, whatever the
 * server said of it alone (removing the first makes the second count again).
 */
export function duplicateOf(entries: readonly { reference: string; verdict: EntryVerdict | null }[], index: number, code: string): EntryVerdict | null {
  const entry = entries[index];
  if (!entry) return null;
  const idOf = (e: { reference: string; verdict: EntryVerdict | null }) => e.verdict?.barcode?.id ?? e.reference;
  const same = entries.slice(0, index).some((before) => before.reference === entry.reference || idOf(before) === idOf(entry));
  return same ? { code, barcode: entry.verdict?.barcode ?? null } : null;
}
