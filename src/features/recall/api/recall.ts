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

/** A file name for the spreadsheet that says what was recalled (letters, digits, `-` only). */
export function spreadsheetName(projectCode: string, start: RecallStart): string {
  const what =
    start.barcodeId ??
    start.lot ??
    ([start.gtin, start.productCode, start.trackPointKey, start.from?.slice(0, 10), start.to?.slice(0, 10)]
      .filter(Boolean)
      .join('-') ||
      'recall');
  return `fsma-204-${projectCode}-${what.replace(/[^A-Za-z0-9-]+/g, '_')}.csv`;
}

/**
 * GET /recall/fsma-204: the FSMA 204 sortable spreadsheet of the same start, saved as a CSV file
 * through a temporary link. The request goes through the API client (an expired session is
 * refreshed, a refusal is an ordinary error); the text it reads has lost the server's byte order
 * mark, which is put back so that spreadsheet programs read its accents as UTF-8.
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
  const url = URL.createObjectURL(new Blob([bom, body], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(window.document.createElement('a'), {
    href: url,
    download: spreadsheetName(projectCode, start),
  });
  window.document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
