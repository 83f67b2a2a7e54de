import useSWR from 'swr';
import type { RecallTraceResponse } from '@schemas/api/recall';
import { api } from '@/shared/api';
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
