import type { TFunction } from 'i18next';
import { ApiError } from '@/shared/api/errors';
import { codeText, translateError } from '@/shared/i18n/error-message';

/** A refused save, split for a form: the message of each of its own fields, and the text of the rest. */
export interface FormFailure<F extends string> {
  /** Shown under the field it concerns (a name with a line break: 'Remove line breaks ...'). */
  fields: Partial<Record<F, string>>;
  /** Everything else (a $common code, a field the form does not show, no answer), or null. */
  other: string | null;
}

/**
 * Splits what a save threw into messages under the form's own fields (`own`, by the API's field
 * names) and the text of the rest, so a person sees which box to correct.
 */
export function formFailure<F extends string>(t: TFunction, thrown: unknown, own: readonly F[]): FormFailure<F> {
  if (!(thrown instanceof ApiError) || thrown.code !== 'fields')
    return { fields: {}, other: translateError(t, thrown) };
  const fields: Partial<Record<F, string>> = {};
  const rest: Record<string, number[]> = {};
  for (const [path, codes] of Object.entries(thrown.fields)) {
    const field = own.find((name) => name === path);
    if (field) fields[field] = codes.map((code) => codeText(t, code)).join(' ');
    else rest[path] = codes;
  }
  const other = Object.keys(rest).length > 0 ? translateError(t, new ApiError('fields', thrown.status, rest)) : null;
  return { fields, other };
}
