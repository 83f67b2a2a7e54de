import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { Language } from '../../schemas/languages';
import type { ProjectConfig } from '../../schemas/project-config';
import { compileForm, formsOf } from '../../renderer';
import { checkProjectConfig, qaCheck, type ConfigProblem } from '../../renderer/config-check';
import { validateFormData } from '../../renderer/validate';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { newId } from '../infra/ids';
import * as revisions from '../repositories/config-revisions';
import type { DraftRow } from '../repositories/config-revisions';
import type { ProjectRow } from '../repositories/projects';
import { ApiFailure, commonFailure, fieldFailure } from '../rules/api-failure';
import { formSourceOf, SERVER_VIEWER } from '../rules/projects';
import { audit, type AuditActor } from './audit';
import {
  actorOf,
  auditTarget,
  compatReport,
  configInvalid,
  keptRevision,
  publishConfig,
  reportView,
  type ProjectRef,
  type Published,
  type PublishRequest,
  type ReportView,
} from './config-publish';
import { loadProject } from './projects';

/** A draft as the API answers it, with the QA check's problems (JSON pointers) of what it holds now. */
export interface DraftView {
  projectId: string;
  basedOnRevision: number;
  etag: number;
  savedBy: string;
  savedAt: string;
  config: Record<string, unknown>;
  problems: ConfigProblem[];
}

const draftView = (draft: DraftRow): DraftView => ({
  projectId: draft.project_id,
  basedOnRevision: draft.based_on_revision,
  etag: draft.etag,
  savedBy: draft.saved_by_name,
  savedAt: new Date(draft.saved_at).toISOString(),
  config: draft.config,
  problems: qaCheck(draft.config).problems,
});

/** The ETag of a draft save: its save count, quoted. */
export const draftEtag = (etag: number): string => `"${etag}"`;

/**
 * The save count an If-Match names (`"3"`, `W/"3"` or `3`); 428 when absent (a save must say
 * which save it started from), 400 when it names none.
 */
export function ifMatchOf(header: unknown): number {
  if (header === undefined || header === '') throw new ApiFailure(428, { 'if-match': [ErrorCode.emptyField] });
  const match = typeof header === 'string' ? /^(?:W\/)?"?([1-9][0-9]{0,8})"?$/.exec(header.trim()) : null;
  if (!match?.[1]) throw fieldFailure('if-match', ErrorCode.invalidFormat);
  return Number(match[1]);
}

async function draftOf(ctx: { db: Queryable }, projectId: string): Promise<DraftRow> {
  const draft = await revisions.findDraft(ctx.db, projectId);
  if (!draft) throw commonFailure(ErrorCode.draftNotFound, 404);
  return draft;
}

/** 412 with ErrorCode.draftChangedMeanwhile, who saved the draft last and when (or 404 when it is gone). */
async function staleDraft(ctx: { db: Queryable }, projectId: string): Promise<ApiFailure> {
  const now = await draftOf(ctx, projectId);
  return new ApiFailure(
    412,
    { $common: [ErrorCode.draftChangedMeanwhile] },
    { etag: draftEtag(now.etag) },
    { savedBy: now.saved_by_name, savedAt: new Date(now.saved_at).toISOString(), etag: now.etag },
  );
}

export async function getDraft(ctx: ServerContext, ref: ProjectRef): Promise<DraftView> {
  const project = await loadProject(ctx.db, ref);
  return draftView(await draftOf(ctx, project.id));
}

/** A new draft from a published revision (the one in service when none is named); one per project version, else 409. */
export async function openDraft(
  ctx: ServerContext,
  actor: AuditActor,
  ref: ProjectRef,
  fromRevision: number | undefined,
): Promise<DraftView> {
  const project = await loadProject(ctx.db, ref);
  const source = await keptRevision(ctx.db, project.id, fromRevision ?? project.revision);
  await ctx.db.transaction(async (tx) => {
    if (!(await revisions.insertDraft(tx, project.id, source.config, source.revision, actorOf(actor))))
      throw commonFailure(ErrorCode.draftExists, 409);
    await audit(tx, actor, 'draft.create', auditTarget(project), null, { basedOnRevision: source.revision, etag: 1 });
  });
  return draftView(await draftOf(ctx, project.id));
}

/**
 * Refuses a configuration that uses a name every object inherits (`constructor`, `toString`...) as
 * a key: 400 with ErrorCode.invalidKey at each such key, under `config/<pointer>`, and the problems.
 * Unlike the QA check's other problems, no later edit of the draft could make use of such a key.
 */
function assertNoReservedNames(config: unknown): void {
  const reserved = checkProjectConfig(config).filter((p) => p.key === 'reservedName');
  if (reserved.length === 0) return;
  const errors = Object.fromEntries(reserved.map((p) => [`config${p.pointer}`, [ErrorCode.invalidKey]]));
  throw new ApiFailure(400, errors, {}, { problems: reserved });
}

/**
 * Saves the draft's configuration if nobody saved it since `etag` (If-Match): 412 with who did
 * otherwise. A draft may fail the QA check while it is edited (the problems come back); only
 * publishing needs it to pass. A reserved name as a key is refused at once (assertNoReservedNames).
 */
export async function saveDraft(
  ctx: ServerContext,
  actor: AuditActor,
  ref: ProjectRef,
  etag: number,
  config: unknown,
): Promise<DraftView> {
  const project = await loadProject(ctx.db, ref);
  assertNoReservedNames(config);
  const saved = await ctx.db.transaction(async (tx) => {
    const next = await revisions.saveDraft(tx, project.id, etag, config as ProjectConfig, actorOf(actor));
    if (next !== null) await audit(tx, actor, 'draft.save', auditTarget(project), { etag }, { etag: next });
    return next;
  });
  if (saved === null) throw await staleDraft(ctx, project.id);
  return draftView(await draftOf(ctx, project.id));
}

