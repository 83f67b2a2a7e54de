import useSWR from 'swr';
import type { Project } from '@schemas/api/project';
import type { BulkTrackingAnswer, RecycleMultipleAnswer, TrackingRequestBody } from '@schemas/api/bulk';
import type { AvailableLocationsResponse, StockAnswer, StockType } from '@schemas/api/location';
import { api } from '@/shared/api';
import { barcodeScopedKey, revalidateBarcodes, revalidateTrackingCounts } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import type { Payload } from '@/shared/api/payload';

/*
 * The requests of the bulk screens: each write has a dry-run form that answers every listed
 * barcode's verdict (the lists check their entries with it as they arrive) and a real form that
 * writes all of them or none. Writes go through the shared client (one Idempotency-Key per
 * call, retried with it after a network failure).
 */

// ---- tracking and skip-tracking ----

/** The body of a bulk tracking step: the listed barcodes and the forms filled once for all of them. */
export type BulkTrackingInput = Omit<TrackingRequestBody, 'barcodeId' | 'dryRun'> & {
  projectId: string;
  barcodeIds: string[];
};

/** POST /barcode/tracking with `barcodeIds` and dryRun: each barcode's verdict at `trackPointKey` (forms are not checked). */
export const checkBulkTracking = (projectId: string, trackPointKey: string, barcodeIds: string[]) =>
  api.post<BulkTrackingAnswer>('/barcode/tracking', { projectId, trackPointKey, barcodeIds, forms: {}, dryRun: true });

/** POST /barcode/tracking with `barcodeIds`: the step for every listed barcode in one transaction, or for none. */
export const bulkTrack: Mutation<BulkTrackingInput, BulkTrackingAnswer> = {
  send: (input) => api.post<BulkTrackingAnswer>('/barcode/tracking', input),
  revalidate: (input) => Promise.all([revalidateBarcodes(input.barcodeIds), revalidateTrackingCounts()]),
};

export interface BulkSkipInput {
  projectId: string;
  trackPointKey: string;
  barcodeIds: string[];
}

/** POST /barcode/skip-tracking with dryRun: whether each barcode may be moved past `trackPointKey` without its forms. */
export const checkBulkSkip = (input: BulkSkipInput) =>
  api.post<BulkTrackingAnswer>('/barcode/skip-tracking', { ...input, dryRun: true });

/** POST /barcode/skip-tracking: every listed barcode moves to the trackpoint without its forms (history: skipped, by whom). */
export const bulkSkip: Mutation<BulkSkipInput, BulkTrackingAnswer> = {
  send: (input) => api.post<BulkTrackingAnswer>('/barcode/skip-tracking', input),
  revalidate: (input) => Promise.all([revalidateBarcodes(input.barcodeIds), revalidateTrackingCounts()]),
};

// ---- recycle ----

export interface BulkRecycleInput {
  projectId: string;
  barcodeIds: string[];
}

/** POST /barcode/recycle-multiple with dryRun: whether each barcode may be recycled now. */
export const checkBulkRecycle = (input: BulkRecycleInput) =>
  api.post<RecycleMultipleAnswer>('/barcode/recycle-multiple', { ...input, dryRun: true });

/** POST /barcode/recycle-multiple: recycles every listed barcode, or none. */
export const bulkRecycle: Mutation<BulkRecycleInput, RecycleMultipleAnswer> = {
  send: (input) => api.post<RecycleMultipleAnswer>('/barcode/recycle-multiple', input),
  revalidate: (input) => revalidateBarcodes(input.barcodeIds),
};

// ---- stock in / out ----

export interface StockInput {
  projectId: string;
  type: StockType;
  barcodeIds: string[];
  locationId: string;
}

/** POST /location/stock with dryRun: whether each barcode may be stocked in (out of) the location. */
export const checkStock = (input: StockInput) => api.post<StockAnswer>('/location/stock', { ...input, dryRun: true });

/** The resource name of a barcode's bins for stock in / out (barcodeScopedKey). */
const AVAILABLE_LOCATIONS = 'available-locations';

/** POST /location/stock: every listed barcode stocked in (out of) the location, or none. */
export const stock: Mutation<StockInput, StockAnswer> = {
  send: (input) => api.post<StockAnswer>('/location/stock', input),
  // The bins offered were for the stock just done: asked again, a barcode stocked out is refused (not in stock).
  revalidate: (input) => revalidateBarcodes(input.barcodeIds, [AVAILABLE_LOCATIONS]),
};

/** GET /location/available-locations: the bins where this barcode may be stocked in (out) at its trackpoint. */
export function useAvailableLocations(
  project: Pick<Project, 'id'>,
  barcodeId: string,
  trackPointKey: string | null,
  action: StockType,
) {
  return useSWR(
    trackPointKey ? barcodeScopedKey(barcodeId, AVAILABLE_LOCATIONS, project.id, trackPointKey, action) : null,
    ([, id, , projectId, key, type]) =>
      api.get<Payload<typeof AvailableLocationsResponse>>('/location/available-locations', {
        projectId,
        barcodeId: id,
        trackPointKey: key,
        action: type,
      }),
    // After the stock is done its bins are dropped (see `stock`): the finished screen keeps drawing the ones it chose from.
    { keepPreviousData: true },
  );
}
