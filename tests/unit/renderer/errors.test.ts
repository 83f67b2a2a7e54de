import { describe, expect, it } from 'vitest';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode } from '@schemas/error-codes';
import { INPUT_PATTERN_REGEX } from '@schemas/field-constants';
import { PHONE_PATTERN } from '@schemas/validation';
import { codeFor, errorField, errorsToCodes, messageFor } from '@renderer/errors';
import { maskToPattern } from '@renderer/field-types/text';

// Real ajv errors, from the same options the renderer validates with (renderer/validate.ts).
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv, { keywords: true });

/** The errors ajv gives for `value` in field `f` of an object with the field's schema. */
function errorsOf(fieldSchema: object, value: unknown, required = false): ErrorObject[] {
  const validate = ajv.compile({
    type: 'object',
    properties: { f: fieldSchema },
    ...(required ? { required: ['f'] } : {}),
    additionalProperties: false,
  });
  validate(value === undefined ? {} : { f: value });
  return validate.errors ?? [];
}
const firstError = (fieldSchema: object, value: unknown, required = false): ErrorObject => {
  const [error] = errorsOf(fieldSchema, value, required);
  if (!error) throw new Error('the value was accepted');
  return error;
};
/** The message (i18n key and values) and the catalogue code a user and an API client get for a bad value. */
const said = (fieldSchema: object, value: unknown, fieldType?: string) => {
  const error = firstError(fieldSchema, value, value === undefined);
  return { message: messageFor(error, fieldType), code: codeFor(error) };
};

