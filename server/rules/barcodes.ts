import { BARCODE_ID_PATTERN, type BarcodeQuery } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { type ApiFailure, commonFailure, fieldFailure } from './api-failure';

const BARCODE_ID = new RegExp(BARCODE_ID_PATTERN);

/** Whether a text can be a barcode id at all: anything else names no barcode. */
export const isBarcodeId = (id: string): boolean => BARCODE_ID.test(id);

/** How GET /barcode/barcode finds its barcode: by id, or by project code + external id (+ tracking number). */
export type BarcodeLookup =
  { id: string } | { projectCode: string; externalId: string; trackingNumber: string | undefined };

/**
 * The lookup a barcode query asks for. An id that cannot be a barcode id matches nothing (null);
 * a query with neither an id nor a project code and external id is ErrorCode.emptyField.
 */
export function barcodeLookup(query: BarcodeQuery): BarcodeLookup | null {
  if (query.id !== undefined) return isBarcodeId(query.id) ? { id: query.id } : null;
  if (query.projectCode !== undefined && query.externalId !== undefined) {
    return { projectCode: query.projectCode, externalId: query.externalId, trackingNumber: query.trackingNumber };
  }
  throw commonFailure(ErrorCode.emptyField);
}

export function assertBarcodeFound<T>(barcode: T | undefined): T {
  if (!barcode) throw commonFailure(ErrorCode.barcodeNotFound);
  return barcode;
}

/** The label a person reads for a barcode: its external id, else its id. */
export const displayLabel = (barcode: { id: string; external_id: string | null }): string =>
  barcode.external_id ?? barcode.id;

/** A new barcode's external id must be free in the project; the refusal is for the request as a whole. */
export function assertExternalIdFreeForNew(taken: boolean): void {
  if (taken) throw commonFailure(ErrorCode.duplicateExternalId);
}

/** An activated barcode's external id must be free among the project's other barcodes; the refusal names the field. */
export function assertExternalIdFree(taken: boolean): void {
  if (taken) throw fieldFailure('externalId', ErrorCode.duplicateExternalId);
}

/** A change that lost the race against another one at the same moment: nothing was saved. */
export const concurrentChange = (): ApiFailure => commonFailure(ErrorCode.concurrentChange);
