import type { OutboxItem } from '@/shared/api';
import { barcodeOfWrite, trackPointOfWrite } from '@/shared/api/outbox/write-subject';

/** A write of the outbox about one barcode, not sent yet, as the detail page names it. */
export interface PendingStep {
  seq: number;
  /** tracking: a step to `trackPointKey`; the others by their path (activation, undo-tracking, ...). */
  action: string;
  trackPointKey?: string;
  madeAt: string;
  /** waiting: it will be sent; refused: the server said no, the user decides in the outbox. */
  state: 'waiting' | 'refused';
}

/** The outbox's writes about `barcodeId` that are not sent yet, oldest first. */
export function pendingSteps(items: readonly OutboxItem[], barcodeId: string): PendingStep[] {
  return items
    .filter((item) => item.state !== 'sent' && barcodeOfWrite(item) === barcodeId)
    .map((item) => ({
      seq: item.seq,
      action: item.url.split('/').pop() ?? '',
      trackPointKey: trackPointOfWrite(item),
      madeAt: item.madeAt,
      state: item.state === 'refused' ? 'refused' : 'waiting',
    }));
}

/** A step to `trackPointKey` already waits to be sent: another would be a duplicate the server refuses later. */
export const trackingWaits = (steps: readonly PendingStep[], trackPointKey: string | undefined): boolean =>
  trackPointKey !== undefined && steps.some((s) => s.state === 'waiting' && s.trackPointKey === trackPointKey);
