import type { FastifyInstance } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode } from '../../schemas/error-codes';

function makeAjv(coerceTypes: boolean): Ajv {
  // removeAdditional is off: an unknown property is an error (2200), never silently dropped.
  const ajv = new Ajv({ allErrors: true, coerceTypes, removeAdditional: false, useDefaults: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/**
 * Bodies are validated strictly (a number where a string belongs is an error); query strings and
 * path parameters are text on the wire, so they are coerced to the declared types.
 */
export function installValidation(app: FastifyInstance): void {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}

/** Maps one ajv error to the field it concerns and the catalogue code (spec section 8). */
export function ajvErrorToCode(error: ErrorObject): { field: string; code: number } {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: path ? `${path}.${String(params.missingProperty)}` : String(params.missingProperty), code: ErrorCode.emptyField };
    case 'additionalProperties':
      return { field: path ? `${path}.${String(params.additionalProperty)}` : String(params.additionalProperty), code: ErrorCode.invalidKey };
    case 'minLength':
      return { field: path || '$common', code: params.limit === 1 ? ErrorCode.emptyField : ErrorCode.lengthLessThan };
    case 'maxLength':
    case 'maxItems':
      return { field: path || '$common', code: ErrorCode.lengthMoreThan };
    case 'minItems':
      return { field: path || '$common', code: ErrorCode.lengthLessThan };
    case 'minimum':
      return { field: path || '$common', code: ErrorCode.valueGreaterThanOrEqual };
    case 'maximum':
      return { field: path || '$common', code: ErrorCode.valueLessThanOrEqual };
    case 'exclusiveMinimum':
      return { field: path || '$common', code: ErrorCode.valueGreaterThan };
    case 'exclusiveMaximum':
      return { field: path || '$common', code: ErrorCode.valueLessThan };
    default:
      return { field: path || '$common', code: ErrorCode.invalidFormat };
  }
}

/** Groups ajv errors into the `errors` map of spec section 8, each code once per field. */
export function ajvErrorsToBody(errors: ErrorObject[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const error of errors) {
    const { field, code } = ajvErrorToCode(error);
    const list = (out[field] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  // An empty field is the one thing to say about it: its format does not matter yet.
  for (const [field, codes] of Object.entries(out)) {
    if (codes.includes(ErrorCode.emptyField)) out[field] = [ErrorCode.emptyField];
  }
  return out;
}
