import type { CustomPage, Project, ProjectPermission, ProjectQuery, WebManifest } from '../../schemas/api/project';
import { ErrorCode } from '../../schemas/error-codes';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import * as projects from '../repositories/projects';
import type { ProjectRow } from '../repositories/projects';
import { belongsTo, needsProjectLogin, permissionsFor, type Viewer } from '../rules/access';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { noteProject, requestProject } from '../infra/request-project';
import { findRevision } from '../repositories/config-revisions';
import { Headers } from '../../schemas/validation';
import { sanitizeCustomPage } from '../rules/custom-page';
import { assertProjectFound, isProjectId, projectLookup, revisionForWrite } from '../rules/projects';
import { webManifest } from '../rules/web-manifest';

/** Finds a project by id, or by code and version (the latest version when none is given). */
export async function loadProject(db: Queryable, query: ProjectQuery): Promise<ProjectRow> {
  const lookup = projectLookup(query);
  const found =
    lookup === null
      ? undefined
      : 'id' in lookup
        ? await projects.findProjectById(db, lookup.id)
        : await projects.findProjectByCode(db, lookup.code, lookup.version);
  const project = assertProjectFound(found);
  noteProject(project);
  return project;
}

/**
 * A project by id through the context's cache (infra/project-cache.ts): `stamp`, read with the
 * row that named the project, says whether the copy kept is current; else it is read again.
 */
export async function cachedProject(ctx: ServerContext, id: string, stamp: string): Promise<ProjectRow> {
  const kept = ctx.projects.get(id, stamp);
  if (kept) {
    noteProject(kept);
    return kept;
  }
  const found = assertProjectFound(await projects.findStampedProject(ctx.db, id));
  noteProject(found.project);
  return ctx.projects.set(found.project, found.stamp);
}

/**
 * Earlier revisions, by `<project id>:<revision>`: the project with that revision's configuration,
 * and when the next revision was published. A published revision never changes.
 */
const earlierRevisions = new Map<string, { project: ProjectRow; supersededAt: Date | undefined }>();
const EARLIER_REVISIONS_KEPT = 64;

/**
 * The project as the write's Config-Revision header saw it: the project in service when the header
 * is absent or names the current revision; with an earlier revision's configuration when the server
 * keeps it and the write was made (Made-At, else now) before the next revision was published
 * (rules/projects.ts revisionForWrite: a step queued offline on the old form is checked by the
 * rules it was drawn with; one made after the publish by the current rules);
 * ErrorCode.configRevisionUnknown (409) for a revision the server does not keep,
 * ErrorCode.invalidFormat for a malformed header.
 */
export async function projectAsSent(db: Queryable, project: ProjectRow): Promise<ProjectRow> {
  const request = requestProject();
  const sent = request?.sentRevision;
  if (sent === undefined || sent === project.revision) return project;
  if (sent === 'malformed') throw fieldFailure(Headers.configRevision, ErrorCode.invalidFormat);
  const key = `${project.id}:${sent}`;
  let kept = earlierRevisions.get(key);
  if (!kept) {
    const revision = sent < project.revision ? await findRevision(db, project.id, sent) : undefined;
    if (!revision) throw commonFailure(ErrorCode.configRevisionUnknown, 409);
    const next = await findRevision(db, project.id, sent + 1);
    kept = { project: { ...project, revision: sent, config: revision.config }, supersededAt: next?.published_at };
    if (earlierRevisions.size >= EARLIER_REVISIONS_KEPT)
      earlierRevisions.delete(earlierRevisions.keys().next().value as string);
    earlierRevisions.set(key, kept);
  }
  return revisionForWrite(request?.madeAt ?? new Date(), kept.supersededAt) === 'sent' ? kept.project : project;
}

/** What the viewer may do in the project; the project_members row is read only for users of its enterprise. */
export async function projectPermission(
  db: Queryable,
  project: ProjectRow,
  viewer: Viewer | null,
): Promise<ProjectPermission> {
  const member = belongsTo(viewer, project) ? await projects.findMember(db, project.id, viewer.userId) : undefined;
  return permissionsFor(viewer, project, member);
}

/** The project as GET /barcode/project returns it. */
export function toProject(row: ProjectRow, permission: ProjectPermission, loginForProjectNeeded = false): Project {
  return {
    ...row.config,
    id: row.id,
    code: row.code,
    name: row.name,
    version: row.version,
    revision: row.revision,
    enterpriseId: row.enterprise_id,
    enterpriseName: row.enterprise_name,
    customLogoImageUrl: row.has_logo ? `/api/barcode/project-logo/${row.id}` : null,
    barcodeReaderLicenseKey: null,
    projectPermission: permission,
    ...(loginForProjectNeeded ? { loginForProjectNeeded } : {}),
  };
}

/** GET /barcode/project: the project with what the viewer (or a visitor) may do in it. */
export async function projectFor(ctx: ServerContext, query: ProjectQuery, viewer: Viewer | null): Promise<Project> {
  const row = await loadProject(ctx.db, query);
  return toProject(row, await projectPermission(ctx.db, row, viewer), needsProjectLogin(viewer, row));
}

/** GET /barcode/project-logo/:id: the logo's bytes and content type; 404 when the project has none. */
export async function projectLogo(ctx: ServerContext, id: string): Promise<{ bytes: Buffer; contentType: string }> {
  const logo = isProjectId(id) ? await projects.findLogo(ctx.db, id) : undefined;
  if (!logo?.custom_logo || !logo.custom_logo_type) throw commonFailure(ErrorCode.projectNotFound, 404);
  return { bytes: Buffer.from(logo.custom_logo), contentType: logo.custom_logo_type };
}

/** GET /barcode/project-html: the project's custom page, sanitised (rules/custom-page.ts); open to visitors, as the page is. */
export async function customPageFor(ctx: ServerContext, query: ProjectQuery): Promise<CustomPage> {
  const page = (await loadProject(ctx.db, query)).config.customHtmlPage;
  if (!page) return { html: null };
  const { en, ja, 'zh-TW': zhTW, 'zh-CN': zhCN } = page.html;
  return {
    html: {
      en: sanitizeCustomPage(en),
      ja: sanitizeCustomPage(ja),
      'zh-TW': sanitizeCustomPage(zhTW),
      'zh-CN': sanitizeCustomPage(zhCN),
    },
  };
}

/** GET /barcode/project-manifest: the project's web app manifest. */
export async function projectManifest(ctx: ServerContext, query: ProjectQuery): Promise<WebManifest> {
  const row = await loadProject(ctx.db, query);
  const logoType = row.has_logo ? await projects.findLogoType(ctx.db, row.id) : null;
  return webManifest({ id: row.id, code: row.code, name: row.name, logoType });
}
