import useSWR from 'swr';
import type { ChildrenResponse } from '@schemas/api/barcode';
import { api } from '@/shared/api';
import { barcodeScopedKey } from '@/shared/api/keys';
import type { Payload } from '@/shared/api/payload';

/** The key of the barcodes paired under one (in its scope). */
export const childrenKey = (barcodeId: string) => barcodeScopedKey(barcodeId, 'children');

/** GET /barcode/children (open): the first page of the tree under this one (50 entries, depth first). */
export const fetchChildren = ([, id]: ReturnType<typeof childrenKey>) =>
  api.get<Payload<typeof ChildrenResponse>>('/barcode/children', { id });

/** The first page of the tree under this barcode (null: not asked). */
export function useChildren(barcodeId: string | null) {
  return useSWR(barcodeId ? childrenKey(barcodeId) : null, fetchChildren, { shouldRetryOnError: false });
}
