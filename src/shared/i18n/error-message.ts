import type { TFunction } from 'i18next';
import { ApiError } from '../api/errors';

/** The message of one catalogue code (or 'network', 'timeout', ...), 'unknown' when it has none. */
export function codeText(t: TFunction, code: string | number): string {
  const key = String(code) as 'unknown';
  return t(key, { ns: 'errors', defaultValue: t('unknown', { ns: 'errors' }) });
}

/**
 * The translated text of an API error (spec section 8): the code's message; field errors as
 * lines prefixed by their code; 429 with the minutes to wait.
 */
export function translateError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return codeText(t, 'unknown');
  if (error.code === 'fields') {
    return Object.values(error.fields)
      .flatMap((codes) => codes.map((code) => `${code}: ${codeText(t, code)}`))
      .join('\n');
  }
  if (error.code === '429' && error.retryAfter) {
    return t('login.tooManyAttempts', { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) });
  }
  return codeText(t, error.code);
}
