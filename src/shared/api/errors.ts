/**
 * A failed API call, normalised so that screens read one shape whatever the failure:
 * - 4xx with `errors.$common`: code = its first item;
 * - 400 with field errors only: code 'fields', with `fields`;
 * - 401 after a failed refresh: loginExpired ('2003'); 403: '403', or the code it names when it
 *   names another (not of the enterprise, log in to this project); 500 and other 5xx: '500';
 * - no answer: 'network' or 'timeout';
 * - no answer, and the write was stored in the outbox to be sent later: 'queued' (see isQueued).
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly fields: Record<string, number[]> = {},
    /** Seconds to wait before retrying (429). */
    readonly retryAfter?: number,
    /** The size limit an upload exceeded (ErrorCode.fileTooLarge), in bytes. */
    readonly maxBytes?: number,
    /**
     * The configuration's own words for some field errors (a failed constraint's message), by the
     * same paths as `fields`, in the language the request asked for: shown in place of the code's.
     */
    readonly messages: Readonly<Record<string, string>> = {},
    /**
     * What the server said beyond some codes (a VerdictReason, e.g. 'recycled' beside 'not
     * activated'), by the same names as `fields` (`$common` for the request's own code): shown in
     * place of the code's message.
     */
    readonly reasons: Readonly<Record<string, string>> = {},
    /** Beside ErrorCode.heldForRecall: the recall the package (or one it carries) is on hold for. */
    readonly hold?: { readonly reference: string },
  ) {
    super(`API error ${code} (${status})`);
    this.name = 'ApiError';
  }

  /** True when any field (or $common) carries this catalogue code. */
  has(code: number): boolean {
    return String(code) === this.code || Object.values(this.fields).some((codes) => codes.includes(code));
  }
}

interface ErrorBody {
  errors?: Record<string, unknown>;
  messages?: unknown;
  reasons?: unknown;
  hold?: unknown;
}

/** The answer's `hold` (the recall a refused package is on hold for), when it names one. */
function holdOf(data: unknown): { reference: string } | undefined {
  const hold = data && typeof data === 'object' ? (data as ErrorBody).hold : undefined;
  const reference = hold && typeof hold === 'object' ? (hold as { reference?: unknown }).reference : undefined;
  return typeof reference === 'string' && reference !== '' ? { reference } : undefined;
}

/** The answer's `reasons`, only the texts among them. */
function reasonsOf(data: unknown): Record<string, string> {
  const reasons = data && typeof data === 'object' ? (data as ErrorBody).reasons : undefined;
  if (!reasons || typeof reasons !== 'object') return {};
  return Object.fromEntries(
    Object.entries(reasons).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The answer's `messages`, only the texts among them. */
function messagesOf(data: unknown): Record<string, string> {
  const messages = data && typeof data === 'object' ? (data as ErrorBody).messages : undefined;
  if (!messages || typeof messages !== 'object') return {};
  return Object.fromEntries(
    Object.entries(messages).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function codesOf(errors: Record<string, unknown>): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    if (Array.isArray(value))
      out[field] = value.filter((v): v is number => typeof v === 'number' || /^\d+$/.test(String(v))).map(Number);
  }
  return out;
}

/** Builds the ApiError for an HTTP answer that was not a success. */
export function normaliseError(status: number, data: unknown, headers?: Headers): ApiError {
  const errors = data && typeof data === 'object' ? (data as ErrorBody).errors : undefined;
  const { $common: commonCodes, ...fields } = errors && typeof errors === 'object' ? codesOf(errors) : {};
  const retry = headers?.get('retry-after');
  const retryAfter = retry ? Number(retry) : undefined;
  const common = commonCodes?.[0];
  if (status === 401) return new ApiError('2003', status, fields);
  if (status === 403) return new ApiError(String(common ?? 403), status, fields);
  if (status >= 500) return new ApiError('500', status, fields);
  if (common !== undefined)
    return new ApiError(String(common), status, fields, retryAfter, undefined, {}, reasonsOf(data), holdOf(data));
  if (status === 400 && Object.keys(fields).length > 0)
    return new ApiError('fields', status, fields, undefined, undefined, messagesOf(data), reasonsOf(data));
  return new ApiError(String(status), status, fields, retryAfter);
}

/** The write got no answer and waits in the outbox (src/shared/api/outbox): it will be sent, this is no failure. */
export const isQueued = (error: unknown): boolean => error instanceof ApiError && error.code === 'queued';
