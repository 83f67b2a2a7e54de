import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { Environment } from './config';
import { openPglite, openPostgres, type Database } from './db/database';
import { migrate, pendingMigrations } from './db/migrate';
import { createMetrics, instrumentDatabase, type ServerMetrics } from './infra/metrics';
import { createDeliveryTransport, deliveryLimits, deliveryNotices, NO_DELIVERY } from './infra/delivery';
import { codeDelivery } from './rules/login';
import { outboxBacklog, startOutboxDispatcher, type OutboxTransport } from './infra/outbox';
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
  /** Import a project's configuration file whenever it changes (the running server), as PROJECT_FILES says. */
  watchProjects?: boolean;
  /**
   * Migrate, seed and import the configuration files first (the default). A cluster's workers
   * skip it: their primary process has done it once before starting them (server/main.ts).
   */
  setUp?: boolean;
  log?: (line: string) => void;
  /** See BuildOptions.onRoute. */
  onRoute?: BuildOptions['onRoute'];
  /** See BuildOptions.logLevel. */
  logLevel?: string;
  /**
   * Deliver the outbox from this process (the running server; tests deliver by hand, so no round
   * writes behind their backs). True: through the providers of the environment's `delivery`
   * settings, the log without them (infra/delivery.ts); a function: that transport.
   */
  deliverOutbox?: boolean | OutboxTransport;
  /** Show the bodies of delivered messages (one-time codes) on the console: EXPOSE_OUTBOX demos only. */
  printOutboxBodies?: boolean;
}

/** Why the server is not ready to serve, or null: the database answers, no migration is left, a configuration is imported. */
export async function readiness(db: Database): Promise<string | null> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) return `migrations not applied: ${pending.join(', ')}`;
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from projects');
  return (rows[0]?.n ?? 0) > 0 ? null : 'no project configuration imported';
}

/**
 * Migrates and seeds a database and imports the project configuration files; resolves to the
 * signing secret. Run by one process only (two migrating at once would race).
 */
export async function setUpDatabase(
  db: Database,
  env: Pick<Environment, 'authSecret' | 'projectsDir'> & Partial<Pick<Environment, 'projectFiles'>>,
  log: (line: string) => void = (line) => console.info(line),
): Promise<string> {
  await migrate(db);
  const secret = await loadSecret(db, env.authSecret);
  await seedDemo(db, secret, env.projectsDir);
  for (const result of await importProjectDir(db, env.projectsDir, env.projectFiles)) {
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
  raw: Database,
  env: Pick<Environment, 'authSecret' | 'config' | 'distDir' | 'trustProxy' | 'projectsDir'> &
    Partial<Pick<Environment, 'projectFiles' | 'delivery' | 'production'>>,
  options: PrepareOptions = {},
): Promise<{ app: FastifyInstance; ctx: ServerContext; metrics: ServerMetrics; stopping(): void }> {
  const log = options.log ?? ((line: string) => console.info(line));
  const secret = options.setUp === false ? await loadSecret(raw, env.authSecret) : await setUpDatabase(raw, env, log);
  const metrics = createMetrics(() => outboxBacklog(raw));
  const db = instrumentDatabase(raw, metrics);
  const oneTimeCodes = codeDelivery(Boolean(env.delivery?.sms), env.production ?? false);
  const ctx: ServerContext = { db, secret, config: env.config, projects: new ProjectCache(), oneTimeCodes };
  const { app, stopping } = await buildApp(ctx, {
    distDir: env.distDir,
    logger: options.logger,
    logLevel: options.logLevel,
    trustProxy: env.trustProxy,
    onRoute: options.onRoute,
    metrics,
    ready: Object.assign(() => readiness(db), { limits: () => deliveryLimits(db, ctx.oneTimeCodes ?? 'log') }),
  });
  const stopWatching = options.watchProjects
    ? watchProjectDir(db, env.projectsDir, log, env.projectFiles)
    : () => undefined;
  const delivery =
    options.deliverOutbox === true
      ? createDeliveryTransport(env.delivery ?? NO_DELIVERY, app.log, options.printOutboxBodies)
      : null;
  const transport: OutboxTransport | null =
    typeof options.deliverOutbox === 'function' ? options.deliverOutbox : (delivery?.transport ?? null);
  // Said at every start of a delivering process: where messages go, and loudly when a project's
  // one-time codes can reach nobody.
  if (delivery)
    for (const { level, line } of await deliveryNotices(db, env.delivery ?? NO_DELIVERY, env.production ?? false))
      app.log[level](line);
  const dispatcher = transport
    ? startOutboxDispatcher(db, transport, {
        onError: (error) => app.log.warn({ err: error }, 'outbox delivery failed; retried'),
      })
    : null;
  // Fastify runs this after the HTTP server has closed and the requests in flight are answered
  // (its own onClose, added last, runs first): the outbox's last round, then the database.
  app.addHook('onClose', async () => {
    stopWatching();
    await dispatcher?.stop();
    delivery?.close();
    await raw.close();
  });
  return { app, ctx, metrics, stopping };
}
