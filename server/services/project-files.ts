import { readdirSync, readFileSync, watch } from 'node:fs';
import { basename, join } from 'node:path';
import type { ProjectConfig } from '../../schemas/project-config';
import type { Database } from '../db/database';
import { sha256Hex } from '../infra/ledger-chain';
import * as revisions from '../repositories/config-revisions';
import { findFileRead, recordFileRead } from '../repositories/project-files';
import { findProjectByCode, type ProjectRow } from '../repositories/projects';
import { ApiFailure } from '../rules/api-failure';
import { canonicalJson, sameMeaning } from '../rules/config-diff';
import { audit } from './audit';
import { auditTarget, compatReport, publishConfig, reportView, type ReportView } from './config-publish';
import { checkProjectConfig, notJsonProblem, type ConfigProblem } from '../../renderer/config-check';

/** `<code>@<version>.json`, e.g. demo@1.json. */
const FILE_NAME = /^([A-Za-z0-9_-]{1,32})@([1-9][0-9]{0,5})\.json$/;

/**
 * What a changed project file becomes (PROJECT_FILES, docs/admins/publishing.md#project-files): the
 * project's draft, for an admin to check and publish (the default), or a publish in place, which
 * the operator asks for. Either way the database stays the source of truth: a file is read again
 * only when its content changed since it was last read.
 */
export type ProjectFilesMode = 'draft' | 'publish';

export interface ImportResult {
  file: string;
  /**
   * - `unchanged`: the file holds what it held when last read, or what is in service.
   * - `recorded`: first read of a file for a project the database already holds otherwise: the
   *   database keeps its configuration; the file is imported when it changes.
   * - `published`: published in place as the next revision (PROJECT_FILES=publish).
   * - `drafted`: saved as the project's draft (`overridden` when it was to be published).
   * - `draftInUse`: not imported, an admin's draft is open (`draftBy`).
   * - `incompatible`: to be published, but the compatibility report needs a new version.
   */
  status:
    'unchanged' | 'recorded' | 'published' | 'drafted' | 'draftInUse' | 'invalid' | 'unknown-project' | 'incompatible';
  problems: ConfigProblem[];
  /** The changes against the configuration in service, in words; for `incompatible` the verdict first. */
  changes?: string[];
  /** The project version, `demo@1`. */
  project?: string;
  /** The revision in service after the import. */
  revision?: number;
  /**
   * PROJECT_FILES=publish, but the configuration in service is not what the file held when last
   * read (an admin published since): the revision the file would have undone, by whom and when.
   */
  overridden?: { revision: number; by: string; at: string };
  /** Who saved the admin's draft last (`draftInUse`). */
  draftBy?: string;
}

/** The digest of a configuration's meaning: SHA-256 of its canonical JSON (key order and whitespace are no change). */
export const configDigest = (config: unknown): string => sha256Hex(canonicalJson(config));

/** The file's project version and its JSON, not checked yet (the checks compile every form: only a changed file pays for them). */
function parseProjectFile(
  path: string,
): { code: string; version: number; config: unknown; problems: ConfigProblem[] } | null {
  const match = FILE_NAME.exec(basename(path));
  if (!match?.[1] || !match[2]) return null;
  const ref = { code: match[1], version: Number(match[2]) };
  try {
    return { ...ref, config: JSON.parse(readFileSync(path, 'utf8')), problems: [] };
  } catch (error) {
    return { ...ref, config: undefined, problems: [notJsonProblem((error as Error).message)] };
  }
}

/** Who a file's draft is saved by: the file, so an admin sees where it came from. */
const fileActor = (file: string) => ({ id: null, name: `file ${file}` });

/**
 * Imports one configuration file into its project (which must exist), when its content changed
 * since it was last read (by digest). A file that fails the checks changes nothing: the project
 * keeps its configuration. A changed file becomes the project's draft, or with `mode` 'publish'
 * the next revision in place, unless the configuration in service is no longer what the file held
 * when last read: an admin's later revision is never published over, the file becomes the draft
 * and the result says so (`overridden`).
 */
