import type { RecallQuery } from '@schemas/api/recall';
import { barcodeOfUrl, isBarcodeId } from '@/shared/barcode/barcode-url';

/**
 * What a recall starts from, as the trace API takes it: one barcode, one lot, one product, or a
 * place and time (a trackpoint, a time range, or both). The API's location start is not offered
 * here: the phone has no list of the enterprise's locations to pick one from.
 */
export type StartKind = 'barcode' | 'lot' | 'product' | 'place';
export const START_KINDS: readonly StartKind[] = ['lot', 'barcode', 'product', 'place'];

/** The start form as typed: every kind's inputs, kept while the user switches kind. */
export interface StartForm {
  kind: StartKind;
  barcode: string;
  lot: string;
  gtin: string;
  productCode: string;
  trackPointKey: string;
  /** The range as a datetime-local input holds it (`YYYY-MM-DDTHH:mm`, the phone's time). */
  from: string;
  to: string;
}

export const EMPTY_START: StartForm = {
  kind: 'lot',
  barcode: '',
  lot: '',
  gtin: '',
  productCode: '',
  trackPointKey: '',
  from: '',
  to: '',
};

/** The query keys of a start, in the order the address writes them. */
const START_KEYS = ['barcodeId', 'lot', 'gtin', 'productCode', 'trackPointKey', 'from', 'to'] as const;

/** The start as sent (RecallQuery without the project and the offset, which the screen adds). */
export type RecallStart = Pick<RecallQuery, (typeof START_KEYS)[number]>;

/** Why an input is refused, each a key of the screen's strings (`recall.invalid.*`). */
export type StartProblem =
  | 'barcodeRequired'
  | 'barcodeFormat'
  | 'lotRequired'
  | 'productRequired'
  | 'gtinFormat'
  | 'tooLong'
  | 'placeRequired'
  | 'dateFormat'
  | 'rangeOrder';
export type StartProblems = Partial<Record<Exclude<keyof StartForm, 'kind'>, StartProblem>>;

/** The server's limits on the query (schemas/api/recall.ts), kept here so the screen loads no schema library. */
const GTIN = /^([0-9]{8}|[0-9]{12,14})$/;
const MAX_TEXT = 64;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** A barcode as typed or pasted: its id, or the id a label's link names. */
const barcodeIdOf = (text: string): string => barcodeOfUrl(text)?.barcodeId ?? text;

/** A datetime-local input's value (the phone's time) as the instant the API reads, or null when it is none. */
export function instantOfLocal(local: string): string | null {
  if (!LOCAL_TIME.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An instant as a datetime-local input shows it, in the phone's time; '' when it is none. */
export function localOfInstant(instant: string | null): string {
  const date = instant ? new Date(instant) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type Checked = { start: RecallStart } | { problems: StartProblems };
const checked = (problems: StartProblems, start: RecallStart): Checked =>
  Object.keys(problems).length > 0 ? { problems } : { start };

/** A trackpoint, a time range (either end may be open), or both; the range's end after its start. */
function placeStart(form: StartForm): Checked {
  const problems: StartProblems = {};
  const from = form.from ? instantOfLocal(form.from) : null;
  const to = form.to ? instantOfLocal(form.to) : null;
  if (form.from && !from) problems.from = 'dateFormat';
  if (form.to && !to) problems.to = 'dateFormat';
  else if (from && to && to <= from) problems.to = 'rangeOrder';
  if (!form.trackPointKey && !form.from && !form.to) problems.trackPointKey = 'placeRequired';
  return checked(problems, {
    ...(form.trackPointKey ? { trackPointKey: form.trackPointKey } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
}

/**
 * The start a filled-in form asks for, or what is wrong with it (field by field, so the server's
 * 400s never reach the user for what the phone can tell at once). Only the chosen kind's inputs
 * are sent: the API refuses a second start beside a barcode, and a product code beside a lot.
 */
export function startOfForm(form: StartForm): Checked {
  const barcode = barcodeIdOf(form.barcode.trim());
  const lot = form.lot.trim();
  const gtin = form.gtin.trim();
  const productCode = form.productCode.trim();
  const problems: StartProblems = {};
  const checkGtin = () => {
    if (gtin && !GTIN.test(gtin)) problems.gtin = 'gtinFormat';
  };
  switch (form.kind) {
    case 'barcode':
      if (!barcode) problems.barcode = 'barcodeRequired';
      else if (!isBarcodeId(barcode)) problems.barcode = 'barcodeFormat';
      return checked(problems, { barcodeId: barcode });
    case 'lot':
      if (!lot) problems.lot = 'lotRequired';
      else if (lot.length > MAX_TEXT) problems.lot = 'tooLong';
      checkGtin();
      return checked(problems, { lot, ...(gtin ? { gtin } : {}) });
    case 'product':
      if (!gtin && !productCode) problems.productCode = 'productRequired';
      if (productCode.length > MAX_TEXT) problems.productCode = 'tooLong';
      checkGtin();
      return checked(problems, { ...(gtin ? { gtin } : {}), ...(productCode ? { productCode } : {}) });
    case 'place':
      return placeStart(form);
  }
}

/** The start in the screen's address (`?lot=…&gtin=…`), so Back and a shared link return to the same trace. */
export function queryOfStart(start: RecallStart): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of START_KEYS) {
    const value = start[key];
    if (value) query.set(key, value);
  }
  return query;
}

/** The form that shows the address's start (the kind follows what it names). */
export function formOfQuery(query: URLSearchParams): StartForm {
  const has = (...keys: (typeof START_KEYS)[number][]) => keys.some((key) => query.get(key));
  const kind: StartKind = has('barcodeId')
    ? 'barcode'
    : has('lot')
      ? 'lot'
      : has('gtin', 'productCode')
        ? 'product'
        : has('trackPointKey', 'from', 'to')
          ? 'place'
          : 'lot';
  return {
    kind,
    barcode: query.get('barcodeId') ?? '',
    lot: query.get('lot') ?? '',
    gtin: query.get('gtin') ?? '',
    productCode: query.get('productCode') ?? '',
    trackPointKey: query.get('trackPointKey') ?? '',
    from: localOfInstant(query.get('from')),
    to: localOfInstant(query.get('to')),
  };
}

/** The start the address names, or null when it names none or one the form would refuse. */
export function startOfQuery(query: URLSearchParams): RecallStart | null {
  if (START_KEYS.every((key) => !query.get(key))) return null;
  const result = startOfForm(formOfQuery(query));
  return 'start' in result ? result.start : null;
}
