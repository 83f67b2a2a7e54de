import { readdirSync, readFileSync, watch } from 'node:fs';
import { basename, join } from 'node:path';
import type { Database, Queryable } from '../db/database';
import { configIsStored, findProjectByCode } from '../repositories/projects';
import { ApiFailure } from '../rules/api-failure';
import { publishConfig, type ReportView } from './config-publish';
import { checkProjectConfig, notJsonProblem, type ConfigProblem } from '../../renderer/config-check';

/** `<code>@<version>.json`, e.g. demo@1.json. */
const FILE_NAME = /^([A-Za-z0-9_-]{1,32})@([1-9][0-9]{0,5})\.json$/;

export interface ImportResult {
  file: string;
  /** `incompatible`: the compatibility report does not allow the change in place (`changes` says why). */
  status: 'updated' | 'unchanged' | 'invalid' | 'unknown-project' | 'incompatible';
  problems: ConfigProblem[];
  /** The changes in words, for `updated` and `incompatible`. */
  changes?: string[];
}

/** Is the file's configuration the one its project holds? False for anything unreadable (the full import says why). */
async function storedAlready(db: Queryable, path: string): Promise<boolean> {
  const match = FILE_NAME.exec(basename(path));
  if (!match?.[1] || !match[2]) return false;
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
  return configIsStored(db, match[1], Number(match[2]), config);
}

/** Reads and checks one configuration file; throws nothing: a bad file is a result with problems. */
export function readProjectFile(
  path: string,
): { code: string; version: number; config: unknown; problems: ConfigProblem[] } | null {
  const match = FILE_NAME.exec(basename(path));
  if (!match?.[1] || !match[2]) return null;
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return {
      code: match[1],
      version: Number(match[2]),
      config: undefined,
      problems: [notJsonProblem((error as Error).message)],
    };
  }
  return { code: match[1], version: Number(match[2]), config, problems: checkProjectConfig(config) };
}

/**
 * Imports one configuration file into its project (which must exist). A file that fails the
 * checks changes nothing: the project keeps its last good configuration.
 */
export async function importProjectFile(db: Database, path: string): Promise<ImportResult | null> {
  // A file the project holds already (every start after the first) passed the checks when it was
  // imported: it is not checked again (the checks compile every form: about a second of a start).
  const stored = await storedAlready(db, path);
  if (stored) return { file: basename(path), status: 'unchanged', problems: [] };
  const read = readProjectFile(path);
  if (!read) return null;
  const file = basename(path);
  if (read.problems.length > 0) return { file, status: 'invalid', problems: read.problems };
  const project = await findProjectByCode(db, read.code, read.version);
  if (!project) return { file, status: 'unknown-project', problems: [] };
  if (await configIsStored(db, read.code, read.version, read.config))
    return { file, status: 'unchanged', problems: [] };
  // The admin area's publish path: a new revision in place, kept and audited, refused
  // when the compatibility report needs a new version (publish that with npm run project).
  try {
    const published = await publishConfig(
      { db },
      { commandLine: true, enterpriseId: project.enterprise_id },
      project,
      read.config,
      { mode: 'inPlace', note: `file ${file}`, language: 'en', revisionMode: 'file' },
    );
    return { file, status: 'updated', problems: [], changes: published.report.changes.map((c) => c.text) };
  } catch (error) {
    const report = error instanceof ApiFailure ? (error.extra.report as ReportView | undefined) : undefined;
    if (!report) throw error;
    return {
      file,
      status: 'incompatible',
      problems: [],
      changes: [report.verdictText, ...report.changes.map((c) => c.text)],
    };
  }
}

export async function importProjectDir(db: Database, dir: string): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const name of readdirSync(dir).sort()) {
    const result = await importProjectFile(db, join(dir, name));
    if (result) results.push(result);
  }
  return results;
}

/** One log line per result worth telling: what changed, and every problem with its pointer. */
export function describeImport(result: ImportResult): string | null {
  switch (result.status) {
    case 'updated':
      return `[config] ${result.file}: imported as a new revision${(result.changes ?? []).map((c) => `\n  ${c}`).join('')}`;
    case 'incompatible':
      return `[config] ${result.file}: not imported in place, the project keeps its configuration (publish it as a new version with npm run project -- publish ${result.file} --new-version):${(result.changes ?? []).map((c) => `\n  ${c}`).join('')}`;
    case 'unknown-project':
      return `[config] ${result.file}: no project with this code and version; file ignored`;
    case 'invalid':
      return `[config] ${result.file}: not imported, the project keeps its last good configuration:\n${result.problems.map((p) => `  ${p.pointer}: ${p.message}`).join('\n')}`;
    default:
      return null;
  }
}

/**
 * Watches the folder and imports a file whenever it changes (debounced: editors write in
 * several steps). Returns a function that stops watching.
 */
export function watchProjectDir(db: Database, dir: string, log: (line: string) => void, debounceMs = 150): () => void {
  const timers = new Map<string, NodeJS.Timeout>();
  const watcher = watch(dir, (_event, name) => {
    if (!name || !FILE_NAME.test(name)) return;
    clearTimeout(timers.get(name));
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        importProjectFile(db, join(dir, name))
          .then((result) => {
            const line = result && describeImport(result);
            if (line) log(line);
          })
          .catch((error: Error) => log(`[config] ${name}: import failed: ${error.message}`));
      }, debounceMs),
    );
  });
  return () => {
    watcher.close();
    timers.forEach(clearTimeout);
  };
}
