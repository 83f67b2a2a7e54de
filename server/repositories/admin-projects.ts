import type { Queryable } from '../db/database';
import type { ProjectConfig } from '../../schemas/project-config';

/** A project (its newest version) as the admin area lists it. */
export interface AdminProjectRow {
  code: string;
  name: string;
  enterprise_id: string;
  enterprise_name: string;
  version: number;
  config: ProjectConfig;
  languages: string[];
  has_logo: boolean;
  members: number;
}

const SELECT_LATEST = `select p.code, p.name, p.enterprise_id, e.name as enterprise_name, p.version, p.config, p.languages,
  (p.custom_logo is not null) as has_logo,
  (select count(distinct m.user_id)::int from project_members m join projects q on q.id = m.project_id where q.code = p.code) as members
  from projects p join enterprises e on e.id = p.enterprise_id
  where p.version = (select max(version) from projects v where v.code = p.code)`;

/** A page of the enterprise's projects by code (newest version of each), and how many match. */
export async function searchProjects(
  db: Queryable,
  q: { enterpriseId: string; codes?: string[]; search?: string; skip: number; count: number },
): Promise<{ rows: AdminProjectRow[]; total: number }> {
  const where = ['p.enterprise_id = $1'];
  const params: unknown[] = [q.enterpriseId];
  if (q.codes) {
    params.push(q.codes);
    where.push(`p.code = any($${params.length}::text[])`);
  }
  if (q.search) {
    params.push(q.search);
    where.push(`(p.code || ' ' || p.name) ilike '%' || $${params.length} || '%'`);
  }
  const filter = where.join(' and ');
  const total =
    (await db.query<{ n: number }>(`select count(*)::int as n from (${SELECT_LATEST} and ${filter}) x`, params)).rows[0]
      ?.n ?? 0;
  const { rows } = await db.query<AdminProjectRow>(
    `${SELECT_LATEST} and ${filter} order by p.code limit ${Number(q.count)} offset ${Number(q.skip)}`,
    params,
  );
  return { rows, total };
}

export async function findAdminProject(db: Queryable, code: string): Promise<AdminProjectRow | undefined> {
  return (await db.query<AdminProjectRow>(`${SELECT_LATEST} and p.code = $1`, [code])).rows[0];
}

export interface NewAdminProject {
  id: string;
  enterpriseId: string;
  code: string;
  name: string;
  config: ProjectConfig;
  languages: string[];
  logo: { bytes: Buffer; type: string } | null;
}

/** Stores a project at version 1; false (nothing stored) when the code exists already, in any enterprise. */
export async function insertNewProject(db: Queryable, p: NewAdminProject): Promise<boolean> {
  const { rows } = await db.query(
    `insert into projects (id, enterprise_id, code, version, name, config, custom_logo, custom_logo_type, languages)
     select $1, $2, $3, 1, $4, $5, $6, $7, $8 where not exists (select 1 from projects where lower(code) = lower($3))
     on conflict (code, version) do nothing returning id`,
    [
      p.id,
      p.enterpriseId,
      p.code,
      p.name,
      JSON.stringify(p.config),
      p.logo?.bytes ?? null,
      p.logo?.type ?? null,
      p.languages,
    ],
  );
  return rows.length > 0;
}

/** Sets allowUserSelfRegister in the configuration of every version of the project. */
export async function setSelfRegistration(db: Queryable, code: string, allow: boolean): Promise<void> {
  await db.query(
    "update projects set config = jsonb_set(config, '{allowUserSelfRegister}', to_jsonb($2::boolean)) where code = $1",
    [code, allow],
  );
}

/** Sets (or removes) the logo of every version of a project. */
export async function setProjectLogo(
  db: Queryable,
  code: string,
  logo: { bytes: Buffer; type: string } | null,
): Promise<void> {
  await db.query('update projects set custom_logo = $2, custom_logo_type = $3 where code = $1', [
    code,
    logo?.bytes ?? null,
    logo?.type ?? null,
  ]);
}
