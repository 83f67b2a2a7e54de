import useSWR from 'swr';
import type { ChildBarcode } from '@schemas/api/barcode';
import { api } from '@/shared/api';

/** GET /barcode/children (open): the barcodes paired under this one. */
export function useChildren(barcodeId: string) {
  return useSWR(['barcode-children', barcodeId], ([, id]) => api.get<ChildBarcode[]>('/barcode/children', { id }), { shouldRetryOnError: false });
}
