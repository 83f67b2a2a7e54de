/**
 * Barcode lifecycle under a bounded load: tracking steps per second, and p50/p95 latency of
 * tracking and of reading a barcode (logged in and as a visitor). Every tracking request is a
 * real, accepted step: each one moves a different freshly activated pallet from manufacturer
 * to distributionCentre, so a non-2xx answer is a failure, never an expected refusal.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  apiClient,
  distributionCentreStep,
  madeConcurrently,
  processesWhere,
  staffCookie,
  type ApiClient,
} from './harness';

/** Tracking steps measured (one pallet each), and reads measured per viewer. */
const TRACKING_STEPS = Number(process.env.BENCH_TRACKING_STEPS ?? 1000);
const READS = Number(process.env.BENCH_READS ?? 2000);
const CONNECTIONS = 10;
/** Unmeasured tracking steps first, so the measured ones do not pay for JIT and first compiles. */
const WARM_UP_STEPS = 50;

interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  headers?: Record<string, string>;
}

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  failures: number;
  statuses: Record<string, number>;
  /**
   * CPU time the server processes spent per request (user + system, from /proc): unlike
   * requests per second, it hardly moves when other programs share the cores. NaN when unknown.
   */
  serverCpuMs: number;
  /**
   * CPU time of the local PostgreSQL's processes per request (every process named `postgres` on
   * this machine: the bench's throwaway cluster); NaN on PGlite (it runs inside the server) or
   * where /proc cannot tell.
   */
  databaseCpuMs: number;
  /** CPU time of this process (autocannon, the load generator) per request. */
  loadCpuMs: number;
}

/** The processes named `postgres` on this machine (Linux); empty elsewhere. */
export const postgresPids = (): number[] => processesWhere('comm', (comm) => comm.trim() === 'postgres');

/**
 * CPU (ms) of the local PostgreSQL's processes by pid. Its backends come and go (a pool opens and
 * closes connections), so a difference is taken per process: see `databaseCpuSince`.
 */
const databaseCpu = (): Map<number, number> =>
  new Map(
    postgresPids()
      .map((pid) => [pid, cpuMsOf([pid])] as const)
      .filter(([, ms]) => !Number.isNaN(ms)),
  );

/** CPU (ms) PostgreSQL's processes used since `before`: each live process's growth, a new one's whole time (one that ended in between is not counted). */
const databaseCpuSince = (before: Map<number, number>): number => {
  const now = databaseCpu();
  if (now.size === 0) return NaN;
  let sum = 0;
  for (const [pid, ms] of now) sum += Math.max(0, ms - (before.get(pid) ?? 0));
  return sum;
};

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU time (ms) the processes have used so far, from /proc/<pid>/stat (Linux); NaN elsewhere. */
export function cpuMsOf(pids: readonly number[]): number {
  try {
    return pids.reduce((sum, pid) => {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    }, 0);
  } catch {
    return NaN;
  }
}

/** Value at quantile `q` of ascending `sorted` (nearest rank). */
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

/**
 * Runs exactly `amount` requests over `CONNECTIONS` connections, `request(i)` giving the i-th
 * request; latencies are taken per response (autocannon's histogram stops at p90 then p97.5).
 */
export async function measure(
  base: string,
  amount: number,
  request: (i: number) => BenchRequest,
  headers: Record<string, string>,
  serverPids: readonly number[],
  onPostgres: boolean,
): Promise<Figures> {
  let next = 0;
  const latencies: number[] = [];
  let lastAnswer = performance.now();
  const cpuBefore = cpuMsOf(serverPids);
  const databaseBefore = onPostgres ? databaseCpu() : undefined;
  const loadBefore = ownCpuMs();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        amount,
        timeout: 30,
        requests: [
          {
            setupRequest: (req) => {
              const { method, path, body, headers: own } = request(next);
              next += 1;
              return {
                ...req,
                method,
                path,
                headers: { ...headers, ...own, ...(body ? { 'content-type': 'application/json' } : {}) },
                ...(body ? { body: JSON.stringify(body) } : {}),
              };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    ).on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastAnswer = performance.now();
    }),
  );
  // Up to the last answer: autocannon reports its end on its next one-second tick, which would add
  // up to a second of idle time to the run and understate its requests per second.
  const seconds = (lastAnswer - started) / 1000;
  const serverCpuMs = (cpuMsOf(serverPids) - cpuBefore) / amount;
  const databaseCpuMs = databaseBefore ? databaseCpuSince(databaseBefore) / amount : NaN;
  const loadCpuMs = (ownCpuMs() - loadBefore) / amount;
  latencies.sort((a, b) => a - b);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
  );
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    failures: result.non2xx + result.errors + result.timeouts,
    statuses,
    serverCpuMs,
    databaseCpuMs,
    loadCpuMs,
  };
}

