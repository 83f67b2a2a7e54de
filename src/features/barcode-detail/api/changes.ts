import type { RecycleAnswer } from '@schemas/api/barcode';
import { api } from '@/shared/api';

/** POST /barcode/undo-tracking: takes back the latest tracking step (only its adder may). */
export const undoTracking = (barcodeId: string) => api.post<boolean>('/barcode/undo-tracking', { barcodeId });

/** POST /barcode/recycle: with dryRun, only says what recycling would do; refusals come with their code. */
export const recycleBarcode = (barcodeId: string, dryRun: boolean) => api.post<RecycleAnswer>('/barcode/recycle', { barcodeId, dryRun });
