import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let n = 0;
const freshClient = () => new Client(server.app, `100.64.0.${(n += 1)}`);
const register = (extra: object = {}) => ({
  projectId: SEED.demoProject,
  firstName: 'Aiko',
  lastName: 'Mori',
  visitorId: VISITOR,
  ...extra,
});

describe('POST /user/carrier-user/self', () => {
  it('registers a carrier whose generated code then logs in', async () => {
    const res = await freshClient().post('/api/user/carrier-user/self', register());
    expect(res.statusCode).toBe(200);
    const { accessCode } = res.json().data;
    expect(accessCode).toMatch(/^\d{8}$/);
    const client = freshClient();
    const login = await client.post('/api/user/authorize', {
      projectId: SEED.demoProject,
      accessCode,
      visitorId: VISITOR,
    });
    expect(login.statusCode).toBe(200);
    const profile = (await client.get('/api/user/profile')).json().data;
    expect(profile.user).toMatchObject({ fullName: 'Aiko Mori', userType: 'carrier' });
    expect(profile.organization.enterpriseId).toBe(SEED.enterprise);
  });

  it('is refused with 3060 where the project disallows it, writing nothing', async () => {
    const before = await server.count('users');
    const res = await freshClient().post(
      '/api/user/carrier-user/self',
      register({ projectId: SEED.secureProject, password: 'Abcdefg1' }),
    );
    expect(res.json()).toEqual({ errors: { $common: [3060] } });
    expect(await server.count('users')).toBe(before);
  });

  it.each([
    ['an empty first name', register({ firstName: '' }), { firstName: [1000] }],
    ['a blank last name', register({ lastName: '   ' }), { lastName: [1001] }],
    ['a weak password', register({ password: 'password' }), { password: [1001] }],
    ['a name that is too long', register({ firstName: 'x'.repeat(51) }), { firstName: [1005] }],
    ['a number as a name', register({ firstName: 42 }), { firstName: [1001] }],
  ])('refuses %s and writes nothing', async (_name, payload, errors) => {
    const before = await server.count('users');
    const res = await freshClient().post('/api/user/carrier-user/self', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
    expect(await server.count('users')).toBe(before);
  });

  it('limits registrations per address', async () => {
    const client = freshClient();
    for (let i = 0; i < 5; i += 1)
      expect((await client.post('/api/user/carrier-user/self', register())).statusCode).toBe(200);
    expect((await client.post('/api/user/carrier-user/self', register())).statusCode).toBe(429);
  });
});
