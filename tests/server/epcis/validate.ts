import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { EPCIS_DOCUMENT_SCHEMA } from './document-schema';
import { GS1_FILES, GS1_SCHEMA_FILE, gs1Missing, type Gs1Files } from './gs1-files';

// Each schema is compiled on first use only: a test file that checks no document pays for neither.

const errorsOf = (validate: ValidateFunction, document: unknown): ErrorObject[] =>
  validate(document) ? [] : [...(validate.errors ?? [])];

let project: ValidateFunction | undefined;
/** The project's own EPCIS 2.0 schema's complaints about a document (empty when it validates). */
export function projectEpcisErrors(document: unknown): ErrorObject[] {
  if (!project) {
    // Strict: a keyword the schema misspells is an error, not a check silently left out.
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    project = ajv.compile(EPCIS_DOCUMENT_SCHEMA);
  }
  return errorsOf(project, document);
}

/** GS1's folder, or the failure that says where it was looked for. */
function gs1Dir(files: Gs1Files): string {
  if (!files.dir) throw new Error(gs1Missing(files));
  return files.dir;
}

let gs1: ValidateFunction | undefined;
/** GS1's official EPCIS 2.0 schema's complaints about a document; throws where GS1's files are missing. */
export function gs1EpcisErrors(document: unknown): ErrorObject[] {
  if (!gs1) {
    const schema = JSON.parse(readFileSync(join(gs1Dir(GS1_FILES), GS1_SCHEMA_FILE), 'utf8')) as object;
    // GS1's schema lists `required` members its branches do not all declare: ajv must not refuse that.
    const ajv = new Ajv({ strictRequired: false, strict: false, allErrors: true });
    addFormats(ajv);
    gs1 = ajv.compile(schema);
  }
  return errorsOf(gs1, document);
}

/** GS1's own example documents (`JSON_*.jsonld`); throws where GS1's files are missing. */
export function gs1Examples(): { name: string; document: unknown }[] {
  const dir = gs1Dir(GS1_FILES);
  return readdirSync(dir)
    .filter((f) => f.startsWith('JSON_') && f.endsWith('.jsonld'))
    .sort()
    .map((name) => ({ name, document: JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown }));
}

/** The first few complaints, short enough for a failing assertion's message. */
export const briefly = (errors: ErrorObject[]) =>
  JSON.stringify(errors.slice(0, 5).map((e) => `${e.instancePath} ${e.message ?? ''}`));
