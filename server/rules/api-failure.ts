import type { LocalizedText } from '../../schemas/common';
import { ErrorCode } from '../../schemas/error-codes';

/**
 * A failure the client is meant to see: an HTTP status and the API's error body (codes by field
 * name or under `$common`; docs/engineers/api.md).
 * Business rules throw these; the error handler sends them as they are.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, number[]>,
    readonly headers: Record<string, string> = {},
    /** Sent beside `errors` for the client's message (e.g. `maxCount` of ErrorCode.bulkOverMaximum). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`API failure ${status}: ${JSON.stringify(errors)}`);
  }
}

/** A failure of the request as a whole: `{ errors: { $common: [code] } }`. */
export function commonFailure(code: number, status = 400, headers: Record<string, string> = {}): ApiFailure {
  return new ApiFailure(status, { $common: [code] }, headers);
}

/** A failure tied to one field: `{ errors: { [field]: [code] } }`. */
export function fieldFailure(field: string, code: number): ApiFailure {
  return new ApiFailure(400, { [field]: [code] });
}

export const unauthenticated = (): ApiFailure => commonFailure(ErrorCode.loginExpired, 401);

/**
 * What a refusal of form data sends beside its codes: the configured message of each field whose
 * value failed its constraint (form logic), by the same names as `errors`. The error handler
 * sends each in the request's language. Nothing when no constraint failed.
 */
export function constraintMessages(
  messages: Record<string, LocalizedText> | undefined,
  name: (key: string) => string,
): Record<string, unknown> {
  const entries = Object.entries(messages ?? {});
  return entries.length === 0 ? {} : { messages: Object.fromEntries(entries.map(([key, text]) => [name(key), text])) };
}
