import { Type, type Static, type TSchema } from 'typebox';
import { LocalizedText } from './common';
import {
  IDENTIFIER_PATTERN,
  FIELD_VISIBILITIES,
  FILE_KINDS,
  GHG_CALCULATION_TYPES,
  INPUT_PATTERNS,
  MASK_PATTERN,
  READER_KINDS,
  SITE_PATH_PATTERN,
} from './field-constants';

/**
 * The custom field definition of a project configuration (spec section 3): what admins write
 * in activationFields and trackPointForms[].customFields. One shape per field type, chosen by
 * `type`; the renderer turns each into JSON Schema + UI schema (docs/configuration.md has an
 * example of every type).
 */

const key = Type.String({
  pattern: IDENTIFIER_PATTERN,
  description: 'Identifier: a letter, then letters, digits or _ (at most 64).',
});
const count = (description: string) => Type.Integer({ minimum: 0, maximum: 100000, description });
const precision = Type.Integer({ minimum: 0, maximum: 10, description: 'Decimals kept (default 1).' });
const unit = Type.String({ maxLength: 16 });

/** Properties every field has. */
const base = {
  key,
  label: LocalizedText,
  required: Type.Optional(Type.Boolean({ description: 'The field must be filled (default false).' })),
  visibility: Type.Optional(Type.Enum(FIELD_VISIBILITIES, { description: "Who sees the field (default 'visible')." })),
  order: Type.Optional(
    Type.Integer({
      description: 'Position in the form; fields without order keep their list position after ordered ones.',
    }),
  ),
  helpText: Type.Optional(LocalizedText),
};

function field<T extends string, P extends Record<string, TSchema>>(type: T, options: P) {
  return Type.Object({ type: Type.Literal(type), ...base, ...options }, { additionalProperties: false });
}

export const TextField = field('text', {
  minLength: Type.Optional(count('At least this many characters.')),
  maxLength: Type.Optional(count('At most this many characters.')),
  inputPattern: Type.Optional(
    Type.Enum(INPUT_PATTERNS, { description: 'Which characters may be typed (spec section 5).' }),
  ),
  // At least one slot (9, a or *): a mask of literals only would accept one fixed text, or none
  // at all when that text is blank (a field nobody could fill).
  mask: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: MASK_PATTERN,
      description:
        "Input mask: 9 a digit, a a letter, * a letter or digit, anything else literal (e.g. '999-9999'); at least one 9, a or *.",
    }),
  ),
  multiLine: Type.Optional(Type.Boolean({ description: 'A text area with ceil(maxLength / 20) rows.' })),
  counter: Type.Optional(Type.Boolean({ description: 'Show a character counter (needs maxLength).' })),
  readers: Type.Optional(
    Type.Array(Type.Enum(READER_KINDS), { uniqueItems: true, description: 'Reader buttons beside the text.' }),
  ),
});

export const NumberField = field('number', {
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  precision: Type.Optional(precision),
  decimalMode: Type.Optional(
    Type.Enum(['round', 'floor', 'ceil'] as const, {
      description: "How a value is brought to the precision (default 'round').",
    }),
  ),
  step: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Plus/minus step (default 1).' })),
  unitPrefix: Type.Optional(unit),
  unitSuffix: Type.Optional(unit),
});

export const AdjustmentField = field('adjustment', {
  sign: Type.Optional(Type.Enum(['increase', 'decrease'] as const, { description: 'Preselected adjustment type.' })),
  quantityOf: Type.Optional(
    Type.String({
      pattern: IDENTIFIER_PATTERN,
      description:
        "On a trackpoint form: the key of the quantity this field changes (an activation adjustment field's key); the field's own key when absent.",
    }),
  ),
  precision: Type.Optional(precision),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  unitPrefix: Type.Optional(unit),
  unitSuffix: Type.Optional(unit),
});

export const PhoneNumberField = field('phoneNumber', {});
export const EmailField = field('email', {});
export const DateField = field('date', {
  minDate: Type.Optional(Type.String({ format: 'date' })),
  maxDate: Type.Optional(Type.String({ format: 'date' })),
});

export const ReferenceField = field('reference', {
  referenceKey: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The key of the value in GET /barcode/reference-data.',
  }),
});

const SelectOption = Type.Object(
  { value: Type.String({ minLength: 1, maxLength: 64 }), label: LocalizedText },
  { additionalProperties: false },
);

export const SingleSelectField = field('singleSelect', { options: Type.Array(SelectOption, { minItems: 1 }) });
export const MultiSelectField = field('multiSelect', {
  options: Type.Array(SelectOption, { minItems: 1 }),
  minItems: Type.Optional(count('At least this many choices.')),
  maxItems: Type.Optional(count('At most this many choices.')),
});

export const CalculationField = field('calculation', {
  formula: Type.String({
    minLength: 1,
    maxLength: 500,
    description: "A maths expression over other fields' keys, e.g. 'caseCount * unitsPerCase'.",
  }),
  precision: Type.Optional(precision),
  unitPrefix: Type.Optional(unit),
  unitSuffix: Type.Optional(unit),
});

export const LocationField = field('location', {});
export const ESignField = field('eSign', {});

export const FilesField = field('files', {
  fileKind: Type.Enum(FILE_KINDS, { description: 'image, barcodeScanFrame, photoOnly or other.' }),
  maxCount: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 20, description: 'At most this many files (default 5).' }),
  ),
  maxImageSide: Type.Optional(
    Type.Integer({
      minimum: 64,
      maximum: 8192,
      description: 'Images are scaled down to this many pixels on their longer side (default 1600).',
    }),
  ),
  overlayImageUrl: Type.Optional(
    Type.String({
      pattern: SITE_PATH_PATTERN,
      maxLength: 500,
      description:
        'photoOnly: an image drawn over the live camera to help framing, as a path on this site (e.g. /overlays/pallet-load.svg).',
    }),
  ),
});

export const GhgEmissionField = field('ghgEmission', {
  calculationType: Type.Enum(GHG_CALCULATION_TYPES, {
    description: 'fuel, fuelEfficiency, modifiedTonkilo or tonkilo.',
  }),
});

export const WeightMeasurementField = field('weightMeasurement', {
  mode: Type.Enum(['manual', 'auto'] as const, {
    description: 'auto: fetched from the scale when tracking; manual entry stays possible.',
  }),
  precision: Type.Optional(precision),
});

const FIELD_SCHEMAS = [
  TextField,
  NumberField,
  AdjustmentField,
  PhoneNumberField,
  DateField,
  EmailField,
  ReferenceField,
  SingleSelectField,
  MultiSelectField,
  CalculationField,
  LocationField,
  ESignField,
  FilesField,
  GhgEmissionField,
  WeightMeasurementField,
] as const;

export type CustomField = Static<(typeof FIELD_SCHEMAS)[number]>;
export type CustomFieldType = CustomField['type'];
export type FieldOf<T extends CustomFieldType> = Extract<CustomField, { type: T }>;

/**
 * oneOf with a discriminator: ajv checks only the branch named by `type`, so an error says
 * what is wrong with *that* field type instead of listing every type's complaints.
 */
export const CustomFieldSchema = Type.Unsafe<CustomField>({
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: FIELD_SCHEMAS.map((s) => JSON.parse(JSON.stringify(s)) as object),
});