/** Throws the draft away (with its test entries), if nobody saved it since `etag`. */
export async function discardDraft(
  ctx: ServerContext,
  actor: AuditActor,
  ref: ProjectRef,
  etag: number,
): Promise<void> {
  const project = await loadProject(ctx.db, ref);
  const removed = await ctx.db.transaction(async (tx) => {
    if (!(await revisions.deleteDraft(tx, project.id, etag))) return false;
    await revisions.deleteTestEntries(tx, project.id);
    await audit(tx, actor, 'draft.discard', auditTarget(project), { etag }, null);
    return true;
  });
  if (!removed) throw await staleDraft(ctx, project.id);
}

/** The draft against the configuration in service: the report a publish would meet. */
export async function draftReport(
  ctx: ServerContext,
  ref: ProjectRef,
  language: Language,
  migrations: Record<string, 'keepOldValues'> = {},
): Promise<ReportView> {
  const project = await loadProject(ctx.db, ref);
  const draft = await draftOf(ctx, project.id);
  const problems = checkProjectConfig(draft.config);
  if (problems.length > 0) throw configInvalid(problems);
  return reportView(await compatReport(ctx.db, project.id, project.config, draft.config, migrations), language);
}

/** Publishes the draft at `etag` (412 if saved since) and removes it, in the publish's transaction. */
export async function publishDraft(
  ctx: ServerContext,
  actor: AuditActor,
  ref: ProjectRef,
  etag: number,
  request: PublishRequest,
): Promise<Published> {
  const project = await loadProject(ctx.db, ref);
  const draft = await draftOf(ctx, project.id);
  if (draft.etag !== etag) throw await staleDraft(ctx, project.id);
  return publishConfig(ctx, actor, project, draft.config, request, async (tx) => {
    if (!(await revisions.deleteDraft(tx, project.id, etag))) throw await staleDraft({ db: tx }, project.id);
  });
}

/** Roll back: an earlier revision's configuration published again, as a new revision (in place) or a new version. */
export async function rollBack(
  ctx: ServerContext,
  actor: AuditActor,
  ref: ProjectRef,
  revision: number,
  request: PublishRequest,
): Promise<Published> {
  const project = await loadProject(ctx.db, ref);
  const earlier = await keptRevision(ctx.db, project.id, revision);
  return publishConfig(ctx, actor, project, earlier.config, {
    ...request,
    revisionMode: request.mode === 'inPlace' ? 'rollback' : 'newVersion',
    rolledBackTo: revision,
  });
}

export interface TestEntryView {
  id: string;
  barcodeType: string;
  form: string;
  valid: boolean;
  data: unknown;
  errors: Record<string, number[]>;
  madeBy: string | null;
  createdAt: string;
}

const testEntryView = (e: revisions.TestEntryRow): TestEntryView => ({
  id: e.id,
  barcodeType: e.barcode_type,
  form: e.form,
  valid: Object.keys(e.errors).length === 0,
  data: e.data,
  errors: e.errors,
  madeBy: e.made_by,
  createdAt: new Date(e.created_at).toISOString(),
});

/**
 * A test activation or tracking against the draft: the form compiled from the draft validates the
 * data exactly as POST /barcode/activation or /barcode/tracking validates a real one; the result is
 * kept in config_test_entries, never on a barcode, and erased when the draft is published or
 * discarded. `form` is 'activation' or '<trackpoint>/<form>'.
 */
export async function testAgainstDraft(
  ctx: ServerContext,
  actor: AuditActor,
  ref: ProjectRef,
  test: { barcodeType: string; form: string; data: Record<string, unknown> },
): Promise<TestEntryView> {
  const project = await loadProject(ctx.db, ref);
  const draft = await draftOf(ctx, project.id);
  const problems = checkProjectConfig(draft.config);
  if (problems.length > 0) throw configInvalid(problems);
  const type = ownValue(draft.config.barcodeTypes, test.barcodeType);
  if (!type) throw fieldFailure('barcodeType', ErrorCode.invalidBarcodeType);
  const form = formsOf(test.barcodeType, type).find((f) => f.form === test.form);
  if (!form) throw fieldFailure('form', ErrorCode.invalidKey);
  const draftProject: Pick<ProjectRow, 'code' | 'version' | 'config'> = {
    code: project.code,
    version: project.version,
    config: draft.config,
  };
  const compiled = compileForm(formSourceOf(draftProject), form.ref, SERVER_VIEWER);
  const result = validateFormData(compiled, test.data, { ghgFactors: draft.config.ghg?.factors });
  const entry = {
    id: newId(),
    barcode_type: test.barcodeType,
    form: test.form,
    data: result.data,
    errors: result.errors,
    made_by: actorOf(actor).name,
    created_at: new Date(),
  };
  await ctx.db.transaction(async (tx) => {
    await revisions.insertTestEntry(tx, project.id, entry);
    await audit(tx, actor, 'draft.test', auditTarget(project), null, {
      barcodeType: entry.barcode_type,
      form: entry.form,
      errors: entry.errors,
    });
  });
  return testEntryView(entry);
}

export async function testEntries(ctx: ServerContext, ref: ProjectRef): Promise<TestEntryView[]> {
  const project = await loadProject(ctx.db, ref);
  return (await revisions.listTestEntries(ctx.db, project.id)).map(testEntryView);
}
