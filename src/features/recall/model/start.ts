import type { RecallQuery } from '@schemas/api/recall';
import { barcodeOfUrl, isBarcodeId } from '@/shared/barcode/barcode-url';

/** What a recall starts from, as the trace API takes it: one barcode, one lot, or one product. */
export type StartKind = 'barcode' | 'lot' | 'product';
export const START_KINDS: readonly StartKind[] = ['barcode', 'lot', 'product'];

/** The start form as typed: every kind's inputs, kept while the user switches kind. */
export interface StartForm {
  kind: StartKind;
  barcode: string;
  lot: string;
  gtin: string;
  productCode: string;
}

export const EMPTY_START: StartForm = { kind: 'lot', barcode: '', lot: '', gtin: '', productCode: '' };

/** The start as sent (RecallQuery without the project and the offset, which the screen adds). */
export type RecallStart = Pick<RecallQuery, 'barcodeId' | 'lot' | 'gtin' | 'productCode'>;

/** Why an input is refused, each a key of the screen's strings (`recall.invalid.*`). */
export type StartProblem =
  'barcodeRequired' | 'barcodeFormat' | 'lotRequired' | 'productRequired' | 'gtinFormat' | 'tooLong';
export type StartProblems = Partial<Record<'barcode' | 'lot' | 'gtin' | 'productCode', StartProblem>>;

/** The server's limits on the query (schemas/api/recall.ts), kept here so the screen loads no schema library. */
const GTIN = /^([0-9]{8}|[0-9]{12,14})$/;
const MAX_TEXT = 64;

/** A barcode as typed or pasted: its id, or the id a label's link names. */
const barcodeIdOf = (text: string): string => barcodeOfUrl(text)?.barcodeId ?? text;

/**
 * The start a filled-in form asks for, or what is wrong with it (field by field, so the server's
 * 400s never reach the user for what the phone can tell at once). Only the chosen kind's inputs
 * are sent: the API refuses a second start beside a barcode, and a product code beside a lot.
 */
export function startOfForm(form: StartForm): { start: RecallStart } | { problems: StartProblems } {
  const barcode = barcodeIdOf(form.barcode.trim());
  const lot = form.lot.trim();
  const gtin = form.gtin.trim();
  const productCode = form.productCode.trim();
  const problems: StartProblems = {};
  const checkGtin = () => {
    if (gtin && !GTIN.test(gtin)) problems.gtin = 'gtinFormat';
  };
  if (form.kind === 'barcode') {
    if (!barcode) problems.barcode = 'barcodeRequired';
    else if (!isBarcodeId(barcode)) problems.barcode = 'barcodeFormat';
    return Object.keys(problems).length > 0 ? { problems } : { start: { barcodeId: barcode } };
  }
  if (form.kind === 'lot') {
    if (!lot) problems.lot = 'lotRequired';
    else if (lot.length > MAX_TEXT) problems.lot = 'tooLong';
    checkGtin();
    return Object.keys(problems).length > 0 ? { problems } : { start: { lot, ...(gtin ? { gtin } : {}) } };
  }
  if (!gtin && !productCode) problems.productCode = 'productRequired';
  if (productCode.length > MAX_TEXT) problems.productCode = 'tooLong';
  checkGtin();
  return Object.keys(problems).length > 0
    ? { problems }
    : { start: { ...(gtin ? { gtin } : {}), ...(productCode ? { productCode } : {}) } };
}

/** The start in the screen's address (`?lot=…&gtin=…`), so Back and a shared link return to the same trace. */
export function queryOfStart(start: RecallStart): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['barcodeId', 'lot', 'gtin', 'productCode'] as const) {
    const value = start[key];
    if (value) query.set(key, value);
  }
  return query;
}

/** The start the address names, or null when it names none or one the form would refuse. */
export function startOfQuery(query: URLSearchParams): RecallStart | null {
  const form = formOfQuery(query);
  if (!query.get('barcodeId') && !query.get('lot') && !query.get('gtin') && !query.get('productCode')) return null;
  const checked = startOfForm(form);
  return 'start' in checked ? checked.start : null;
}

/** The form that shows the address's start (the kind follows what it names). */
export function formOfQuery(query: URLSearchParams): StartForm {
  const barcode = query.get('barcodeId') ?? '';
  const lot = query.get('lot') ?? '';
  const kind: StartKind = barcode
    ? 'barcode'
    : lot
      ? 'lot'
      : query.get('gtin') || query.get('productCode')
        ? 'product'
        : 'lot';
  return { kind, barcode, lot, gtin: query.get('gtin') ?? '', productCode: query.get('productCode') ?? '' };
}