export async function importProjectFile(
  db: Database,
  path: string,
  mode: ProjectFilesMode = 'draft',
): Promise<ImportResult | null> {
  const read = parseProjectFile(path);
  if (!read) return null;
  const file = basename(path);
  if (read.problems.length > 0) return { file, status: 'invalid', problems: read.problems };
  const project = await findProjectByCode(db, read.code, read.version);
  if (!project) return { file, status: 'unknown-project', problems: [] };
  const name = `${project.code}@${project.version}`;
  const digest = configDigest(read.config);
  const last = await findFileRead(db, project.id, file);
  const base = { file, project: name, problems: [], revision: project.revision };
  if (last?.digest === digest) return { ...base, status: 'unchanged' };
  // The file holds what is in service (it seeded the project, or was exported from it): nothing to import.
  if (sameMeaning(read.config, project.config)) {
    await recordFileRead(db, project.id, file, { digest, revision: project.revision });
    return { ...base, status: 'unchanged' };
  }
  // Never read before, yet the project holds something else: the database is the source of truth.
  if (!last) {
    await recordFileRead(db, project.id, file, { digest, revision: project.revision });
    return { ...base, status: 'recorded' };
  }
  const problems = checkProjectConfig(read.config);
  if (problems.length > 0) return { file, status: 'invalid', problems };
  const config = read.config as ProjectConfig;
  const changedInService = configDigest(project.config) !== last.digest;
  if (mode === 'publish' && !changedInService) return publishFile(db, project, file, config, digest);
  const changes = reportView(await compatReport(db, project.id, project.config, config), 'en').changes.map(
    (c) => c.text,
  );
  const overridden = mode === 'publish' ? await revisionInService(db, project) : undefined;
  const drafted = await draftFile(db, project, file, config);
  if (drafted !== true) return { ...base, status: 'draftInUse', draftBy: drafted, changes };
  await recordFileRead(db, project.id, file, { digest, revision: project.revision });
  return { ...base, status: 'drafted', changes, overridden };
}

async function revisionInService(db: Database, project: ProjectRow): Promise<ImportResult['overridden']> {
  const found = await revisions.findRevision(db, project.id, project.revision);
  return {
    revision: project.revision,
    by: found?.published_by_name ?? '',
    at: found ? new Date(found.published_at).toISOString() : '',
  };
}

/** The admin area's publish path: a new revision in place, kept and audited; refused when the report needs a new version. */
async function publishFile(
  db: Database,
  project: ProjectRow,
  file: string,
  config: ProjectConfig,
  digest: string,
): Promise<ImportResult> {
  const base = { file, project: `${project.code}@${project.version}`, problems: [] };
  try {
    const published = await publishConfig(
      { db },
      { commandLine: true, enterpriseId: project.enterprise_id },
      project,
      config,
      { mode: 'inPlace', note: `file ${file}`, language: 'en', revisionMode: 'file' },
      (tx, current) => recordFileRead(tx, project.id, file, { digest, revision: current.revision + 1 }),
    );
    return {
      ...base,
      status: 'published',
      revision: published.revision,
      changes: published.report.changes.map((c) => c.text),
    };
  } catch (error) {
    const report = error instanceof ApiFailure ? (error.extra.report as ReportView | undefined) : undefined;
    if (!report) throw error;
    return {
      ...base,
      status: 'incompatible',
      revision: project.revision,
      changes: [report.verdictText, ...report.changes.map((c) => c.text)],
    };
  }
}

/**
 * The file as the project's draft, based on the revision in service. A draft the file saved
 * before (and nobody saved since) is replaced; an admin's draft is never touched: resolves to who
 * saved it then, else true.
 */