describe('what a user is told about a bad value: which message, naming which bound', () => {
  it('a missing value is required', () => {
    expect(said({ type: 'string' }, undefined)).toEqual({
      message: { key: 'form.required' },
      code: ErrorCode.emptyField,
    });
  });

  it('a too-short text says how many characters are needed; a minimum of 1 is simply required', () => {
    expect(said({ type: 'string', minLength: 3 }, 'ab')).toEqual({
      message: { key: 'form.minLength', values: { len: 3 } },
      code: ErrorCode.lengthLessThan,
    });
    expect(said({ type: 'string', minLength: 1 }, '')).toEqual({
      message: { key: 'form.required' },
      code: ErrorCode.emptyField,
    });
  });

  it('a too-long text says the most characters allowed', () => {
    expect(said({ type: 'string', maxLength: 5 }, 'abcdef')).toEqual({
      message: { key: 'form.maxLength', values: { len: 5 } },
      code: ErrorCode.lengthMoreThan,
    });
  });

  it('numbers below or above their bounds name the bound; exclusive bounds have their own codes', () => {
    expect(said({ type: 'number', minimum: 1 }, 0)).toEqual({
      message: { key: 'form.minimum', values: { limit: 1 } },
      code: ErrorCode.valueGreaterThanOrEqual,
    });
    expect(said({ type: 'number', exclusiveMinimum: 0 }, 0)).toEqual({
      message: { key: 'form.above', values: { limit: 0 } },
      code: ErrorCode.valueGreaterThan,
    });
    expect(said({ type: 'number', maximum: 100 }, 101)).toEqual({
      message: { key: 'form.maximum', values: { limit: 100 } },
      code: ErrorCode.valueLessThanOrEqual,
    });
    expect(said({ type: 'number', exclusiveMaximum: 10 }, 10)).toEqual({
      message: { key: 'form.maximum', values: { limit: 10 } },
      code: ErrorCode.valueLessThan,
    });
  });

  it('dates out of range name the limit as YYYY/MM/DD', () => {
    expect(said({ type: 'string', format: 'date', formatMinimum: '2024-01-31' }, '2024-01-30')).toEqual({
      message: { key: 'form.dateMin', values: { limit: '2024/01/31' } },
      code: ErrorCode.valueOutOfRange,
    });
    expect(said({ type: 'string', format: 'date', formatMaximum: '2024-12-01' }, '2025-01-01')).toEqual({
      message: { key: 'form.dateMax', values: { limit: '2024/12/01' } },
      code: ErrorCode.valueOutOfRange,
    });
  });

  it('a malformed e-mail, a malformed date and other formats each have their word', () => {
    expect(said({ type: 'string', format: 'email' }, 'nope')).toEqual({
      message: { key: 'form.email' },
      code: ErrorCode.invalidFormat,
    });
    expect(said({ type: 'string', format: 'date' }, '2024-02-30')).toEqual({
      message: { key: 'form.date' },
      code: ErrorCode.incorrectDate,
    });
    expect(said({ type: 'string', format: 'uri' }, 'no uri')).toEqual({
      message: { key: 'form.invalid' },
      code: ErrorCode.invalidFormat,
    });
  });

  it('a pattern is worded by what it is: a phone number, a named input pattern, a mask, else invalid', () => {
    expect(said({ type: 'string', pattern: PHONE_PATTERN }, 'call me')).toMatchObject({
      message: { key: 'form.phone' },
      code: ErrorCode.invalidFormat,
    });
    expect(said({ type: 'string', pattern: INPUT_PATTERN_REGEX.digitsDash }, '12_3').message).toEqual({
      key: 'form.pattern.digitsDash',
    });
    expect(said({ type: 'string', pattern: INPUT_PATTERN_REGEX.letters }, 'ab1').message).toEqual({
      key: 'form.pattern.letters',
    });
    expect(said({ type: 'string', pattern: maskToPattern('aa-9999') }, 'AB1234').message).toEqual({ key: 'form.mask' });
    expect(said({ type: 'string', pattern: '^x+$' }, 'y')).toEqual({
      message: { key: 'form.invalid' },
      code: ErrorCode.invalidFormat,
    });
    expect(said({ type: 'string', pattern: '^(x)' }, 'y').message).toEqual({ key: 'form.invalid' });
    expect(said({ type: 'string', pattern: 'x(y)?$' }, 'y').message).toEqual({ key: 'form.invalid' });
  });

  it('a value not among the choices', () => {
    expect(said({ type: 'string', enum: ['a', 'b'] }, 'c')).toEqual({
      message: { key: 'form.choice' },
      code: ErrorCode.invalidFormat,
    });
  });

  it('lists: too few entries name the least (one is simply required), too many the most', () => {
    expect(said({ type: 'array', minItems: 2 }, ['a'])).toEqual({
      message: { key: 'form.minItems', values: { limit: 2 } },
      code: ErrorCode.lengthLessThan,
    });
    expect(said({ type: 'array', minItems: 1 }, [])).toEqual({
      message: { key: 'form.required' },
      code: ErrorCode.emptyField,
    });
    expect(said({ type: 'array', maxItems: 2 }, ['a', 'b', 'c'])).toEqual({
      message: { key: 'form.maxItems', values: { limit: 2 } },
      code: ErrorCode.lengthMoreThan,
    });
  });

  it('a value of the wrong type: numbers ask for a number, anything else is invalid', () => {
    expect(said({ type: 'number' }, 'x')).toEqual({ message: { key: 'form.number' }, code: ErrorCode.invalidFormat });
    expect(said({ type: 'integer' }, 'x').message).toEqual({ key: 'form.number' });
    expect(said({ type: 'string' }, 1).message).toEqual({ key: 'form.invalid' });
  });

  it('an unknown key is 2200; anything unforeseen is invalid (1001)', () => {
    const unknown = errorsOf({ type: 'string' }, undefined);
    expect(unknown).toEqual([]);
    const validate = ajv.compile({ type: 'object', additionalProperties: false });
    validate({ extra: 1 });
    expect(codeFor(validate.errors![0]!)).toBe(ErrorCode.invalidKey);
    expect(messageFor(validate.errors![0]!)).toEqual({ key: 'form.invalid' });
    expect(said({ type: 'array', uniqueItems: true }, ['a', 'a'])).toEqual({
      message: { key: 'form.invalid' },
      code: ErrorCode.invalidFormat,
    });
  });
});

describe('field types word their own errors', () => {
  it("a missing signature says 'Please sign'", () => {
    expect(said({ type: 'string', minLength: 1 }, undefined, 'eSign').message).toEqual({ key: 'form.sign' });
    expect(said({ type: 'string', minLength: 1 }, '', 'eSign').message).toEqual({ key: 'form.sign' });
    // Other problems of a signature are worded as for any value.
    expect(said({ type: 'string', maxLength: 3 }, 'abcd', 'eSign').message).toEqual({
      key: 'form.maxLength',
      values: { len: 3 },
    });
  });

  it('files count files, not items', () => {
    expect(said({ type: 'array', minItems: 2 }, ['a'], 'files').message).toEqual({
      key: 'form.minFiles',
      values: { limit: 2 },
    });
    expect(said({ type: 'array', minItems: 1 }, [], 'files').message).toEqual({
      key: 'form.required',
      values: { limit: 1 },
    });
    expect(said({ type: 'array', maxItems: 5 }, [1, 2, 3, 4, 5, 6], 'files').message).toEqual({
      key: 'form.maxFiles',
      values: { limit: 5 },
    });
    expect(said({ type: 'array' }, 'x', 'files').message).toEqual({ key: 'form.invalid' });
  });

  it('a type without its own wording, or no known type, uses the common one', () => {
    expect(said({ type: 'string', minLength: 1 }, '', 'text').message).toEqual({ key: 'form.required' });
    expect(said({ type: 'string', minLength: 1 }, '', 'toString').message).toEqual({ key: 'form.required' });
  });
});

