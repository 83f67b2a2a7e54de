import useSWR, { mutate, preload } from 'swr';
import type { Barcode } from '@schemas/api/barcode';
import { api } from '../api';

export const barcodeKey = (projectCode: string, id: string) => ['barcode', projectCode, id] as const;

/**
 * GET /barcode/barcode (spec section 7). An id containing '=' is a lookup by the project's
 * external id and tracking number, written like a query: `externalId=PO-1` or
 * `externalId=PO-1&trackingNumber=T-9` (our decision; the spec names only the parameters).
 */
export function barcodeQuery(projectCode: string, id: string): Record<string, string> {
  if (!id.includes('=')) return { id };
  const params = new URLSearchParams(id);
  const query: Record<string, string> = { projectCode };
  const externalId = params.get('externalId');
  const trackingNumber = params.get('trackingNumber');
  if (externalId) query.externalId = externalId;
  if (trackingNumber) query.trackingNumber = trackingNumber;
  return query;
}

const fetchBarcode = ([, code, barcodeId]: readonly [string, string, string]) => api.get<Barcode>('/barcode/barcode', barcodeQuery(code, barcodeId));

/** The barcode of a route, shared by the detail page and every screen under it. */
export function useBarcode(projectCode: string, id: string | undefined) {
  return useSWR(id ? barcodeKey(projectCode, id) : null, fetchBarcode, { shouldRetryOnError: false });
}

/** Starts loading a barcode before its screen renders (e.g. while the project still loads). */
export const preloadBarcode = (projectCode: string, id: string) => void preload(barcodeKey(projectCode, id), fetchBarcode);

/** Reloads a barcode after a change, and everything derived from it (history, alerts, children). */
export const revalidateBarcode = (id: string) =>
  mutate((key) => Array.isArray(key) && key.includes(id) && typeof key[0] === 'string' && key[0].startsWith('barcode'));
