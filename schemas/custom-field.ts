import { Type, type Static, type TSchema } from 'typebox';
import { LocalizedText } from './common';
import { ErrorCode } from './error-codes';
import {
  FIELD_VISIBILITIES,
  FILE_KINDS,
  GHG_CALCULATION_TYPES,
  INPUT_PATTERNS,
  MASK_PATTERN,
  READER_KINDS,
  SITE_PATH_PATTERN,
} from './field-constants';
import { NAME_PATTERN } from './own-keys';

/**
 * The custom field definition of a project configuration: what admins write in
 * activationFields and trackPointForms[].customFields. One shape per field type, chosen by
 * `type`; the renderer turns each into JSON Schema + UI schema (renderer/field-types/<type>.ts).
 * The titles, descriptions, defaults and examples are written for admins: the configuration
 * reference docs/admins/configuration.md (`npm run docs:config`) is made from them, with an
 * example of every type (schemas/config-examples.ts). They are annotations only: the
 * configuration's validator does not apply `default`.
 */

const strict = { additionalProperties: false } as const;
const count = (description: string, example: number) =>
  Type.Integer({ minimum: 0, maximum: 100000, description, examples: [example] });
const precision = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 10, description, default: 1, examples: [0] });
const unitPrefix = Type.String({
  maxLength: 16,
  description: 'A unit shown before the value (up to 16 characters).',
  examples: ['¥'],
});
const unitSuffix = Type.String({
  maxLength: 16,
  description: 'A unit shown after the value, after a space (up to 16 characters).',
  examples: ['cases'],
});
const min = (description: string, example: number) => Type.Number({ description, examples: [example] });

/** A rule of form logic: an expression over the form's fields (docs/admins/form-logic.md). */
const rule = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 500, description, examples: [example] });

/** Properties every field has. */
const base = {
  key: Type.String({
    pattern: NAME_PATTERN,
    description:
      'Identifier of the field: its value is sent and stored under it, and formulas, product defaults, GS1 mappings and `{{field.<key>}}` placeholders name the field by it. Unique in its form, and not one of the built-in names trackingNumber, externalId, dimension, width, height, weight, depth.',
    examples: ['lotNumber'],
  }),
  label: Type.Object(LocalizedText.properties, {
    ...strict,
    description: "The field's label in the four languages.",
    examples: [{ en: 'Lot number', ja: 'ロット番号', 'zh-TW': '批號', 'zh-CN': '批号' }],
  }),
  required: Type.Optional(
    Type.Boolean({
      description:
        'The form cannot be sent without a value (for a list of files or choices: at least one). A calculation is never typed, so it is never asked for.',
      default: false,
      examples: [true],
    }),
  ),
  visibility: Type.Optional(
    Type.Enum(FIELD_VISIBILITIES, {
      description:
        'Who sees the field. `visible`: everyone, visitors who scan a label too. `visibleWhenLoggedIn`: logged-in users; visitors see its place masked. `hidden`: nobody; the field is not drawn and a value sent for it is refused. `unknown`: as `visibleWhenLoggedIn`. Only values a visitor may see go into notifications.',
      default: 'visible',
      examples: ['visibleWhenLoggedIn'],
    }),
  ),
  order: Type.Optional(
    Type.Integer({
      description:
        "The field's position in its form: fields with an order come first, smallest first; the others follow in their list order.",
      examples: [1],
    }),
  ),
  helpText: Type.Optional(
    Type.Object(LocalizedText.properties, {
      ...strict,
      description: 'A hint shown with the field, in the four languages. No hint when absent.',
      examples: [
        { en: 'As printed on the case', ja: 'ケースの印字どおり', 'zh-TW': '依箱上印字', 'zh-CN': '按箱上印字' },
      ],
    }),
  ),
  relevant: Type.Optional(
    rule(
      'Shows the field only while this rule holds; while it does not, the field is not drawn, its value is not kept, and a value sent for it is refused. With `required`, the field is required while it is shown. Always shown when absent. The rule language: docs/admins/form-logic.md.',
      "receivedTemperature < 2 or receivedTemperature > 8 or coldChainIntact == 'no'",
    ),
  ),
  requiredIf: Type.Optional(
    rule(
      'The field is required while this rule holds (and it is shown), as `required` makes it always.',
      "selected(coldChainIntact, 'no')",
    ),
  ),
  readOnlyIf: Type.Optional(
    rule('The field cannot be changed on the phone while this rule holds.', "status == 'closed'"),
  ),
  constraint: Type.Optional(
    rule(
      "A value is accepted only while this rule holds; `.` is the field's own value. Checked only when the field has a value; needs `constraintMessage`.",
      "(. >= 2 and . <= 8) or coldChainIntact != 'yes'",
    ),
  ),
  constraintMessage: Type.Optional(
    Type.Object(LocalizedText.properties, {
      ...strict,
      description: 'What the user is told at the field when its value fails the `constraint`, in the four languages.',
      examples: [
        {
          en: 'Outside 2-8 °C: the cold chain was not intact',
          ja: '2～8 °Cの範囲外です：コールドチェーンは維持されていません',
          'zh-TW': '超出2-8 °C：冷鏈未保持完整',
          'zh-CN': '超出2-8 °C：冷链未保持完整',
        },
      ],
    }),
  ),
};

