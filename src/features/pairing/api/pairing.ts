import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ChildrenResponse, ChildValuesResponse } from '@schemas/api/barcode';
import type {
  LinkDirection,
  LinkedBarcodesResponse,
  LinkingAnswer,
  PairingAnswer,
  RelationExtras,
  ReservedCount,
  UndoLinkingBody,
} from '@schemas/api/pairing';
import type { OkResponse } from '@schemas/common';
import { api } from '@/shared/api';
import { barcodeScopedKey, revalidateBarcode } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import type { Payload } from '@/shared/api/payload';

/*
 * The requests of parents, children and links. Every read is in the scope of the barcode it is
 * about, so any change to that barcode (tracking, recycling, and the changes here) revalidates
 * it; every change here revalidates both sides.
 */

/** Reloads everything read about each of these barcodes (both sides of a pairing or link). */
const revalidateBarcodes = (ids: readonly string[]) => Promise.all([...new Set(ids)].map(revalidateBarcode));

// ---- pairing ----

/** POST /barcode/pairing with dryRun: each listed child's verdict and the reserved count it would leave; nothing written. */
export const checkPairing = (parentId: string, childrenIds: string[]) =>
  api.post<PairingAnswer>('/barcode/pairing', { parentId, childrenIds, dryRun: true });

export interface PairInput {
  parentId: string;
  childrenIds: string[];
  extras?: RelationExtras;
}

/** POST /barcode/pairing: pairs every listed child under the parent, or none. */
export const pairChildren: Mutation<PairInput, PairingAnswer> = {
  send: (input) => api.post<PairingAnswer>('/barcode/pairing', input),
  revalidate: ({ parentId, childrenIds }) => revalidateBarcodes([parentId, ...childrenIds]),
};

export interface UnpairInput {
  parentId: string;
  /** Every direct child, or only `childrenIds`. */
  unpairAll: boolean;
  childrenIds?: string[];
}

/** POST /barcode/unpairing with dryRun: what unpairing would do, each child's verdict; nothing written. */
export const checkUnpairing = (input: UnpairInput) =>
  api.post<PairingAnswer>('/barcode/unpairing', { ...input, dryRun: true });

/**
 * POST /barcode/unpairing: the children leave the parent (all of them or none). Revalidate with
 * the children the answer names (with unpairAll the input names none).
 */
export const unpairChildren: Mutation<UnpairInput, PairingAnswer> = {
  send: (input) => api.post<PairingAnswer>('/barcode/unpairing', input),
  revalidate: (input) => revalidateBarcodes([input.parentId, ...(input.childrenIds ?? [])]),
};

/** The key of a barcode's reserved children or links count. */
export const reservedCountKey = (barcodeId: string, what: 'pairing' | 'linking') =>
  barcodeScopedKey(barcodeId, 'reserved-count', what);

/** GET /barcode/pairing/reserved-count or /barcode/linking/reserved-count: how many it holds, of how many its type reserves. */
export function useReservedCount(barcodeId: string, what: 'pairing' | 'linking') {
  return useSWR(reservedCountKey(barcodeId, what), ([, id, , kind]) =>
    api.get<ReservedCount>(`/barcode/${kind}/reserved-count`, { barcodeId: id }),
  );
}

// ---- children ----

/** Entries per page of the children tree (GET /barcode/children skip / count). */
export const CHILDREN_PAGE_SIZE = 50;
type ChildrenPage = Payload<typeof ChildrenResponse>;

/** The key of one page of the tree under a barcode. */
export const childrenPageKey = (barcodeId: string, skip: number) => barcodeScopedKey(barcodeId, 'children-tree', skip);

/** GET /barcode/children: one page of every descendant, depth first. */
export const fetchChildrenPage = ([, id, , skip]: ReturnType<typeof childrenPageKey>) =>
  api.get<ChildrenPage>('/barcode/children', { id, skip, count: CHILDREN_PAGE_SIZE });

/** One page of the tree under the barcode (page 0 first). */
export function useChildrenPage(barcodeId: string, page: number) {
  return useSWR(childrenPageKey(barcodeId, page * CHILDREN_PAGE_SIZE), fetchChildrenPage, { keepPreviousData: true });
}

/** All direct children (every page of the tree, depth 1 only), for choosing which to unpair. */
export function useDirectChildren(barcodeId: string) {
  const result = useSWRInfinite<ChildrenPage>(
    (index, previous: ChildrenPage | null) => {
      if (previous && (index * CHILDREN_PAGE_SIZE >= previous.total || previous.items.length === 0)) return null;
      return childrenPageKey(barcodeId, index * CHILDREN_PAGE_SIZE);
    },
    fetchChildrenPage,
    { revalidateFirstPage: false },
  );
  const pages = result.data ?? [];
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  const total = pages[0]?.total ?? 0;
  return {
    children: pages.flatMap((p) => p.items.filter((c) => c.depth === 1)),
    childrenTotal: pages[0]?.childrenTotal ?? 0,
    error: result.error as unknown,
    isLoading: result.isLoading,
    hasMore: pages.length > 0 && loaded < total,
    isLoadingMore: result.isValidating && result.size > pages.length,
    loadMore: () => void result.setSize((size) => size + 1),
  };
}

/** GET /barcode/children/value: one activation value of each direct child and their sum (`key` null: not asked). */
export function useChildValues(barcodeId: string, key: string | null) {
  return useSWR(key ? barcodeScopedKey(barcodeId, 'children-value', key) : null, ([, id, , field]) =>
    api.get<Payload<typeof ChildValuesResponse>>('/barcode/children/value', { id, key: field }),
  );
}

// ---- links ----

const LINK_PATHS: Record<LinkDirection, string> = { 'link-to': '/barcode/linking', 'be-linked': '/barcode/be-linked' };

export interface LinkInput {
  direction: LinkDirection;
  barcodeId: string;
  targetIds: string[];
}

/** POST /barcode/linking or /barcode/be-linked with dryRun: each target's verdict; nothing written. */
export const checkLinking = ({ direction, barcodeId, targetIds }: LinkInput) =>
  api.post<LinkingAnswer>(LINK_PATHS[direction], { barcodeId, targetIds, dryRun: true });

/** POST /barcode/linking (this barcode links to the targets) or /barcode/be-linked (the targets link to it). */
export const linkBarcodes: Mutation<LinkInput, LinkingAnswer> = {
  send: ({ direction, barcodeId, targetIds }) =>
    api.post<LinkingAnswer>(LINK_PATHS[direction], { barcodeId, targetIds }),
  revalidate: ({ barcodeId, targetIds }) => revalidateBarcodes([barcodeId, ...targetIds]),
};

/** POST /barcode/undo-linking: the link between the two goes, whichever direction it was made in. */
export const undoLinking: Mutation<UndoLinkingBody> = {
  send: async (body) => {
    await api.post<Payload<typeof OkResponse>>('/barcode/undo-linking', body);
  },
  revalidate: ({ barcodeId, linkedBarcodeId }) => revalidateBarcodes([barcodeId, linkedBarcodeId]),
};

/** GET /barcode/linked-barcode: the barcode's links both ways, newest first. */
export function useLinkedBarcodes(barcodeId: string) {
  return useSWR(barcodeScopedKey(barcodeId, 'linked'), ([, id]) =>
    api.get<Payload<typeof LinkedBarcodesResponse>>('/barcode/linked-barcode', { id }),
  );
}
