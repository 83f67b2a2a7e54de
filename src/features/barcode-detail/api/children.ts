import useSWR from 'swr';
import type { ChildrenResponse } from '@schemas/api/barcode';
import { api } from '@/shared/api';
import { barcodeScopedKey } from '@/shared/api/keys';
import type { Payload } from '@/shared/api/payload';

/** The key of the barcodes paired under one (in its scope). */
export const childrenKey = (barcodeId: string) => barcodeScopedKey(barcodeId, 'children');

/** GET /barcode/children (open): the barcodes paired under this one. */
export const fetchChildren = ([, id]: ReturnType<typeof childrenKey>) => api.get<Payload<typeof ChildrenResponse>>('/barcode/children', { id });

/** The barcodes paired under this one. */
export function useChildren(barcodeId: string) {
  return useSWR(childrenKey(barcodeId), fetchChildren, { shouldRetryOnError: false });
}
