import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './admin-fixtures';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

/**
 * With CORS_ORIGINS and SECURE_COOKIES the session cookies are SameSite=None: a page of any site
 * could send a write with them. A write whose Origin is neither this site nor a configured one is
 * refused (403) before anything else (review finding 5).
 */
let server: TestServer;
let admin: Client;
let userId: string;
const APP = 'https://app.example';
const HOST = 'api.example';

beforeAll(async () => {
  server = await startTestServer({ corsOrigins: [APP], secureCookies: true });
  admin = (await adminClient(server, { login: 'cross.site.admin' })).client;
  const created = await admin.post('/api/admin/users', {
    userType: 'staff',
    firstName: 'Aoi',
    lastName: 'Mori',
    organizationName: 'FrostLine Logistics',
    projectCode: 'demo',
    role: 'tracker',
  });
  expect(created.statusCode, created.body).toBe(200);
  userId = created.json().data.user.id;
});
afterAll(() => server.close());

/**
 * A write as a page of `origin` can send it without asking CORS first: `fetch(url, { method:
 * 'POST', credentials: 'include', mode: 'no-cors' })`, no body and so no content type.
 */
const formPost = (client: Client, url: string, origin: string | undefined) =>
  client.request({ method: 'POST', url, headers: { host: HOST, ...(origin === undefined ? {} : { origin }) } });

const isActive = async () => !(await admin.get(`/api/admin/users/${userId}`)).json().data.deactivated;

describe('a write sent by a page of another site', () => {
  it('is refused with 403 and changes nothing, for the admin API', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'https://api.example.evil.example',
      'http://api.example:8443',
    ]) {
      const res = await formPost(admin, `/api/admin/users/${userId}/deactivate`, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json(), origin).toEqual({ errors: { $common: [403] } });
    }
    expect(await isActive()).toBe(true);
  });

  it("is refused for the users' API too", async () => {
    const staff = new Client(server.app, '10.31.0.1');
    expect(
      (
        await staff.post('/api/user/authorize', {
          projectId: SEED.demoProject,
          accessCode: '11112222',
          visitorId: VISITOR,
        })
      ).statusCode,
    ).toBe(200);
    const res = await staff.request({
      method: 'POST',
      url: '/api/barcode/barcode',
      headers: { host: HOST, origin: 'https://evil.example' },
      payload: { projectCode: 'demo', projectVersion: 1 },
    });
    expect(res.statusCode).toBe(403);
    const same = await staff.request({
      method: 'POST',
      url: '/api/barcode/barcode',
      headers: { host: HOST, origin: `https://${HOST}` },
      payload: { projectCode: 'demo', projectVersion: 1 },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('a write of this site, of a configured origin, or without Origin', () => {
  it('goes through', async () => {
    // This site (the Host the request was sent to, its default port left out as browsers do).
    expect((await formPost(admin, `/api/admin/users/${userId}/deactivate`, `https://${HOST}`)).statusCode).toBe(200);
    expect((await formPost(admin, `/api/admin/users/${userId}/reactivate`, APP)).statusCode).toBe(200);
    expect((await formPost(admin, `/api/admin/users/${userId}/deactivate`, undefined)).statusCode).toBe(200);
    expect(await isActive()).toBe(false);
  });

  it('reads of another site are left to CORS (not refused here)', async () => {
    const res = await admin.request({
      method: 'GET',
      url: `/api/admin/users/${userId}`,
      headers: { host: HOST, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
