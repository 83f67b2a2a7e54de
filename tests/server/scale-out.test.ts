/**
 * Several servers on one PostgreSQL (docs/operators/scaling-out.md): two server processes on one
 * database behind a small round-robin proxy, as a load balancer would put them:
 * - a session started on one is good on the other, and its refresh token rotates on either;
 * - failed logins count across both (the 11th failure from one address is refused by either);
 * - one Idempotency-Key sent to both at once records one step and answers both the same;
 * - every outbox message is delivered once, by one of them (both deliver at the same time), through
 *   an SMS API (a local stand-in for Twilio's) that receives each once;
 * - a one-time code asked for on one is sent once and logs in on the other;
 * - a photo uploaded through one is served (and deleted) by the other: uploads are kept in the
 *   database (FILES_STORE=postgres, the default with DATABASE_URL), and each server has a folder
 *   of its own that stays empty.
 * PostgreSQL only: it runs in the PostgreSQL pass of `npm test` (scripts/test-server-postgres.sh,
 * TEST_DATABASE_URL set; CI always has it). On a PGlite-only run it is skipped: an embedded
 * PGlite belongs to one process, so there is no second server to start.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, distributionCentreStep, staffCookie, staffLogin } from '../../bench/server/harness';
import { newId } from '../../server/infra/ids';
import { SEED } from '../../server/seed/seed';
import { killLeftovers, startServerProcess, type ServerProcess } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;

/** A round-robin HTTP proxy in front of the backends (X-Forwarded-For appended, as a real one does). */
function roundRobinProxy(backends: string[]): Promise<{ base: string; server: Server; hits: number[] }> {
  const hits = backends.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const index = next++ % backends.length;
    hits[index]! += 1;
    const target = new URL(req.url ?? '/', backends[index]);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ base: `http://127.0.0.1:${port}`, server, hits });
    }),
  );
}

