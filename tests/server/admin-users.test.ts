import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './admin-fixtures';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

/** Users, access codes and memberships managed from the admin area. */
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await adminClient(server, { login: 'users.admin', name: 'Users Admin' })).client;
});
afterAll(() => server.close());

let address = 0;
const staffLogin = (accessCode: string) => {
  const client = new Client(server.app, `10.20.0.${(address += 1)}`);
  return {
    client,
    res: client.post('/api/user/authorize', { projectId: SEED.demoProject, accessCode, visitorId: VISITOR }),
  };
};

async function createUser(by: Client, body: object = {}) {
  const res = await by.post('/api/admin/users', {
    userType: 'staff',
    firstName: 'Ren',
    lastName: 'Ito',
    organizationName: 'FrostLine Logistics',
    projectCode: 'demo',
    role: 'tracker',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    user: { id: string; fullName: string; memberships: { projectCode: string; role: string }[] };
    accessCode: string;
  };
}

const auditOf = async (action: string, targetId: string) =>
  (await admin.get(`/api/admin/audit-log?action=${action}&target=${targetId}&count=100`)).json().data.items as {
    action: string;
    before: unknown;
    after: unknown;
  }[];

describe('a user created by an admin', () => {
  it('logs in to demo@1 with the access code shown once, with the role given', async () => {
    const { user, accessCode } = await createUser(admin);
    expect(accessCode).toMatch(/^\d{8}$/);
    expect(user.memberships).toEqual([{ projectCode: 'demo', role: 'tracker' }]);
    const { client, res } = staffLogin(accessCode);
    expect((await res).statusCode).toBe(200);
    const permission = (await client.get('/api/barcode/project?code=demo')).json().data.projectPermission;
    expect(permission).toEqual({
      generateBarcodePermission: { canEdit: false },
      activateBarcodePermission: { canEdit: false },
      addTrackingPermission: { canEdit: true },
      recallPermission: { canEdit: false },
    });
    const [entry] = await auditOf('user.create', user.id);
    expect(entry).toMatchObject({
      before: null,
      after: { name: 'Ren Ito', userType: 'staff', memberships: [{ projectCode: 'demo', role: 'tracker' }] },
    });
    // The access code is nowhere in the log.
    const log = (await admin.get('/api/admin/audit-log?count=100')).body;
    expect(log).not.toContain(accessCode);
  });

  it('of every user type can be created', async () => {
    for (const userType of ['staff', 'carrier', 'client']) {
      const { user } = await createUser(admin, { userType, firstName: userType });
      expect((await admin.get(`/api/admin/users/${user.id}`)).json().data.userType).toBe(userType);
    }
    const carriers = (await admin.get('/api/admin/users?userType=carrier&search=carrier')).json().data;
    expect(carriers.total).toBeGreaterThanOrEqual(1);
    expect(carriers.items.every((u: { userType: string }) => u.userType === 'carrier')).toBe(true);
  });

  it('once deactivated, cannot log in, and their open session and its refresh end', async () => {
    const { user, accessCode } = await createUser(admin);
    const { client, res } = staffLogin(accessCode);
    expect((await res).statusCode).toBe(200);
    expect((await client.get('/api/user/profile')).statusCode).toBe(200);
    const deactivated = await admin.post(`/api/admin/users/${user.id}/deactivate`, {});
    expect(deactivated.json().data.deactivated).toBe(true);
    expect((await client.get('/api/user/profile')).statusCode).toBe(401);
    expect((await client.post('/api/user/refresh-token', { visitorId: VISITOR })).statusCode).toBe(401);
    expect((await staffLogin(accessCode).res).json()).toEqual({ errors: { $common: [2001] } });
    const [entry] = await auditOf('user.deactivate', user.id);
    expect(entry).toMatchObject({ before: { deactivated: false }, after: { deactivated: true } });
    expect((await admin.post(`/api/admin/users/${user.id}/reactivate`, {})).json().data.deactivated).toBe(false);
    expect((await staffLogin(accessCode).res).statusCode).toBe(200);
  });

  it('gets a new access code (the old one stops working); a revoked code is refused with 2001', async () => {
    const { user, accessCode: first } = await createUser(admin);
    const issued = (await admin.post(`/api/admin/users/${user.id}/access-code`, {})).json().data;
    expect(issued.accessCode).toMatch(/^\d{8}$/);
    expect(issued.accessCode).not.toBe(first);
    expect((await staffLogin(first).res).json()).toEqual({ errors: { $common: [2001] } });
    const { client, res } = staffLogin(issued.accessCode);
    expect((await res).statusCode).toBe(200);
    const revoked = await admin.request({ method: 'DELETE', url: `/api/admin/users/${user.id}/access-code` });
    expect(revoked.json().data.accessCodeRevoked).toBe(true);
    expect((await staffLogin(issued.accessCode).res).json()).toEqual({ errors: { $common: [2001] } });
    expect((await client.get('/api/user/profile')).statusCode).toBe(401);
    expect((await auditOf('access-code.', user.id)).map((e) => e.action)).toEqual([
      'access-code.revoke',
      'access-code.issue',
    ]);
    expect(JSON.stringify(await auditOf('access-code.', user.id))).not.toContain(issued.accessCode);
  });

  it('changes role and leaves a project; each step audited with before and after', async () => {
    const { user } = await createUser(admin);
    const changed = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/projects/demo`,
      payload: { role: 'viewer' },
    });
    expect(changed.json().data.memberships).toEqual([{ projectCode: 'demo', role: 'viewer' }]);
    const removed = await admin.request({ method: 'DELETE', url: `/api/admin/users/${user.id}/projects/demo` });
    expect(removed.json().data.memberships).toEqual([]);
    const entries = await auditOf('member.', user.id);
    // Joining demo was part of user.create; the change and the removal are entries of their own.
    expect(entries.map((e) => e.action)).toEqual(['member.remove', 'member.change']);
    expect(entries[1]).toMatchObject({ before: { role: 'tracker' }, after: { role: 'viewer' } });
    expect(entries[0]).toMatchObject({ before: { role: 'viewer' }, after: null });
    const secure = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/projects/secure`,
      payload: { role: 'manager' },
    });
    expect(secure.json().data.memberships).toEqual([{ projectCode: 'secure', role: 'manager' }]);
    expect((await auditOf('member.add', user.id))[0]).toMatchObject({
      before: null,
      after: { projectCode: 'secure', role: 'manager' },
    });
  });

  it('is created once when the same write is sent twice with its Idempotency-Key', async () => {
    const before = await server.count('users');
    const payload = { userType: 'staff', firstName: 'Once', lastName: 'Only', organizationName: 'FrostLine Logistics' };
    const send = () =>
      admin.request({
        method: 'POST',
        url: '/api/admin/users',
        payload,
        headers: { 'idempotency-key': 'admin-create-once-1' },
      });
    const [a, b] = [await send(), await send()];
    expect(a.statusCode).toBe(200);
    expect(a.json().data.accessCode).toMatch(/^\d{8}$/);
    // The repeat writes nothing, and its answer is not the first one: the code is shown once.
    expect(b.statusCode).toBe(409);
    expect(b.json()).toEqual({ errors: { $common: [3101] } });
    expect(await server.count('users')).toBe(before + 1);
  });

  it('keeps no one-time access code among the answers kept for repeats, and reissues a code once per key', async () => {
    const { user } = await createUser(admin);
    const send = () =>
      admin.request({
        method: 'POST',
        url: `/api/admin/users/${user.id}/access-code`,
        headers: { 'idempotency-key': 'admin-reissue-once-1' },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const code = first.json().data.accessCode as string;
    const repeat = await send();
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ errors: { $common: [3101] } });
    // The code the first answer showed still logs in: the repeat issued no other.
    expect((await staffLogin(code).res).statusCode).toBe(200);
    const kept = await server.ctx.db.query<{ body: string }>(
      'select body from idempotency_keys where body is not null',
    );
    expect(kept.rows.length).toBeGreaterThan(0);
    for (const { body } of kept.rows) expect(body).not.toMatch(/accessCode/);
  });
});

