import type { CustomField } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';

/** How one stored value is shown on the detail page. */
export type ShownValue =
  | { kind: 'text'; text: string }
  | { kind: 'files'; files: { name: string; url: string }[] }
  | { kind: 'image'; url: string }
  | { kind: 'empty' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const withUnits = (text: string, field: { unitPrefix?: string; unitSuffix?: string }) => `${field.unitPrefix ?? ''}${text}${field.unitSuffix ? ` ${field.unitSuffix}` : ''}`;

function optionLabel(field: Extract<CustomField, { type: 'singleSelect' | 'multiSelect' }>, value: unknown, language: Language): string {
  return field.options.find((o) => o.value === value)?.label[language] ?? String(value);
}

/**
 * A stored field value as text (or files / an image) in the viewer's language: option labels
 * for selects, YYYY/MM/DD for dates (spec section 9), units for numbers. Values of an
 * unexpected shape (a configuration changed after the data was stored) are shown as text.
 */
export function shownValue(field: CustomField, value: unknown, language: Language): ShownValue {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return { kind: 'empty' };
  switch (field.type) {
    case 'date':
      return { kind: 'text', text: String(value).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1/$2/$3') };
    case 'singleSelect':
      return { kind: 'text', text: optionLabel(field, value, language) };
    case 'multiSelect':
      return { kind: 'text', text: (Array.isArray(value) ? value : [value]).map((v) => optionLabel(field, v, language)).join(', ') };
    case 'number':
    case 'calculation':
      return { kind: 'text', text: withUnits(String(value), field) };
    case 'weightMeasurement':
      return { kind: 'text', text: `${String(value)} kg` };
    case 'adjustment':
      return isRecord(value)
        ? { kind: 'text', text: `${value.type === 'decrease' ? '−' : '+'}${withUnits(String(value.value), field)}` }
        : { kind: 'text', text: String(value) };
    case 'location':
      return isRecord(value) ? { kind: 'text', text: `${Number(value.latitude).toFixed(5)}, ${Number(value.longitude).toFixed(5)}` } : { kind: 'text', text: String(value) };
    case 'ghgEmission':
      return isRecord(value) && typeof value.emission === 'number' ? { kind: 'text', text: `${value.emission} kg-CO2e` } : { kind: 'empty' };
    case 'eSign':
      return { kind: 'image', url: String(value) };
    case 'files':
      return Array.isArray(value) ? { kind: 'files', files: value.filter(isRecord).map((f) => ({ name: String(f.name), url: String(f.url) })) } : { kind: 'empty' };
    default:
      return { kind: 'text', text: String(value) };
  }
}
