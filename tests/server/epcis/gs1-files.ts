import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where GS1's EPCIS 2.0 JSON Schema and example documents are, and whether the checks against
 * them must run here. GS1's terms grant no licence to redistribute those files, so they are
 * never in the repository: they are read from a folder outside it (docs/engineers/epcis-checks.md).
 *
 * The rule, first match wins:
 * 1. `GS1_EPCIS_DIR` is set: GS1's files must be in that folder, else the checks fail.
 * 2. A folder `shared/standards` exists beside the repository or above it (the project's shared
 *    folder, which its CI clones the repository beside): GS1's files must be in its `epcis/`,
 *    else the checks fail - the files vanished from where the project keeps them. Walking up
 *    from this file also finds it from Stryker's sandbox copies inside the repository.
 * 3. Neither (a clone anywhere else, with or without `CI` set): the checks against GS1's files
 *    are skipped with a note, and the project's own EPCIS 2.0 schema still checks every export.
 */
export interface Gs1Files {
  /** The folder holding GS1's schema and examples, or null where none was found. */
  dir: string | null;
  /** Whether the checks against GS1's files must run here, so that their absence fails them. */
  required: boolean;
  /** Where the files were looked for, and why they are (not) required, for the messages. */
  lookedAt: string;
}

export const GS1_SCHEMA_FILE = 'EPCIS-JSON-Schema.json';
export const GS1_DIR_VARIABLE = 'GS1_EPCIS_DIR';

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();
const holdsSchema = (dir: string) => existsSync(join(dir, GS1_SCHEMA_FILE));

/** GS1's files for tests in the folder `from`, with the environment `env` (both given by tests of the rule). */
export function locateGs1Files(from: string, env: NodeJS.ProcessEnv = process.env): Gs1Files {
  const named = env[GS1_DIR_VARIABLE];
  if (named) {
    const dir = resolve(named);
    return { dir: holdsSchema(dir) ? dir : null, required: true, lookedAt: `${GS1_DIR_VARIABLE}=${dir}` };
  }
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const standards = join(dir, 'shared', 'standards');
    if (isDirectory(standards)) {
      const epcis = join(standards, 'epcis');
      return {
        dir: holdsSchema(epcis) ? epcis : null,
        required: true,
        lookedAt: `${epcis} (the project's shared folder)`,
      };
    }
    if (dirname(dir) === dir)
      return {
        dir: null,
        required: false,
        lookedAt: `${GS1_DIR_VARIABLE} (unset) and shared/standards/epcis above ${from}`,
      };
  }
}

/** GS1's files for the tests of this checkout. */
export const GS1_FILES = locateGs1Files(dirname(fileURLToPath(import.meta.url)));

/** Whether the checks against GS1's files run here: where they are found, or where they must be (and then fail). */
export const gs1ChecksRun = (files: Gs1Files = GS1_FILES) => files.dir !== null || files.required;

/** Why the checks against GS1's files cannot run, for a failing test. */
export const gs1Missing = (files: Gs1Files = GS1_FILES) =>
  `GS1's EPCIS 2.0 files (${GS1_SCHEMA_FILE} and JSON_*.jsonld) are required here but missing: ` +
  `looked in ${files.lookedAt}. Put them back, or set ${GS1_DIR_VARIABLE} to a folder holding them (docs/engineers/epcis-checks.md).`;

/** One line saying what runs: printed by the tests that skip, and by CI before the tests. */
export function gs1Status(files: Gs1Files = GS1_FILES): string {
  if (files.dir) return `EPCIS: exports and GS1's examples are checked against GS1's official schema in ${files.dir}`;
  if (files.required) return `EPCIS: ${gs1Missing(files)}`;
  return (
    `EPCIS: checks against GS1's official schema and examples skipped (not found: looked in ${files.lookedAt}); ` +
    `the project's own EPCIS 2.0 schema still checks every export. To run them, set ${GS1_DIR_VARIABLE} ` +
    `to a folder holding GS1's ${GS1_SCHEMA_FILE} and JSON_*.jsonld examples (docs/engineers/epcis-checks.md).`
  );
}
