import type { FastifyInstance } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode } from '../../schemas/error-codes';
import { codeFor } from '../../renderer';
import { ApiFailure, commonFailure } from '../rules/api-failure';
import { jsonNestsDeeperThan, untypeableValues } from '../rules/input-text';

function makeAjv(coerceTypes: boolean): Ajv {
  // removeAdditional is off: an unknown property is an error (ErrorCode.invalidKey), never silently dropped.
  const ajv = new Ajv({ allErrors: true, coerceTypes, removeAdditional: false, useDefaults: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/**
 * The deepest nesting of arrays and objects a JSON body may have (`[]` is one level). The API's
 * own bodies nest a handful of levels; deeper text is refused with 400 (ErrorCode.invalidFormat)
 * before it is parsed, so nothing that walks a body (hooks, schemas, services) meets more.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * JSON bodies: Fastify's own parser (with its refusal of `__proto__` and `constructor.prototype`
 * keys, as the server's settings ask), after a one-pass check of the nesting.
 */
function installJsonParser(app: FastifyInstance): void {
  // Fastify fills both settings in with its default ('error') when the server gives none.
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) done(commonFailure(ErrorCode.invalidFormat), undefined);
    else parse(request, body as string, done);
  });
}

/**
 * Bodies are validated strictly (a number where a string belongs is an error); query strings and
 * path parameters are text on the wire, so they are coerced to the declared types.
 */
export function installValidation(app: FastifyInstance): void {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
  installJsonParser(app);
  // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read wrongly.
  app.addHook('onRequest', async (request) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8')
      throw commonFailure(ErrorCode.invalidFormat, 415);
  });
  // One place for every route: text no keyboard can type (NUL, lone surrogates) and numbers
  // JSON parsing turned into Infinity are refused before any schema or database sees them.
  app.addHook('preValidation', async (request) => {
    const fields = [...untypeableValues(request.query), ...untypeableValues(request.body)];
    if (fields.length > 0)
      throw new ApiFailure(400, Object.fromEntries(fields.map((field) => [field, [ErrorCode.invalidFormat]])));
  });
}

/** The request field an ajv error concerns: its dotted path, or the missing / unknown property. */
function errorPath(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  const property =
    error.keyword === 'required'
      ? params.missingProperty
      : error.keyword === 'additionalProperties'
        ? params.additionalProperty
        : undefined;
  if (property !== undefined) return path ? `${path}.${String(property)}` : String(property);
  return path || '$common';
}

/**
 * Groups ajv errors into the API's `errors` map, each code once per field. Field names come from
 * the request (an unknown key named `toString`), so they are gathered in a Map.
 */
export function ajvErrorsToBody(errors: ErrorObject[]): Record<string, number[]> {
  const out = new Map<string, number[]>();
  for (const error of errors) {
    const field = errorPath(error);
    const code = codeFor(error);
    const list = out.get(field) ?? [];
    if (!list.includes(code)) list.push(code);
    out.set(field, list);
  }
  // An empty field is the one thing to say about it: its format does not matter yet.
  return Object.fromEntries(
    [...out].map(([field, codes]) => [field, codes.includes(ErrorCode.emptyField) ? [ErrorCode.emptyField] : codes]),
  );
}
