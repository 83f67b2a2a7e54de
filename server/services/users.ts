import type { Profile, User } from '../../schemas/api/user';
import { ErrorCode } from '../../schemas/error-codes';
import type { UserType } from '../../schemas/project-config';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { digest, randomDigits } from '../infra/crypto';
import { newId } from '../infra/ids';
import * as users from '../repositories/users';
import type { UserRow } from '../repositories/users';
import { commonFailure } from '../rules/api-failure';

/** The user whose access code this is (looked up by its digest: codes are never stored in clear). */
export const findUserByAccessCode = (db: Queryable, secret: string, accessCode: string): Promise<UserRow | undefined> =>
  users.findUserByAccessCodeDigest(db, digest(secret, accessCode));

/** A user as the API returns them. */
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

/** GET /user/profile: the user with their organization and its enterprise; refused when the user is gone. */
export async function loadProfile(ctx: ServerContext, userId: string): Promise<Profile> {
  const row = await users.findProfile(ctx.db, userId);
  if (!row) throw commonFailure(ErrorCode.userNotFound);
  return {
    user: toUser(row),
    organization: {
      id: row.organization_id,
      name: row.organization_name,
      enterpriseId: row.enterprise_id,
      enterpriseName: row.enterprise_name,
    },
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
 * exists in clear). A collision with an existing code is retried with another; a given
 * `accessCode` (the demo users') is used as it is.
 */
export async function createUser(
  db: Queryable,
  secret: string,
  user: NewUser,
  accessCode?: string,
): Promise<{ id: string; accessCode: string }> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const code = accessCode ?? randomDigits(8);
    const id = newId();
    const inserted = await users.insertUser(db, {
      id,
      organizationId: user.organizationId,
      userType: user.userType,
      firstName: user.firstName,
      lastName: user.lastName,
      accessCodeDigest: digest(secret, code),
      passwordHash: user.passwordHash,
      phoneCountryCode: user.phoneCountryCode ?? null,
      phoneNumber: user.phoneNumber ?? null,
    });
    if (inserted) return { id, accessCode: code };
    if (accessCode) throw new Error('access code already taken');
  }
  throw new Error('could not find a free access code');
}
