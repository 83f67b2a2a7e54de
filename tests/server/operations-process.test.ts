/**
 * Operations of the real server process (docs/operators/monitoring.md), on an on-disk PGlite in a temporary folder:
 * - its log never holds an access code, password, one-time code, token or cookie (every demo
 *   login, the secure project's password and one-time code, a refresh, a logout, a secret in a
 *   query string), while every request has its JSON line with the id the answer carried;
 * - SIGTERM during a burst of writes: the process stops cleanly (exit 0, database closed) and
 *   every write it acknowledged is there after a restart;
 * - backup while running, wipe, restore: every barcode, history step and uploaded file is back,
 *   and nothing written after the backup.
 * These are about the embedded database's process: the PostgreSQL pass of `npm test` (where
 * TEST_DATABASE_URL is set) skips them and runs tests/server/scale-out.test.ts instead.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, distributionCentreStep, staffCookie } from '../../bench/server/harness';
import { SEED } from '../../server/seed/seed';
import { loginProjectOf } from './harness';
import { ErrorCode } from '../../schemas/error-codes';
import { runInGroup, temporaryFolder } from '../../scripts/process-group';
import { killLeftovers, startServerProcess, type ServerProcess } from './server-process';

const folders: string[] = [];
const folder = (name: string) => {
  const dir = temporaryFolder(`sb-ops-${name}-`);
  folders.push(dir);
  return dir;
};
afterAll(async () => {
  await killLeftovers();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const DEMO_CODES = ['11112222', '33334444', '55556666', '77778888'];
const json = { 'content-type': 'application/json' };
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
/** The token cookies' values (the session hint cookie is '1' and holds no secret). */
const tokensOf = (res: Response) =>
  cookiesOf(res)
    .filter((c) => !c.startsWith('sb_session='))
    .map((c) => c.split('=')[1]!);

const onPglitePass = !process.env.TEST_DATABASE_URL;

