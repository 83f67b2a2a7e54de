/**
 * `npm run bench`: requests per second of the reference server on loopback, the barcode
 * lifecycle (tracking steps, barcode reads) under a bounded load, parents and children (pairing
 * 500 children, tracking a parent with 1,000 descendants), bulk work (tracking, stock in and
 * skip-tracking of 1,000 barcodes in one request), and the client's first-load
 * size. The server runs in its own process (in-memory PGlite; with DATABASE_URL also PostgreSQL
 * with one and two worker processes); autocannon loads it for a bounded time or number of requests
 * per endpoint and stops by itself. Ends with a table of every setup, and the figures before.
 */
import autocannon from 'autocannon';
import { FIRST_LOAD_BUDGET_BYTES, measureFirstLoad } from '../measure/bundle-size';
import { benchCompile } from '../client/compile';
import { startBenchServer, staffLogin, type BenchDatabase } from './harness';
import { benchLifecycle, type Figures } from './lifecycle';
import { benchBulk } from './bulk';
import { benchRelations } from './relations';

const PORT = Number(process.env.BENCH_PORT ?? 8190);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function load(title: string, url: string, options: Partial<autocannon.Options> = {}): Promise<void> {
  const result = await autocannon({ url, connections: 10, duration: DURATION_SECONDS, ...options });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(40)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx/errors ${errors}`,
  );
}

for (const count of [200, 1000]) {
  const { medianMs, p95Ms } = benchCompile(count);
  console.log(
    `renderer compile(), ${count} fields: median ${medianMs.toFixed(2)} ms, p95 ${p95Ms.toFixed(2)} ms (budget for 1,000 fields: 10 ms median)`,
  );
}

/** The servers measured: PGlite in memory always; with DATABASE_URL also PostgreSQL with one worker and with two. */
const databaseUrl = process.env.DATABASE_URL;
const setups: { database: string; options: BenchDatabase }[] = [
  { database: 'PGlite in memory', options: { kind: 'pglite' } },
  ...(databaseUrl
    ? [1, 2].map((workers) => ({
        database: `PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`,
        options: { kind: 'postgres' as const, url: databaseUrl, workers },
      }))
    : []),
];

/**
 * The same bench at commit 8c789f1, when PGlite made six engine calls per statement, every request
 * read the project and compiled its forms, and an Idempotency-Key claim took two statements.
 * Measured on the shared build machine with nothing else running, with the request counts that are
 * the defaults here; that bench measured no server CPU and no keyed tracking. Printed beside a
 * run's own figures so a run shows what the later changes bought; re-measure by checking out
 * 8c789f1 and running its bench.
 */
const BEFORE: { route: string; database: string; perSecond: number; p50: number; p95: number }[] = [
  { route: 'POST /api/barcode/tracking', database: 'PGlite in memory', perSecond: 200, p50: 34.8, p95: 70.4 },
  { route: 'GET /api/barcode/barcode?id=, staff', database: 'PGlite in memory', perSecond: 399, p50: 19.3, p95: 39.1 },
  {
    route: 'GET /api/barcode/barcode?id=, visitor',
    database: 'PGlite in memory',
    perSecond: 665,
    p50: 11.0,
    p95: 21.3,
  },
];

const table: { route: string; database: string; figures: Figures }[] = [];
for (const [index, setup] of setups.entries()) {
  const server = await startBenchServer(PORT + index, setup.options);
  try {
    console.log(
      `\nreference server on loopback (${setup.database}), 10 connections, server and load generator sharing 2 cores`,
    );
    if (index === 0) {
      await load(
        'GET /api/barcode/project?code=demo&version=1',
        `${server.base}/api/barcode/project?code=demo&version=1`,
      );
      await load('POST /api/user/authorize (1111-2222)', `${server.base}/api/user/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(staffLogin()),
      });
    }
    for (const row of await benchLifecycle(server.base, server.pids, setup.options.kind === 'postgres'))
      table.push({ ...row, database: setup.database });
  } finally {
    await server.stop();
  }
}
await benchRelations(PORT + setups.length);
await benchBulk(PORT + setups.length + 1);

const cell = (text: string, width: number) => text.padEnd(width);
const number = (n: number, digits = 1) => n.toFixed(digits).padStart(7);
console.log(
  `\n${cell('route', 56)} ${cell('database', 22)} requests/s     p50 ms     p95 ms   CPU ms/request: server, PostgreSQL, load generator`,
);
for (const { route, database, figures: f } of table) {
  const databaseCpu = Number.isNaN(f.databaseCpuMs) ? '      -' : number(f.databaseCpuMs, 2);
  console.log(
    `${cell(route, 56)} ${cell(database, 22)} ${number(f.perSecond, 0)}    ${number(f.p50)}    ${number(f.p95)}    ${number(f.serverCpuMs, 2)} ${databaseCpu} ${number(f.loadCpuMs, 2)}`,
  );
}
for (const b of BEFORE) {
  console.log(
    `${cell(`${b.route} (before)`, 56)} ${cell(b.database, 22)} ${number(b.perSecond, 0)}    ${number(b.p50)}    ${number(b.p95)}          -`,
  );
}
try {
  const report = measureFirstLoad('dist');
  console.log(
    `\nfirst load of /demo@1: ${(report.totalGzipBytes / 1024).toFixed(1)} KB gzipped JavaScript in ${report.files.length + report.languageFiles.length} files (budget ${FIRST_LOAD_BUDGET_BYTES / 1024} KB)`,
  );
} catch (error) {
  console.log(`first load: ${(error as Error).message}`);
}
