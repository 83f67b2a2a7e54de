/**
 * `npm run bench`: requests per second of the reference server on loopback, the barcode
 * lifecycle (tracking steps, barcode reads) under a bounded load, parents and children (pairing
 * 500 children, tracking a parent with 1,000 descendants), and the client's first-load
 * size. The server runs in its own process (in-memory database); autocannon loads it for a
 * bounded time or number of requests per endpoint and stops by itself.
 */
import autocannon from 'autocannon';
import { FIRST_LOAD_BUDGET_BYTES, measureFirstLoad } from '../../scripts/bundle-size';
import { benchCompile } from '../../scripts/bench-compile';
import { startBenchServer, staffLogin } from './bench-server';
import { benchLifecycle } from './lifecycle';
import { benchRelations } from './relations';

const PORT = Number(process.env.BENCH_PORT ?? 8190);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function load(title: string, path: string, options: Partial<autocannon.Options> = {}): Promise<void> {
  const result = await autocannon({ url: `${BASE}${path}`, connections: 10, duration: DURATION_SECONDS, ...options });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(`${title.padEnd(40)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx/errors ${errors}`);
}

for (const count of [200, 1000]) {
  const { medianMs, p95Ms } = benchCompile(count);
  console.log(`renderer compile(), ${count} fields: median ${medianMs.toFixed(2)} ms, p95 ${p95Ms.toFixed(2)} ms (budget for 1,000 fields: 10 ms median)`);
}

const server = await startBenchServer(PORT);
try {
  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory';
  console.log(`reference server on loopback (${database}), 10 connections, ${DURATION_SECONDS} s per endpoint, server and load generator sharing 2 cores`);
  await load('GET /api/barcode/project?code=demo&version=1', '/api/barcode/project?code=demo&version=1');
  await load('POST /api/user/authorize (1111-2222)', '/api/user/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(staffLogin()),
  });
  await benchLifecycle(BASE);
  await benchRelations(PORT + 1);
  try {
    const report = measureFirstLoad('dist');
    console.log(`first load of /demo@1: ${(report.totalGzipBytes / 1024).toFixed(1)} KB gzipped JavaScript in ${report.files.length + report.languageFiles.length} files (budget ${FIRST_LOAD_BUDGET_BYTES / 1024} KB)`);
  } catch (error) {
    console.log(`first load: ${(error as Error).message}`);
  }
} finally {
  await server.stop();
}
