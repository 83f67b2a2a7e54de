import useSWR from 'swr';
import type { TrackingBody } from '@schemas/api/barcode';
import { api } from '@/shared/api';

/** POST /barcode/tracking: the step at the barcode's next trackpoint. */
export const addTracking = (body: TrackingBody) => api.post<boolean>('/barcode/tracking', body);

/** GET /barcode/reference-data: values of the form's reference fields for this barcode. */
export function useReferenceData(barcodeId: string, needed: boolean) {
  return useSWR(needed ? ['barcode-reference-data', barcodeId] : null, ([, id]) => api.get<Record<string, string>>('/barcode/reference-data', { barcodeId: id }), {
    shouldRetryOnError: false,
  });
}

/** GET /barcode/tracking-count: the user's own tracking steps on a date (YYYYMMDD) in the project. */
export function useTrackingCount(projectId: string, date: string, utcOffset: number) {
  return useSWR(['tracking-count', projectId, date, utcOffset], ([, id, day, offset]) =>
    api.get<{ date: string; count: number }>('/barcode/tracking-count', { projectId: id, date: day, utcOffset: offset }), { shouldRetryOnError: false });
}
