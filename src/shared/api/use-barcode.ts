import useSWR, { preload } from 'swr';
import { fetchBarcode } from './barcode';
import { barcodeScopedKey } from './keys';

/** The key of a route's barcode: by its id, or by the lookup its route names (see barcodeQuery). */
export const barcodeKey = (projectCode: string, id: string) => barcodeScopedKey(id, 'record', projectCode);

const fetchKey = ([, id, , projectCode]: ReturnType<typeof barcodeKey>) => fetchBarcode(projectCode, id);

/** The barcode of a route, shared by the detail page and every screen under it. */
export function useBarcode(projectCode: string, id: string | undefined) {
  return useSWR(id ? barcodeKey(projectCode, id) : null, fetchKey, { shouldRetryOnError: false });
}

/** Starts loading a barcode before its screen renders (e.g. while the project still loads). */
export const preloadBarcode = (projectCode: string, id: string) => void preload(barcodeKey(projectCode, id), fetchKey);
