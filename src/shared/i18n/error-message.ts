import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ErrorCode } from '@schemas/error-codes';
import { ApiError } from '../api/errors';

/** The refusal of a package on hold for a recall: the catalogue's number, checked against it (no import of the catalogue itself). */
const HELD_FOR_RECALL: (typeof ErrorCode)['heldForRecall'] = 3027;

/** A byte count as people say it: 10 MB, 512 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The message of one catalogue code (or 'network', 'timeout', ...), 'unknown' when it has none. */
export function codeText(t: TFunction, code: string | number): string {
  const key = String(code) as 'unknown';
  return t(key, { ns: 'errors', defaultValue: t('unknown', { ns: 'errors' }) });
}

/**
 * The texts of one field's refusal: the configuration's own message where the server sent one
 * (a failed constraint's, in the user's language), else the reason the server gave beside the
 * code (a recycled barcode's), else each code's message.
 */
export function fieldTexts(t: TFunction, error: ApiError, path: string, codes: readonly number[]): string[] {
  const own = error.messages[path];
  if (own) return [own];
  const reason = error.reasons[path];
  return reason ? [codeText(t, reason)] : codes.map((code) => codeText(t, code));
}

/** The label the user sees for a field the server named by its path (e.g. 'forms.receiving.temperature'), when the screen knows it. */
export type FieldLabelOf = (path: string) => string | undefined;

/**
 * The translated text of an API error: the code's message; field errors as lines prefixed by
 * the field's label where the screen knows it (`fieldLabel`), else the message alone (a catalogue
 * number means nothing to the user), a field's own message from the server in place of its code's, each line once; 429 with the minutes to wait.
 */
export function translateError(t: TFunction, error: unknown, fieldLabel?: FieldLabelOf): string {
  if (!(error instanceof ApiError)) return codeText(t, 'unknown');
  if (error.code === 'fields') {
    const lines = Object.entries(error.fields).flatMap(([path, codes]) => {
      const label = fieldLabel?.(path);
      return fieldTexts(t, error, path, codes).map((text) => (label ? `${label}: ${text}` : text));
    });
    return [...new Set(lines)].join('\n');
  }
  if (error.code === '1015' && error.maxBytes) {
    return `${codeText(t, 1015)} (${t('upload.limit', { size: formatBytes(error.maxBytes) })})`;
  }
  if (error.code === '429' && error.retryAfter) {
    return t('login.tooManyAttempts', { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) });
  }
  // The server's reason beside the request's code says more than the code (a recycled barcode).
  const text = codeText(t, error.reasons.$common ?? error.code);
  // A refusal for a hold names the recall, so the user knows whom to ask.
  if (error.hold && error.has(HELD_FOR_RECALL))
    return t('heldForRecall', { ns: 'errors', message: text, reference: error.hold.reference });
  return text;
}

/** translateError with the app's strings, for screens whose own strings are another namespace. */
export function useErrorText(): (error: unknown, fieldLabel?: FieldLabelOf) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown, fieldLabel?: FieldLabelOf) => translateError(t, error, fieldLabel), [t]);
}