function field<T extends string, P extends Record<string, TSchema>>(
  type: T,
  about: { title: string; description: string },
  options: P,
) {
  return Type.Object(
    { type: Type.Literal(type, { description: `The field type: \`${type}\`.` }), ...base, ...options },
    { ...strict, ...about },
  );
}

const NO_OPTIONS = 'It has no options of its own.';

export const TextField = field(
  'text',
  {
    title: 'Text',
    description:
      'Text typed by the user, or read with a barcode scan or OCR: optionally limited in length, to a set of characters, or to a mask. Stored as a string.',
  },
  {
    minLength: Type.Optional(count('At least this many characters.', 2)),
    maxLength: Type.Optional(
      count("At most this many characters; also sets the height of a multi-line field and the counter's limit.", 20),
    ),
    inputPattern: Type.Optional(
      Type.Enum(INPUT_PATTERNS, {
        description:
          'Which characters may be typed: `digits` (0-9), `digitsDash` (digits and -), `digitsUnderscore` (digits and _), `letters` (A-Z, a-z), `lettersDash`, `lettersUnderscore`, `lettersDigits`, `lettersDigitsDash`, `lettersDigitsUnderscore`. A value with other characters is refused. Any character when absent.',
        examples: ['lettersDigitsDash'],
      }),
    ),
    // At least one slot (9, a or *): a mask of literals only would accept one fixed text, or none
    // at all when that text is blank (a field nobody could fill).
    mask: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: MASK_PATTERN,
        description:
          'An input mask: `9` a digit, `a` a letter, `*` a letter or digit, any other character itself (at least one `9`, `a` or `*`). A value must fill the whole mask.',
        examples: ['999-9999'],
      }),
    ),
    multiLine: Type.Optional(
      Type.Boolean({
        description:
          'A text area instead of one line: maxLength / 20 rows rounded up, at least 2 (2 without maxLength).',
        default: false,
        examples: [true],
      }),
    ),
    counter: Type.Optional(
      Type.Boolean({
        description: 'Shows how many characters are typed out of maxLength; needs maxLength.',
        default: false,
        examples: [true],
      }),
    ),
    readers: Type.Optional(
      Type.Array(Type.Enum(READER_KINDS), {
        uniqueItems: true,
        description:
          'Reader buttons beside the text: `barcode` opens the scanner, `ocr` reads printed text with the camera. What they read replaces the value, through the mask and input pattern. No buttons when absent.',
        examples: [['barcode']],
      }),
    ),
  },
);

export const NumberField = field(
  'number',
  {
    title: 'Number',
    description:
      'A number typed or set with plus and minus buttons, kept between min and max and brought to its precision. Stored as a number.',
  },
  {
    min: Type.Optional(min('The smallest value allowed.', 1)),
    max: Type.Optional(min('The largest value allowed.', 200)),
    precision: Type.Optional(precision('Decimals kept (0 to 10): the value is brought to them as decimalMode says.')),
    decimalMode: Type.Optional(
      Type.Enum(['round', 'floor', 'ceil'] as const, {
        description:
          'How a value with more decimals than the precision is brought to it: `round`, `floor` (down) or `ceil` (up).',
        default: 'round',
        examples: ['floor'],
      }),
    ),
    step: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'How much the plus and minus buttons add or take away.',
        default: 1,
        examples: [0.5],
      }),
    ),
    unitPrefix: Type.Optional(unitPrefix),
    unitSuffix: Type.Optional(unitSuffix),
  },
);

