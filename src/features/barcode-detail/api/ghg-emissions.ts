import useSWR from 'swr';
import type { GhgEmissionsResponse } from '@schemas/api/ghg';
import { api } from '@/shared/api';
import { barcodeScopedKey } from '@/shared/api/keys';
import type { Payload } from '@/shared/api/payload';

/** The key of the barcode's emissions (in its scope: tracking, edits and undo revalidate it). */
export const ghgEmissionsKey = (barcodeId: string) => barcodeScopedKey(barcodeId, 'ghg-emissions');

/** GET /barcode/ghg-emissions: the emissions stored on the barcode's present trip and their total. */
export const fetchGhgEmissions = ([, barcodeId]: ReturnType<typeof ghgEmissionsKey>) =>
  api.get<Payload<typeof GhgEmissionsResponse>>('/barcode/ghg-emissions', { barcodeId });

/** The barcode's emissions, loaded only when its project has a GHG emission field (`needed`). */
export function useGhgEmissions(barcodeId: string, needed: boolean) {
  return useSWR(needed ? ghgEmissionsKey(barcodeId) : null, fetchGhgEmissions, { shouldRetryOnError: false });
}
