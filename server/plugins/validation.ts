import type { FastifyInstance } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode } from '../../schemas/error-codes';
import { codeFor } from '../../renderer';

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

/** The request field an ajv error concerns: its dotted path, or the missing / unknown property. */
function errorPath(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  const property = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  if (property !== undefined) return path ? `${path}.${String(property)}` : String(property);
  return path || '$common';
}

/** Groups ajv errors into the `errors` map of spec section 8, each code once per field. */
export function ajvErrorsToBody(errors: ErrorObject[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const error of errors) {
    const field = errorPath(error);
    const code = codeFor(error);
    const list = (out[field] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  // An empty field is the one thing to say about it: its format does not matter yet.
  for (const [field, codes] of Object.entries(out)) {
    if (codes.includes(ErrorCode.emptyField)) out[field] = [ErrorCode.emptyField];
  }
  return out;
}
