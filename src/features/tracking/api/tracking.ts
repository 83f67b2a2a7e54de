import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { UserTrackingHistoryResponse } from '@schemas/api/bulk';
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

/** Steps per page of the user's own tracking history of a day. */
export const USER_STEPS_PAGE_SIZE = 50;
type UserStepsPage = Payload<typeof UserTrackingHistoryResponse>;

/**
 * GET /barcode/user-tracking-history: the user's own tracking steps (not undone) on a date, newest
 * first, page by page. Its keys are in the tracking-count scope: adding or undoing a step
 * revalidates them with the count.
 */
export function useUserTrackingSteps(projectId: string, date: string, utcOffset: number) {
  const result = useSWRInfinite<UserStepsPage>(
    (index, previous: UserStepsPage | null) => {
      if (previous && (index * USER_STEPS_PAGE_SIZE >= previous.total || previous.items.length === 0)) return null;
      return [...trackingCountKey(projectId, date, utcOffset), 'steps', index * USER_STEPS_PAGE_SIZE] as const;
    },
    ([, id, day, offset, , skip]: readonly [string, string, string, number, string, number]) =>
      api.get<UserStepsPage>('/barcode/user-tracking-history', {
        projectId: id,
        date: day,
        utcOffset: offset,
        skip,
        count: USER_STEPS_PAGE_SIZE,
      }),
    { revalidateFirstPage: false, shouldRetryOnError: false },
  );
  const pages = result.data ?? [];
  const steps = pages.flatMap((p) => p.items);
  return {
    steps,
    total: pages[0]?.total ?? 0,
    error: result.error as unknown,
    isLoading: result.isLoading,
    hasMore: pages.length > 0 && steps.length < (pages[0]?.total ?? 0),
    isLoadingMore: result.isValidating && result.size > pages.length,
    loadMore: () => void result.setSize((size) => size + 1),
  };
}
