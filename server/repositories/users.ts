import type { Queryable } from '../db/database';
import type { UserType } from '../../schemas/project-config';

/** A user as stored, with their organization's enterprise. */
export interface UserRow {
  id: string;
  organization_id: string;
  user_type: UserType;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  phone_country_code: string | null;
  phone_number: string | null;
  enterprise_id: string;
}

/** A user with the names of their organization and its enterprise (GET /user/profile). */
export interface ProfileRow extends Pick<
  UserRow,
  'id' | 'organization_id' | 'user_type' | 'first_name' | 'last_name' | 'enterprise_id'
> {
  organization_name: string;
  enterprise_name: string;
}

const SELECT_USER = `select u.id, u.organization_id, u.user_type, u.first_name, u.last_name, u.password_hash,
  u.phone_country_code, u.phone_number, o.enterprise_id
  from users u join organizations o on o.id = u.organization_id`;

/** The user whose access code has this digest (access codes are never stored in clear). */
export async function findUserByAccessCodeDigest(
  db: Queryable,
  accessCodeDigest: string,
): Promise<UserRow | undefined> {
  // A deactivated user logs in no more.
  return (
    await db.query<UserRow>(`${SELECT_USER} where u.access_code_digest = $1 and u.deactivated_at is null`, [
      accessCodeDigest,
    ])
  ).rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SELECT_USER} where u.id = $1`, [id])).rows[0];
}

export async function findProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `select u.id, u.organization_id, u.user_type, u.first_name, u.last_name, o.name as organization_name,
            o.enterprise_id, e.name as enterprise_name
       from users u join organizations o on o.id = u.organization_id join enterprises e on e.id = o.enterprise_id
      where u.id = $1`,
    [userId],
  );
  return rows[0];
}

/** A user to store; the access code only as its digest. */
export interface NewUserRow {
  id: string;
  organizationId: string;
  userType: UserType;
  firstName: string;
  lastName: string;
  accessCodeDigest: string;
  passwordHash: string | null;
  phoneCountryCode: string | null;
  phoneNumber: string | null;
}

/** Stores a user; false (and nothing stored) when another user has the same access code. */
export async function insertUser(db: Queryable, user: NewUserRow): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (id, organization_id, user_type, first_name, last_name, access_code_digest, password_hash, phone_country_code, phone_number)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (access_code_digest) do nothing returning id`,
    [
      user.id,
      user.organizationId,
      user.userType,
      user.firstName,
      user.lastName,
      user.accessCodeDigest,
      user.passwordHash,
      user.phoneCountryCode,
      user.phoneNumber,
    ],
  );
  return rows.length > 0;
}