export const AdjustmentField = field(
  'adjustment',
  {
    title: 'Adjustment',
    description: `A change of a quantity: an increase or a decrease by a value, stored as \`{ "type": "increase", "value": 40 }\`. At activation it sets the barcode's initial quantity (always an increase); on a trackpoint form it changes the quantity named by \`quantityOf\`, and a decrease that would take it below 0 is refused (error ${ErrorCode.quantityBelowZero}).`,
  },
  {
    sign: Type.Optional(
      Type.Enum(['increase', 'decrease'] as const, {
        description: 'The change preselected on a trackpoint form (the user may switch it): `increase` or `decrease`.',
        default: 'increase',
        examples: ['decrease'],
      }),
    ),
    quantityOf: Type.Optional(
      Type.String({
        pattern: NAME_PATTERN,
        description:
          "On a trackpoint form: the key of the activation adjustment field whose quantity this field changes. The field's own key when absent (a key no activation field has is a quantity of its own, starting at 0).",
        examples: ['initialStock'],
      }),
    ),
    precision: Type.Optional(precision('Decimals kept (0 to 10).')),
    min: Type.Optional(
      min('The smallest value; the value itself is never below 0, its type says which way it goes.', 0),
    ),
    max: Type.Optional(min('The largest value.', 1000)),
    unitPrefix: Type.Optional(unitPrefix),
    unitSuffix: Type.Optional(unitSuffix),
  },
);

export const PhoneNumberField = field(
  'phoneNumber',
  {
    title: 'Phone number',
    description: `A phone number: digits, spaces and dashes, optionally after a +. It suggests the barcode type's predefined contacts. ${NO_OPTIONS}`,
  },
  {},
);
export const EmailField = field(
  'email',
  {
    title: 'E-mail',
    description: `An e-mail address (up to 254 characters). It suggests the addresses of the barcode type's route notifications and predefined contacts. ${NO_OPTIONS}`,
  },
  {},
);
export const DateField = field(
  'date',
  {
    title: 'Date',
    description: 'A date picked from a calendar: stored as YYYY-MM-DD, shown as YYYY/MM/DD.',
  },
  {
    minDate: Type.Optional(
      Type.String({
        format: 'date',
        description: 'The earliest date allowed, as YYYY-MM-DD.',
        examples: ['2024-01-01'],
      }),
    ),
    maxDate: Type.Optional(
      Type.String({ format: 'date', description: 'The latest date allowed, as YYYY-MM-DD.', examples: ['2030-12-31'] }),
    ),
  },
);

export const ReferenceField = field(
  'reference',
  {
    title: 'Reference',
    description:
      "A value looked up in the barcode's reference data (imported from another system such as an ERP, plus the built-in keys barcodeId, externalId, trackingNumber, barcodeType and currentTrackPoint): shown, never typed. Stored as a string.",
  },
  {
    referenceKey: Type.String({
      minLength: 1,
      maxLength: 64,
      description: "The key of the value in the barcode's reference data.",
      examples: ['purchaseOrder'],
    }),
  },
);

const SelectOption = Type.Object(
  {
    value: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'What is stored when the option is chosen; unique in the field.',
      examples: ['2-8'],
    }),
    label: Type.Object(LocalizedText.properties, {
      ...strict,
      description: 'The option as users read it, in the four languages.',
    }),
  },
  strict,
);
const selectOptions = Type.Array(SelectOption, {
  minItems: 1,
  description: 'The choices, at least one: each a value and its label.',
});

export const SingleSelectField = field(
  'singleSelect',
  { title: 'Single select', description: 'One choice among the options, stored as its value.' },
  { options: selectOptions },
);
export const MultiSelectField = field(
  'multiSelect',
  {
    title: 'Multiple select',
    description: 'Several choices among the options, each once, stored as the list of their values.',
  },
  {
    options: selectOptions,
    minItems: Type.Optional(count('At least this many choices.', 1)),
    maxItems: Type.Optional(count('At most this many choices; not more than there are options.', 2)),
  },
);

