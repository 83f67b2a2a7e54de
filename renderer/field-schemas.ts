import type { CustomField, FieldOf } from '@schemas/custom-field';
import { INPUT_PATTERN_REGEX } from '@schemas/field-constants';
import type { Language } from '@schemas/languages';
import { PHONE_PATTERN } from '@schemas/validation';

/** A JSON Schema object as the renderer builds it (plain data, serialisable). */
export type JsonSchema = { [keyword: string]: unknown };

/** Options a widget reads from `ui:options`. */
export type UiOptions = { [option: string]: unknown };

/** Spec section 5: number precision defaults to 1 decimal. */
export const DEFAULT_PRECISION = 1;
export const DEFAULT_MAX_FILES = 5;
export const DEFAULT_MAX_IMAGE_SIDE = 1600;
/** GHG widget numbers: minimum 0, maximum 9999, 3 decimals (spec sections 5, 9). */
export const GHG_NUMBER = { minimum: 0, maximum: 9999, precision: 3 } as const;


/**
 * A mask as a regular expression: 9 a digit, a a letter, * a letter or digit, anything else
 * itself. An empty value is allowed (required-ness is said separately).
 */
export function maskToPattern(mask: string): string {
  const body = [...mask].map((c) => (c === '9' ? '[0-9]' : c === 'a' ? '[A-Za-z]' : c === '*' ? '[A-Za-z0-9]' : c.replace(/[\\^$.|?+()[\]{}-]/g, '\\$&'))).join('');
  return `^(${body})?$`;
}

/** Multi-line text: rows = ceil(max length / 20) (spec section 2), at least 2. */
export const textRows = (maxLength: number | undefined) => Math.max(2, Math.ceil((maxLength ?? 40) / 20));

function textSchema(field: FieldOf<'text'>): [JsonSchema, UiOptions] {
  const schema: JsonSchema = { type: 'string' };
  if (field.minLength !== undefined) schema.minLength = field.minLength;
  if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
  const patterns = [field.mask && maskToPattern(field.mask), field.inputPattern && INPUT_PATTERN_REGEX[field.inputPattern]].filter(Boolean) as string[];
  if (patterns[0]) schema.pattern = patterns[0];
  if (patterns[1]) schema.allOf = [{ pattern: patterns[1] }];
  return [schema, {
    mask: field.mask, inputPattern: field.inputPattern, counter: field.counter === true, readers: field.readers ?? [],
    maxLength: field.maxLength, rows: field.multiLine ? textRows(field.maxLength) : undefined,
  }];
}

const numberBounds = (min?: number, max?: number): JsonSchema => ({
  ...(min !== undefined ? { minimum: min } : {}),
  ...(max !== undefined ? { maximum: max } : {}),
});

function selectOptions(field: FieldOf<'singleSelect'> | FieldOf<'multiSelect'>, language: Language) {
  return { values: field.options.map((o) => o.value), names: field.options.map((o) => o.label[language]) };
}

/**
 * The JSON Schema of one field's value and the options its widget needs. Titles, help and
 * required-ness are added by compile(); this is only what the type itself says.
 */
export function fieldSchema(field: CustomField, language: Language): [JsonSchema, UiOptions] {
  switch (field.type) {
    case 'text':
      return textSchema(field);
    case 'number':
      return [{ type: 'number', ...numberBounds(field.min, field.max) }, {
        precision: field.precision ?? DEFAULT_PRECISION, decimalMode: field.decimalMode ?? 'round', step: field.step ?? 1,
        min: field.min, max: field.max, unitPrefix: field.unitPrefix, unitSuffix: field.unitSuffix,
      }];
    case 'adjustment':
      return [{
        type: 'object',
        properties: {
          type: { type: 'string', enum: ['increase', 'decrease'], default: field.sign ?? 'increase' },
          value: { type: 'number', ...numberBounds(Math.max(0, field.min ?? 0), field.max) },
        },
        required: ['type', 'value'],
        additionalProperties: false,
      }, { precision: field.precision ?? DEFAULT_PRECISION, sign: field.sign, min: field.min, max: field.max, unitPrefix: field.unitPrefix, unitSuffix: field.unitSuffix }];
    case 'phoneNumber':
      return [{ type: 'string', pattern: PHONE_PATTERN, maxLength: 20 }, {}];
    case 'email':
      return [{ type: 'string', format: 'email', maxLength: 254 }, {}];
    case 'date':
      return [{
        type: 'string', format: 'date',
        ...(field.minDate ? { formatMinimum: field.minDate } : {}), ...(field.maxDate ? { formatMaximum: field.maxDate } : {}),
      }, { minDate: field.minDate, maxDate: field.maxDate }];
    case 'reference':
      return [{ type: 'string', readOnly: true }, { referenceKey: field.referenceKey }];
    case 'singleSelect': {
      const { values, names } = selectOptions(field, language);
      return [{ type: 'string', enum: values }, { values, enumNames: names }];
    }
    case 'multiSelect': {
      const { values, names } = selectOptions(field, language);
      return [{
        type: 'array', items: { type: 'string', enum: values }, uniqueItems: true,
        ...(field.minItems !== undefined ? { minItems: field.minItems } : {}), ...(field.maxItems !== undefined ? { maxItems: field.maxItems } : {}),
      }, { values, enumNames: names }];
    }
    case 'calculation':
      return [{ type: 'number', readOnly: true }, { formula: field.formula, precision: field.precision ?? DEFAULT_PRECISION, unitPrefix: field.unitPrefix, unitSuffix: field.unitSuffix }];
    case 'location':
      return [{
        type: 'object',
        properties: {
          latitude: { type: 'number', minimum: -90, maximum: 90 },
          longitude: { type: 'number', minimum: -180, maximum: 180 },
          accuracy: { type: 'number', minimum: 0 },
        },
        required: ['latitude', 'longitude'],
        additionalProperties: false,
      }, {}];
    case 'eSign':
      // The URL of the uploaded signature image: files never travel inside form data.
      return [{ type: 'string', minLength: 1, maxLength: 2048 }, {}];
    case 'files':
      return [{
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string', maxLength: 255 }, url: { type: 'string', minLength: 1, maxLength: 2048 } }, required: ['name', 'url'], additionalProperties: false },
        maxItems: field.maxCount ?? DEFAULT_MAX_FILES,
      }, { fileKind: field.fileKind, maxCount: field.maxCount ?? DEFAULT_MAX_FILES, maxImageSide: field.maxImageSide ?? DEFAULT_MAX_IMAGE_SIDE, ...(field.overlayImageUrl ? { overlayImageUrl: field.overlayImageUrl } : {}) }];
    case 'ghgEmission': {
      const n = { type: 'number', minimum: GHG_NUMBER.minimum, maximum: GHG_NUMBER.maximum };
      return [{
        type: 'object',
        properties: {
          transportType: { type: 'string', minLength: 1, maxLength: 64 },
          vehicleUsageType: { type: 'string', enum: ['business', 'private'] },
          weight: n, distance: n, maxWeightCapacity: n, fuelConsumption: n,
          loadRate: { type: 'number', minimum: 0, maximum: 1 },
          emission: { type: 'number', minimum: 0 },
        },
        additionalProperties: false,
      }, { calculationType: field.calculationType, ...GHG_NUMBER }];
    }
    case 'weightMeasurement':
      return [{ type: 'number', minimum: 0, maximum: 100000 }, { mode: field.mode, precision: field.precision ?? DEFAULT_PRECISION, unitSuffix: 'kg' }];
  }
}
