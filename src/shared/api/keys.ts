import { mutate } from 'swr';

/**
 * SWR keys that a change made in another feature must reach, built here so that the rule is
 * written down instead of agreed on: every such key is an array whose first item is its scope,
 * and a mutation revalidates a whole scope without knowing the keys other modules build in it.
 * Keys only their own module changes (project, profile, saved addresses) stay in that module.
 */
const isInScope = (key: unknown, scope: string): key is readonly unknown[] => Array.isArray(key) && key[0] === scope;

/**
 * The key of anything read about one barcode: `['barcode', barcodeId, resource, ...params]`
 * (its record, history pages, alerts, children, reference data).
 */
export const barcodeScopedKey = <P extends readonly unknown[]>(barcodeId: string, resource: string, ...params: P) =>
  ['barcode', barcodeId, resource, ...params] as const;

/** Reloads everything read about the barcode: after any change to it (activation, edit, tracking, undo, recycle). */
export const revalidateBarcode = (barcodeId: string) =>
  mutate((key) => isInScope(key, 'barcode') && key[1] === barcodeId);

/** The key of the user's own tracking steps on a date (YYYYMMDD) of a project, counted in their time zone. */
export const trackingCountKey = (projectId: string, date: string, utcOffset: number) =>
  ['tracking-count', projectId, date, utcOffset] as const;

/** Reloads the user's tracking counts: after adding or undoing a tracking step. */
export const revalidateTrackingCounts = () => mutate((key) => isInScope(key, 'tracking-count'));

/**
 * Reloads everything read about any of these barcodes, in one pass over the cache (a bulk change
 * lists up to thousands). The resources named in `forget` are dropped instead, not asked again:
 * the change answered what the screen that made it asked them for, and asking now could be refused
 * (the bins to stock a barcode out of, once it is out); the next screen that reads them asks afresh.
 */
export const revalidateBarcodes = (barcodeIds: readonly string[], forget: readonly string[] = []) => {
  const ids = new Set(barcodeIds);
  const about = (key: unknown): key is readonly unknown[] => isInScope(key, 'barcode') && ids.has(key[1] as string);
  const forgotten = (key: readonly unknown[]) => forget.includes(key[2] as string);
  return Promise.all([
    mutate((key) => about(key) && !forgotten(key)),
    forget.length > 0 ? mutate((key) => about(key) && forgotten(key), undefined, { revalidate: false }) : undefined,
  ]);
};
