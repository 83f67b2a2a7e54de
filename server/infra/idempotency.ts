import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';

/** How long an answer is kept for repeats of its request. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A claim with no answer after this long was abandoned (the process stopped mid-request): it may be taken over. */
export const ABANDONED_CLAIM_SECONDS = 60;

/** What identifies a request for its key: method, URL and body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url');
}

/** A stored use of a key: its request's fingerprint, and its answer once there is one. */
export interface KeyUse {
  fingerprint: string;
  answer: { status: number; body: string } | null;
}

/** Expired answers are removed at most this often per process (a claim of an expired key replaces it anyway). */
const PURGE_EVERY_MS = 60_000;
const nextPurge = new WeakMap<Queryable, number>();

/**
 * Claims a key for a request: true when this request is the first with it (it then runs and its
 * answer is stored with `storeAnswer`); false when another request holds it (see `findKeyUse`).
 * One statement: a new key is inserted, and an expired use or an abandoned claim of the same
 * key is taken over in place (the row lock of the upsert lets one of several racing requests
 * win). Other expired answers are purged now and then, not on every request.
 */
export async function claimKey(db: Queryable, userId: string, key: string, fingerprint: string): Promise<boolean> {
  if (Date.now() >= (nextPurge.get(db) ?? 0)) {
    nextPurge.set(db, Date.now() + PURGE_EVERY_MS);
    await db.query('delete from idempotency_keys where expires_at <= now()');
  }
  const { rows } = await db.query(
    `insert into idempotency_keys (user_id, key, fingerprint, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))
     on conflict (user_id, key) do update
        set fingerprint = excluded.fingerprint, status = null, body = null, claimed_at = now(), expires_at = excluded.expires_at
      where idempotency_keys.expires_at <= now()
         or (idempotency_keys.status is null and idempotency_keys.claimed_at <= now() - make_interval(secs => $5))
     returning 1 as claimed`,
    [userId, key, fingerprint, IDEMPOTENCY_TTL_SECONDS, ABANDONED_CLAIM_SECONDS],
  );
  return rows.length === 1;
}

/** The use of a key, or undefined when there is none (it expired meanwhile, or its request failed). */
export async function findKeyUse(db: Queryable, userId: string, key: string): Promise<KeyUse | undefined> {
  const { rows } = await db.query<{ fingerprint: string; status: number | null; body: string | null }>(
    'select fingerprint, status, body from idempotency_keys where user_id = $1 and key = $2 and expires_at > now()',
    [userId, key],
  );
  const row = rows[0];
  return (
    row && {
      fingerprint: row.fingerprint,
      answer: row.status === null ? null : { status: row.status, body: row.body ?? '' },
    }
  );
}

/** Stores the answer a claimed key's request got. */
export async function storeAnswer(
  db: Queryable,
  userId: string,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await db.query('update idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2', [
    userId,
    key,
    status,
    body,
  ]);
}

/** Gives a claim up (its request failed on the server's side), so a retry runs afresh. */
export async function releaseKey(db: Queryable, userId: string, key: string): Promise<void> {
  await db.query('delete from idempotency_keys where user_id = $1 and key = $2 and status is null', [userId, key]);
}
