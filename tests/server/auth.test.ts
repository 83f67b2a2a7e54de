import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    limits: {
      loginFailuresPerAddress: { max: 10, windowSeconds: 900 },
      loginFailuresPerProject: { max: 30, windowSeconds: 900 },
      registrationsPerAddress: { max: 5, windowSeconds: 3600 },
    },
  });
});
afterAll(() => server.close());

let addressCounter = 0;
/** Each test logs in from its own address so the per-address limit of one test does not touch another. */
const freshClient = () => new Client(server.app, `198.51.100.${(addressCounter += 1)}`);
const demoLogin = (accessCode: unknown, extra: object = {}) => ({
  projectId: SEED.demoProject,
  accessCode,
  visitorId: VISITOR,
  ...extra,
});

describe('POST /user/authorize', () => {
  it('logs in with an access code and sets httpOnly session cookies', async () => {
    const client = freshClient();
    const res = await client.post('/api/user/authorize', demoLogin('11112222'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ fullName: 'Hana Sato', userType: 'staff' });
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(byName.sb_access).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax' });
    expect(byName.sb_refresh).toMatchObject({ httpOnly: true, path: '/api/user' });
    expect(byName.sb_session?.httpOnly).toBeFalsy();
  });

  it('refuses a wrong access code with 2001 and counts nothing as a session', async () => {
    const before = await server.count('sessions');
    const res = await freshClient().post('/api/user/authorize', demoLogin('12345678'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { $common: [2001] } });
    expect(await server.count('sessions')).toBe(before);
  });

  it.each([
    ['a short access code', demoLogin('1111222'), { accessCode: [1001] }],
    ['letters in the access code', demoLogin('1111abcd'), { accessCode: [1001] }],
    ['a number instead of a string', demoLogin(11112222), { accessCode: [1001] }],
    ['a missing visitorId', { projectId: SEED.demoProject, accessCode: '11112222' }, { visitorId: [1000] }],
    ['an unknown property', demoLogin('11112222', { role: 'admin' }), { role: [2200] }],
    ['a project id that is not an id', demoLogin('11112222', { projectId: 'demo' }), { projectId: [1001] }],
    ['a malformed one-time code', demoLogin('11112222', { oneTimePasscode: '12ab' }), { oneTimePasscode: [1001] }],
  ])('refuses %s with a clear 400 and writes nothing', async (_name, payload, errors) => {
    const before = await server.count('sessions');
    const res = await freshClient().post('/api/user/authorize', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
    expect(await server.count('sessions')).toBe(before);
  });

  it('refuses an unknown project with 2304', async () => {
    const res = await freshClient().post(
      '/api/user/authorize',
      demoLogin('11112222', { projectId: '0b7285aa-0000-4000-8000-0000000009ff' }),
    );
    expect(res.json()).toEqual({ errors: { $common: [2304] } });
  });

  it('refuses an oversized body with 413 and malformed JSON with 400', async () => {
    const client = freshClient();
    const big = await client.post('/api/user/authorize', demoLogin('11112222', { password: 'x'.repeat(20000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ errors: { $common: [1005] } });
    const broken = await client.request({
      method: 'POST',
      url: '/api/user/authorize',
      payload: '{"accessCode":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ errors: { $common: [1001] } });
    const text = await client.request({
      method: 'POST',
      url: '/api/user/authorize',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });

  it('limits failed logins per address (429 with Retry-After) but never counts successful ones', async () => {
    const client = freshClient();
    for (let i = 0; i < 3; i += 1)
      expect((await client.post('/api/user/authorize', demoLogin('11112222'))).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await client.post('/api/user/authorize', demoLogin('99990000'))).statusCode).toBe(400);
    const limited = await client.post('/api/user/authorize', demoLogin('11112222'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: { $common: [429] } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    // Another address is not affected.
    expect((await freshClient().post('/api/user/authorize', demoLogin('11112222'))).statusCode).toBe(200);
  });

  it('limits failed logins per project, whatever the address', async () => {
    // 10 failures so far at demo from the test above; 20 more from fresh addresses reach the limit of 30.
    for (let i = 0; i < 20; i += 1) await freshClient().post('/api/user/authorize', demoLogin('99990001'));
    expect((await freshClient().post('/api/user/authorize', demoLogin('11112222'))).statusCode).toBe(429);
    // The other project is not affected.
    const other = await freshClient().post('/api/user/authorize', {
      ...demoLogin('11112222'),
      projectId: SEED.secureProject,
      password: 'wrong',
    });
    expect(other.json()).toEqual({ errors: { $common: [2001] } });
  });
});
