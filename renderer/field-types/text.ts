import type { FieldOf } from '@schemas/custom-field';
import { INPUT_PATTERN_REGEX, type InputPattern, type READER_KINDS } from '@schemas/field-constants';
import { asText, checkRange, type FieldTypeDefinition, type JsonSchema } from './field-type';

export interface TextOptions {
  mask?: string;
  inputPattern?: InputPattern;
  /** Show a character counter (only with maxLength). */
  counter: boolean;
  /** Reader buttons beside the text. */
  readers: (typeof READER_KINDS)[number][];
  maxLength?: number;
  /** Multi-line: rows of the text area. Absent: one line. */
  rows?: number;
}

/**
 * A mask as a regular expression: 9 a digit, a a letter, * a letter or digit, anything else
 * itself. An empty value is allowed (required-ness is said separately). The pattern is used
 * with the `u` flag (ajv), where only syntax characters may be escaped: `\-` would make the
 * whole expression invalid, so a literal `-` (a licence number 'aa-9999') stays as it is.
 */
export function maskToPattern(mask: string): string {
  const body = [...mask]
    .map((c) =>
      c === '9'
        ? '[0-9]'
        : c === 'a'
          ? '[A-Za-z]'
          : c === '*'
            ? '[A-Za-z0-9]'
            : c.replace(/[\\^$.*+?()[\]{}|/]/, '\\$&'),
    )
    .join('');
  return `^(${body})?$`;
}

/** A compiled pattern is a mask's when it has the form maskToPattern gives. */
export const isMaskPattern = (pattern: string) => pattern.startsWith('^(') && pattern.endsWith(')?$');

/** Multi-line text: a row per 20 characters of its max length (40 without one), at least 2 rows. */
export const textRows = (maxLength: number | undefined) => Math.max(2, Math.ceil((maxLength ?? 40) / 20));

/** Text: length limits, a mask and an input pattern, reader buttons. */
export const text: FieldTypeDefinition<'text', TextOptions> = {
  compile(field: FieldOf<'text'>) {
    const schema: JsonSchema = { type: 'string' };
    if (field.minLength !== undefined) schema.minLength = field.minLength;
    if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
    const patterns = [
      field.mask && maskToPattern(field.mask),
      field.inputPattern && INPUT_PATTERN_REGEX[field.inputPattern],
    ].filter(Boolean) as string[];
    if (patterns[0]) schema.pattern = patterns[0];
    if (patterns[1]) schema.allOf = [{ pattern: patterns[1] }];
    return {
      schema,
      options: {
        mask: field.mask,
        inputPattern: field.inputPattern,
        counter: field.counter === true,
        readers: field.readers ?? [],
        maxLength: field.maxLength,
        rows: field.multiLine ? textRows(field.maxLength) : undefined,
      },
    };
  },
  check(field, report) {
    checkRange(report, 'minLength', 'maxLength', field.minLength, field.maxLength);
    if (field.counter && field.maxLength === undefined) report('/counter', 'counterNeedsMax');
  },
  display: (_field, value) => asText(value),
};
