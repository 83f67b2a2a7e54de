import { ErrorCode } from '../../schemas/error-codes';
import { fieldFailure } from './api-failure';

/** An ISO 8601 date and time with a zone, as `Date.prototype.toISOString` writes it (offsets allowed too). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The time a write was made on the device, from its Made-At header (sent when the outbox sends
 * a write later than it was made: issue 20); undefined without the header. A malformed value is
 * refused (400, Made-At: 1001). A time after `now` (a device clock ahead) counts as `now`: the
 * write cannot have been made later than it arrived.
 */
export function madeAtOf(header: unknown, now: Date): Date | undefined {
  if (header === undefined) return undefined;
  const at = typeof header === 'string' && ISO_DATE_TIME.test(header) ? new Date(header) : null;
  if (!at || Number.isNaN(at.getTime())) throw fieldFailure('Made-At', ErrorCode.invalidFormat);
  return at > now ? now : at;
}
