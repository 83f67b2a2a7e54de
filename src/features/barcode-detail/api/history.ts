import useSWRInfinite from 'swr/infinite';
import type { HistoryResponse } from '@schemas/api/barcode';
import { api } from '@/shared/api';
import { barcodeScopedKey } from '@/shared/api/keys';
import type { Payload } from '@/shared/api/payload';

/** Entries per page of GET /barcode/history (skip/count). */
export const HISTORY_PAGE_SIZE = 20;

type HistoryPage = Payload<typeof HistoryResponse>;

/** The key of the history page starting at entry `skip` (in the barcode's scope: every change to the barcode revalidates it). */
export const historyPageKey = (barcodeId: string, skip: number) => barcodeScopedKey(barcodeId, 'history', skip);

/** GET /barcode/history: one page, newest first. */
export const fetchHistoryPage = ([, id, , skip]: ReturnType<typeof historyPageKey>) =>
  api.get<HistoryPage>('/barcode/history', { id, skip, count: HISTORY_PAGE_SIZE });

/** The barcode's history, newest first, one page more each time `loadMore` is called. */
export function useHistory(barcodeId: string) {
  const result = useSWRInfinite<HistoryPage>(
    (index, previous: HistoryPage | null) => {
      if (previous && (index * HISTORY_PAGE_SIZE >= previous.total || previous.items.length === 0)) return null;
      return historyPageKey(barcodeId, index * HISTORY_PAGE_SIZE);
    },
    fetchHistoryPage,
    { revalidateFirstPage: false },
  );
  const pages = result.data ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;
  return {
    items,
    total,
    error: result.error as unknown,
    isLoading: result.isLoading,
    isLoadingMore: result.isValidating && result.size > pages.length,
    hasMore: pages.length > 0 && items.length < total,
    loadMore: () => void result.setSize((size) => size + 1),
    retry: () => void result.mutate(),
  };
}
