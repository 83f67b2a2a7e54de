import cluster from 'node:cluster';
import { readEnvironment, type Environment } from './config';
import { openDatabase, prepareServer, setUpDatabase } from './start';
import { watchProjectDir } from './services/project-files';
import { answerBackupRequests } from './ops/backup-signal';
import packageJson from '../package.json' with { type: 'json' };

const env = readEnvironment();
const where = env.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : env.dataDir === ':memory:'
    ? 'PGlite in memory (throwaway)'
    : `PGlite in ${env.dataDir}`;
// performance.now() counts from the start of the process: the figure includes loading the code.
const banner = (processes: string) =>
  `\n  Smart barcode is running: http://localhost:${env.port}/demo@1\n  Database: ${where}${processes}\n  Project configurations: ${env.projectsDir} (an edited file becomes ${env.projectFiles === 'publish' ? 'the next revision' : "the project's draft"})\n  Ready in ${Math.round(performance.now())} ms\n`;

/** One server process: the whole server (a single process), or a worker of a cluster (setUp false). */
async function serve(environment: Environment, role: 'single' | 'worker'): Promise<void> {
  const db = await openDatabase(environment);
  const { app, stopping } = await prepareServer(db, environment, {
    logger: true,
    logLevel: environment.logLevel,
    watchProjects: role === 'single',
    setUp: role === 'single',
    deliverOutbox: true,
    printOutboxBodies: environment.outboxConsole,
  });
  // `npm run backup` while this server runs on an embedded database: it takes the backup itself.
  const stopAnsweringBackups =
    db.snapshot && environment.dataDir !== ':memory:'
      ? answerBackupRequests(db, environment.dataDir, environment.config.files.dir, packageJson.version, (line) =>
          app.log.info(line),
        )
      : () => undefined;
  app.addHook('onClose', async () => stopAnsweringBackups());
  await app.listen({ port: environment.port, host: environment.host });
  if (role === 'single') console.log(banner(''));
  let closing = false;
  /**
   * Graceful stop: /readyz answers 503 (a load balancer stops sending), the listener closes (no
   * new connections; idle keep-alive ones are closed), requests in flight are answered, then the
   * outbox's last round is delivered and stamped and the database closed (prepareServer's onClose).
   * Past SHUTDOWN_TIMEOUT_MS the process stops anyway: whatever was committed stays committed
   * (the durability test kills the server outright and finds every acknowledged write).
   */
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    stopping();
    app.log.info({ signal }, 'stopping: finishing the requests in flight');
    const limit = setTimeout(() => {
      app.log.error(
        { timeoutMs: environment.shutdownTimeoutMs },
        'requests still in flight at the shutdown limit; stopping anyway',
      );
      process.exit(1);
    }, environment.shutdownTimeoutMs);
    limit.unref();
    app.close().then(
      () => {
        app.log.info('stopped: requests answered, outbox flushed, database closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
}

/**
 * The primary of a cluster (WORKERS > 1, PostgreSQL only): migrates, seeds and imports the
 * configuration files once, watches them (an import is a database write, which every worker's
 * project cache sees by the row's stamp), then starts the workers, which share the port
 * (node:cluster hands connections out in turn) and everything else through the database:
 * sessions, rate-limit counts, Idempotency-Key claims, the outbox. A worker that dies is
 * replaced; SIGINT / SIGTERM stop the workers, then the primary.
 */
async function primary(environment: Environment): Promise<void> {
  const db = await openDatabase(environment);
  await setUpDatabase(db, environment);
  const stopWatching = watchProjectDir(
    db,
    environment.projectsDir,
    (line) => console.info(line),
    environment.projectFiles,
  );
  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === environment.workers) console.log(banner(`, ${environment.workers} worker processes`));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < environment.workers; i += 1) cluster.fork();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      stopWatching();
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      void Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              w.once('exit', resolve);
              w.process.kill('SIGTERM');
            }),
        ),
      )
        .then(() => db.close())
        .then(() => process.exit(0));
    });
  }
}

if (env.workers > 1 && cluster.isPrimary) await primary(env);
else await serve(env, cluster.isWorker ? 'worker' : 'single');
