/**
 * `npm run bench:ops` (also at the end of `npm run bench`; docs/operators/monitoring.md): the
 * built server (`node dist-server/main.js`, run `npm run build` first) as an operator runs it.
 * Prints:
 * - start time: the first start on an empty data folder (the database is created) and a start on
 *   that existing folder, to ready (`GET /readyz` answers 200) and as the server prints it;
 * - resident memory (VmRSS from /proc, the server's processes together) idle after the start,
 *   the peak (VmHWM) under load (400 tracking steps, then 10 s of barcode reads at 10
 *   connections) and after it; on the embedded PGlite and, when DATABASE_URL or TEST_DATABASE_URL
 *   names a PostgreSQL server (`scripts/with-postgres.sh npm run bench:ops`), on PostgreSQL, each
 *   run on a new database that is dropped afterwards;
 * - on PostgreSQL, tracking steps/s and reads/s of one server process against two (WORKERS=2:
 *   two processes behind one port).
 * The load generator shares the machine's cores with the server: read the figures with the load
 * average printed beside them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startGroup } from '../../scripts/process-group';
import { apiClient, distributionCentreStep, madeConcurrently, processAndChildren, staffCookie } from './harness';
import { measure } from './lifecycle';

const PORT = Number(process.env.BENCH_PORT ?? 8290);
const postgresServer = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

interface Running {
  base: string;
  readyMs: number;
  printedReadyMs: number | null;
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * Starts the built server in a process group of its own (scripts/process-group.ts: ended with the
 * bench, however it ends) and resolves once /readyz answers 200; readyMs is measured from the spawn.
 */
async function startBuilt(env: Record<string, string>, port: number): Promise<Running> {
  const started = performance.now();
  const server = startGroup(process.execPath, ['dist-server/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      WORKERS: '',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
  };
  for (let i = 0; i < 3000; i += 1) {
    if (server.child.exitCode !== null) {
      await stop();
      throw new Error(`server exited: ${server.output()}`);
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) {
        const readyMs = performance.now() - started;
        const printed = /Ready in (\d+) ms/.exec(server.output());
        return {
          base,
          readyMs,
          printedReadyMs: printed ? Number(printed[1]) : null,
          pids: () => processAndChildren(server.pid),
          stop,
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error('server did not become ready');
}

/** VmRSS and VmHWM (peak) of the processes, in MB. */
function memoryOf(pids: readonly number[]): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // ended
    }
  }
  return { rss: Math.round(rss / 1024), peak: Math.round(peak / 1024) };
}

const load = () => loadavg()[0]!.toFixed(1);
const settle = () => new Promise((r) => setTimeout(r, 3000));

interface LoadFigures {
  stepsPerSecond: number;
  readsPerSecond: number;
  readP95: number;
}

/** 400 tracking steps (10 connections), then 10 s of staff barcode reads: the load for memory and throughput. */
async function underLoad(server: Running): Promise<LoadFigures> {
  const cookie = await staffCookie(server.base);
  const api = apiClient(server.base, cookie);
  const pallets = await madeConcurrently(400, 8, () => api.activatedPallet());
  // Measured as the lifecycle bench measures (to the last answer, each step a real one).
  const steps = await measure(
    server.base,
    pallets.length,
    (i) => ({
      method: 'POST',
      path: '/api/barcode/tracking',
      body: distributionCentreStep(pallets[i % pallets.length]!),
    }),
    { cookie },
    [],
    false,
  );
  let next = 0;
  const reads = await autocannon({
    url: server.base,
    connections: 10,
    duration: 10,
    requests: [
      {
        method: 'GET',
        headers: { cookie },
        setupRequest: (req) => ({ ...req, path: `/api/barcode/barcode?id=${pallets[next++ % pallets.length]}` }),
      },
    ],
  });
  if (steps.failures > 0 || reads.non2xx + reads.errors > 0)
    console.warn(`  (refused or failed: ${steps.failures} steps, ${reads.non2xx + reads.errors} reads)`);
  return {
    stepsPerSecond: Math.round(steps.perSecond),
    readsPerSecond: Math.round(reads.requests.average),
    readP95: reads.latency.p97_5 ?? reads.latency.p99,
  };
}

/** A new database on the PostgreSQL server, dropped by the returned function. */
async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sb_bench_ops_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresServer });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresServer!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const rows: string[] = [];
const print = (line: string) => {
  console.log(line);
  rows.push(line);
};

console.log(`\noperations bench (built server, node ${process.version}, load average ${load()} at the start)`);

// 1. Start time and memory on PGlite.
const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-ops-'));
try {
  let server = await startBuilt({ DATA_DIR: dataDir }, PORT);
  const first = server.readyMs;
  await settle();
  const firstIdle = memoryOf(server.pids());
  await server.stop();
  server = await startBuilt({ DATA_DIR: dataDir }, PORT);
  print(
    `start, PGlite: first start on an empty folder ${Math.round(first)} ms (idle ${firstIdle.rss} MB, peak ${firstIdle.peak} MB); on the existing folder ${Math.round(server.readyMs)} ms to ready (printed: ${server.printedReadyMs} ms)  [load ${load()}]`,
  );
  await settle();
  const idle = memoryOf(server.pids());
  const figures = await underLoad(server);
  const loaded = memoryOf(server.pids());
  print(
    `memory, PGlite on disk: idle ${idle.rss} MB, peak under load ${loaded.peak} MB, after the load ${loaded.rss} MB; ${figures.stepsPerSecond} steps/s, ${figures.readsPerSecond} reads/s (p97.5 ${figures.readP95} ms)  [load ${load()}]`,
  );
  await server.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// 2. PostgreSQL: memory with one process, then one process against two.
if (postgresServer) {
  const perWorkers = new Map<number, LoadFigures>();
  for (const workers of [1, 2]) {
    const database = await newPostgresDatabase();
    try {
      const server = await startBuilt({ DATABASE_URL: database.url, WORKERS: String(workers) }, PORT + workers);
      await settle();
      const idle = memoryOf(server.pids());
      const figures = await underLoad(server);
      perWorkers.set(workers, figures);
      const loaded = memoryOf(server.pids());
      print(
        `memory, PostgreSQL, ${workers} server process${workers > 1 ? 'es (+ the cluster primary)' : ''}: ready in ${Math.round(server.readyMs)} ms; idle ${idle.rss} MB, peak under load ${loaded.peak} MB, after ${loaded.rss} MB (the Node.js processes; PostgreSQL's own not counted)  [load ${load()}]`,
      );
      await server.stop();
    } finally {
      await database.drop();
    }
  }
  const one = perWorkers.get(1)!;
  const two = perWorkers.get(2)!;
  print(
    `throughput on PostgreSQL, 1 vs 2 server processes: tracking ${one.stepsPerSecond} vs ${two.stepsPerSecond} steps/s; reads ${one.readsPerSecond} vs ${two.readsPerSecond}/s (p97.5 ${one.readP95} vs ${two.readP95} ms)  [load ${load()}]`,
  );
} else {
  print('PostgreSQL: skipped (set DATABASE_URL, or run `scripts/with-postgres.sh npm run bench:ops`)');
}
