import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Environment } from './config';
import { openPglite, openPostgres, type Database } from './db/database';
import { migrate } from './db/migrate';
import type { ServerContext } from './domain/context';
import { loadSecret } from './domain/secret';
import { seedDemo } from './seed/seed';

/** Opens the database the environment names: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export async function openDatabase(env: Pick<Environment, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (env.databaseUrl) return openPostgres(env.databaseUrl);
  return openPglite(env.dataDir === ':memory:' ? undefined : env.dataDir);
}

/** Migrates and seeds a database, then builds the server on it. */
export async function prepareServer(db: Database, env: Pick<Environment, 'authSecret' | 'config' | 'distDir' | 'trustProxy'>, logger = false): Promise<{ app: FastifyInstance; ctx: ServerContext }> {
  await migrate(db);
  const secret = await loadSecret(db, env.authSecret);
  await seedDemo(db, secret);
  const ctx: ServerContext = { db, secret, config: env.config };
  const app = await buildApp(ctx, { distDir: env.distDir, logger, trustProxy: env.trustProxy });
  app.addHook('onClose', async () => db.close());
  return { app, ctx };
}
