import cluster from 'node:cluster';
import { readEnvironment, type Environment } from './config';
import { openDatabase, prepareServer, setUpDatabase } from './start';
import { watchProjectDir } from './services/project-files';

const env = readEnvironment();
const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : env.dataDir === ':memory:' ? 'PGlite in memory (throwaway)' : `PGlite in ${env.dataDir}`;
const banner = (processes: string) =>
  `\n  Smart barcode is running: http://localhost:${env.port}/demo@1\n  Database: ${where}${processes}\n  Project configurations: ${env.projectsDir} (edits are picked up while running)\n`;

/** One server process: the whole server (a single process), or a worker of a cluster (setUp false). */
async function serve(environment: Environment, role: 'single' | 'worker'): Promise<void> {
  const db = await openDatabase(environment);
  const { app } = await prepareServer(db, environment, { logger: true, watchProjects: role === 'single', setUp: role === 'single' });
  await app.listen({ port: environment.port, host: environment.host });
  if (role === 'single') console.log(banner(''));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
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
  const stopWatching = watchProjectDir(db, environment.projectsDir, (line) => console.info(line));
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
      void Promise.all(workers.map((w) => new Promise((resolve) => {
        w.once('exit', resolve);
        w.process.kill('SIGTERM');
      }))).then(() => db.close()).then(() => process.exit(0));
    });
  }
}

if (env.workers > 1 && cluster.isPrimary) await primary(env);
else await serve(env, cluster.isWorker ? 'worker' : 'single');
