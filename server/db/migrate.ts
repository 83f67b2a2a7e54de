import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/**
 * Applies every `migrations/NNN_name.sql` not applied yet, in order, each in a transaction, and
 * records it in `schema_migrations`. The same files serve PGlite and PostgreSQL.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
  );
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && !applied.has(f))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(join(MIGRATIONS_DIR, name), 'utf8');
    await db.exec(
      `begin;\n${sql}\ninsert into schema_migrations (name) values ('${name.replace(/'/g, "''")}');\ncommit;`,
    );
  }
  return pending;
}

/** Migration files not recorded as applied (readiness: none may be left). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ present: boolean }>(
    "select to_regclass('schema_migrations') is not null as present",
  );
  const applied = rows[0]?.present
    ? new Set((await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name))
    : new Set<string>();
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && !applied.has(f))
    .sort();
}
