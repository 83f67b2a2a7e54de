import type { CustomFieldType, FieldOf } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';
import type { ProblemKey, ProblemValues } from '../problems';

/** A JSON Schema object as the renderer builds it (plain data, serialisable). */
export type JsonSchema = { [keyword: string]: unknown };

/** A validation message as an i18n key (`form.*` in locales/<lang>/common.json) and its values. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

/** What a field type needs to know of a validation error to word it (an ajv error, or rjsf's copy of one). */
export interface ValidationErrorLike {
  keyword: string;
  params: unknown;
  instancePath: string;
}

/** How one stored value is shown on the detail page. */
export type ShownValue =
  | { kind: 'text'; text: string }
  | { kind: 'files'; files: { name: string; url: string }[] }
  | { kind: 'image'; url: string }
  | { kind: 'empty' };

/** Names a configuration problem of a field: `at` is a JSON pointer below the field ('' for the field itself). */
export type ReportProblem = (at: string, key: ProblemKey, values?: ProblemValues) => void;

/** What a field's configuration check may know of the form around it. */
export interface FormFacts {
  /** The keys of the form's fields. */
  keys: ReadonlySet<string>;
  /**
   * The names a formula uses, or why it cannot be read. Given by the configuration check, so
   * that the field types stay free of mathjs (it loads only with calculations).
   */
  formulaNames(formula: string): { variables: readonly string[] } | { error: string };
}

/** The value's JSON Schema and what its widget reads from `ui:options`. */
export interface CompiledField<O> {
  schema: JsonSchema;
  options: O;
}

/**
 * Everything one custom field type means, apart from drawing it (its widget lives in
 * `field-widgets/<type>/`): one object per type in `renderer/field-types/<type>.ts`.
 */
export interface FieldTypeDefinition<T extends CustomFieldType, O extends object> {
  /** The value's JSON Schema and the typed options its widget reads, in the viewer's language. */
  compile(field: FieldOf<T>, language: Language): CompiledField<O>;
  /** Brings a submitted value to what is stored (a number to its precision). Absent: stored as sent. */
  normalise?(field: FieldOf<T>, value: unknown): unknown;
  /** The rules of this type's configuration that JSON Schema cannot say. */
  check?(field: FieldOf<T>, report: ReportProblem, form: FormFacts): void;
  /** The message for a validation error where this type words it its own way; undefined: the common wording. */
  message?(error: ValidationErrorLike): FieldMessage | undefined;
  /**
   * The URLs of uploaded files a value holds (files, signatures): the server accepts only its own
   * uploads of the barcode. Absent: the type holds no file.
   */
  fileUrls?(field: FieldOf<T>, value: unknown): unknown[];
  /** A stored value (never empty: empty values are handled before) as the detail page shows it. */
  display(field: FieldOf<T>, value: unknown, language: Language): ShownValue;
  /** The value is computed (calculations): never required from the user. */
  computed?: boolean;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as text with the field's unit prefix and suffix ('¥1200', '3 cases'). */
export const withUnits = (text: string, field: { unitPrefix?: string; unitSuffix?: string }) =>
  `${field.unitPrefix ?? ''}${text}${field.unitSuffix ? ` ${field.unitSuffix}` : ''}`;

/** The value as plain text: what any type shows for a value of a shape it does not expect. */
export const asText = (value: unknown): ShownValue => ({ kind: 'text', text: String(value) });

/** minimum / maximum for the bounds that are set. */
export const numberBounds = (min?: number, max?: number): JsonSchema => ({
  ...(min !== undefined ? { minimum: min } : {}),
  ...(max !== undefined ? { maximum: max } : {}),
});

/** Reports `low` > `high` (min above max, minDate after maxDate) at the `low` option. */
export function checkRange(
  report: ReportProblem,
  low: string,
  high: string,
  a: number | string | undefined,
  b: number | string | undefined,
): void {
  if (a !== undefined && b !== undefined && a > b) report(`/${low}`, 'greaterThan', { low, high, a, b });
}

/** The precision of a number that does not set its own: 1 decimal. */
export const DEFAULT_PRECISION = 1;