describe('errorField: which field an error is about', () => {
  it('the first segment of the path, unescaped (RFC 6901)', () => {
    expect(errorField({ instancePath: '/lot', keyword: 'maxLength', params: {} })).toBe('lot');
    expect(errorField({ instancePath: '/origin/address1', keyword: 'required', params: {} })).toBe('origin');
    expect(errorField({ instancePath: '/a~1b~0c/0', keyword: 'type', params: {} })).toBe('a/b~c');
    expect(errorField({ instancePath: '/a~01', keyword: 'type', params: {} })).toBe('a~1');
    expect(errorField({ instancePath: '/caf%C3%A9', keyword: 'type', params: {} })).toBe('café');
  });

  it('at the top: the missing or unknown property, else the form as a whole ($common)', () => {
    expect(errorField({ instancePath: '', keyword: 'required', params: { missingProperty: 'sign' } })).toBe('sign');
    expect(
      errorField({ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'extra' } }),
    ).toBe('extra');
    expect(errorField({ instancePath: '', keyword: 'type', params: { type: 'object' } })).toBe('$common');
  });
});

describe('errorsToCodes: the catalogue errors map the server answers', () => {
  const form = {
    type: 'object',
    properties: { lot: { type: 'string', maxLength: 3, pattern: '^[A-Z]*$' }, cases: { type: 'number', minimum: 1 } },
    required: ['sign'],
    additionalProperties: false,
  };

  it('every code of a field once, fields by name, unknown keys as 2200', () => {
    const validate = ajv.compile(form);
    validate({ lot: 'abcd', cases: 0, extra: true });
    expect(errorsToCodes(validate.errors!)).toEqual({
      lot: [ErrorCode.lengthMoreThan, ErrorCode.invalidFormat],
      cases: [ErrorCode.valueGreaterThanOrEqual],
      sign: [ErrorCode.emptyField],
      extra: [ErrorCode.invalidKey],
    });
  });

  it('a code found twice for a field is listed once', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { f: { type: 'string', pattern: '^a', allOf: [{ pattern: 'b$' }] } },
    });
    validate({ f: 'x' });
    expect(validate.errors).toHaveLength(2);
    expect(errorsToCodes(validate.errors!)).toEqual({ f: [ErrorCode.invalidFormat] });
  });

  it('an empty field is only that, whatever else is wrong with it', () => {
    const errors = [
      { instancePath: '/f', keyword: 'pattern', params: { pattern: '^x$' }, schemaPath: '' },
      { instancePath: '/f', keyword: 'minLength', params: { limit: 1 }, schemaPath: '' },
    ] as ErrorObject[];
    expect(errorsToCodes(errors)).toEqual({ f: [ErrorCode.emptyField] });
  });

  it("ajv's summary errors ('if', 'allOf') add nothing; a prefix names where the form sits", () => {
    const errors = [
      { instancePath: '', keyword: 'if', params: { failingKeyword: 'then' }, schemaPath: '' },
      { instancePath: '', keyword: 'allOf', params: {}, schemaPath: '' },
      { instancePath: '/depth', keyword: 'maximum', params: { limit: 9 }, schemaPath: '' },
    ] as ErrorObject[];
    expect(errorsToCodes(errors, 'dimension.')).toEqual({ 'dimension.depth': [ErrorCode.valueLessThanOrEqual] });
  });

  it('a field named like an Object.prototype member is an ordinary field', () => {
    const errors = [
      { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'toString' }, schemaPath: '' },
    ] as ErrorObject[];
    expect(errorsToCodes(errors)).toEqual({ toString: [ErrorCode.invalidKey] });
  });
});
