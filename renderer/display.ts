import type { CustomField } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';
import { definitionOf } from './field-types';
import type { ShownValue } from './field-types/field-type';

export type { ShownValue } from './field-types/field-type';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A stored field value as the detail page shows it, in the viewer's language, as its type says:
 * option labels for selects, YYYY/MM/DD for dates, units for numbers, files, a signature image.
 * Values of an unexpected shape (a configuration changed after the data was stored) are shown
 * as text.
 */
export function shownValue(field: CustomField, value: unknown, language: Language): ShownValue {
  return isEmpty(value) ? { kind: 'empty' } : definitionOf(field).display(field, value, language);
}
