import { Type, type Static, type TSchema } from 'typebox';
import { NAME_TEXT_PATTERN } from './validation';

export { LANGUAGES } from './languages';

/** A label in every interface language. */
export const LocalizedText = Type.Object(
  {
    en: Type.String({ minLength: 1, description: 'The text in English.' }),
    ja: Type.String({ minLength: 1, description: 'The text in Japanese.' }),
    'zh-TW': Type.String({ minLength: 1, description: 'The text in Traditional Chinese.' }),
    'zh-CN': Type.String({ minLength: 1, description: 'The text in Simplified Chinese.' }),
  },
  { additionalProperties: false, description: 'A label in English, Japanese, Traditional and Simplified Chinese.' },
);
export type LocalizedText = Static<typeof LocalizedText>;

/** The one shape of every refusal: catalogue codes under `$common` or the field they concern (docs/engineers/api.md). */
export const ErrorResponse = Type.Object({
  errors: Type.Record(Type.String(), Type.Array(Type.Integer())),
  messages: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description:
        "Beside a form field's code: the project's own message for a value that fails the field's constraint (form logic), in the request's language (Accept-Language), by the same names as `errors`.",
    }),
  ),
  reasons: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description:
        "Beside a barcode's code: what the code alone would not say (VerdictReason, e.g. 'recycled' beside ErrorCode.barcodeNotActivated), as the dry run's verdict says it, by the same names as `errors`.",
    }),
  ),
  maxRows: Type.Optional(
    Type.Integer({
      description:
        'Beside ErrorCode.lengthMoreThan of the FSMA 204 workbook: the most rows it holds (the CSV of the same trace has no limit).',
    }),
  ),
  hold: Type.Optional(
    Type.Object(
      { reference: Type.String() },
      {
        description:
          'Beside ErrorCode.heldForRecall: the recall the package (or one it carries) is on hold for, by its reference.',
      },
    ),
  ),
});

export const Id = Type.String({ minLength: 1, maxLength: 64 });

/**
 * A name a person types (first or last name, organization, admin, project), the one schema of
 * every name field: 1 to `maxLength` characters, not only white space (ErrorCode.invalidFormat),
 * and none of the line-breaking or invisible characters NAME_TEXT_PATTERN refuses
 * (ErrorCode.controlCharacters).
 */
export const NameText = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: NAME_TEXT_PATTERN, not: { pattern: '^\\s*$' } });

/** Wraps a payload in the `{ data }` envelope every success response uses. */
export function envelope<T extends TSchema>(data: T) {
  return Type.Object({ data });
}

export const OkResponse = envelope(Type.Boolean());
