import { ApiError } from '../errors';
import type { OutboxRefusal } from './outbox-item';

/**
 * A stored refusal as the API error it was, for the screens that say it (translateError): the
 * same codes, reasons and recall, so a replayed refusal reads as it would have online. Kept out
 * of outbox.ts, whose chunk shares no code with the first load's.
 */
export function refusalError(refusal: Partial<OutboxRefusal> | undefined): ApiError {
  const { code = 'unknown', fields = {}, reasons = {}, hold } = refusal ?? {};
  return new ApiError(code, 400, fields, undefined, undefined, {}, reasons, hold);
}
