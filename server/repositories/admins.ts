import type { Queryable } from '../db/database';
/** An admin as stored, with the project codes of a project admin. */
export interface AdminRow {
  id: string;
  login: string;
  name: string;
  role: 'enterprise' | 'project';
  enterprise_id: string;
  project_codes: string[] | null;
  password_hash: string;
}

const SELECT_ADMIN = `select a.id, a.login, a.name, a.role, a.enterprise_id, a.password_hash,
  (select array_agg(p.project_code order by p.project_code) from admin_projects p where p.admin_id = a.id) as project_codes
  from admins a`;

/** An active admin by login name, with the password hash to check. */
export async function findAdminByLogin(db: Queryable, login: string): Promise<AdminRow | undefined> {
  return (await db.query<AdminRow>(`${SELECT_ADMIN} where a.login = $1 and a.deactivated_at is null`, [login])).rows[0];
}

/** The active admin of an unexpired, unrevoked session (by the digest of its token). */
export async function findAdminBySession(db: Queryable, tokenDigest: string): Promise<AdminRow | undefined> {
  return (
    await db.query<AdminRow>(
      `${SELECT_ADMIN} join admin_sessions s on s.admin_id = a.id
      where s.token_digest = $1 and s.revoked_at is null and s.expires_at > now() and a.deactivated_at is null`,
      [tokenDigest],
    )
  ).rows[0];
}

export interface NewAdminRow {
  id: string;
  enterpriseId: string;
  role: 'enterprise' | 'project';
  login: string;
  name: string;
  passwordHash: string;
  projectCodes: string[];
}

/** Stores an admin; false (nothing stored) when the login name is taken. */
export async function insertAdmin(db: Queryable, admin: NewAdminRow): Promise<boolean> {
  const { rows } = await db.query(
    `insert into admins (id, enterprise_id, role, login, name, password_hash) values ($1, $2, $3, $4, $5, $6)
     on conflict (login) do nothing returning id`,
    [admin.id, admin.enterpriseId, admin.role, admin.login, admin.name, admin.passwordHash],
  );
  if (rows.length === 0) return false;
  for (const code of admin.projectCodes) {
    await db.query('insert into admin_projects (admin_id, project_code) values ($1, $2)', [admin.id, code]);
  }
  return true;
}

export async function insertAdminSession(
  db: Queryable,
  tokenDigest: string,
  adminId: string,
  ttlSeconds: number,
): Promise<void> {
  await db.query(
    'insert into admin_sessions (token_digest, admin_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))',
    [tokenDigest, adminId, ttlSeconds],
  );
}

export async function revokeAdminSession(db: Queryable, tokenDigest: string): Promise<void> {
  await db.query('update admin_sessions set revoked_at = now() where token_digest = $1 and revoked_at is null', [
    tokenDigest,
  ]);
}

/** An enterprise by id, or by its name (case-insensitive) when `idOrName` is not a uuid. */
export async function findEnterprise(
  db: Queryable,
  idOrName: string,
): Promise<{ id: string; name: string } | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrName);
  const { rows } = isUuid
    ? await db.query<{ id: string; name: string }>('select id, name from enterprises where id = $1', [idOrName])
    : await db.query<{ id: string; name: string }>('select id, name from enterprises where lower(name) = lower($1)', [
        idOrName,
      ]);
  return rows[0];
}

/** The enterprises a project code belongs to (one, unless the data is inconsistent; none when unknown). */
export async function enterprisesOfProjectCode(db: Queryable, code: string): Promise<string[]> {
  const { rows } = await db.query<{ enterprise_id: string }>(
    'select distinct enterprise_id from projects where code = $1',
    [code],
  );
  return rows.map((r) => r.enterprise_id);
}

/** An admin as the admins screen lists them. */
export interface AdminAccountRow {
  id: string;
  login: string;
  name: string;
  role: 'enterprise' | 'project';
  project_codes: string[] | null;
  active: boolean;
  created_at: Date;
}

const SELECT_ACCOUNT = `select a.id, a.login, a.name, a.role, a.deactivated_at is null as active, a.created_at,
  (select array_agg(p.project_code order by p.project_code) from admin_projects p where p.admin_id = a.id) as project_codes
  from admins a`;

/** The admins of an enterprise, active first, then by name. */
export async function listAdminAccounts(db: Queryable, enterpriseId: string): Promise<AdminAccountRow[]> {
  return (
    await db.query<AdminAccountRow>(
      `${SELECT_ACCOUNT} where a.enterprise_id = $1 order by a.deactivated_at is not null, a.name, a.login`,
      [enterpriseId],
    )
  ).rows;
}

/** One admin of an enterprise (none for an admin of another enterprise). */
export async function findAdminAccount(
  db: Queryable,
  id: string,
  enterpriseId: string,
): Promise<AdminAccountRow | undefined> {
  return (
    await db.query<AdminAccountRow>(`${SELECT_ACCOUNT} where a.id = $1 and a.enterprise_id = $2`, [id, enterpriseId])
  ).rows[0];
}

/** Deactivates an admin (locked for the change) and ends their sessions; false when already inactive. */
export async function deactivateAdminRow(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(
    'update admins set deactivated_at = now() where id = $1 and deactivated_at is null returning id',
    [id],
  );
  if (rows.length === 0) return false;
  await db.query('update admin_sessions set revoked_at = now() where admin_id = $1 and revoked_at is null', [id]);
  return true;
}
