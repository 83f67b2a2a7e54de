import useSWR from 'swr';
import type { NotificationsResponse } from '@schemas/api/barcode';
import { api } from '@/shared/api';
import { barcodeScopedKey } from '@/shared/api/keys';
import type { Payload } from '@/shared/api/payload';

/** The key of the barcode's alerts (in its scope: a tracking step may raise one). */
export const notificationsKey = (barcodeId: string) => barcodeScopedKey(barcodeId, 'notifications');

/** GET /barcode/barcode-notifications: the barcode's alerts and its descendants'. */
export const fetchNotifications = ([, id]: ReturnType<typeof notificationsKey>) =>
  api.get<Payload<typeof NotificationsResponse>>('/barcode/barcode-notifications', { id });

/** The barcode's alerts, for users only (no request for a visitor). */
export function useNotifications(barcodeId: string, loggedIn: boolean) {
  return useSWR(loggedIn ? notificationsKey(barcodeId) : null, fetchNotifications, { shouldRetryOnError: false });
}
