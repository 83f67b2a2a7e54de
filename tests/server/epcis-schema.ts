import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

/** GS1's EPCIS 2.0 JSON Schema and examples, read where the project's shared folder keeps them (never copied into the repository). */
export const EPCIS_STANDARD_DIR = fileURLToPath(new URL('../../../shared/standards/epcis/', import.meta.url));

const schema = JSON.parse(readFileSync(join(EPCIS_STANDARD_DIR, 'EPCIS-JSON-Schema.json'), 'utf8')) as object;
// GS1's schema lists `required` members its branches do not all declare: ajv must not refuse that (its README).
const ajv = new Ajv({ strictRequired: false, strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema's complaints about a document (empty when it validates). */
export function epcisErrors(document: unknown): ErrorObject[] {
  return validate(document) ? [] : [...(validate.errors ?? [])];
}

/** GS1's own example documents from the same folder. */
export const gs1Examples = (): { name: string; document: unknown }[] =>
  readdirSync(EPCIS_STANDARD_DIR).filter((f) => f.startsWith('JSON_') && f.endsWith('.jsonld'))
    .map((name) => ({ name, document: JSON.parse(readFileSync(join(EPCIS_STANDARD_DIR, name), 'utf8')) as unknown }));