describe('scopes', () => {
  it('a project admin manages the members of their project only', async () => {
    const projectAdmin = (await adminClient(server, { role: 'project', projectCodes: ['demo'] })).client;
    const { user } = await createUser(projectAdmin);
    expect(
      (
        await projectAdmin.request({
          method: 'PUT',
          url: `/api/admin/users/${user.id}/projects/secure`,
          payload: { role: 'viewer' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await projectAdmin.post('/api/admin/users', {
          userType: 'staff',
          firstName: 'A',
          lastName: 'B',
          organizationName: 'X',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await projectAdmin.post('/api/admin/users', {
          userType: 'staff',
          firstName: 'A',
          lastName: 'B',
          organizationName: 'X',
          projectCode: 'secure',
        })
      ).statusCode,
    ).toBe(403);
    // A user who is no member of their project (the seed's staff user is one of none by role) is not theirs to deactivate.
    const { user: outsider } = await createUser(admin, { projectCode: 'secure' });
    expect((await projectAdmin.post(`/api/admin/users/${outsider.id}/deactivate`, {})).statusCode).toBe(403);
    // Nor theirs to take into their project (then issue a code and log in as them), or to remove from one.
    expect(
      (
        await projectAdmin.request({
          method: 'PUT',
          url: `/api/admin/users/${outsider.id}/projects/demo`,
          payload: { role: 'manager' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await projectAdmin.post(`/api/admin/users/${outsider.id}/access-code`, {})).statusCode).toBe(403);
    expect(
      (await projectAdmin.request({ method: 'DELETE', url: `/api/admin/users/${outsider.id}/projects/secure` }))
        .statusCode,
    ).toBe(403);
    const listed = (await projectAdmin.get('/api/admin/users?count=100')).json().data.items as { id: string }[];
    expect(listed.map((u) => u.id)).toContain(user.id);
    expect(listed.map((u) => u.id)).not.toContain(outsider.id);
    expect(
      (
        await projectAdmin.post('/api/admin/projects', {
          code: 'mine',
          name: 'Mine',
          barcodeReaderType: 'camera',
          languages: ['en'],
          allowUserSelfRegister: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("a project admin ends a shared user's work in their project only; their whole account is the enterprise's", async () => {
    const projectAdmin = (await adminClient(server, { role: 'project', projectCodes: ['demo'] })).client;
    // Theirs alone (a member of demo only): the project admin deactivates and reactivates them.
    const { user: own } = await createUser(projectAdmin);
    expect((await projectAdmin.post(`/api/admin/users/${own.id}/deactivate`, {})).json().data.deactivated).toBe(true);
    expect((await projectAdmin.post(`/api/admin/users/${own.id}/reactivate`, {})).json().data.deactivated).toBe(false);

    // Shared with annex, which they do not administer: nothing on the whole account is theirs to do.
    const annex = await admin.post('/api/admin/projects', {
      code: 'annex',
      name: 'Annex',
      barcodeReaderType: 'camera',
      languages: ['en'],
      allowUserSelfRegister: false,
    });
    expect(annex.statusCode, annex.body).toBe(200);
    const { user: shared, accessCode } = await createUser(admin);
    const putAnnex = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${shared.id}/projects/annex`,
      payload: { role: 'tracker' },
    });
    expect(putAnnex.statusCode).toBe(200);
    const { client: phone, res } = staffLogin(accessCode);
    expect((await res).statusCode).toBe(200);
    for (const [method, action] of [
      ['POST', 'deactivate'],
      ['POST', 'reactivate'],
      ['POST', 'access-code'],
      ['DELETE', 'access-code'],
    ] as const) {
      const refused = await projectAdmin.request({ method, url: `/api/admin/users/${shared.id}/${action}` });
      expect(refused.statusCode, `${method} ${action}`).toBe(403);
    }
    const untouched = (await admin.get(`/api/admin/users/${shared.id}`)).json().data;
    expect(untouched).toMatchObject({ deactivated: false, accessCodeRevoked: false });
    expect((await phone.get('/api/user/profile')).statusCode).toBe(200);
    expect((await staffLogin(accessCode).res).statusCode).toBe(200);
    expect(await auditOf('user.deactivate', shared.id)).toEqual([]);
    expect(await auditOf('access-code.', shared.id)).toEqual([]);

    // In their own project they take every permission away; the user keeps working in annex.
    const viewer = await projectAdmin.request({
      method: 'PUT',
      url: `/api/admin/users/${shared.id}/projects/demo`,
      payload: { role: 'viewer' },
    });
    expect(viewer.json().data.memberships).toEqual([
      { projectCode: 'annex', role: 'tracker' },
      { projectCode: 'demo', role: 'viewer' },
    ]);
    const permissionIn = async (code: string) =>
      (await phone.get(`/api/barcode/project?code=${code}`)).json().data.projectPermission;
    expect(Object.values(await permissionIn('demo'))).toEqual([
      { canEdit: false },
      { canEdit: false },
      { canEdit: false },
      { canEdit: false },
    ]);
    expect((await permissionIn('annex')).addTrackingPermission).toEqual({ canEdit: true });

    // An enterprise admin deactivates the account: it ends everywhere.
    expect((await admin.post(`/api/admin/users/${shared.id}/deactivate`, {})).json().data.deactivated).toBe(true);
    expect((await phone.get('/api/user/profile')).statusCode).toBe(401);
  });

  it("an enterprise admin cannot touch another enterprise's users or projects", async () => {
    const other = (await adminClient(server, { enterpriseId: SEED.otherEnterprise })).client;
    const { user } = await createUser(admin);
    expect((await other.get(`/api/admin/users/${user.id}`)).statusCode).toBe(403);
    expect((await other.post(`/api/admin/users/${user.id}/deactivate`, {})).statusCode).toBe(403);
    expect((await other.post(`/api/admin/users/${user.id}/access-code`, {})).statusCode).toBe(403);
    expect(
      (
        await other.request({
          method: 'PUT',
          url: `/api/admin/users/${user.id}/projects/demo`,
          payload: { role: 'viewer' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await other.request({
          method: 'PUT',
          url: '/api/admin/projects/demo/self-registration',
          payload: { allow: false },
        })
      ).statusCode,
    ).toBe(403);
    const users = (await other.get('/api/admin/users?count=100')).json().data.items as { id: string }[];
    expect(users.map((u) => u.id)).not.toContain(user.id);
  });
});
