import type { Queryable } from '../db/database';
import type { ProjectConfig } from '../../schemas/project-config';

/** A project as stored, with its enterprise's name. */
export interface ProjectRow {
  id: string;
  enterprise_id: string;
  enterprise_name: string;
  code: string;
  version: number;
  /** The configuration revision in service (config_revisions). */
  revision: number;
  name: string;
  config: ProjectConfig;
  has_logo: boolean;
}

/** A project_members row: one user's permissions in one project. */
export interface ProjectMemberRow {
  can_generate_barcode: boolean;
  can_activate_barcode: boolean;
  can_add_tracking: boolean;
  can_recall: boolean;
}

const SELECT_PROJECT = `select p.id, p.enterprise_id, e.name as enterprise_name, p.code, p.version, p.revision, p.name, p.config,
  (p.custom_logo is not null) as has_logo
  from projects p join enterprises e on e.id = p.enterprise_id`;

/** A project with the stamp of its row (`xmin`: any update of the row gives a new one; infra/project-cache.ts). */
export async function findStampedProject(
  db: Queryable,
  id: string,
): Promise<{ project: ProjectRow; stamp: string } | undefined> {
  const row = (
    await db.query<ProjectRow & { stamp: string }>(
      `select p.xmin::text as stamp, p.id, p.enterprise_id, e.name as enterprise_name, p.code, p.version, p.revision, p.name, p.config,
            (p.custom_logo is not null) as has_logo
       from projects p join enterprises e on e.id = p.enterprise_id where p.id = $1`,
      [id],
    )
  ).rows[0];
  if (!row) return undefined;
  const { stamp, ...project } = row;
  return { project, stamp };
}

export async function findProjectById(db: Queryable, id: string): Promise<ProjectRow | undefined> {
  return (await db.query<ProjectRow>(`${SELECT_PROJECT} where p.id = $1`, [id])).rows[0];
}

/** A project by code and version; the latest version of the code when `version` is undefined. */
export async function findProjectByCode(
  db: Queryable,
  code: string,
  version: number | undefined,
): Promise<ProjectRow | undefined> {
  const { rows } =
    version === undefined
      ? await db.query<ProjectRow>(`${SELECT_PROJECT} where p.code = $1 order by p.version desc limit 1`, [code])
      : await db.query<ProjectRow>(`${SELECT_PROJECT} where p.code = $1 and p.version = $2`, [code, version]);
  return rows[0];
}

/**
 * The user's project_members row in the project, if they have one. A membership belongs to the
 * project's code, whichever version it was written on (an admin adds members to a project, not
 * to one version), so the row of the newest version that has one counts.
 */
export async function findMember(
  db: Queryable,
  projectId: string,
  userId: string,
): Promise<ProjectMemberRow | undefined> {
  const { rows } = await db.query<ProjectMemberRow>(
    `select m.can_generate_barcode, m.can_activate_barcode, m.can_add_tracking, m.can_recall
       from project_members m join projects p on p.id = m.project_id
      where m.user_id = $2 and p.code = (select code from projects where id = $1)
      order by p.version desc limit 1`,
    [projectId, userId],
  );
  return rows[0];
}

/** The project's logo and its content type (either may be null). */
export async function findLogo(
  db: Queryable,
  id: string,
): Promise<{ custom_logo: Uint8Array | null; custom_logo_type: string | null } | undefined> {
  return (
    await db.query<{ custom_logo: Uint8Array | null; custom_logo_type: string | null }>(
      'select custom_logo, custom_logo_type from projects where id = $1',
      [id],
    )
  ).rows[0];
}

/** The project's logo's content type (null without a logo), without its bytes. */
export async function findLogoType(db: Queryable, id: string): Promise<string | null> {
  return (
    (
      await db.query<{ custom_logo_type: string | null }>(
        'select custom_logo_type from projects where id = $1 and custom_logo is not null',
        [id],
      )
    ).rows[0]?.custom_logo_type ?? null
  );
}

export async function projectIdExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('select 1 from projects where id = $1', [id])).rows.length > 0;
}

/** A new project at version 1. */
export interface NewProject {
  id: string;
  enterpriseId: string;
  code: string;
  name: string;
  config: ProjectConfig;
  logo: { bytes: Buffer; type: string } | null;
}

export async function insertProject(db: Queryable, project: NewProject): Promise<void> {
  await db.query(
    `insert into projects (id, enterprise_id, code, version, name, config, custom_logo, custom_logo_type)
     values ($1, $2, $3, 1, $4, $5, $6, $7)`,
    [
      project.id,
      project.enterpriseId,
      project.code,
      project.name,
      JSON.stringify(project.config),
      project.logo?.bytes ?? null,
      project.logo?.type ?? null,
    ],
  );
  // Its first configuration revision, kept like every later one so it can be rolled back to.
  await db.query(
    `insert into config_revisions (project_id, revision, config, mode) values ($1, 1, $2::jsonb, 'initial')`,
    [project.id, JSON.stringify(project.config)],
  );
}

/** Gives a user their own permissions in a project, unless they have a row there already. */
export async function addMember(
  db: Queryable,
  projectId: string,
  userId: string,
  member: ProjectMemberRow,
): Promise<void> {
  await db.query(
    `insert into project_members (project_id, user_id, can_generate_barcode, can_activate_barcode, can_add_tracking, can_recall)
     values ($1, $2, $3, $4, $5, $6) on conflict (project_id, user_id) do nothing`,
    [
      projectId,
      userId,
      member.can_generate_barcode,
      member.can_activate_barcode,
      member.can_add_tracking,
      member.can_recall,
    ],
  );
}
