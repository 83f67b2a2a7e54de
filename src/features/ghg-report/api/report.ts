import useSWR from 'swr';
import type { GhgReportResponse } from '@schemas/api/ghg';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';

/** The key of a project's GHG report between two days (YYYYMMDD) of the caller's time zone. */
export const ghgReportKey = (projectId: string, from: string, to: string, utcOffset: number) =>
  ['ghg-report', projectId, from, to, utcOffset] as const;

/** GET /barcode/ghg-report. */
export const fetchGhgReport = ([, projectId, from, to, utcOffset]: ReturnType<typeof ghgReportKey>) =>
  api.get<Payload<typeof GhgReportResponse>>('/barcode/ghg-report', { projectId, from, to, utcOffset });

/** The report, or nothing asked while the range is incomplete (`null` dates). */
export function useGhgReport(projectId: string, from: string | null, to: string | null, utcOffset: number) {
  return useSWR(from && to ? ghgReportKey(projectId, from, to, utcOffset) : null, fetchGhgReport, {
    shouldRetryOnError: false,
  });
}
