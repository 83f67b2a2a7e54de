import useSWR from 'swr';
import type { ProductsResponse } from '@schemas/api/search';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';

export type ProductList = Payload<typeof ProductsResponse>;

/** The key of a project's product list. */
export const productsKey = (projectId: string) => ['products', projectId] as const;

/** GET /barcode/products: the project's products (client users only). */
export const fetchProducts = ([, projectId]: ReturnType<typeof productsKey>) =>
  api.get<ProductList>('/barcode/products', { projectId });

/** The product list, loaded only for a client user (`enabled`); nobody else may load it. */
export function useProducts(projectId: string, enabled: boolean) {
  return useSWR(enabled ? productsKey(projectId) : null, fetchProducts, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
