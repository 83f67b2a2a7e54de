import type { Queryable } from '../db/database';
import type { UserType } from '../../schemas/project-config';

/** A user as the admin area lists them, with their memberships (project code and role). */
export interface AdminUserRow {
  id: string;
  user_type: UserType;
  first_name: string;
  last_name: string;
  organization_id: string;
  organization_name: string;
  enterprise_id: string;
  deactivated_at: Date | string | null;
  access_code_revoked_at: Date | string | null;
  created_at: Date | string;
  memberships: { projectCode: string; role: string | null }[] | null;
}

const SELECT_ADMIN_USER = `select u.id, u.user_type, u.first_name, u.last_name, u.organization_id, o.name as organization_name,
  o.enterprise_id, u.deactivated_at, u.access_code_revoked_at, u.created_at,
  (select json_agg(json_build_object('projectCode', x.code, 'role', x.role) order by x.code) from (
     select distinct on (p.code) p.code, m.role from project_members m join projects p on p.id = m.project_id
      where m.user_id = u.id order by p.code, p.version desc) x) as memberships
  from users u join organizations o on o.id = u.organization_id`;

export interface UserSearch {
  enterpriseId: string;
  search?: string;
  userType?: UserType;
  status?: 'active' | 'deactivated';
  /** Only members of these project codes (a project admin's view, or a filter). */
  memberOf?: string[];
  skip: number;
  count: number;
}

/** A page of the enterprise's users (newest first) and how many match in all. */
export async function searchUsers(db: Queryable, q: UserSearch): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = ['o.enterprise_id = $1'];
  const params: unknown[] = [q.enterpriseId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (q.search) add("(u.first_name || ' ' || u.last_name || ' ' || o.name) ilike '%' || ? || '%'", q.search);
  if (q.userType) add('u.user_type = ?', q.userType);
  if (q.status === 'active') where.push('u.deactivated_at is null');
  if (q.status === 'deactivated') where.push('u.deactivated_at is not null');
  if (q.memberOf) {
    add(
      'exists (select 1 from project_members m join projects p on p.id = m.project_id where m.user_id = u.id and p.code = any(?::text[]))',
      q.memberOf,
    );
  }
  const filter = where.join(' and ');
  const total =
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from users u join organizations o on o.id = u.organization_id where ${filter}`,
        params,
      )
    ).rows[0]?.n ?? 0;
  const { rows } = await db.query<AdminUserRow>(
    `${SELECT_ADMIN_USER} where ${filter} order by u.created_at desc, u.id limit ${Number(q.count)} offset ${Number(q.skip)}`,
    params,
  );
  return { rows, total };
}

/** One user as the admin area shows them; `forUpdate` locks the row for the change that follows. */
export async function findAdminUser(
  db: Queryable,
  userId: string,
  forUpdate = false,
): Promise<AdminUserRow | undefined> {
  if (forUpdate) await db.query('select id from users where id = $1 for update', [userId]);
  return (await db.query<AdminUserRow>(`${SELECT_ADMIN_USER} where u.id = $1`, [userId])).rows[0];
}

export async function setUserDeactivated(db: Queryable, userId: string, deactivated: boolean): Promise<void> {
  await db.query(`update users set deactivated_at = ${deactivated ? 'now()' : 'null'} where id = $1`, [userId]);
}

/** Ends every session of the user: their access tokens stop working and their refresh tokens are refused. */
export async function revokeUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
}

/** Gives the user a new access-code digest; false when another user has that digest (try another code). */
export async function setAccessCodeDigest(db: Queryable, userId: string, accessCodeDigest: string): Promise<boolean> {
  const { rows } = await db.query(
    `update users set access_code_digest = $2, access_code_revoked_at = null
      where id = $1 and not exists (select 1 from users where access_code_digest = $2) returning id`,
    [userId, accessCodeDigest],
  );
  return rows.length > 0;
}

/** Revokes the user's access code: the digest becomes one no code has (`unusable`, unique). */
export async function revokeAccessCode(db: Queryable, userId: string, unusable: string): Promise<void> {
  await db.query('update users set access_code_digest = $2, access_code_revoked_at = now() where id = $1', [
    userId,
    unusable,
  ]);
}

/** The enterprise's organizations, by name. */
export async function listOrganizations(db: Queryable, enterpriseId: string): Promise<{ id: string; name: string }[]> {
  return (
    await db.query<{ id: string; name: string }>(
      'select id, name from organizations where enterprise_id = $1 order by name',
      [enterpriseId],
    )
  ).rows;
}

/**
 * Makes the user a member of the project code with a role: one row, on the newest version
 * (findMember reads a code's newest membership row), rows on other versions removed.
 */
export async function putMembership(
  db: Queryable,
  userId: string,
  projectCode: string,
  role: string,
  permissions: {
    can_generate_barcode: boolean;
    can_activate_barcode: boolean;
    can_add_tracking: boolean;
    can_recall: boolean;
  },
): Promise<void> {
  await removeMembership(db, userId, projectCode);
  await db.query(
    `insert into project_members (project_id, user_id, can_generate_barcode, can_activate_barcode, can_add_tracking, can_recall, role)
     select id, $2, $3, $4, $5, $6, $7 from projects where code = $1 order by version desc limit 1`,
    [
      projectCode,
      userId,
      permissions.can_generate_barcode,
      permissions.can_activate_barcode,
      permissions.can_add_tracking,
      permissions.can_recall,
      role,
    ],
  );
}

export async function removeMembership(db: Queryable, userId: string, projectCode: string): Promise<void> {
  await db.query(
    'delete from project_members where user_id = $1 and project_id in (select id from projects where code = $2)',
    [userId, projectCode],
  );
}
