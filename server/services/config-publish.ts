import type { Language } from '../../schemas/languages';
import { ErrorCode } from '../../schemas/error-codes';
import type { ProjectConfig } from '../../schemas/project-config';
import { qaCheck, type ConfigProblem } from '../../renderer/config-check';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import { newId } from '../infra/ids';
import * as revisions from '../repositories/config-revisions';
import type { Actor, RevisionMode } from '../repositories/config-revisions';
import { audit, type AuditActor, type AuditTarget } from './audit';
import type { ProjectRow } from '../repositories/projects';
import { ApiFailure, commonFailure } from '../rules/api-failure';
import { concurrentChange } from '../rules/barcodes';
import {
  assessChanges,
  describeChange,
  describeVerdict,
  publishRefusal,
  usageKey,
  usageQueries,
  type CompatReport,
} from '../rules/config-compat';
import { diffConfigs, sameMeaning, type ConfigChange } from '../rules/config-diff';
import { DIFF_MESSAGES } from './config-words';

/** A project version as the admin routes name it. */
export interface ProjectRef {
  code: string;
  version: number;
}

/** Who is recorded on a revision or draft: the admin's id and name, or the command line. */
export const actorOf = (actor: AuditActor): Actor =>
  'commandLine' in actor ? { id: null, name: 'command line' } : { id: actor.id, name: actor.name };

/** The audit log's target of a configuration action: the project version. */
export const auditTarget = (project: Pick<ProjectRow, 'code' | 'version' | 'enterprise_id'>): AuditTarget => ({
  type: 'project',
  id: `${project.code}@${project.version}`,
  enterpriseId: project.enterprise_id,
  projectCode: project.code,
});

/** A compatibility report as the API answers it: the verdict and each change, in words and as data. */
export interface ReportView {
  verdict: CompatReport['verdict'];
  verdictText: string;
  changes: {
    id: string;
    impact: CompatReport['verdict'];
    affected: number | null;
    text: string;
    change: ConfigChange;
  }[];
}

export function reportView(report: CompatReport, language: Language): ReportView {
  const messages = DIFF_MESSAGES[language];
  return {
    verdict: report.verdict,
    verdictText: describeVerdict(report.verdict, messages),
    changes: report.changes.map((c) => ({
      id: c.id,
      impact: c.impact,
      affected: c.affected,
      text: describeChange(c, messages),
      change: c.change,
    })),
  };
}

/** The report of `after` against `before`, counting the project's stored records each change touches. */
export async function compatReport(
  db: Queryable,
  projectId: string,
  before: ProjectConfig,
  after: ProjectConfig,
  migrations: Readonly<Record<string, 'keepOldValues'>> = {},
): Promise<CompatReport> {
  const changes = diffConfigs(before, after);
  const counts = new Map<string, number>();
  for (const query of usageQueries(changes))
    counts.set(usageKey(query), await revisions.countUsage(db, projectId, query));
  return assessChanges(changes, counts, migrations);
}

/** 400: the configuration fails the QA check; each problem under its JSON pointer, and the problems in words. */
export function configInvalid(problems: ConfigProblem[]): ApiFailure {
  const errors: Record<string, number[]> = {};
  for (const p of problems) errors[`config${p.pointer === '/' ? '' : p.pointer}`] = [ErrorCode.invalidFormat];
  return new ApiFailure(400, errors, {}, { problems });
}

export interface PublishRequest {
  mode: 'inPlace' | 'newVersion';
  note: string;
  migrations?: Record<string, 'keepOldValues'>;
  language: Language;
}

export interface Published {
  projectId: string;
  code: string;
  version: number;
  revision: number;
  report: ReportView;
}

