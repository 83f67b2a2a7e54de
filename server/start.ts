import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { Environment } from './config';
import { openPglite, openPostgres, type Database } from './db/database';
import { migrate } from './db/migrate';
import type { ServerContext } from './context';
import { ProjectCache } from './infra/project-cache';
import { loadSecret } from './infra/secret';
import { seedDemo } from './seed/seed';
import { describeImport, importProjectDir, watchProjectDir } from './services/project-files';

/** Opens the database the environment names: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export async function openDatabase(env: Pick<Environment, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (env.databaseUrl) return openPostgres(env.databaseUrl);
  return openPglite(env.dataDir === ':memory:' ? undefined : env.dataDir);
}

export interface PrepareOptions {
  logger?: boolean;
  /** Re-import a project's configuration file whenever it changes (the running server). */
  watchProjects?: boolean;
  /**
   * Migrate, seed and import the configuration files first (the default). A cluster's workers
   * skip it: their primary process has done it once before starting them (server/main.ts).
   */
  setUp?: boolean;
  log?: (line: string) => void;
  /** See BuildOptions.onRoute. */
  onRoute?: BuildOptions['onRoute'];
}

/**
 * Migrates and seeds a database and imports the project configuration files; resolves to the
 * signing secret. Run by one process only (two migrating at once would race).
 */
export async function setUpDatabase(
  db: Database, env: Pick<Environment, 'authSecret' | 'projectsDir'>, log: (line: string) => void = (line) => console.info(line),
): Promise<string> {
  await migrate(db);
  const secret = await loadSecret(db, env.authSecret);
  await seedDemo(db, secret, env.projectsDir);
  for (const result of await importProjectDir(db, env.projectsDir)) {
    const line = describeImport(result);
    if (line) log(line);
  }
  return secret;
}

/**
 * Migrates and seeds a database, imports the project configuration files, then builds the
 * server on it.
 */
export async function prepareServer(
  db: Database,
  env: Pick<Environment, 'authSecret' | 'config' | 'distDir' | 'trustProxy' | 'projectsDir'>,
  options: PrepareOptions = {},
): Promise<{ app: FastifyInstance; ctx: ServerContext }> {
  const log = options.log ?? ((line: string) => console.info(line));
  const secret = options.setUp === false ? await loadSecret(db, env.authSecret) : await setUpDatabase(db, env, log);
  const ctx: ServerContext = { db, secret, config: env.config, projects: new ProjectCache() };
  const app = await buildApp(ctx, { distDir: env.distDir, logger: options.logger, trustProxy: env.trustProxy, onRoute: options.onRoute });
  const stopWatching = options.watchProjects ? watchProjectDir(db, env.projectsDir, log) : () => undefined;
  app.addHook('onClose', async () => {
    stopWatching();
    await db.close();
  });
  return { app, ctx };
}
