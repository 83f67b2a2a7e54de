import type { RecycleAnswer, UndoTrackingBody } from '@schemas/api/barcode';
import type { OkResponse } from '@schemas/common';
import { api } from '@/shared/api';
import { revalidateBarcode, revalidateTrackingCounts } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import type { Payload } from '@/shared/api/payload';

const recycle = (barcodeId: string, dryRun: boolean) =>
  api.post<RecycleAnswer>('/barcode/recycle', { barcodeId, dryRun });

/**
 * POST /barcode/undo-tracking: takes back the tracking step shown as the barcode's latest
 * (`latestTrackingSeq`; only its adder may), which moves the barcode back and lowers its
 * adder's tracking count. Naming the step makes a double tap or a retry undo it once.
 */
export const undoTracking: Mutation<UndoTrackingBody> = {
  send: async (body) => {
    await api.post<Payload<typeof OkResponse>>('/barcode/undo-tracking', body);
  },
  revalidate: ({ barcodeId }) => Promise.all([revalidateBarcode(barcodeId), revalidateTrackingCounts()]),
};

/** POST /barcode/recycle with dryRun: what recycling would do, changing nothing; refusals come with their code. */
export const planRecycle = (barcodeId: string) => recycle(barcodeId, true);

/** POST /barcode/recycle: the barcode starts over (not activated); its history is kept. */
export const recycleBarcode: Mutation<string, RecycleAnswer> = {
  send: (barcodeId) => recycle(barcodeId, false),
  revalidate: revalidateBarcode,
};
