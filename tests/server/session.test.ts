import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loginProjectOf, SEED, startTestServer, type TestServer, VISITOR } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let n = 0;
const freshClient = () => new Client(server.app, `192.0.2.${(n += 1)}`);

async function loggedIn(accessCode = '11112222'): Promise<Client> {
  const client = freshClient();
  const res = await client.post('/api/user/authorize', {
    projectId: loginProjectOf(accessCode),
    accessCode,
    visitorId: VISITOR,
  });
  expect(res.statusCode).toBe(200);
  return client;
}

describe('GET /user/profile', () => {
  it('needs a session: 401 with 2003 otherwise', async () => {
    const res = await freshClient().get('/api/user/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { $common: [2003] } });
  });

  it('returns the user and organization, with the enterprise-id and user-type headers', async () => {
    const res = await (await loggedIn('33334444')).get('/api/user/profile');
    expect(res.statusCode).toBe(200);
    expect(res.headers['enterprise-id']).toBe(SEED.enterprise);
    expect(res.headers['user-type']).toBe('client');
    expect(res.json().data).toMatchObject({
      user: { fullName: 'Kenji Tanaka', userType: 'client', organizationId: SEED.clientOrg },
      organization: { enterpriseId: SEED.enterprise, enterpriseName: 'FrostLine Pharma' },
    });
  });

  it('tells a user of another enterprise which enterprise they belong to', async () => {
    const res = await (await loggedIn('55556666')).get('/api/user/profile');
    expect(res.headers['enterprise-id']).toBe(SEED.otherEnterprise);
  });

  it('refuses a forged access token', async () => {
    const res = await freshClient().request({
      method: 'GET',
      url: '/api/user/profile',
      cookies: { sb_access: 'eyJzdWIiOiJ4In0.forged' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /user/refresh-token', () => {
  it('rotates the refresh token; the spent one is refused', async () => {
    const client = await loggedIn();
    const first = client.cookie('sb_refresh');
    const res = await client.post('/api/user/refresh-token', { visitorId: VISITOR });
    expect(res.statusCode).toBe(200);
    expect(client.cookie('sb_refresh')).not.toBe(first);
    expect((await client.get('/api/user/profile')).statusCode).toBe(200);
    const replay = await freshClient().request({
      method: 'POST',
      url: '/api/user/refresh-token',
      payload: { visitorId: VISITOR },
      cookies: { sb_refresh: first ?? '' },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('revokes the whole session when a spent token is replayed after the grace period', async () => {
    let now = Date.now();
    const clocked = await startTestServer({ clock: () => new Date(now) });
    try {
      const client = new Client(clocked.app, '192.0.2.200');
      expect(
        (
          await client.post('/api/user/authorize', {
            projectId: SEED.demoProject,
            accessCode: '11112222',
            visitorId: VISITOR,
          })
        ).statusCode,
      ).toBe(200);
      const spent = client.cookie('sb_refresh') ?? '';
      expect((await client.post('/api/user/refresh-token', { visitorId: VISITOR })).statusCode).toBe(200);
      now += 31_000;
      const replay = await new Client(clocked.app).request({
        method: 'POST',
        url: '/api/user/refresh-token',
        payload: { visitorId: VISITOR },
        cookies: { sb_refresh: spent },
      });
      expect(replay.statusCode).toBe(401);
      expect((await client.get('/api/user/profile')).statusCode).toBe(401);
      expect((await client.post('/api/user/refresh-token', { visitorId: VISITOR })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('keeps the session when a spent token comes back within the grace period (two tabs racing)', async () => {
    const client = await loggedIn();
    const spent = client.cookie('sb_refresh') ?? '';
    expect((await client.post('/api/user/refresh-token', { visitorId: VISITOR })).statusCode).toBe(200);
    const replay = await freshClient().request({
      method: 'POST',
      url: '/api/user/refresh-token',
      payload: { visitorId: VISITOR },
      cookies: { sb_refresh: spent },
    });
    expect(replay.statusCode).toBe(401);
    expect((await client.get('/api/user/profile')).statusCode).toBe(200);
  });

  it('is bound to the visitorId it was issued to', async () => {
    const client = await loggedIn();
    const res = await client.post('/api/user/refresh-token', { visitorId: 'another-device-01' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { $common: [2003] } });
  });

  it('refuses without a refresh cookie', async () => {
    expect((await freshClient().post('/api/user/refresh-token', { visitorId: VISITOR })).statusCode).toBe(401);
  });
});

describe('POST /user/logout', () => {
  it('revokes the session: neither the old access token nor the refresh token work after it', async () => {
    const client = await loggedIn();
    const access = client.cookie('sb_access') ?? '';
    const refresh = client.cookie('sb_refresh') ?? '';
    const res = await client.post('/api/user/logout', { visitorId: VISITOR });
    expect(res.statusCode).toBe(200);
    expect(client.cookie('sb_access')).toBeUndefined();
    const replayAccess = await freshClient().request({
      method: 'GET',
      url: '/api/user/profile',
      cookies: { sb_access: access },
    });
    expect(replayAccess.statusCode).toBe(401);
    const replayRefresh = await freshClient().request({
      method: 'POST',
      url: '/api/user/refresh-token',
      payload: { visitorId: VISITOR },
      cookies: { sb_refresh: refresh },
    });
    expect(replayRefresh.statusCode).toBe(401);
  });
});

describe('one-time code on secure@1', () => {
  const secureLogin = (extra: object = {}) => ({
    projectId: SEED.secureProject,
    accessCode: '11112222',
    password: SEED.staffPassword,
    visitorId: VISITOR,
    ...extra,
  });
  const latestCode = async (): Promise<string> => {
    const res = await freshClient().get('/api/dev/outbox');
    const message = res.json().data[0];
    expect(message.destination).toBe(`${SEED.staffPhone.countryCode}${SEED.staffPhone.number}`);
    return /(\d{6})/.exec(message.body)?.[1] ?? '';
  };

  it('needs the password first: a missing or wrong one is 2001 and sends nothing', async () => {
    const client = freshClient();
    for (const password of [undefined, 'Wrong-pass1']) {
      const res = await client.post('/api/user/authorize', secureLogin({ password }));
      expect(res.json()).toEqual({ errors: { $common: [2001] } });
    }
    expect(await server.count('outbox')).toBe(0);
  });

  it('sends a code (3057), asks for it while pending (1000), refuses a wrong one (2002), accepts the right one once', async () => {
    const client = freshClient();
    const sent = await client.post('/api/user/authorize', secureLogin());
    expect(sent.json()).toEqual({ errors: { $common: [3057] } });
    const code = await latestCode();
    expect(code).toMatch(/^\d{6}$/);
    expect((await client.post('/api/user/authorize', secureLogin())).json()).toEqual({
      errors: { oneTimePasscode: [1000] },
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await client.post('/api/user/authorize', secureLogin({ oneTimePasscode: wrong }))).json()).toEqual({
      errors: { oneTimePasscode: [2002] },
    });
    const ok = await client.post('/api/user/authorize', secureLogin({ oneTimePasscode: code }));
    expect(ok.statusCode).toBe(200);
    const reused = await freshClient().post('/api/user/authorize', secureLogin({ oneTimePasscode: code }));
    expect(reused.json()).toEqual({ errors: { oneTimePasscode: [2002] } });
  });
});
