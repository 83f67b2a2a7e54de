/**
 * The reference server as the benchmarks use it: its own process on loopback with a throwaway
 * in-memory database (or DATABASE_URL when set), staff 1111-2222 logged in over plain HTTP, and
 * the demo pallet's lifecycle steps (generate, activate at manufacturer, track to
 * distributionCentre, undo) as API calls.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processTable, startGroup } from '../../scripts/process-group';
import { defaultServerConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { SEED } from '../../server/seed/seed';
import { prepareServer } from '../../server/start';

/** The staff access code with every permission in the seeded demo project. */
export const STAFF_ACCESS_CODE = '11112222';

/**
 * The server in this process on `db`, ready, with the repository's projects, no file watching and
 * no log: for benches that time requests through `inject` (or listen themselves) without a process
 * of their own.
 */
export async function inProcessServer(db: Database) {
  const { app } = await prepareServer(
    db,
    {
      authSecret: 'bench-secret',
      config: defaultServerConfig({}),
      distDir: '',
      trustProxy: false,
      projectsDir: fileURLToPath(new URL('../../server/projects', import.meta.url)),
    },
    { watchProjects: false, log: () => undefined },
  );
  await app.ready();
  return app;
}

/** A running benchmark server: its base address and how to stop it. */
export interface BenchServer {
  base: string;
  /** The server's processes now: the one started and its children (a cluster's workers). */
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * Where a benchmark server keeps its data: a throwaway PGlite (in memory, or on disk under
 * `dataDir`), or PostgreSQL with `workers` processes.
 */
export type BenchDatabase = { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; workers: number };

/**
 * The processes whose /proc/<pid>/<file> passes `test` (Linux; none elsewhere, or where it cannot
 * be read: a process that ended meanwhile is left out).
 */
export function processesWhere(file: 'stat' | 'comm', test: (content: string) => boolean): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          return test(readFileSync(`/proc/${name}/${file}`, 'utf8'));
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/** The process and its children, from /proc (Linux; just the process elsewhere). */
export function processAndChildren(pid: number): number[] {
  return [pid, ...(processTable() ?? []).filter((entry) => entry.ppid === pid).map((entry) => entry.pid)];
}

/**
 * Starts `server/main.ts` on `127.0.0.1:port` in a process group of its own
 * (scripts/process-group.ts) and resolves once it answers, with `env` added to its environment (3
 * minutes at most: the cores may be shared). A benchmark that dies half-way (an exception, a
 * closed pipe, Ctrl-C) ends the group as it exits.
 */
export async function startBenchServer(
  port: number,
  database: BenchDatabase = { kind: 'pglite' },
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const where =
    database.kind === 'pglite'
      ? { DATA_DIR: database.dataDir ?? ':memory:', DATABASE_URL: '', WORKERS: '1' }
      : { DATABASE_URL: database.url, WORKERS: String(database.workers) };
  const server = startGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', ...where },
    stdio: 'ignore',
  });
  const pids = () => processAndChildren(server.pid);
  const stop = async () => {
    await server.stop();
  };
  for (let i = 0; i < 720 && server.child.exitCode === null; i += 1) {
    try {
      if ((await fetch(`${base}/api/barcode/project?code=demo`)).ok) return { base, pids, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server on port ${port} did not start`);
}

/** The body that logs staff 1111-2222 in to the demo project. */
export const staffLogin = (visitorId = 'bench-visitor-01') => ({
  projectId: SEED.demoProject,
  accessCode: STAFF_ACCESS_CODE,
  visitorId,
});

/** Logs staff in and returns the `cookie` header that carries the session (access token and hint). */
export async function staffCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(staffLogin()),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const address = {
  companyName: 'FrostLine Pharma',
  country: 'JPN',
  postalCode: '530-0001',
  prefecture: 'Osaka',
  address1: '1-1 Umeda',
  phoneNumber: '+81 6-1234-5678',
};

/** A valid activation of a demo pallet at its first trackpoint (manufacturer needs every field). */
export const palletActivation = (barcodeId: string) => ({
  barcodeId,
  barcodeType: 'pallet',
  origin: address,
  destination: { ...address, address1: '2-2 Namba' },
  dimension: { height: 150, width: 120, depth: 100 },
  weight: 480,
  customFields: {
    productName: 'Influenza vaccine',
    lotNumber: 'FLU-2026-1',
    expiryDate: '2027-03-31',
    storageRange: '2-8',
    caseCount: 40,
    dosesPerCase: 100,
    totalDoses: 1,
  },
});

/** The step after activation: the pallet arrives at the distribution centre, cold chain intact. */
export const distributionCentreStep = (barcodeId: string) => ({
  barcodeId,
  trackPointKey: 'distributionCentre',
  forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
});

/** The demo case's activation fields (its product, lot, expiry and storage range). */
const CASE_FIELDS = {
  productName: 'Influenza vaccine',
  lotNumber: 'FLU-2026-1',
  expiryDate: '2027-03-31',
  storageRange: '2-8',
};

/**
 * `count` values, each made by `make(n)` (n = 1, 2, ... in the order started), `connections` at
 * a time: how the benches prepare their barcodes.
 */
export async function madeConcurrently<T>(
  count: number,
  connections: number,
  make: (n: number) => Promise<T>,
): Promise<T[]> {
  const made: T[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (started < count) {
        started += 1;
        made.push(await make(started));
      }
    }),
  );
  return made;
}

/** An API client for one session: JSON in and out, fails loudly on any answer but 2xx. */
export function apiClient(base: string, cookie: string) {
  const call = async (method: string, path: string, body?: object): Promise<unknown> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: object) => call('POST', path, body),
    /** A new demo pallet, activated at manufacturer; resolves to its id. */
    async activatedPallet(): Promise<string> {
      const { id } = (await call('POST', '/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })) as {
        id: string;
      };
      await call('POST', '/barcode/activation', palletActivation(id));
      return id;
    },
    /** A new demo case (with this external id, if given), activated at manufacturer; resolves to its id. */
    async activatedCase(externalId?: string): Promise<string> {
      const { id } = (await call('POST', '/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })) as {
        id: string;
      };
      await call('POST', '/barcode/activation', {
        ...palletActivation(id),
        barcodeType: 'case',
        customFields: CASE_FIELDS,
        ...(externalId ? { externalId } : {}),
      });
      return id;
    },
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
