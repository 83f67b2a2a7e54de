/**
 * The requests of /barcode/barcode. Its SWR side (key factory, hook, preload) is use-barcode.ts:
 * screens that only generate or look up a barcode (the scan handler) then load no SWR code, and
 * the first load keeps SWR in one chunk with the project's hook.
 */
import type { Barcode, GenerateBarcodeResponse } from '@schemas/api/barcode';
import { api, ApiError } from './index';
import type { Payload } from './payload';

/**
 * GET /barcode/barcode. An id containing '=' is a lookup by the project's external id and
 * tracking number, written like a query: `externalId=PO-1` or
 * `externalId=PO-1&trackingNumber=T-9`, so a lookup fits in the route's one id segment.
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

/** GET /barcode/barcode for a route's id, or the lookup it names (see barcodeQuery). */
export const fetchBarcode = (projectCode: string, id: string) =>
  api.get<Barcode>('/barcode/barcode', barcodeQuery(projectCode, id));

/**
 * The project's barcode with this external id, or null when it has none
 * (ErrorCode.barcodeNotFound). Asked once per scan, not cached: a scan must see a barcode
 * generated a moment ago.
 */
export async function findBarcodeByExternalId(projectCode: string, externalId: string): Promise<Barcode | null> {
  try {
    return await api.get<Barcode>('/barcode/barcode', { projectCode, externalId });
  } catch (error) {
    if (error instanceof ApiError && error.code === '2303') return null;
    throw error;
  }
}

/**
 * POST /barcode/barcode: a new barcode of the project (home's Generate button), with a scanned
 * code as its external id when given (default: none). Every caller generates through here.
 * Nothing cached is stale afterwards: nothing has read the new barcode yet.
 */
export const generateBarcode = (project: { code: string; version: number }, externalId?: string) =>
  api.post<Payload<typeof GenerateBarcodeResponse>>('/barcode/barcode', {
    projectCode: project.code,
    projectVersion: project.version,
    externalId,
  });
