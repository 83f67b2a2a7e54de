import useSWR from 'swr';
import type { Notification } from '@schemas/api/barcode';
import { api } from '@/shared/api';

export interface BarcodeNotifications {
  current: Notification[];
  descendants: Notification[];
}

/** GET /barcode/barcode-notifications: the barcode's alerts and its descendants', for users only. */
export function useNotifications(barcodeId: string, loggedIn: boolean) {
  return useSWR(loggedIn ? ['barcode-notifications', barcodeId] : null, ([, id]) => api.get<BarcodeNotifications>('/barcode/barcode-notifications', { id }), {
    shouldRetryOnError: false,
  });
}
