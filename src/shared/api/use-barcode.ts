import useSWR, { preload } from 'swr';
import { paths } from '../paths';
import { fetchBarcode } from './barcode';
import { barcodeScopedKey } from './keys';
import { isCached, primeCache } from './prime';

/** The key of a route's barcode: by its id, or by the lookup its route names (see barcodeQuery). */
export const barcodeKey = (projectCode: string, id: string) => barcodeScopedKey(id, 'record', projectCode);

const fetchKey = ([, id, , projectCode]: ReturnType<typeof barcodeKey>) => fetchBarcode(projectCode, id);

/** The barcode of a route, shared by the detail page and every screen under it. */
export function useBarcode(projectCode: string, id: string | undefined) {
  return useSWR(id ? barcodeKey(projectCode, id) : null, fetchKey, { shouldRetryOnError: false });
}

/**
 * Starts loading a barcode before its screen renders (e.g. while the project still loads). Not
 * one the cache holds (primed before the first render, or already read, even if it failed): its
 * screen's hook asks again itself when it should.
 */
export function preloadBarcode(projectCode: string, id: string): void {
  const key = barcodeKey(projectCode, id);
  if (isCached(key)) return;
  void preload(key, fetchKey);
}

/** The barcode a scanned link names, in the cache before the first render (main.tsx); nothing for any other address. */
export async function primeBarcodeOf(pathname: string): Promise<void> {
  const at = paths.barcode.match(pathname);
  if (at) await primeCache(barcodeKey(at.project.code, at.barcodeId), fetchKey);
}
