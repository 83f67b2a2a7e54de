import { aiEntry } from './ai-lookup';
import { fullYear } from './linters';

/** What an AI's value is, for filling a form field: a date (YYMMDD), a whole number, a decimal measure or text. */
export type AiKind = 'date' | 'number' | 'decimal' | 'text';

const DATE_LINTERS = new Set(['yymmd0', 'yymmdd']);
/** Measures whose AI's last digit says where the decimal point is (GS1 General Specifications 3.6). */
const DECIMAL = /^(3[1-6]\d\d|39[0-4]\d)$/;

/** The kind of an AI's value; undefined when GS1 defines no such AI. */
export function aiKind(ai: string): AiKind | undefined {
  const entry = aiEntry(ai);
  if (!entry) return undefined;
  const [first, ...rest] = entry.parts;
  if (rest.length === 0 && first?.linters?.some((l) => DATE_LINTERS.has(l))) return 'date';
  if (DECIMAL.test(ai)) return 'decimal';
  if (rest.length === 0 && first?.cset === 'N' && !first.linters?.length) return 'number';
  return 'text';
}

/**
 * An element's value for a form field of the given type: a date field gets YYYY-MM-DD (day 00 is
 * the month's last day, GS1 General Specifications 7.12), a number field a number (a measure with
 * its implied decimal point), any other field the text read.
 */
export function fieldValueOf(ai: string, value: string, fieldType: string, now = new Date()): string | number {
  const kind = aiKind(ai);
  if (fieldType === 'date' && kind === 'date') {
    const year = fullYear(Number(value.slice(0, 2)), now);
    const month = Number(value.slice(2, 4));
    const day =
      value.slice(4, 6) === '00' ? new Date(Date.UTC(year, month, 0)).getUTCDate() : Number(value.slice(4, 6));
    return `${year}-${value.slice(2, 4)}-${String(day).padStart(2, '0')}`;
  }
  if (fieldType === 'number' && kind === 'decimal') return Number(value) / 10 ** Number(ai[3]);
  if (fieldType === 'number' && kind === 'number') return Number(value);
  return value;
}
