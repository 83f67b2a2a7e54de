import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';

/** How long an answer is kept for repeats of its request. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A claim with no answer after this long was abandoned (the process stopped mid-request): it may be taken over. */
export const ABANDONED_CLAIM_SECONDS = 60;

/** What identifies a request for its key: method, URL and body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${url}\n${JSON.stringify(body ?? null)}`).digest('base64url');
}

/** A stored use of a key: its request's fingerprint, and its answer once there is one. */
export interface KeyUse {
  fingerprint: string;
  answer: { status: number; body: string } | null;
}

/**
 * Claims a key for a request: true when this request is the first with it (it then runs and its
 * answer is stored with `storeAnswer`); false when another request holds it (see `findKeyUse`).
 * Expired uses and abandoned claims are removed first, so their key starts afresh.
 */
export async function claimKey(db: Queryable, userId: string, key: string, fingerprint: string): Promise<boolean> {
  await db.query(
    `delete from idempotency_keys where expires_at <= now()
        or (user_id = $1 and key = $2 and status is null and claimed_at <= now() - make_interval(secs => $3))`,
    [userId, key, ABANDONED_CLAIM_SECONDS],
  );
  const { rows } = await db.query(
    `insert into idempotency_keys (user_id, key, fingerprint, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))
     on conflict (user_id, key) do nothing returning 1 as claimed`,
    [userId, key, fingerprint, IDEMPOTENCY_TTL_SECONDS],
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
  return row && { fingerprint: row.fingerprint, answer: row.status === null ? null : { status: row.status, body: row.body ?? '' } };
}

/** Stores the answer a claimed key's request got. */
export async function storeAnswer(db: Queryable, userId: string, key: string, status: number, body: string): Promise<void> {
  await db.query('update idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2', [userId, key, status, body]);
}

/** Gives a claim up (its request failed on the server's side), so a retry runs afresh. */
export async function releaseKey(db: Queryable, userId: string, key: string): Promise<void> {
  await db.query('delete from idempotency_keys where user_id = $1 and key = $2 and status is null', [userId, key]);
}
