import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './admin-fixtures';
import { Client, SEED, startTestServer, type TestServer } from './harness';

/** Further admins, added and deactivated by an enterprise admin in the admin area. */
let server: TestServer;
let owner: { client: Client; id: string };
beforeAll(async () => {
  server = await startTestServer();
  owner = await adminClient(server, { login: 'owner.admin', name: 'Owner Admin' });
});
afterAll(() => server.close());

let address = 0;
async function logIn(login: string, password: string) {
  const client = new Client(server.app, `10.31.0.${(address += 1)}`);
  const res = await client.post('/api/admin/session', { login, password });
  return { client, res };
}
const auditOf = async (action: string, targetId: string) =>
  (await owner.client.get(`/api/admin/audit-log?action=${action}&target=${targetId}&count=100`)).json().data.items as {
    before: unknown;
    after: unknown;
    note: unknown;
  }[];

describe('an enterprise admin adds admins', () => {
  it('a project admin of demo, who logs in with the password shown once and manages only demo', async () => {
    const res = await owner.client.post('/api/admin/admins', { name: 'Kenji Sato', projectCodes: ['demo'] });
    expect(res.statusCode, res.body).toBe(200);
    const { admin, password } = res.json().data as {
      admin: { id: string; login: string; role: string; projectCodes: string[]; active: boolean };
      password: string;
    };
    expect(admin).toMatchObject({ login: 'kenji.sato', role: 'project', projectCodes: ['demo'], active: true });
    expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
    const { client, res: login } = await logIn('kenji.sato', password);
    expect(login.statusCode, login.body).toBe(200);
    expect((await client.get('/api/admin/config/demo/1')).statusCode).toBe(200);
    expect((await client.get('/api/admin/config/secure/1')).statusCode).toBe(403);
    // A project admin manages no admins.
    expect((await client.get('/api/admin/admins')).statusCode).toBe(403);
    expect((await client.post('/api/admin/admins', { name: 'Sneaky One', projectCodes: [] })).statusCode).toBe(403);
    // In the list, and in the audit log without the password.
    const list = (await owner.client.get('/api/admin/admins')).json().data as { id: string }[];
    expect(list.map((a) => a.id)).toContain(admin.id);
    const [entry] = await auditOf('admin.create', admin.id);
    expect(entry).toMatchObject({
      before: null,
      after: { login: 'kenji.sato', role: 'project', projectCodes: ['demo'] },
    });
    expect((await owner.client.get('/api/admin/audit-log?count=100')).body).not.toContain(password);
  });

  it('an enterprise admin when no project is named, with the login chosen', async () => {
    const res = await owner.client.post('/api/admin/admins', { name: 'Mina Ueda', login: 'mina', projectCodes: [] });
    expect(res.statusCode, res.body).toBe(200);
    const { password } = res.json().data as { password: string };
    const { client, res: login } = await logIn('mina', password);
    expect(login.statusCode).toBe(200);
    expect((await client.get('/api/admin/admins')).statusCode).toBe(200);
  });

  it('refuses a taken login, an unknown project and a name that gives no login, storing nothing', async () => {
    const before = await server.count('admins');
    expect(
      (
        await owner.client.post('/api/admin/admins', { name: 'Owner Again', login: 'owner.admin', projectCodes: [] })
      ).json(),
    ).toEqual({ errors: { login: [2100] } });
    expect(
      (await owner.client.post('/api/admin/admins', { name: 'Ana Ng', projectCodes: ['demo', 'nowhere'] })).json(),
    ).toEqual({ errors: { 'projectCodes.1': [2304] } });
    expect((await owner.client.post('/api/admin/admins', { name: '山田 花子', projectCodes: [] })).json()).toEqual({
      errors: { login: [1000] },
    });
    expect(
      (await owner.client.post('/api/admin/admins', { name: 'X', login: 'Bad Login', projectCodes: [] })).statusCode,
    ).toBe(400);
    expect(await server.count('admins')).toBe(before);
  });

  it('is created once when the same write is sent twice with its Idempotency-Key (the password is not shown again)', async () => {
    const before = await server.count('admins');
    const send = () =>
      owner.client.request({
        method: 'POST',
        url: '/api/admin/admins',
        payload: { name: 'Once Only', projectCodes: [] },
        headers: { 'idempotency-key': 'admin-admin-once-1' },
      });
    const [a, b] = [await send(), await send()];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(409);
    expect(b.json()).toEqual({ errors: { $common: [3101] } });
    expect(await server.count('admins')).toBe(before + 1);
  });
});

describe('an enterprise admin deactivates an admin', () => {
  it('whose session ends at once and who can no longer log in; repeating it changes nothing', async () => {
    const created = (
      await owner.client.post('/api/admin/admins', { name: 'Temp Admin', projectCodes: ['demo'] })
    ).json().data as { admin: { id: string; login: string }; password: string };
    const { client } = await logIn(created.admin.login, created.password);
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
    const res = await owner.client.post(`/api/admin/admins/${created.admin.id}/deactivate`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.admin.id, active: false });
    expect((await client.get('/api/admin/users')).statusCode).toBe(401);
    expect((await logIn(created.admin.login, created.password)).res.json()).toEqual({ errors: { $common: [2001] } });
    expect((await owner.client.post(`/api/admin/admins/${created.admin.id}/deactivate`, {})).statusCode).toBe(200);
    expect(await auditOf('admin.deactivate', created.admin.id)).toHaveLength(1);
  });

  it('never themselves (403), nor an admin of another enterprise (404, unlisted)', async () => {
    expect((await owner.client.post(`/api/admin/admins/${owner.id}/deactivate`, {})).statusCode).toBe(403);
    const other = await adminClient(server, { enterpriseId: SEED.otherEnterprise, name: 'Other Owner' });
    const list = (await owner.client.get('/api/admin/admins')).json().data as { id: string }[];
    expect(list.map((a) => a.id)).not.toContain(other.id);
    expect((await owner.client.post(`/api/admin/admins/${other.id}/deactivate`, {})).statusCode).toBe(404);
    expect((await other.client.get('/api/admin/users')).statusCode).toBe(200);
  });
});
