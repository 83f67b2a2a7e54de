import type { Language } from '../../schemas/languages';
import type { ServerContext } from '../context';
import * as revisions from '../repositories/config-revisions';
import type { RevisionRow } from '../repositories/config-revisions';
import { compatReport, keptRevision, reportView, type ProjectRef, type ReportView } from './config-publish';
import { loadProject } from './projects';

export interface RevisionView {
  revision: number;
  mode: string;
  note: string;
  publishedBy: string;
  publishedAt: string;
}

const revisionView = (r: RevisionRow): RevisionView => ({
  revision: r.revision,
  mode: r.mode,
  note: r.note,
  publishedBy: r.published_by_name,
  publishedAt: new Date(r.published_at).toISOString(),
});

export interface ConfigHistory {
  projectId: string;
  code: string;
  version: number;
  /** The revision in service. */
  revision: number;
  revisions: RevisionView[];
  draft: { basedOnRevision: number; etag: number; savedBy: string; savedAt: string } | null;
}

/** Every published revision of a project version, newest first, and its draft if it has one. */
export async function configHistory(ctx: ServerContext, ref: ProjectRef): Promise<ConfigHistory> {
  const project = await loadProject(ctx.db, ref);
  const draft = await revisions.findDraft(ctx.db, project.id);
  return {
    projectId: project.id,
    code: project.code,
    version: project.version,
    revision: project.revision,
    revisions: (await revisions.listRevisions(ctx.db, project.id)).map(revisionView),
    draft: draft
      ? {
          basedOnRevision: draft.based_on_revision,
          etag: draft.etag,
          savedBy: draft.saved_by_name,
          savedAt: new Date(draft.saved_at).toISOString(),
        }
      : null,
  };
}

export async function revisionDetail(
  ctx: ServerContext,
  ref: ProjectRef,
  revision: number,
): Promise<RevisionView & { config: Record<string, unknown> }> {
  const project = await loadProject(ctx.db, ref);
  const found = await keptRevision(ctx.db, project.id, revision);
  return { ...revisionView(found), config: found.config };
}

/** What changed from one kept revision to another, in words (the language asked) and as data, with today's stored records counted. */
export async function diffRevisions(
  ctx: ServerContext,
  ref: ProjectRef,
  from: number,
  to: number,
  language: Language,
): Promise<ReportView> {
  const project = await loadProject(ctx.db, ref);
  const [before, after] = [await keptRevision(ctx.db, project.id, from), await keptRevision(ctx.db, project.id, to)];
  return reportView(await compatReport(ctx.db, project.id, before.config, after.config), language);
}
