import { ErrorCode } from '../../schemas/error-codes';
import { fieldFailure } from './api-failure';

/** An ISO 8601 date and time with a zone, as `Date.prototype.toISOString` writes it (offsets allowed too). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * How long a write may wait on a device and still be recorded at the time it was made: a week (a
 * dead zone over a long weekend, a truck on a long haul). Older is refused, so a header cannot file
 * a step into a day, a count or a GHG report period long closed.
 */
export const MADE_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The time a write was made on the device, from its Made-At header (sent when the outbox sends a
 * write later than it was made); undefined without the header. A malformed value is refused (400 on
 * Made-At), one older than MADE_AT_MAX_AGE_MS too. A time after `now` (a device clock ahead) counts
 * as `now`: the write cannot have been made later than it arrived. (The history never files a step
 * before the barcode's latest entry either: repositories/history.ts.)
 */
export function madeAtOf(header: unknown, now: Date): Date | undefined {
  if (header === undefined) return undefined;
  const at = typeof header === 'string' && ISO_DATE_TIME.test(header) ? new Date(header) : null;
  if (!at || Number.isNaN(at.getTime())) throw fieldFailure('Made-At', ErrorCode.invalidFormat);
  if (now.getTime() - at.getTime() > MADE_AT_MAX_AGE_MS) throw fieldFailure('Made-At', ErrorCode.valueOutOfRange);
  return at > now ? now : at;
}
