import type { Language } from '../../schemas/languages';
import type { Queryable } from '../db/database';
import { digest, randomDigits, safeEqual } from './crypto';
import { newId } from './ids';
import { oneTimeCodeText } from './message-texts';
import { sendSms } from './outbox';

/** A one-time code lives briefly and survives few wrong tries: six digits must not be guessable in time. */
export const ONE_TIME_PASSCODE_TTL_SECONDS = 300;
export const ONE_TIME_PASSCODE_MAX_FAILURES = 5;

/** The code a user may still type at a project's login (unspent, unexpired, not tried too often). */
export interface PendingCode {
  id: string;
  code_digest: string;
}

export async function findPendingCode(
  db: Queryable,
  userId: string,
  projectId: string,
): Promise<PendingCode | undefined> {
  const { rows } = await db.query<PendingCode>(
    `select id, code_digest from one_time_passcodes
      where user_id = $1 and project_id = $2 and consumed_at is null and expires_at > now() and failed_attempts < $3
      order by created_at desc limit 1`,
    [userId, projectId, ONE_TIME_PASSCODE_MAX_FAILURES],
  );
  return rows[0];
}

/** Whether `typed` is the pending code (compared as digests, in constant time). */
export const isPendingCode = (secret: string, pending: PendingCode, typed: string): boolean =>
  safeEqual(pending.code_digest, digest(secret, typed));

/**
 * Makes a new 6-digit code for the user at the project, keeps its digest, and sends it by SMS to
 * `phone`, in `language` (the one the login asked in) with the project's name.
 */
export async function sendNewCode(
  db: Queryable,
  secret: string,
  userId: string,
  projectId: string,
  phone: string,
  projectName: string,
  language: Language,
): Promise<void> {
  const code = randomDigits(6);
  await db.query(
    `insert into one_time_passcodes (id, user_id, project_id, code_digest, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [newId(), userId, projectId, digest(secret, code), ONE_TIME_PASSCODE_TTL_SECONDS],
  );
  await sendSms(db, phone, oneTimeCodeText(language, projectName, code, ONE_TIME_PASSCODE_TTL_SECONDS / 60));
}

/** Counts a wrong try against the pending code. */
export async function countFailure(db: Queryable, pending: PendingCode): Promise<void> {
  await db.query('update one_time_passcodes set failed_attempts = failed_attempts + 1 where id = $1', [pending.id]);
}

/** Spends the code: it cannot be typed again. */
export async function spend(db: Queryable, pending: PendingCode): Promise<void> {
  await db.query('update one_time_passcodes set consumed_at = now() where id = $1', [pending.id]);
}
