import type { Queryable } from '../db/database';
import { ErrorCode } from '../../schemas/error-codes';
import { commonFailure } from '../rules/api-failure';

/** One limit: at most `max` counted events per `windowSeconds` for a scope and key. */
export interface Limit {
  scope: string;
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Login and registration limits (docs/operators/security.md, "Rate limits"). Only failed logins
 * count, so a user who logs in correctly is never slowed. The per-project limit holds however
 * many addresses an attacker has, so guessing one of the project's access codes takes decades.
 */
export const AUTH_LIMITS = {
  loginFailuresPerAddress: { max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerProject: { max: 100, windowSeconds: 15 * 60 },
  registrationsPerAddress: { max: 5, windowSeconds: 60 * 60 },
};
export type AuthLimits = typeof AUTH_LIMITS;

/** Throws 429 (`$common: [429]`, Retry-After in seconds) when any limit is reached. */
export async function assertWithinLimits(db: Queryable, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const { rows } = await db.query<{ count: number; oldest: Date | string | null }>(
      `select count(*)::int as count, min(at) as oldest from auth_attempts
        where scope = $1 and scope_key = $2 and at > now() - make_interval(secs => $3)`,
      [limit.scope, limit.key, limit.windowSeconds],
    );
    const row = rows[0];
    if (row && row.count >= limit.max) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
      const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowSeconds * 1000 - Date.now()) / 1000));
      throw commonFailure(ErrorCode.tooManyAttempts, 429, { 'retry-after': String(retryAfter) });
    }
  }
}

/** Counts one event against each limit, and forgets events older than a day. */
export async function recordAttempt(db: Queryable, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    await db.query('insert into auth_attempts (scope, scope_key) values ($1, $2)', [limit.scope, limit.key]);
  }
  await db.query("delete from auth_attempts where at < now() - interval '1 day'");
}