export const CalculationField = field(
  'calculation',
  {
    title: 'Calculation',
    description:
      'A number computed from other fields of the same form by a formula and rounded to its precision: shown with a review of its inputs, never typed, and computed again by the server whatever the phone sends. Empty while an input is empty.',
  },
  {
    formula: Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        "The formula, over the keys of other fields of the same form whose values are numbers: numbers, + - * / ^ %, parentheses and the functions round, floor, ceil, abs, min, max and sqrt. It may not use the field's own key.",
      examples: ['caseCount * unitsPerCase'],
    }),
    precision: Type.Optional(precision('Decimals the result is rounded to (0 to 10).')),
    unitPrefix: Type.Optional(unitPrefix),
    unitSuffix: Type.Optional(unitSuffix),
  },
);

export const LocationField = field(
  'location',
  {
    title: 'Location',
    description: `The phone's position when the user records it: latitude, longitude and the reading's accuracy in metres, with a link to the place on a map. ${NO_OPTIONS}`,
  },
  {},
);
export const ESignField = field(
  'eSign',
  {
    title: 'Signature',
    description: `A signature drawn on a pad and uploaded as an image: the value is its address. A required signature that is missing says 'Please sign'. ${NO_OPTIONS}`,
  },
  {},
);

export const FilesField = field(
  'files',
  {
    title: 'Files',
    description:
      'Pictures or files, uploaded one by one as they are added: the value is the list of their names and addresses (files never travel inside the form).',
  },
  {
    fileKind: Type.Enum(FILE_KINDS, {
      description:
        'What is added. `image`: pictures taken with the camera or chosen on the phone. `barcodeScanFrame`: the camera frame the barcode was scanned from, added by itself (the single item `{ "name": "none", "url": "none" }` when the code was not scanned). `photoOnly`: photos taken in the app\'s camera dialog, with an optional framing overlay. `other`: any file of the allowed kinds (pictures, pdf, csv, txt, xlsx, docx).',
      examples: ['image'],
    }),
    maxCount: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 20, description: 'At most this many files.', default: 5, examples: [3] }),
    ),
    maxImageSide: Type.Optional(
      Type.Integer({
        minimum: 64,
        maximum: 8192,
        description:
          'Pictures are scaled down to this many pixels on their longer side and saved as JPEG (every kind but `other`).',
        default: 1600,
        examples: [1024],
      }),
    ),
    overlayImageUrl: Type.Optional(
      Type.String({
        pattern: SITE_PATH_PATTERN,
        maxLength: 500,
        description:
          "photoOnly: an image drawn over the live camera to help framing, as a path on this site (another site's address is refused). No overlay when absent.",
        examples: ['/overlays/pallet-load.svg'],
      }),
    ),
  },
);

export const GhgEmissionField = field(
  'ghgEmission',
  {
    title: 'GHG emission',
    description:
      "The inputs of one transport leg's greenhouse gas emission (CO2, CH4, N2O) by one of four calculation methods; the server computes the emission in kg-CO2e and stores it with the inputs, and the GHG report adds them up. The project's `ghg.factors` may replace factors of the calculation's table.",
  },
  {
    calculationType: Type.Enum(GHG_CALCULATION_TYPES, {
      description:
        "The calculation method, which decides the inputs asked besides the transport type. `fuel`: the fuel used. `fuelEfficiency`: the distance, and the vehicle's fuel efficiency or, for a truck class, its use (business or private). `modifiedTonkilo` (trucks): the vehicle's use, the weight, the distance, the maximum load and the load rate. `tonkilo`: the weight and the distance (with the transport mode's intensity).",
      examples: ['modifiedTonkilo'],
    }),
  },
);

export const WeightMeasurementField = field(
  'weightMeasurement',
  {
    title: 'Weight measurement',
    description: 'A weight in kg (0 to 100000), typed or read from a scale, brought to its precision.',
  },
  {
    mode: Type.Enum(['manual', 'auto'] as const, {
      description:
        "`manual`: typed. `auto`: when tracking, a button reads the latest weight the trackpoint's scale sent in the last 10 minutes; typing stays possible.",
      examples: ['auto'],
    }),
    precision: Type.Optional(precision('Decimals kept (0 to 10).')),
  },
);

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
  title: 'Field',
  description: 'A field of a form: its `type` decides its other options.',
});
