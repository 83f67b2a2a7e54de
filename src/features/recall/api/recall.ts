import useSWR, { mutate } from 'swr';
import type {
  HoldAnswer,
  HoldBody,
  RecallHolds,
  RecallTraceResponse,
  ReleaseAnswer,
  ReleaseBody,
} from '@schemas/api/recall';
import { api } from '@/shared/api';
import { revalidateBarcodes } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import type { Payload } from '@/shared/api/payload';
import type { RecallStart } from '../model/start';

export type RecallTrace = Payload<typeof RecallTraceResponse>;

/** The query of both recall routes: the project, the start and the offset every time is written in. */
const queryOf = (projectId: string, start: RecallStart, utcOffset: number) => ({ projectId, ...start, utcOffset });

/** The key of one trace: the start as sent (a JSON text, so equal starts share an answer). */
export const recallKey = (projectId: string, start: RecallStart, utcOffset: number) =>
  ['recall', projectId, JSON.stringify(start), utcOffset] as const;

const fetchTrace = ([, projectId, start, utcOffset]: ReturnType<typeof recallKey>) =>
  api.get<RecallTrace>('/recall/trace', queryOf(projectId, JSON.parse(start) as RecallStart, utcOffset));

/**
 * GET /recall/trace for a start; nothing is asked while `start` is null. A trace is asked once
 * per start: it is not refreshed on focus (the list would jump while it is being read).
 */
export function useRecallTrace(projectId: string, start: RecallStart | null, utcOffset: number) {
  return useSWR(start ? recallKey(projectId, start, utcOffset) : null, fetchTrace, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

/** The key of the project's recalls in force (GET /recall/holds). */
export const holdsKey = (projectId: string) => ['recall-holds', projectId] as const;

/** GET /recall/holds: the recalls with packages on hold now, each with its reason, count and who began it. */
export function useRecallHolds(projectId: string, enabled: boolean) {
  return useSWR(
    enabled ? holdsKey(projectId) : null,
    ([, id]) => api.get<RecallHolds[]>('/recall/holds', { projectId: id }),
    {
      shouldRetryOnError: false,
      revalidateOnFocus: false,
    },
  );
}

/**
 * After a hold or a release: the project's traces (each package says which recall holds it), its
 * recalls in force, and the detail of every package the screen knows was touched.
 */
function revalidateHolds(projectId: string, barcodeIds: readonly string[]) {
  return Promise.all([
    mutate((key) => Array.isArray(key) && key[0] === 'recall' && key[1] === projectId),
    mutate(holdsKey(projectId)),
    revalidateBarcodes(barcodeIds),
  ]);
}

/**
 * POST /recall/hold with dryRun: what the hold would do, holding nothing. Never queued: the user
 * confirms what it answers, and a recall needs the server anyway.
 */
export const planHold = async (body: HoldBody): Promise<HoldAnswer> =>
  (await api.request<HoldAnswer>('post', '/recall/hold', { data: { ...body, dryRun: true }, queue: false })).data;

/**
 * A confirmed write of the recall screen: its body, the Idempotency-Key taken when the user was
 * asked to confirm (a second tap or a retry is answered without writing again), and the packages
 * of the trace on screen whose detail it changes.
 */
export interface HoldWrite<Body> {
  body: Body;
  key: string;
  touched: readonly string[];
}

/** POST /recall/hold: every package the start implicates on hold for the recall, all or none. */
export const holdPackages: Mutation<HoldWrite<HoldBody>, HoldAnswer> = {
  send: async ({ body, key }) =>
    (await api.request<HoldAnswer>('post', '/recall/hold', { data: body, idempotencyKey: key, queue: false })).data,
  revalidate: ({ body, touched }) => revalidateHolds(body.projectId, touched),
};

/** POST /recall/release: the packages named, or every package of the recall, off hold. */
export const releaseHolds: Mutation<HoldWrite<ReleaseBody>, ReleaseAnswer> = {
  send: async ({ body, key }) =>
    (await api.request<ReleaseAnswer>('post', '/recall/release', { data: body, idempotencyKey: key, queue: false }))
      .data,
  revalidate: ({ body, touched }) => revalidateHolds(body.projectId, touched),
};

/**
 * A file name that says what was recalled: `<kind>-<project>-<what>.<extension>` (letters, digits,
 * `-` and `_` only), so the spreadsheet and the EPCIS document of one start sit side by side.
 */
function recallFileName(kind: string, projectCode: string, start: RecallStart, extension: string): string {
  const what =
    start.barcodeId ??
    start.lot ??
    ([start.gtin, start.productCode, start.trackPointKey, start.from?.slice(0, 10), start.to?.slice(0, 10)]
      .filter(Boolean)
      .join('-') ||
      'recall');
  return `${kind}-${projectCode}-${what.replace(/[^A-Za-z0-9-]+/g, '_')}.${extension}`;
}

/** The spreadsheet's file name (`fsma-204-demo-FLU-2026-1.csv`). */
export const spreadsheetName = (projectCode: string, start: RecallStart): string =>
  recallFileName('fsma-204', projectCode, start, 'csv');

/** The EPCIS document's file name (`epcis-demo-FLU-2026-1.jsonld`). */
export const epcisName = (projectCode: string, start: RecallStart): string =>
  recallFileName('epcis', projectCode, start, 'jsonld');

/** Hands a file made in the page to the browser's downloads through a temporary link. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: name });
  window.document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /recall/fsma-204: the FSMA 204 sortable spreadsheet of the same start, saved as a CSV file.
 * The request goes through the API client (an expired session is refreshed, a refusal is an
 * ordinary error); the text it reads has lost the server's byte order mark, which is put back so
 * that spreadsheet programs read its accents as UTF-8.
 */
export async function downloadFsma204(
  projectId: string,
  projectCode: string,
  start: RecallStart,
  utcOffset: number,
): Promise<void> {
  const text = await api.getDocument<string>('/recall/fsma-204', queryOf(projectId, start, utcOffset));
  const body = typeof text === 'string' ? text : String(text);
  const bom = body.startsWith('\uFEFF') ? '' : '\uFEFF';
  save(new Blob([bom, body], { type: 'text/csv;charset=utf-8' }), spreadsheetName(projectCode, start));
}

/**
 * GET /recall/epcis: every event of every traced package as one EPCIS 2.0 document, saved as a
 * `.jsonld` file, through the API client like the spreadsheet. The client has parsed the JSON
 * already, so it is written out again, indented for a person who opens it.
 */
export async function downloadRecallEpcis(
  projectId: string,
  projectCode: string,
  start: RecallStart,
  utcOffset: number,
): Promise<void> {
  const document = await api.getDocument<unknown>('/recall/epcis', queryOf(projectId, start, utcOffset));
  const body = typeof document === 'string' ? document : JSON.stringify(document, null, 2);
  save(new Blob([body], { type: 'application/ld+json' }), epcisName(projectCode, start));
}
