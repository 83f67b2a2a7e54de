import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import { digest, hashPassword, randomToken, verifyPassword } from '../infra/crypto';
import { newId } from '../infra/ids';
import { assertWithinLimits, recordAttempt, type Limit } from '../infra/rate-limit';
import {
  findAdminByLogin,
  findAdminBySession,
  findEnterprise,
  insertAdmin,
  insertAdminSession,
  revokeAdminSession,
  type AdminRow,
  type NewAdminRow,
} from '../repositories/admins';
import type { Admin } from '../../schemas/api/admin';
import { fieldFailure } from '../rules/api-failure';
import { ErrorCode } from '../../schemas/error-codes';
import type { AdminActor } from '../rules/admin-access';
import { wrongCredentials } from '../rules/login';
import { audit, type AuditActor } from './audit';

const toActor = (row: AdminRow): AdminActor => ({
  id: row.id,
  login: row.login,
  name: row.name,
  role: row.role,
  enterpriseId: row.enterprise_id,
  projectCodes: row.project_codes ?? [],
});

/** An admin session lasts a working day; then the admin logs in again. */
export const ADMIN_SESSION_TTL_SECONDS = 8 * 60 * 60;

// Compared against when no admin has the login name, so a wrong name costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummyHashOnce = () => (dummyHash ??= hashPassword('not-a-real-password-0A'));

/** Failed admin logins count per client address and per login name, with the staff login's numbers. */
function adminLoginLimits(ctx: ServerContext, address: string, login: string): Limit[] {
  const perAddress = ctx.config.limits.loginFailuresPerAddress;
  return [
    { scope: 'admin-login:address', key: address, ...perAddress },
    { scope: 'admin-login:login', key: login, ...perAddress },
  ];
}

/**
 * POST /admin/session: login name and password. Every failure is the same ErrorCode.wrongPassword
 * (nothing tells whether the name exists) and counts against the limits (429 with Retry-After past
 * them). Resolves to the admin and the session token for the cookie (only its digest is stored).
 */
export async function adminLogin(
  ctx: ServerContext,
  login: string,
  password: string,
  address: string,
): Promise<{ actor: AdminActor; token: string }> {
  const limits = adminLoginLimits(ctx, address, login);
  await assertWithinLimits(ctx.db, limits);
  const found = await findAdminByLogin(ctx.db, login);
  const matches = await verifyPassword(password, found?.password_hash ?? (await dummyHashOnce()));
  if (!found || !matches) {
    await recordAttempt(ctx.db, limits);
    throw wrongCredentials();
  }
  const token = randomToken();
  await insertAdminSession(ctx.db, digest(ctx.secret, token), found.id, ADMIN_SESSION_TTL_SECONDS);
  return { actor: toActor(found), token };
}

/** The admin whose session token this is, or undefined (none, expired, revoked, or the admin deactivated). */
export async function adminOfSession(ctx: ServerContext, token: string | undefined): Promise<AdminActor | undefined> {
  const row = token ? await findAdminBySession(ctx.db, digest(ctx.secret, token)) : undefined;
  return row && toActor(row);
}

/** GET /admin/me: the admin with their enterprise's name. */
export async function adminProfile(ctx: ServerContext, actor: AdminActor): Promise<Admin> {
  return { ...actor, enterpriseName: (await findEnterprise(ctx.db, actor.enterpriseId))?.name ?? '' };
}

/** POST /admin/logout: the session ends on the server too. */
export async function adminLogout(ctx: ServerContext, token: string | undefined): Promise<void> {
  if (token) await revokeAdminSession(ctx.db, digest(ctx.secret, token));
}

// No 0/O, 1/l/I: a credential read off a terminal is typed without guessing.
const CREDENTIAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A one-time admin password: four groups of five characters (about 116 bits), always with a
 * digit, a lowercase and an uppercase letter. Shown once, stored as a scrypt hash only.
 */
export function newAdminPassword(): string {
  for (;;) {
    const chars = Array.from({ length: 20 }, () => CREDENTIAL_ALPHABET[randomInt(CREDENTIAL_ALPHABET.length)]).join('');
    if (/\d/.test(chars) && /[a-z]/.test(chars) && /[A-Z]/.test(chars)) return chars.match(/.{5}/g)!.join('-');
  }
}

export interface NewAdmin {
  enterpriseId: string;
  role: AdminActor['role'];
  login: string;
  name: string;
  projectCodes: string[];
}

/**
 * Creates an admin with a new random password, audited in the same transaction; resolves to the
 * admin and that password (to show once). ErrorCode.duplicateEmail on `login` when the name is
 * taken.
 */
export async function createAdmin(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  by: AuditActor,
  admin: NewAdmin,
): Promise<{ actor: AdminActor; password: string }> {
  const password = newAdminPassword();
  const row: NewAdminRow = { id: newId(), ...admin, passwordHash: await hashPassword(password) };
  await db.transaction(async (tx) => {
    if (!(await insertAdmin(tx, row))) throw fieldFailure('login', ErrorCode.duplicateEmail);
    const after = { login: admin.login, name: admin.name, role: admin.role, projectCodes: admin.projectCodes };
    await audit(
      tx,
      by,
      'admin.create',
      { type: 'admin', id: row.id, enterpriseId: admin.enterpriseId, projectCode: admin.projectCodes[0] },
      null,
      after,
    );
  });
  return {
    actor: {
      id: row.id,
      login: admin.login,
      name: admin.name,
      role: admin.role,
      enterpriseId: admin.enterpriseId,
      projectCodes: admin.projectCodes,
    },
    password,
  };
}
