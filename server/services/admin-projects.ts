import type { AdminProject, CreateProjectBody, ProjectLogoBody, ProjectsQuery } from '../../schemas/api/admin';
import { LOGO_MAX_BYTES } from '../../schemas/api/admin';
import { ErrorCode } from '../../schemas/error-codes';
import type { Language } from '../../schemas/languages';
import type { ServerContext } from '../context';
import { newId } from '../infra/ids';
import * as repo from '../repositories/admin-projects';
import { insertRevision } from '../repositories/config-revisions';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import type { AdminActor } from '../rules/admin-access';
import { isReservedProjectCode } from '../rules/admin-members';
import { minimalProjectConfig } from '../rules/project-template';
import { audit } from './audit';
import { actorOf } from './config-publish';

export function toAdminProject(row: repo.AdminProjectRow): AdminProject {
  return {
    code: row.code,
    name: row.name,
    enterpriseId: row.enterprise_id,
    enterpriseName: row.enterprise_name,
    latestVersion: row.version,
    barcodeReaderType: row.config.barcodeReaderType,
    languages: row.languages as Language[],
    allowUserSelfRegister: row.config.allowUserSelfRegister,
    hasLogo: row.has_logo,
    members: row.members,
  };
}

/** What the audit log keeps of a project's settings. */
const audited = (p: AdminProject) => ({
  code: p.code,
  name: p.name,
  version: p.latestVersion,
  barcodeReaderType: p.barcodeReaderType,
  languages: p.languages,
  allowUserSelfRegister: p.allowUserSelfRegister,
  hasLogo: p.hasLogo,
});

/** GET /admin/projects: the enterprise's projects; a project admin's own only. */
export async function listProjects(
  ctx: ServerContext,
  actor: AdminActor,
  q: ProjectsQuery,
): Promise<{ items: AdminProject[]; total: number }> {
  const { rows, total } = await repo.searchProjects(ctx.db, {
    enterpriseId: actor.enterpriseId,
    codes: actor.role === 'project' ? actor.projectCodes : undefined,
    search: q.search?.trim() || undefined,
    skip: q.skip ?? 0,
    count: q.count ?? 20,
  });
  return { items: rows.map(toAdminProject), total };
}

/** Decodes a logo upload, refused when it is over LOGO_MAX_BYTES or its bytes are not of the type it names. */
function decodeLogo(logo: CreateProjectBody['logo']): { bytes: Buffer; type: string } | null {
  if (!logo) return null;
  const bytes = Buffer.from(logo.base64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw fieldFailure('logo', ErrorCode.fileTooLarge);
  const head = bytes.subarray(0, 12);
  const looksRight = {
    'image/png': head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    'image/jpeg': head[0] === 0xff && head[1] === 0xd8,
    'image/webp': head.subarray(8, 12).toString('latin1') === 'WEBP',
    'image/svg+xml': /<svg[\s>]/.test(bytes.subarray(0, 2048).toString('utf8')),
  }[logo.contentType];
  if (!looksRight) throw fieldFailure('logo', ErrorCode.invalidFormat);
  return { bytes, type: logo.contentType };
}

/**
 * POST /admin/projects: a project of the admin's enterprise at version 1, with the minimal valid
 * configuration (rules/project-template.ts) kept as its first revision, so a draft can be opened
 * from it like from any published configuration. The code is unique across enterprises and case:
 * a taken code (also by a request at the same moment) is ErrorCode.duplicateProjectCode; a code
 * the client's own routes use ('admin', 'playground') is ErrorCode.invalidProjectCode.
 */
export async function createProject(
  ctx: ServerContext,
  actor: AdminActor,
  body: CreateProjectBody,
): Promise<AdminProject> {
  if (isReservedProjectCode(body.code)) throw fieldFailure('code', ErrorCode.invalidProjectCode);
  const logo = decodeLogo(body.logo);
  const config = minimalProjectConfig({
    barcodeReaderType: body.barcodeReaderType,
    allowUserSelfRegister: body.allowUserSelfRegister,
  });
  const id = newId();
  return ctx.db.transaction(async (tx) => {
    const stored = await repo.insertNewProject(tx, {
      id,
      enterpriseId: actor.enterpriseId,
      code: body.code,
      name: body.name.trim(),
      config,
      languages: body.languages,
      logo,
    });
    if (!stored) throw fieldFailure('code', ErrorCode.duplicateProjectCode);
    await insertRevision(tx, id, 1, config, 'initial', '', actorOf(actor));
    const project = toAdminProject((await repo.findAdminProject(tx, body.code))!);
    await audit(
      tx,
      actor,
      'project.create',
      { type: 'project', id: `${body.code}@1`, enterpriseId: actor.enterpriseId, projectCode: body.code },
      null,
      audited(project),
    );
    return project;
  });
}

/** PUT /admin/projects/:projectCode/self-registration: allows or refuses carrier self-registration (every version). */
export async function setSelfRegistration(
  ctx: ServerContext,
  actor: AdminActor,
  code: string,
  allow: boolean,
): Promise<AdminProject> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findAdminProject(tx, code);
    if (!row) throw commonFailure(ErrorCode.projectNotFound, 404);
    const before = toAdminProject(row);
    if (before.allowUserSelfRegister === allow) return before;
    await repo.setSelfRegistration(tx, code, allow);
    const after = toAdminProject((await repo.findAdminProject(tx, code))!);
    await audit(
      tx,
      actor,
      'project.self-registration',
      { type: 'project', id: code, enterpriseId: actor.enterpriseId, projectCode: code },
      { allowUserSelfRegister: before.allowUserSelfRegister },
      { allowUserSelfRegister: after.allowUserSelfRegister },
    );
    return after;
  });
}

/**
 * PUT /admin/projects/:projectCode/logo: a new logo for every version of the project (checked as at
 * creation, decodeLogo), or none (`null`). Phones see it at their next look at the logo (API
 * answers are never stored by browsers: no-store).
 */
export async function setProjectLogo(
  ctx: ServerContext,
  actor: AdminActor,
  code: string,
  body: ProjectLogoBody,
): Promise<AdminProject> {
  const logo = decodeLogo(body.logo ?? undefined);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findAdminProject(tx, code);
    if (!row) throw commonFailure(ErrorCode.projectNotFound, 404);
    const before = toAdminProject(row);
    await repo.setProjectLogo(tx, code, logo);
    const after = toAdminProject((await repo.findAdminProject(tx, code))!);
    await audit(
      tx,
      actor,
      'project.logo',
      { type: 'project', id: code, enterpriseId: actor.enterpriseId, projectCode: code },
      { hasLogo: before.hasLogo },
      { hasLogo: after.hasLogo, ...(logo ? { contentType: logo.type, bytes: logo.bytes.length } : {}) },
    );
    return after;
  });
}
