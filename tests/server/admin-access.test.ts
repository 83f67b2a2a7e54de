import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_ROUTE, ADMIN_ROUTE_PREFIX } from '../../server/plugins/admin-auth';
import { createAdmin } from '../../server/services/admin-auth';
import { adminClient } from './admin-fixtures';
import { loggedIn } from './barcode-fixtures';
import { Client, SEED, startTestServer, type TestServer } from './harness';

/**
 * Who may call the admin routes. The routes are listed from the server as it adds them, so an
 * admin route added later is held to the same rules without a new test.
 */
const routes: RouteOptions[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, undefined, false, (route) => routes.push(route));
});
afterAll(() => server.close());

const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
/** Every admin route but the login, as [method, url with its parameters filled]. */
function guardedRoutes(): [string, string][] {
  return routes
    .filter((r) => r.url.startsWith(ADMIN_ROUTE_PREFIX))
    .flatMap((r) =>
      methodsOf(r)
        .filter((m) => !(r.url === ADMIN_LOGIN_ROUTE.url && m === ADMIN_LOGIN_ROUTE.method))
        .map((m): [string, string] => [
          m,
          r.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (/id$/i.test(name) ? SEED.demoProject : 'demo')),
        ]),
    );
}

describe('admin routes', () => {
  it('exist besides the login (the lists below are not empty)', () => {
    expect(guardedRoutes().length).toBeGreaterThanOrEqual(3);
  });

  it('answer 403 to a logged-in staff user on every admin route, whatever the body', async () => {
    const staff = await loggedIn(server, '11112222');
    for (const [method, url] of guardedRoutes()) {
      const res = await staff.request({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : { anything: 1 },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ errors: { $common: [403] } });
    }
  });

  it('answer 401 (2003) to a visitor on every admin route', async () => {
    const visitor = new Client(server.app, '10.8.0.1');
    for (const [method, url] of guardedRoutes()) {
      const res = await visitor.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({ errors: { $common: [2003] } });
    }
  });

  it('let an admin in with the login and password the command line gave, and out again', async () => {
    const { password } = await createAdmin(
      server.ctx.db,
      { commandLine: true, enterpriseId: SEED.enterprise },
      {
        enterpriseId: SEED.enterprise,
        role: 'enterprise',
        login: 'aiko.mori',
        name: 'Aiko Mori',
        projectCodes: [],
      },
    );
    expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
    const client = new Client(server.app, '10.8.0.2');
    expect((await client.post('/api/admin/session', { login: 'aiko.mori', password: `${password}x` })).json()).toEqual({
      errors: { $common: [2001] },
    });
    expect((await client.post('/api/admin/session', { login: 'nobody.here', password })).json()).toEqual({
      errors: { $common: [2001] },
    });
    const ok = await client.post('/api/admin/session', { login: 'aiko.mori', password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      login: 'aiko.mori',
      name: 'Aiko Mori',
      role: 'enterprise',
      enterpriseName: 'FrostLine Pharma',
    });
    const cookie = ok.cookies.find((c) => c.name === 'sb_admin');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/admin' });
    expect((await client.get('/api/admin/me')).json().data.login).toBe('aiko.mori');
    expect((await client.post('/api/admin/logout', {})).statusCode).toBe(200);
    // The old token is refused on the server too, not only forgotten by the browser.
    const replay = await server.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      cookies: { sb_admin: cookie!.value },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('count failed admin logins: past the limit, 429 even with the right password', async () => {
    const { password } = await createAdmin(
      server.ctx.db,
      { commandLine: true, enterpriseId: SEED.enterprise },
      {
        enterpriseId: SEED.enterprise,
        role: 'enterprise',
        login: 'limited.admin',
        name: 'Limited',
        projectCodes: [],
      },
    );
    const client = new Client(server.app, '10.8.0.3');
    for (let i = 0; i < 10; i += 1)
      expect((await client.post('/api/admin/session', { login: 'limited.admin', password: 'wrong' })).statusCode).toBe(
        400,
      );
    const res = await client.post('/api/admin/session', { login: 'limited.admin', password });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('refuse a project admin another project, and an enterprise admin another enterprise', async () => {
    const projectAdmin = await adminClient(server, { role: 'project', projectCodes: ['demo'] });
    expect((await projectAdmin.client.get('/api/admin/audit-log?projectCode=demo')).statusCode).toBe(200);
    expect((await projectAdmin.client.get('/api/admin/audit-log?projectCode=secure')).statusCode).toBe(403);
    const other = await adminClient(server, { enterpriseId: SEED.otherEnterprise });
    expect((await other.client.get('/api/admin/audit-log?projectCode=demo')).statusCode).toBe(403);
    expect((await other.client.get('/api/admin/audit-log?projectCode=no-such')).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('records the creation of an admin by the command line, without the password', async () => {
    const { client } = await adminClient(server, { login: 'audited.admin', name: 'Audited Admin' });
    const page = (await client.get('/api/admin/audit-log?action=admin.create&target=')).json().data;
    const entry = page.items.find((e: { after: { login: string } }) => e.after.login === 'audited.admin');
    expect(entry).toMatchObject({
      action: 'admin.create',
      actorName: 'command line',
      before: null,
      after: { login: 'audited.admin', name: 'Audited Admin', role: 'enterprise' },
    });
    expect(JSON.stringify(page)).not.toMatch(/scrypt|password_hash/);
  });

  it('shows an enterprise admin only their enterprise, and pages', async () => {
    const other = await adminClient(server, { enterpriseId: SEED.otherEnterprise });
    const page = (await other.client.get('/api/admin/audit-log?count=1')).json().data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0].targetId).toBe(other.id);
    const all = (await other.client.get('/api/admin/audit-log?count=100')).json().data;
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThanOrEqual(1);
    const logins = all.items.map((e: { after: { login: string } }) => e.after.login);
    expect(logins).not.toContain('aiko.mori');
    expect(logins).not.toContain('audited.admin');
    const second = (await other.client.get('/api/admin/audit-log?count=1&skip=1')).json().data;
    expect(second.items.map((e: { id: string }) => e.id)).toEqual(
      all.items.slice(1, 2).map((e: { id: string }) => e.id),
    );
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    await expect(server.ctx.db.query("update audit_log set action = 'x'")).rejects.toThrow(/append-only/);
    await expect(server.ctx.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
  });
});