/** `count` activated pallets, made `CONNECTIONS` at a time. */
const activatedPallets = (api: ApiClient, count: number) =>
  madeConcurrently(count, CONNECTIONS, () => api.activatedPallet());

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** One measured route of the lifecycle. */
export interface LifecycleRow {
  route: string;
  figures: Figures;
}

export function printRow(title: string, f: Figures): void {
  const statuses = Object.entries(f.statuses)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  console.log(
    `  ${title.padEnd(52)} ${f.perSecond.toFixed(0).padStart(5)} req/s   p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   p99 ${ms(f.p99)}   CPU/request: server ${ms(f.serverCpuMs)}${Number.isNaN(f.databaseCpuMs) ? '' : `, PostgreSQL ${ms(f.databaseCpuMs)}`}, load generator ${ms(f.loadCpuMs)}   ${f.requests} requests, non-2xx/errors ${f.failures} (${statuses})`,
  );
}

/**
 * Prepares the pallets, loads the server and prints the figures; resolves to them. Throws if
 * any tracking step was refused. `serverPids` gives the server's processes (for their CPU time).
 */
export async function benchLifecycle(
  base: string,
  serverPids: () => readonly number[] = () => [],
  onPostgres = false,
): Promise<LifecycleRow[]> {
  const cookie = await staffCookie(base);
  const api = apiClient(base, cookie);
  const preparing = performance.now();
  const keyedSteps = Math.ceil(TRACKING_STEPS / 2);
  const pallets = await activatedPallets(api, WARM_UP_STEPS + TRACKING_STEPS + keyedSteps);
  const warmUp = pallets.slice(0, WARM_UP_STEPS);
  const measured = pallets.slice(WARM_UP_STEPS, WARM_UP_STEPS + TRACKING_STEPS);
  const keyed = pallets.slice(WARM_UP_STEPS + TRACKING_STEPS);
  console.log(
    `barcode lifecycle, ${CONNECTIONS} connections (${pallets.length} pallets generated and activated in ${((performance.now() - preparing) / 1000).toFixed(1)} s):`,
  );
  const pids = serverPids();
  const rows: LifecycleRow[] = [];
  const row = (route: string, figures: Figures) => {
    printRow(route, figures);
    rows.push({ route, figures });
    return figures;
  };

  const track =
    (ids: string[]) =>
    (i: number): BenchRequest => ({
      method: 'POST',
      path: '/api/barcode/tracking',
      body: distributionCentreStep(ids[i % ids.length]!),
    });
  await measure(base, warmUp.length, track(warmUp), { cookie }, pids, onPostgres);
  const tracking = row(
    'POST /api/barcode/tracking',
    await measure(base, measured.length, track(measured), { cookie }, pids, onPostgres),
  );
  // As the app sends it: one Idempotency-Key per action, claimed and answered in the database.
  const trackKeyed = (i: number): BenchRequest => ({
    ...track(keyed)(i),
    headers: { 'idempotency-key': `bench-${keyed[i % keyed.length]}` },
  });
  const trackingKeyed = row(
    'POST /api/barcode/tracking, Idempotency-Key',
    await measure(base, keyed.length, trackKeyed, { cookie }, pids, onPostgres),
  );

  const read = (i: number): BenchRequest => ({
    method: 'GET',
    path: `/api/barcode/barcode?id=${measured[i % measured.length]}`,
  });
  row('GET /api/barcode/barcode?id=, staff', await measure(base, READS, read, { cookie }, pids, onPostgres));
  row('GET /api/barcode/barcode?id=, visitor', await measure(base, READS, read, {}, pids, onPostgres));

  const notTracked = (
    await Promise.all(
      [...measured.slice(0, 20), ...keyed.slice(0, 20)].map((id) => api.get(`/barcode/barcode?id=${id}`)),
    )
  ).filter((b) => (b as { currentTrackPointKey: string }).currentTrackPointKey !== 'distributionCentre').length;
  const refused = tracking.failures + trackingKeyed.failures;
  if (refused > 0 || notTracked > 0)
    throw new Error(
      `tracking: ${refused} steps refused, ${notTracked} of 40 sampled pallets not at distributionCentre`,
    );
  return rows;
}
