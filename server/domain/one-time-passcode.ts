import type { Queryable } from '../db/database';
import { ErrorCode } from '../../schemas/error-codes';
import { digest, randomDigits, safeEqual } from '../infra/crypto';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { newId } from '../infra/ids';
import { sendSms } from '../infra/outbox';
import type { UserRow } from './users';

/** A one-time code lives 5 minutes and survives at most 5 wrong tries. */
export const ONE_TIME_PASSCODE_TTL_SECONDS = 300;
export const ONE_TIME_PASSCODE_MAX_FAILURES = 5;

interface CodeRow {
  id: string;
  code_digest: string;
}

async function activeCode(db: Queryable, userId: string, projectId: string): Promise<CodeRow | undefined> {
  const { rows } = await db.query<CodeRow>(
    `select id, code_digest from one_time_passcodes
      where user_id = $1 and project_id = $2 and consumed_at is null and expires_at > now() and failed_attempts < $3
      order by created_at desc limit 1`,
    [userId, projectId, ONE_TIME_PASSCODE_MAX_FAILURES],
  );
  return rows[0];
}

/**
 * The second factor of spec section 4, after the access code (and password) were right.
 * - no code typed, none pending: a code is sent to the registered phone -> 3057;
 * - no code typed, one pending: 1000 on oneTimePasscode ('confirm code already sent');
 * - a wrong code: 2002 on oneTimePasscode (and the try is counted);
 * - the right code: it is spent, and the login goes on.
 */
export async function checkOneTimePasscode(
  db: Queryable, secret: string, user: UserRow, projectId: string, typed: string | undefined, projectName: string,
): Promise<void> {
  const pending = await activeCode(db, user.id, projectId);
  if (typed === undefined) {
    if (pending) throw fieldFailure('oneTimePasscode', ErrorCode.emptyField);
    if (!user.phone_number) throw commonFailure(ErrorCode.noRegisteredPhone);
    const code = randomDigits(6);
    await db.query(
      `insert into one_time_passcodes (id, user_id, project_id, code_digest, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [newId(), user.id, projectId, digest(secret, code), ONE_TIME_PASSCODE_TTL_SECONDS],
    );
    await sendSms(db, `${user.phone_country_code ?? ''}${user.phone_number}`, `${projectName}: your one-time code is ${code}. It expires in 5 minutes.`);
    throw commonFailure(ErrorCode.oneTimePasscodeSent);
  }
  if (!pending || !safeEqual(pending.code_digest, digest(secret, typed))) {
    if (pending) await db.query('update one_time_passcodes set failed_attempts = failed_attempts + 1 where id = $1', [pending.id]);
    throw fieldFailure('oneTimePasscode', ErrorCode.wrongOneTimePasscode);
  }
  await db.query('update one_time_passcodes set consumed_at = now() where id = $1', [pending.id]);
}
