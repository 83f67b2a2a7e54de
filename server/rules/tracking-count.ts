import { ErrorCode } from '../../schemas/error-codes';
import { fieldFailure } from './api-failure';

const HOUR_MS = 3_600_000;

/** One day of the caller's own time zone, as UTC instants: from `start` (included) to `end` (excluded). */
export interface LocalDay {
  start: Date;
  end: Date;
  /** The date as YYYY-MM-DD, as GET /barcode/tracking-count answers it. */
  iso: string;
}

/**
 * The local day a date (YYYYMMDD) names, `utcOffset` hours east of UTC (e.g. 9 for Japan,
 * -4.5 allowed); ErrorCode.incorrectDate on date when there is no such day (20260230).
 */
export function localDay(date: string, utcOffset: number): LocalDay {
  const [year, month, day] = [date.slice(0, 4), date.slice(4, 6), date.slice(6, 8)].map(Number) as [
    number,
    number,
    number,
  ];
  const midnight = new Date(Date.UTC(year, month - 1, day));
  // Stryker disable next-line ConditionalExpression: equivalent; a day past the month's end (or 00) also moves the month, so the month and the day check each catch every such date alone
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day)
    throw fieldFailure('date', ErrorCode.incorrectDate);
  const start = new Date(midnight.getTime() - utcOffset * HOUR_MS);
  return {
    start,
    end: new Date(start.getTime() + 24 * HOUR_MS),
    iso: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
  };
}
