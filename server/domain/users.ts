import type { Queryable } from '../db/database';
import type { Profile, User } from '../../schemas/api/user';
import type { UserType } from '../../schemas/project-config';
import { ErrorCode } from '../../schemas/error-codes';
import { digest, randomDigits } from '../infra/crypto';
import { commonFailure } from '../rules/api-failure';
import { newId } from '../infra/ids';

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

const SELECT_USER = `select u.id, u.organization_id, u.user_type, u.first_name, u.last_name, u.password_hash,
  u.phone_country_code, u.phone_number, o.enterprise_id
  from users u join organizations o on o.id = u.organization_id`;

export async function findUserByAccessCode(db: Queryable, secret: string, accessCode: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SELECT_USER} where u.access_code_digest = $1`, [digest(secret, accessCode)])).rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SELECT_USER} where u.id = $1`, [id])).rows[0];
}

export function toUser(row: Pick<UserRow, 'id' | 'organization_id' | 'user_type' | 'first_name' | 'last_name'>): User {
  return {
    id: row.id,
    userType: row.user_type,
    organizationId: row.organization_id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
  };
}

/** GET /user/profile: the user with their organization and its enterprise. */
export async function loadProfile(db: Queryable, userId: string): Promise<Profile> {
  const { rows } = await db.query<UserRow & { organization_name: string; enterprise_name: string }>(
    `select u.id, u.organization_id, u.user_type, u.first_name, u.last_name, o.name as organization_name,
            o.enterprise_id, e.name as enterprise_name
       from users u join organizations o on o.id = u.organization_id join enterprises e on e.id = o.enterprise_id
      where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw commonFailure(ErrorCode.userNotFound);
  return {
    user: toUser(row),
    organization: { id: row.organization_id, name: row.organization_name, enterpriseId: row.enterprise_id, enterpriseName: row.enterprise_name },
  };
}

export interface NewUser {
  organizationId: string;
  userType: UserType;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  phoneCountryCode?: string;
  phoneNumber?: string;
}

/**
 * Creates a user with a fresh random 8-digit access code and returns that code (the only time it
 * exists in clear). A collision with an existing code is retried with another.
 */
export async function createUser(db: Queryable, secret: string, user: NewUser, accessCode?: string): Promise<{ id: string; accessCode: string }> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const code = accessCode ?? randomDigits(8);
    const id = newId();
    const { rows } = await db.query<{ id: string }>(
      `insert into users (id, organization_id, user_type, first_name, last_name, access_code_digest, password_hash, phone_country_code, phone_number)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (access_code_digest) do nothing returning id`,
      [id, user.organizationId, user.userType, user.firstName, user.lastName, digest(secret, code), user.passwordHash,
        user.phoneCountryCode ?? null, user.phoneNumber ?? null],
    );
    if (rows[0]) return { id, accessCode: code };
    if (accessCode) throw new Error('access code already taken');
  }
  throw new Error('could not find a free access code');
}
