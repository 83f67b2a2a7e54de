import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { SearchBody, SearchResponse } from '@schemas/api/search';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';

/** A search's criteria without the page (the screens page it themselves). */
export type SearchCriteria = Omit<SearchBody, 'skip' | 'count'>;
export type SearchPage = Payload<typeof SearchResponse>;

/** Barcodes per search page and per list page. */
export const SEARCH_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = 30;

/** POST /barcode/search: a page of the project's barcodes matching the criteria, newest first. */
export const searchBarcodes = async (body: SearchBody): Promise<SearchPage> =>
  (await api.request<SearchPage>('post', '/barcode/search', { data: body })).data;

/** The key of one search page: the criteria as sent (a JSON text, so equal criteria share a page) and where it starts. */
export const searchKey = (criteria: SearchCriteria, skip: number) =>
  ['search', JSON.stringify(criteria), skip] as const;

const fetchSearchPage = ([, criteria, skip]: ReturnType<typeof searchKey>) =>
  searchBarcodes({ ...(JSON.parse(criteria) as SearchCriteria), skip, count: SEARCH_PAGE_SIZE });

/** One page of a search; nothing is asked while `criteria` is null (no search made yet). */
export function useSearchPage(criteria: SearchCriteria | null, skip: number) {
  return useSWR(criteria ? searchKey(criteria, skip) : null, fetchSearchPage, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}

/**
 * The barcode list: pages of LIST_PAGE_SIZE loaded one after another as the user scrolls
 * (useSWRInfinite); a page that holds fewer than asked, or says no more follow, is the last.
 */
export function useBarcodeListPages(criteria: SearchCriteria) {
  return useSWRInfinite(
    (index: number, previous: SearchPage | null) =>
      previous && !previous.hasMore
        ? null
        : (['barcode-list', JSON.stringify(criteria), index * LIST_PAGE_SIZE] as const),
    ([, body, skip]) => searchBarcodes({ ...(JSON.parse(body) as SearchCriteria), skip, count: LIST_PAGE_SIZE }),
    { shouldRetryOnError: false, revalidateOnFocus: false, revalidateFirstPage: false },
  );
}
