import type { ErrorObject } from 'ajv';
import { ErrorCode } from '@schemas/error-codes';
import type { CustomFieldType } from '@schemas/custom-field';
import { INPUT_PATTERN_REGEX, type InputPattern } from '@schemas/field-constants';
import { NAME_TEXT_PATTERN, PHONE_PATTERN } from '@schemas/validation';
import { FIELD_TYPES } from './field-types';
import type { FieldMessage, FieldTypeDefinition, ValidationErrorLike } from './field-types/field-type';
import { isMaskPattern } from './field-types/text';
import { isPostalCodePattern, postalCodePattern } from './postal-codes';

export type { FieldMessage } from './field-types/field-type';

const patternNames = new Map<string, InputPattern>(
  Object.entries(INPUT_PATTERN_REGEX).map(([name, regex]) => [regex, name as InputPattern]),
);

/** The field an ajv error is about: the first segment of its path, or the missing property. */
export function errorField(error: Pick<ErrorObject, 'instancePath' | 'keyword' | 'params'>): string {
  const first = error.instancePath.split('/').filter(Boolean)[0];
  if (first) return decodeURIComponent(first.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  return String(params.missingProperty ?? params.additionalProperty ?? '$common');
}

/**
 * Maps an ajv error on form data to the app's translated validation messages ('Cannot enter
 * more than {len} characters', 'At least {len} characters required', ...), as the field's type
 * words them (a signature: 'Please sign'). Never raw ajv English.
 */
export function messageFor(error: ValidationErrorLike, fieldType?: string): FieldMessage {
  const own: Pick<FieldTypeDefinition<CustomFieldType, object>, 'message'> | undefined =
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent today; the own-key guard keeps a type named like an Object.prototype member ('toString') from being looked up, and no such member has a `message`
    fieldType && Object.hasOwn(FIELD_TYPES, fieldType) ? FIELD_TYPES[fieldType as CustomFieldType] : undefined;
  return own?.message?.(error) ?? commonMessage(error);
}

function commonMessage(error: ValidationErrorLike): FieldMessage {
  const params = error.params as Record<string, unknown>;
  const limit = params.limit as number | string;
  switch (error.keyword) {
    case 'required':
      return { key: 'form.required' };
    case 'minLength':
      return limit === 1 ? { key: 'form.required' } : { key: 'form.minLength', values: { len: limit } };
    case 'maxLength':
      return { key: 'form.maxLength', values: { len: limit } };
    case 'minimum':
      return { key: 'form.minimum', values: { limit } };
    case 'exclusiveMinimum':
      return { key: 'form.above', values: { limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { key: 'form.maximum', values: { limit } };
    case 'formatMinimum':
      return { key: 'form.dateMin', values: { limit: String(limit).replace(/-/g, '/') } };
    case 'formatMaximum':
      return { key: 'form.dateMax', values: { limit: String(limit).replace(/-/g, '/') } };
    case 'format':
      return {
        key: params.format === 'email' ? 'form.email' : params.format === 'date' ? 'form.date' : 'form.invalid',
      };
    case 'pattern': {
      const pattern = String(params.pattern);
      if (pattern === PHONE_PATTERN) return { key: 'form.phone' };
      const named = patternNames.get(pattern);
      if (named) return { key: `form.pattern.${named}` };
      // The address form's postal code: its country's format (a mask could share the pattern).
      if (error.instancePath.endsWith('/postalCode') && isPostalCodePattern(pattern))
        return { key: pattern === postalCodePattern('JPN') ? 'form.postalCodeJapan' : 'form.postalCode' };
      if (isMaskPattern(pattern)) return { key: 'form.mask' };
      return { key: 'form.invalid' };
    }
    case 'enum':
      return { key: 'form.choice' };
    case 'minItems':
      return limit === 1 ? { key: 'form.required' } : { key: 'form.minItems', values: { limit } };
    case 'maxItems':
      return { key: 'form.maxItems', values: { limit } };
    case 'type':
      return { key: params.type === 'number' || params.type === 'integer' ? 'form.number' : 'form.invalid' };
    default:
      return { key: 'form.invalid' };
  }
}

/** The ErrorCode for an ajv error: what the server sends. */
export function codeFor(error: Pick<ErrorObject, 'keyword' | 'params'>): number {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return ErrorCode.emptyField;
    case 'additionalProperties':
      return ErrorCode.invalidKey;
    case 'minLength':
      return params.limit === 1 ? ErrorCode.emptyField : ErrorCode.lengthLessThan;
    case 'maxLength':
    case 'maxItems':
      return ErrorCode.lengthMoreThan;
    case 'minItems':
      return params.limit === 1 ? ErrorCode.emptyField : ErrorCode.lengthLessThan;
    case 'minimum':
      return ErrorCode.valueGreaterThanOrEqual;
    case 'maximum':
      return ErrorCode.valueLessThanOrEqual;
    case 'exclusiveMinimum':
      return ErrorCode.valueGreaterThan;
    case 'exclusiveMaximum':
      return ErrorCode.valueLessThan;
    case 'formatMinimum':
    case 'formatMaximum':
      return ErrorCode.valueOutOfRange;
    case 'format':
      return params.format === 'date' ? ErrorCode.incorrectDate : ErrorCode.invalidFormat;
    case 'pattern':
      // A name's pattern (schemas/common.ts NameText) says what is wrong: a character to remove.
      return params.pattern === NAME_TEXT_PATTERN ? ErrorCode.controlCharacters : ErrorCode.invalidFormat;
    default:
      return ErrorCode.invalidFormat;
  }
}

/** Groups ajv errors into the catalogue's `errors` map, each code once per field; an empty field is only that. */
export function errorsToCodes(errors: readonly ErrorObject[], prefix = ''): Record<string, number[]> {
  // Field names can come from the data (an unknown key named `toString`): a Map, not an object.
  const out = new Map<string, number[]>();
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'allOf') continue;
    const field = prefix + errorField(error);
    const list = out.get(field) ?? [];
    const code = codeFor(error);
    if (!list.includes(code)) list.push(code);
    out.set(field, list);
  }
  return Object.fromEntries(
    [...out].map(([field, codes]) => [field, codes.includes(ErrorCode.emptyField) ? [ErrorCode.emptyField] : codes]),
  );
}
