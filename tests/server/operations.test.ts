/**
 * Health, readiness, metrics, request ids and outbox delivery in the server itself
 * (docs/operators/monitoring.md). On PGlite and, in the PostgreSQL pass, on PostgreSQL, where the
 * delivery rounds run on separate connections at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/infra/ids';
import { deliverPending, maskDestination, type PendingMessage } from '../../server/infra/outbox';
import { loggedUrl } from '../../server/plugins/observability';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A sample of a metric from the text exposition: the value of the first line that starts with `series`. */
const sample = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};
const metrics = async () => (await server.app.inject({ method: 'GET', url: '/metrics' })).body;

describe('health and readiness', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when migrated and configured, 503 with the reason when a migration is missing', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const [row] = (
      await server.ctx.db.query<{ name: string }>(
        'delete from schema_migrations where name = (select max(name) from schema_migrations) returning name',
      )
    ).rows;
    try {
      const res = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: `migrations not applied: ${row!.name}` });
    } finally {
      await server.ctx.db.query('insert into schema_migrations (name) values ($1)', [row!.name]);
    }
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('returns a plain x-request-id as sent, and a new one for anything else', async () => {
    const kept = await server.app.inject({
      method: 'GET',
      url: '/api/barcode/project?code=demo',
      headers: { 'x-request-id': 'edge-42.a:b' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-42.a:b');
    for (const sent of [undefined, 'bad id with spaces', 'x'.repeat(65), '<script>']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/barcode/project?code=demo',
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Refusals carry one too.
    expect((await server.app.inject({ method: 'GET', url: '/api/nowhere' })).headers['x-request-id']).toBeDefined();
  });

  it('logs URLs with secret-looking query values masked, a project code kept', () => {
    expect(loggedUrl('/api/barcode/project?code=demo&accessCode=11112222&token=abc&oneTimePasscode=123456')).toBe(
      '/api/barcode/project?code=demo&accessCode=%5Bredacted%5D&token=%5Bredacted%5D&oneTimePasscode=%5Bredacted%5D',
    );
    expect(loggedUrl('/api/barcode/barcode?id=ABC')).toBe('/api/barcode/barcode?id=ABC');
    expect(maskDestination('+81 90-1234-5678')).toBe('***5678');
    expect(maskDestination('hana.sato@example.com')).toBe('h***@example.com');
  });
});

describe('metrics', () => {
  it('counts requests by route pattern and status, times them and the database', async () => {
    const before = await metrics();
    const route = 'http_requests_total{method="GET",route="/api/barcode/project",status="200"}';
    const statements = sample(before, 'db_statement_duration_seconds_count{outcome="ok"}');
    for (let i = 0; i < 3; i += 1) await server.app.inject({ method: 'GET', url: '/api/barcode/project?code=demo' });
    await server.app.inject({ method: 'GET', url: `/api/barcode/file/${'A'.repeat(12)}/x.png` });
    await server.app.inject({ method: 'GET', url: '/api/does-not-exist/12345' });
    await server.ctx.db.transaction((tx) => tx.query('select 1'));
    const after = await metrics();
    expect(sample(after, route) - sample(before, route)).toBe(3);
    // A parametric route is counted by its pattern, an unknown path as unmatched: the label set stays small.
    expect(after).toContain('route="/api/barcode/file/:barcodeId/:name"');
    expect(after).not.toContain('does-not-exist');
    expect(after).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/barcode\/project"\} \d+/,
    );
    expect(sample(after, 'db_statement_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(statements);
    expect(after).toContain('db_transaction_duration_seconds_count');
    // The process's own figures (prom-client's defaults).
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts logins refused by the rate limit', async () => {
    const limited = new Client(server.app, '198.51.100.250');
    const before = sample(await metrics(), 'auth_rate_limited_total{route="/api/user/authorize"}');
    const max = server.ctx.config.limits.loginFailuresPerAddress.max;
    for (let i = 0; i < max; i += 1)
      expect(
        (
          await limited.post('/api/user/authorize', {
            projectId: SEED.demoProject,
            accessCode: '99990000',
            visitorId: VISITOR,
          })
        ).statusCode,
      ).toBe(400);
    expect(
      (
        await limited.post('/api/user/authorize', {
          projectId: SEED.demoProject,
          accessCode: '99990000',
          visitorId: VISITOR,
        })
      ).statusCode,
    ).toBe(429);
    expect(sample(await metrics(), 'auth_rate_limited_total{route="/api/user/authorize"}') - before).toBe(1);
  });

  it('shows the outbox backlog, which delivery empties', async () => {
    await server.ctx.db.query('update outbox set sent_at = now() where sent_at is null');
    for (let i = 0; i < 3; i += 1) {
      await server.ctx.db.query(
        "insert into outbox (id, channel, destination, body, created_at) values ($1, 'sms', '+81 90-0000-0000', 'test', now() - interval '90 seconds')",
        [newId()],
      );
    }
    const pending = await metrics();
    expect(sample(pending, 'outbox_backlog_messages')).toBe(3);
    expect(sample(pending, 'outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(89);
    expect(await deliverPending(server.ctx.db, async () => undefined)).toBe(3);
    const empty = await metrics();
    expect(sample(empty, 'outbox_backlog_messages')).toBe(0);
    expect(sample(empty, 'outbox_oldest_pending_seconds')).toBe(0);
  });
});

describe('outbox delivery', () => {
  it('delivers each message once, with several delivery rounds at once; a refused one stays pending', async () => {
    await server.ctx.db.query('update outbox set sent_at = now() where sent_at is null');
    const ids: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      const id = newId();
      ids.push(id);
      await server.ctx.db.query("insert into outbox (id, channel, destination, body) values ($1, 'sms', $2, 'hello')", [
        id,
        `+81 90-0000-${String(i).padStart(4, '0')}`,
      ]);
    }
    const delivered: string[] = [];
    const refused = ids[7]!;
    const transport = async (m: PendingMessage) => {
      // Slow enough that the rounds overlap (on PostgreSQL each has its own connection).
      await new Promise((r) => setTimeout(r, 1));
      if (m.id === refused) throw new Error('gateway refused');
      delivered.push(m.id);
    };
    const rounds = async () => {
      while ((await deliverPending(server.ctx.db, transport, 10)) > 0);
    };
    await Promise.all([rounds(), rounds(), rounds(), rounds()]);
    expect(delivered.length).toBe(new Set(delivered).size);
    expect(new Set(delivered)).toEqual(new Set(ids.filter((id) => id !== refused)));
    const { rows } = await server.ctx.db.query<{ id: string; attempts: number; waits: boolean }>(
      'select id, attempts, next_attempt_at > now() as waits from outbox where sent_at is null',
    );
    expect(rows.map((r) => r.id)).toEqual([refused]);
    expect(rows[0]!.attempts).toBe(1);
    // A refused message waits before its next attempt (2 s after the first refusal, then 4, 8...).
    expect(rows[0]!.waits).toBe(true);
    let tried = 0;
    await deliverPending(server.ctx.db, async () => {
      tried += 1;
    });
    expect(tried).toBe(0);
    await server.ctx.db.query('update outbox set next_attempt_at = now() where id = $1', [refused]);
    await deliverPending(server.ctx.db, async () => {
      tried += 1;
      throw new Error('gateway refused again');
    });
    const [again] = (
      await server.ctx.db.query<{ attempts: number; wait: number }>(
        'select attempts, extract(epoch from next_attempt_at - now())::float8 as wait from outbox where id = $1',
        [refused],
      )
    ).rows;
    expect(tried).toBe(1);
    expect(again!.attempts).toBe(2);
    expect(again!.wait).toBeGreaterThan(2);
    expect(again!.wait).toBeLessThanOrEqual(4);
    await server.ctx.db.query('update outbox set sent_at = now() where id = $1', [refused]);
  });

  it('calls the gateway outside any transaction: the database serves other writes while a message is being delivered', async () => {
    const id = newId();
    await server.ctx.db.query(
      "insert into outbox (id, channel, destination, body) values ($1, 'sms', '+81 90-1111-2222', 'slow gateway')",
      [id],
    );
    const transport = async () => {
      // A write made while the gateway is still answering: on PGlite (one connection) it would
      // wait forever for a transaction held around the gateway call.
      const marked = server.ctx.db.transaction((tx) =>
        tx.query("update outbox set body = 'written meanwhile' where id = $1", [id]),
      );
      const timeout = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the database was held during the gateway call')), 5000),
      );
      await Promise.race([marked, timeout]);
    };
    expect(await deliverPending(server.ctx.db, transport)).toBe(1);
    const [row] = (
      await server.ctx.db.query<{ body: string; sent: boolean; claimed: boolean }>(
        'select body, sent_at is not null as sent, claimed_until is not null as claimed from outbox where id = $1',
        [id],
      )
    ).rows;
    expect(row).toEqual({ body: 'written meanwhile', sent: true, claimed: false });
  });

  it('takes back a message whose claim expired (its process died mid-delivery), and never one another process holds', async () => {
    const held = newId();
    const abandoned = newId();
    for (const id of [held, abandoned])
      await server.ctx.db.query(
        "insert into outbox (id, channel, destination, body) values ($1, 'sms', '+81 90-3333-4444', 'claimed')",
        [id],
      );
    await server.ctx.db.query("update outbox set claimed_until = now() + interval '30 seconds' where id = $1", [held]);
    await server.ctx.db.query("update outbox set claimed_until = now() - interval '1 second' where id = $1", [
      abandoned,
    ]);
    const delivered: string[] = [];
    await deliverPending(server.ctx.db, async (m) => {
      delivered.push(m.id);
    });
    expect(delivered).toEqual([abandoned]);
    await server.ctx.db.query('update outbox set sent_at = now() where id = $1', [held]);
  });
});

describe("who may read the operators' endpoints", () => {
  it('shows /metrics to this machine or to the METRICS_TOKEN only', async () => {
    const remote = { remoteAddress: '203.0.113.5' };
    const fromAfar = await server.app.inject({ method: 'GET', url: '/metrics', ...remote });
    expect(fromAfar.statusCode).toBe(404);
    expect(fromAfar.body).not.toContain('http_requests_total');
    // X-Forwarded-For does not make a request local.
    const forged = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
    const local = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('http_requests_total');

    const withToken = await startTestServer({ metricsToken: 'scrape-me-0123456789' });
    try {
      const ask = (authorization?: string, remoteAddress = '203.0.113.5') =>
        withToken.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
      expect((await ask('Bearer scrape-me-0123456789')).statusCode).toBe(200);
      expect((await ask('Bearer scrape-me-012345678X')).statusCode).toBe(404);
      expect((await ask()).statusCode).toBe(404);
      // With a token, this machine needs it too (a reverse proxy on the machine makes everyone local).
      expect((await ask(undefined, '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await withToken.close();
    }
    // A second server starts inside the test: on shared cores that takes as long as a hook may.
  }, 60_000);
});