describe.skipIf(!serverUrl)('two servers on one PostgreSQL behind a proxy', () => {
  const name = `sb_scale_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  let databaseUrl = '';
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  let db: pg.Client;
  /** The SMS API both servers send through: the form bodies it received. */
  const sms: URLSearchParams[] = [];
  let smsApi: Server;
  /** Each server's own data folder: where uploads would go on disk, and where none may. */
  const folders = [0, 1].map((n) => mkdtempSync(join(tmpdir(), `sb-scale-${n}-`)));

  beforeAll(async () => {
    smsApi = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        sms.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${sms.length}` }));
      });
    });
    await new Promise<void>((resolve) => smsApi.listen(0, '127.0.0.1', resolve));
    const smsPort = (smsApi.address() as { port: number }).port;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const env = {
      DATABASE_URL: databaseUrl,
      WORKERS: '1',
      TRUST_PROXY: '1',
      AUTH_SECRET: 'scale-out-test-secret',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: 'scale-out-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: `http://127.0.0.1:${smsPort}`,
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startServerProcess({ ...env, DATA_DIR: folders[0]! });
    b = await startServerProcess({ ...env, DATA_DIR: folders[1]! });
    proxy = await roundRobinProxy([a.base, b.base]);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 600_000);

  afterAll(async () => {
    proxy?.server.close();
    smsApi?.close();
    await db?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    killLeftovers();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 120_000);

  const post = (base: string, path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const cookieHeader = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  it('keeps a session and rotates its refresh token on either server', async () => {
    const login = await post(proxy.base, '/user/authorize', staffLogin('scale-visitor-0001'));
    expect(login.status).toBe(200);
    const cookie = cookieHeader(login);
    for (const base of [a.base, b.base, proxy.base, proxy.base, proxy.base, proxy.base]) {
      expect((await fetch(`${base}/api/user/profile`, { headers: { cookie } })).status, base).toBe(200);
    }
    // Refreshed on B, the new tokens are good on A; logged out on A, the session is gone on B too.
    const refreshed = await post(b.base, '/user/refresh-token', { visitorId: 'scale-visitor-0001' }, { cookie });
    expect(refreshed.status).toBe(200);
    const rotated = cookieHeader(refreshed);
    expect((await fetch(`${a.base}/api/user/profile`, { headers: { cookie: rotated } })).status).toBe(200);
    const logout = await post(a.base, '/user/logout', { visitorId: 'scale-visitor-0001' }, { cookie: rotated });
    expect(logout.status).toBe(200);
    expect((await fetch(`${b.base}/api/user/profile`, { headers: { cookie: rotated } })).status).toBe(401);
    expect(proxy.hits.every((n) => n > 0)).toBe(true);
  }, 120_000);

  it('counts failed logins across both servers', async () => {
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const wrong = { projectId: SEED.demoProject, accessCode: '99990000', visitorId: 'scale-visitor-0002' };
    for (let i = 0; i < 10; i += 1)
      expect((await post(i % 2 ? b.base : a.base, '/user/authorize', wrong, from)).status).toBe(400);
    expect((await post(a.base, '/user/authorize', wrong, from)).status).toBe(429);
    expect((await post(b.base, '/user/authorize', wrong, from)).status).toBe(429);
    // Another address is not limited.
    expect((await post(b.base, '/user/authorize', wrong, { 'x-forwarded-for': '198.51.100.78' })).status).toBe(400);
  }, 120_000);

  it('holds an Idempotency-Key across both servers', async () => {
    const cookie = await staffCookie(proxy.base);
    const id = await apiClient(proxy.base, cookie).activatedPallet();
    const key = newId();
    const send = (base: string) =>
      post(base, '/barcode/tracking', distributionCentreStep(id), { cookie, 'idempotency-key': key });
    const answers = await Promise.all([send(a.base), send(b.base), send(a.base), send(b.base)]);
    const again = await send(b.base);
    const bodies = await Promise.all([...answers, again].map(async (r) => `${r.status} ${await r.text()}`));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toMatch(/^200 /);
    const { rows } = await db.query(
      "select count(*)::int as n from barcode_history where barcode_id = $1 and track_point_key = 'distributionCentre'",
      [id],
    );
    expect(rows[0].n).toBe(1);
  }, 120_000);

  it('delivers every outbox message once, by one of the two', async () => {
    await db.query('update outbox set sent_at = now() where sent_at is null');
    const ids: string[] = [];
    for (let i = 0; i < 300; i += 1) ids.push(newId());
    await db.query(
      "insert into outbox (id, channel, destination, body) select id, 'sms', '+81 90-0000-0000', 'scale-out test' from unnest($1::uuid[]) as id",
      [ids],
    );
    for (let i = 0; i < 240; i += 1) {
      const { rows } = await db.query('select count(*)::int as n from outbox where sent_at is null');
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const deliveredBy = (server: ServerProcess) =>
      server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; outbox?: string })
        .filter((l) => l.msg === 'outbox message delivered')
        .map((l) => l.outbox!);
    const all = [...deliveredBy(a), ...deliveredBy(b)].filter((id) => ids.includes(id));
    expect(all.length).toBe(ids.length);
    expect(new Set(all)).toEqual(new Set(ids));
    // The SMS API received each once, in E.164.
    const received = sms.filter((form) => form.get('Body') === 'scale-out test');
    expect(received.length).toBe(ids.length);
    expect(received.every((form) => form.get('To') === '+819000000000')).toBe(true);
    console.info(
      `outbox: ${deliveredBy(a).filter((id) => ids.includes(id)).length} delivered by the first server, ${deliveredBy(b).filter((id) => ids.includes(id)).length} by the second`,
    );
  }, 120_000);

  it('sends a one-time code asked for on one server once, and accepts it on the other', async () => {
    const login = {
      projectId: SEED.secureProject,
      accessCode: '11112222',
      password: SEED.staffPassword,
      visitorId: 'scale-visitor-0003',
    };
    const before = sms.length;
    const asked = await post(a.base, '/user/authorize', login);
    expect(await asked.json()).toEqual({ errors: { $common: [3057] } });
    for (let i = 0; i < 80 && sms.length === before; i += 1) await new Promise((r) => setTimeout(r, 250));
    // Both servers keep delivering: a second copy would arrive within a few rounds.
    await new Promise((r) => setTimeout(r, 2000));
    const codes = sms.slice(before);
    expect(codes).toHaveLength(1);
    const code = /(\d{6})/.exec(codes[0]!.get('Body') ?? '')?.[1];
    const accepted = await post(b.base, '/user/authorize', { ...login, oneTimePasscode: code });
    expect(accepted.status).toBe(200);
  }, 120_000);

  it('serves a photo uploaded through one server from the other, with no shared folder', async () => {
    const cookie = await staffCookie(proxy.base);
    const id = await apiClient(proxy.base, cookie).activatedPallet();
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(700 * 1024)]);
    const form = new FormData();
    form.append('barcodeId', id);
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'pallet.jpg');
    const uploaded = await fetch(`${a.base}/api/barcode/file`, { method: 'POST', headers: { cookie }, body: form });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { data: string }).data;
    const served = await fetch(`${b.base}${url}`);
    expect([served.status, served.headers.get('content-type'), served.headers.get('content-disposition')]).toEqual([
      200,
      'image/jpeg',
      `inline; filename="pallet.jpg"; filename*=UTF-8''pallet.jpg`,
    ]);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    // Neither server wrote it to a folder of its own.
    for (const folder of folders) expect(readdirSync(folder)).not.toContain('files');
    // Deleted through the second, it is gone from the first.
    const removed = await fetch(`${b.base}/api/barcode/file`, {
      method: 'DELETE',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ filePath: url }),
    });
    expect(removed.status).toBe(200);
    expect((await fetch(`${a.base}${url}`)).status).toBe(404);
  }, 120_000);
});