describe.runIf(onPglitePass)('the request log', () => {
  it('has a JSON line per request with its id, and never a secret', async () => {
    const server = await startServerProcess({ DATA_DIR: folder('logs'), EXPOSE_OUTBOX: '1' });
    const secrets = new Set<string>([
      ...DEMO_CODES,
      ...DEMO_CODES.map((c) => `${c.slice(0, 4)}-${c.slice(4)}`),
      SEED.staffPassword,
    ]);
    const post = (path: string, body: object, cookie = '') =>
      fetch(`${server.base}/api${path}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
    const visitorId = 'log-test-visitor-01';
    for (const accessCode of DEMO_CODES) {
      const res = await post('/user/authorize', { projectId: loginProjectOf(accessCode), accessCode, visitorId });
      for (const token of tokensOf(res)) secrets.add(token);
    }
    // Wrong codes and passwords are secrets too (a user's typo is one digit away from the real one).
    await post('/user/authorize', { projectId: SEED.demoProject, accessCode: '11112223', visitorId });
    await post('/user/authorize', {
      projectId: SEED.secureProject,
      accessCode: '11112222',
      password: 'Frostline2025',
      visitorId,
    });
    secrets.add('11112223').add('Frostline2025');
    // The secure project: password, then the one-time code the outbox "sends".
    const secure = { projectId: SEED.secureProject, accessCode: '11112222', password: SEED.staffPassword, visitorId };
    expect((await post('/user/authorize', secure)).status).toBe(400);
    const outbox = (await (await fetch(`${server.base}/api/dev/outbox`)).json()) as {
      data: { channel: string; body: string }[];
    };
    const otp = /\b(\d{6})\b/.exec(outbox.data.find((m) => m.channel === 'sms')?.body ?? '')?.[1];
    expect(otp).toBeDefined();
    const loggedIn = await post('/user/authorize', { ...secure, oneTimePasscode: otp });
    expect(loggedIn.status).toBe(200);
    const session = cookiesOf(loggedIn);
    for (const token of tokensOf(loggedIn)) secrets.add(token);
    const refreshed = await post('/user/refresh-token', { visitorId }, session.join('; '));
    expect(refreshed.status).toBe(200);
    for (const token of tokensOf(refreshed)) secrets.add(token);
    expect(secrets.size).toBeGreaterThan(14);
    // A secret in a query string (no route takes one; a client might send one anyway).
    const withQuery = await fetch(
      `${server.base}/api/barcode/project?code=demo&accessCode=33334444&token=${session[0]!.split('=')[1]}`,
      { headers: { 'x-request-id': 'ops-log-test-1' } },
    );
    expect(withQuery.headers.get('x-request-id')).toBe('ops-log-test-1');
    expect((await post('/user/logout', { visitorId }, session.join('; '))).status).toBe(200);
    // Let the outbox dispatcher deliver the SMS (its delivery is logged too).
    for (let i = 0; i < 40 && !server.output().includes('outbox message delivered'); i += 1)
      await new Promise((r) => setTimeout(r, 250));
    expect(await server.stop()).toBe(0);

    const log = server.output();
    expect(log).toContain('outbox message delivered');
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
    expect(new RegExp(`(?<!\\d)${otp}(?!\\d)`).test(log), 'the log holds the one-time code').toBe(false);
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(12);
    for (const line of requests)
      expect(line).toMatchObject({
        reqId: expect.any(String),
        route: expect.any(String),
        statusCode: expect.any(Number),
        ms: expect.any(Number),
      });
    const tagged = requests.find((l) => l.reqId === 'ops-log-test-1') as
      { req: { url: string }; route: string } | undefined;
    expect(tagged?.route).toBe('/api/barcode/project');
    expect(tagged?.req.url).toContain('code=demo');
    expect(tagged?.req.url).toContain('accessCode=%5Bredacted%5D');
  }, 600_000);
});

/** Demo pallets, activated, as staff on a running server. */
async function pallets(
  server: ServerProcess,
  n: number,
): Promise<{ api: ReturnType<typeof apiClient>; cookie: string; ids: string[] }> {
  const cookie = await staffCookie(server.base);
  const api = apiClient(server.base, cookie);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await api.activatedPallet());
  return { api, cookie, ids };
}

describe.runIf(onPglitePass)('SIGTERM', () => {
  it('stops cleanly during a burst of writes and keeps every acknowledged one', async () => {
    const dataDir = folder('sigterm');
    let server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '60000' });
    const { api, ids } = await pallets(server, 48);
    const acknowledged: string[] = [];
    let refused = 0;
    let signalled: Promise<number | null> | undefined;
    let inFlightAtSignal = 0;
    let inFlight = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          inFlight += 1;
          try {
            await api.post('/barcode/tracking', distributionCentreStep(id));
            acknowledged.push(id);
            if (acknowledged.length === 16 && !signalled) {
              inFlightAtSignal = inFlight - 1;
              signalled = server.stop('SIGTERM');
            }
          } catch {
            // refused while stopping (503) or no longer listening: not acknowledged
            refused += 1;
          } finally {
            inFlight -= 1;
          }
        }
      }),
    );
    expect(await signalled).toBe(0);
    expect(inFlightAtSignal).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(16);
    expect(acknowledged.length + refused).toBe(ids.length);
    const log = server.output();
    expect(log).toContain('"signal":"SIGTERM"');
    expect(log).toContain('stopped: requests answered, outbox flushed, database closed');

    server = await startServerProcess({ DATA_DIR: dataDir });
    const after = apiClient(server.base, await staffCookie(server.base));
    const places = await Promise.all(
      acknowledged.map(
        async (id) =>
          ((await after.get(`/barcode/barcode?id=${id}`)) as { currentTrackPointKey: string }).currentTrackPointKey,
      ),
    );
    expect(places).toEqual(acknowledged.map(() => 'distributionCentre'));
    expect(await server.stop()).toBe(0);
  }, 600_000);
});

/** Runs `server/ops/backup-cli.ts` (what `npm run backup` / `npm run restore` run); resolves to its exit code and output. */
async function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { code, output } = await runInGroup(
    process.execPath,
    ['--import', 'tsx', 'server/ops/backup-cli.ts', ...args],
    {
      env: { ...process.env, DATABASE_URL: '', ...env },
      timeoutMs: 300_000,
    },
  );
  return { code, output };
}

describe.runIf(onPglitePass)('backup and restore', () => {
  it('backs a running server up, and a wiped one comes back with every barcode, step and file', async () => {
    const dataDir = folder('backup-data');
    const filesDir = folder('backup-files');
    const env = { DATA_DIR: dataDir, FILES_DIR: filesDir };
    let server = await startServerProcess(env);
    const { api, cookie, ids } = await pallets(server, 6);
    for (const id of ids.slice(0, 4)) await api.post('/barcode/tracking', distributionCentreStep(id));
    const files = new Map<string, Buffer>();
    for (const id of ids.slice(0, 3)) {
      const bytes = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from(`photo of ${id}`),
      ]);
      const form = new FormData();
      form.append('barcodeId', id);
      form.append('file', new Blob([bytes], { type: 'image/png' }), `${id}.png`);
      const res = await fetch(`${server.base}/api/barcode/file`, { method: 'POST', headers: { cookie }, body: form });
      expect(res.status).toBe(200);
      files.set(((await res.json()) as { data: string }).data, bytes);
    }
    const historyOf = async (client: ReturnType<typeof apiClient>, id: string) =>
      ((await client.get(`/barcode/history?id=${id}&count=100`)) as { items: unknown[] }).items;
    const histories = await Promise.all(ids.map((id) => historyOf(api, id)));

    const file = join(folder('backup-out'), 'nightly.sbbackup');
    const backup = await cli(['backup', file], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('taken by the running server');
    // Written after the backup: not in it.
    const later = await api.activatedPallet();
    expect(await server.stop()).toBe(0);

    rmSync(dataDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
    const restore = await cli(['restore', file], env);
    expect(restore.code, restore.output).toBe(0);

    server = await startServerProcess(env);
    const after = apiClient(server.base, await staffCookie(server.base));
    expect(await Promise.all(ids.map((id) => historyOf(after, id)))).toEqual(histories);
    // The tracked pallets have one step more than the others: the steps are there, not just the barcodes.
    expect(histories[3]!.length).toBe(histories[4]!.length + 1);
    for (const [url, bytes] of files) {
      const res = await fetch(new URL(url, server.base));
      expect(res.status, url).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    }
    const missing = await fetch(`${server.base}/api/barcode/barcode?id=${later}`, {
      headers: { cookie: await staffCookie(server.base) },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ errors: { $common: [ErrorCode.barcodeNotFound] } });
    // A restore over data that is there stops, unless told to move it aside.
    expect(await server.stop()).toBe(0);
    const refused = await cli(['restore', file], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty');
  }, 600_000);
});
