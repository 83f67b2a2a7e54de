import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * GS1's EPCIS 2.0 JSON Schema and examples, read where the project's shared folder keeps them
 * (never copied into the repository): the first `shared/standards/epcis` up from this file, which
 * is beside the repository, or beside the folder holding a copy of it (Stryker's sandbox).
 */
function epcisStandardDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'standards', 'epcis');
    if (existsSync(join(candidate, 'EPCIS-JSON-Schema.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error('shared/standards/epcis not found above the repository');
  }
}
export const EPCIS_STANDARD_DIR = epcisStandardDir();

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
  readdirSync(EPCIS_STANDARD_DIR)
    .filter((f) => f.startsWith('JSON_') && f.endsWith('.jsonld'))
    .map((name) => ({ name, document: JSON.parse(readFileSync(join(EPCIS_STANDARD_DIR, name), 'utf8')) as unknown }));