async function draftFile(
  db: Database,
  project: ProjectRow,
  file: string,
  config: ProjectConfig,
): Promise<true | string> {
  const by = fileActor(file);
  return db.transaction(async (tx) => {
    const draft = await revisions.findDraft(tx, project.id);
    if (draft && draft.saved_by_name !== by.name) return draft.saved_by_name || 'an admin';
    if (draft) {
      await revisions.deleteDraft(tx, project.id, draft.etag);
      await revisions.deleteTestEntries(tx, project.id);
    }
    await revisions.insertDraft(tx, project.id, config, project.revision, by);
    await audit(
      tx,
      { commandLine: true, enterpriseId: project.enterprise_id },
      'draft.create',
      auditTarget(project),
      draft ? { etag: draft.etag } : null,
      { basedOnRevision: project.revision, etag: 1 },
      `file ${file}`,
    );
    return true;
  });
}

export async function importProjectDir(
  db: Database,
  dir: string,
  mode: ProjectFilesMode = 'draft',
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const name of readdirSync(dir).sort()) {
    const result = await importProjectFile(db, join(dir, name), mode);
    if (result) results.push(result);
  }
  return results;
}

const indented = (lines: string[] | undefined) => (lines ?? []).map((c) => `\n  ${c}`).join('');

/**
 * One log entry per result worth telling: what changed, and every problem with its pointer. What
 * an operator must act on starts with `[config] WARNING`.
 */
export function describeImport(result: ImportResult): string | null {
  const { file, project } = result;
  switch (result.status) {
    case 'published':
      return `[config] ${file}: changed since it was last read; published as revision ${result.revision} of ${project} (PROJECT_FILES=publish):${indented(result.changes)}`;
    case 'drafted':
      if (result.overridden) {
        const { revision, by, at } = result.overridden;
        return `[config] WARNING ${file}: NOT PUBLISHED although PROJECT_FILES=publish: revision ${revision} of ${project} in service (published by ${by || 'unknown'} at ${at}) is not what this file held when it was last read, and publishing the file would undo it. The file was saved as the draft of ${project} instead: compare it in the admin area and publish it there, or publish the file over revision ${revision} with npm run project -- publish ${file}. Changes against revision ${revision}:${indented(result.changes)}`;
      }
      return `[config] ${file}: changed since it was last read; saved as the draft of ${project} (based on revision ${result.revision}): publish it in the admin area, or with npm run project -- publish ${file}. Changes against revision ${result.revision}:${indented(result.changes)}`;
    case 'draftInUse':
      return `[config] WARNING ${file}: changed since it was last read, but NOT IMPORTED: ${project} has a draft saved by ${result.draftBy}, which is left alone. Publish or discard that draft in the admin area; the file is imported at the next start or the next change of the file.`;
    case 'recorded':
      return `[config] ${file}: ${project} in the database (revision ${result.revision}) differs from this file, read for the first time; the database keeps its configuration. The file is imported when it changes; to publish it now: npm run project -- publish ${file}`;
    case 'incompatible':
      return `[config] ${file}: not published in place, the project keeps its configuration (publish it as a new version with npm run project -- publish ${file} --new-version):${indented(result.changes)}`;
    case 'unknown-project':
      return `[config] ${file}: no project with this code and version; file ignored`;
    case 'invalid':
      return `[config] ${file}: not imported, the project keeps its last good configuration:\n${result.problems.map((p) => `  ${p.pointer}: ${p.message}`).join('\n')}`;
    default:
      return null;
  }
}

/**
 * Watches the folder and imports a file whenever it changes (debounced: editors write in
 * several steps). Returns a function that stops watching.
 */
export function watchProjectDir(
  db: Database,
  dir: string,
  log: (line: string) => void,
  mode: ProjectFilesMode = 'draft',
  debounceMs = 150,
): () => void {
  const timers = new Map<string, NodeJS.Timeout>();
  const watcher = watch(dir, (_event, name) => {
    if (!name || !FILE_NAME.test(name)) return;
    clearTimeout(timers.get(name));
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        importProjectFile(db, join(dir, name), mode)
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
