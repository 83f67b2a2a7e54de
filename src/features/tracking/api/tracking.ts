import useSWR from 'swr';
import type { TrackingBody, TrackingCountResponse } from '@schemas/api/barcode';
import type { ReferenceDataResponse } from '@schemas/api/files';
import type { OkResponse } from '@schemas/common';
import { api } from '@/shared/api';
import { barcodeScopedKey, revalidateBarcode, revalidateTrackingCounts, trackingCountKey } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import type { Payload } from '@/shared/api/payload';

/** POST /barcode/tracking: the step at the barcode's next trackpoint, which also counts for its adder today. */
export const addTracking: Mutation<TrackingBody> = {
  send: async (body) => {
    await api.post<Payload<typeof OkResponse>>('/barcode/tracking', body);
  },
  revalidate: (body) => Promise.all([revalidateBarcode(body.barcodeId), revalidateTrackingCounts()]),
};

/** The key of a barcode's reference values (in its scope: they include its current trackpoint). */
export const referenceDataKey = (barcodeId: string) => barcodeScopedKey(barcodeId, 'reference-data');

/** GET /barcode/reference-data: values of the form's reference fields for this barcode. */
export const fetchReferenceData = ([, barcodeId]: ReturnType<typeof referenceDataKey>) =>
  api.get<Payload<typeof ReferenceDataResponse>>('/barcode/reference-data', { barcodeId });

/** The barcode's reference values, loaded only when the form has a reference field (`needed`). */
export function useReferenceData(barcodeId: string, needed: boolean) {
  return useSWR(needed ? referenceDataKey(barcodeId) : null, fetchReferenceData, { shouldRetryOnError: false });
}

/** GET /barcode/tracking-count: the user's own tracking steps on a date (YYYYMMDD) in the project. */
export const fetchTrackingCount = ([, projectId, date, utcOffset]: ReturnType<typeof trackingCountKey>) =>
  api.get<Payload<typeof TrackingCountResponse>>('/barcode/tracking-count', { projectId, date, utcOffset });

/** The user's tracking count on a date, counted in the time zone `utcOffset` (hours east of UTC). */
export function useTrackingCount(projectId: string, date: string, utcOffset: number) {
  return useSWR(trackingCountKey(projectId, date, utcOffset), fetchTrackingCount, { shouldRetryOnError: false });
}
