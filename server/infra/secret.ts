import type { Database } from '../db/database';
import { randomToken } from './crypto';

/**
 * The server's signing secret: AUTH_SECRET when set, else one generated on first start and kept
 * in the database, so tokens and access-code digests survive restarts.
 */
export async function loadSecret(db: Database, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query("insert into settings (key, value) values ('auth_secret', $1) on conflict (key) do nothing", [
    randomToken(48),
  ]);
  const { rows } = await db.query<{ value: string }>("select value from settings where key = 'auth_secret'");
  const secret = rows[0]?.value;
  if (!secret) throw new Error('auth secret missing after insert');
  return secret;
}
