import useSWR from 'swr';
import type { LedgerStatusResponse, ReconcileBody, ReconcileResponse } from '@schemas/api/ledger';
import { api } from '@/shared/api';
import { barcodeScopedKey, revalidateBarcode } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import type { Payload } from '@/shared/api/payload';

/** The key of the barcode's ledger check (in its scope: every change to the barcode re-checks it). */
export const ledgerStatusKey = (barcodeId: string) => barcodeScopedKey(barcodeId, 'ledger-status');

/** GET /barcode/ledger/status: the barcode's hash chain checked up to its latest entry. */
export const fetchLedgerStatus = ([, id]: ReturnType<typeof ledgerStatusKey>) =>
  api.get<Payload<typeof LedgerStatusResponse>>('/barcode/ledger/status', { id });

/** The barcode's ledger check: intact, or the first entry that breaks the chain; and how far it is sealed. */
export function useLedgerStatus(barcodeId: string) {
  return useSWR(ledgerStatusKey(barcodeId), fetchLedgerStatus, { shouldRetryOnError: false, revalidateOnFocus: false });
}

/** POST /barcode/ledger/reconcile: seals the chain up to `index` (staff); a repeat answers the same seal. */
export const sealLedger: Mutation<ReconcileBody, Payload<typeof ReconcileResponse>> = {
  send: (body) => api.post<Payload<typeof ReconcileResponse>>('/barcode/ledger/reconcile', body),
  revalidate: ({ barcodeId }) => revalidateBarcode(barcodeId),
};