/**
 * The one publish path: the admin screens, roll back, the command line and the configuration files
 * all publish through it. The configuration must pass the QA check of `npm run validate` (every
 * form compiles: 400 otherwise); the compatibility report against the configuration in service must
 * allow the mode (409 with the report otherwise); in place, it must mean something else than the
 * configuration in service (409, ErrorCode.nothingToPublish). In place, the project version gets
 * revision N+1 (phones learn of it from `project-revision`); as a new version, `code@<highest>+1` is
 * created at revision 1 with the same members and logo, while barcodes keep the version they were
 * made with. Test entries of the draft are erased; `inTransaction` runs first in the same
 * transaction (the draft's removal, the audit).
 */
export async function publishConfig(
  ctx: Pick<ServerContext, 'db'>,
  actor: AuditActor,
  project: ProjectRow,
  config: unknown,
  request: PublishRequest & { revisionMode?: RevisionMode; rolledBackTo?: number },
  inTransaction: (tx: Queryable, current: Omit<Published, 'report'>) => Promise<void> = async () => undefined,
): Promise<Published> {
  const { problems } = qaCheck(config);
  if (problems.length > 0) throw configInvalid(problems);
  const next = config as ProjectConfig;
  // A revision is a change of meaning: the same configuration again (in any key order) is refused, not kept twice.
  if (request.mode === 'inPlace' && sameMeaning(next, project.config))
    throw commonFailure(ErrorCode.nothingToPublish, 409);
  const report = await compatReport(ctx.db, project.id, project.config, next, request.migrations);
  if (publishRefusal(report, request.mode))
    throw new ApiFailure(
      409,
      { $common: [ErrorCode.configChangeRefused] },
      {},
      { report: reportView(report, request.language) },
    );
  const by = actorOf(actor);
  const view = reportView(report, request.language);
  const published = await ctx.db.transaction(async (tx) => {
    await inTransaction(tx, {
      projectId: project.id,
      code: project.code,
      version: project.version,
      revision: project.revision,
    });
    const target =
      request.mode === 'inPlace'
        ? await publishInPlace(tx, by, project, next, request)
        : await publishNewVersion(tx, by, project, next, request);
    await revisions.deleteTestEntries(tx, project.id);
    await audit(
      tx,
      actor,
      request.rolledBackTo === undefined ? 'project.publish' : 'project.rollback',
      auditTarget(project),
      { version: project.version, revision: project.revision },
      {
        version: target.version,
        revision: target.revision,
        mode: request.mode,
        rolledBackTo: request.rolledBackTo,
        verdict: view.verdict,
        changes: view.changes.map((c) => c.text),
      },
      request.note || undefined,
    );
    return target;
  });
  return { ...published, report: view };
}

async function publishInPlace(
  tx: Queryable,
  by: Actor,
  project: ProjectRow,
  config: ProjectConfig,
  request: PublishRequest & { revisionMode?: RevisionMode },
) {
  const revision = project.revision + 1;
  // Two publishes of the same version at once: the second finds the revision moved on and writes nothing.
  if (!(await revisions.setCurrentRevision(tx, project.id, project.revision, revision, config)))
    throw concurrentChange();
  await revisions.insertRevision(tx, project.id, revision, config, request.revisionMode ?? 'inPlace', request.note, by);
  return { projectId: project.id, code: project.code, version: project.version, revision };
}

async function publishNewVersion(
  tx: Queryable,
  by: Actor,
  project: ProjectRow,
  config: ProjectConfig,
  request: PublishRequest,
) {
  const id = newId();
  const version = await revisions.insertProjectVersion(tx, project.id, id, config);
  if (version === null) throw concurrentChange();
  await revisions.insertRevision(tx, id, 1, config, 'newVersion', request.note, by);
  return { projectId: id, code: project.code, version, revision: 1 };
}

/** A kept revision of the project version, else 404. */
export async function keptRevision(db: Queryable, projectId: string, revision: number) {
  const found = await revisions.findRevision(db, projectId, revision);
  if (!found) throw commonFailure(ErrorCode.revisionNotFound, 404);
  return found;
}
