import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loginProjectOf, SEED, startTestServer, type TestServer, VISITOR } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ latestClientVersion: '1.50.0', minClientVersion: '1.44.0' });
});
afterAll(() => server.close());

const login = async (client: Client, accessCode: string) => {
  const res = await client.post('/api/user/authorize', {
    projectId: loginProjectOf(accessCode),
    accessCode,
    visitorId: VISITOR,
  });
  expect(res.statusCode).toBe(200);
};

describe('GET /barcode/project', () => {
  it('finds a project by code and version with its flags, enterprise and barcode types', async () => {
    const res = await new Client(server.app).get('/api/barcode/project?code=demo&version=1');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: SEED.demoProject,
      code: 'demo',
      version: 1,
      enterpriseName: 'FrostLine Pharma',
      requirePassword: false,
      requireOneTimePasscode: false,
      allowUserSelfRegister: true,
      showBarcodeSearchPage: true,
      showTrackingCountPage: true,
      endTrackPointKey: 'pharmacy',
      customLogoImageUrl: `/api/barcode/project-logo/${SEED.demoProject}`,
    });
    // jsonb does not keep key order: barcode types are ordered by their `order`.
    expect(Object.keys(data.barcodeTypes).sort()).toEqual(['case', 'logger', 'pallet']);
    // What the pair, unpair and link screens read: children, reserved counts, trackpoint rules.
    expect(data.barcodeTypes.pallet.pairing).toEqual({ childTypes: ['case'], maxChildren: 24 });
    expect(data.barcodeTypes.logger.linking).toEqual({ maxLinks: 2 });
    expect(data.barcodeTypes.pallet.trackPoints[2]).toMatchObject({
      key: 'carrier',
      pairing: 'prohibited',
      unpairing: 'prohibited',
      linking: 'prohibited',
    });
    expect(data.barcodeTypes.pallet.trackPoints.map((t: { key: string }) => t.key)).toEqual([
      'manufacturer',
      'distributionCentre',
      'carrier',
      'pharmacy',
    ]);
    // Extra field options survive the response schema.
    expect(data.barcodeTypes.pallet.activationFields[1].inputPattern).toBe('lettersDigitsDash');
  });

  it('finds the latest version by code alone, and by id', async () => {
    const client = new Client(server.app);
    expect((await client.get('/api/barcode/project?code=secure')).json().data.id).toBe(SEED.secureProject);
    const byId = (await client.get(`/api/barcode/project?id=${SEED.secureProject}`)).json().data;
    expect(byId).toMatchObject({
      code: 'secure',
      requirePassword: true,
      requireOneTimePasscode: true,
      allowUserSelfRegister: false,
      customLogoImageUrl: null,
    });
  });

  it.each([
    ['unknown code', '?code=nope', { $common: [2304] }],
    ['unknown version', '?code=demo&version=9', { $common: [2304] }],
    ['id that is not a uuid', '?id=abc', { $common: [2304] }],
    ['no code and no id', '', { $common: [1000] }],
    ['version that is not a number', '?code=demo&version=one', { version: [1001] }],
    ['code with bad characters', '?code=de%20mo', { code: [1001] }],
    ['unknown parameter', '?code=demo&admin=1', { admin: [2200] }],
  ])('refuses %s with the catalogue code', async (_name, query, errors) => {
    const res = await new Client(server.app).get(`/api/barcode/project${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
  });

  it('gives no permission to visitors or to users of another enterprise', async () => {
    const visitor = (await new Client(server.app).get('/api/barcode/project?code=demo')).json().data.projectPermission;
    expect(visitor.generateBarcodePermission.canEdit).toBe(false);
    const other = new Client(server.app, '203.0.113.20');
    await login(other, '55556666');
    const perm = (await other.get('/api/barcode/project?code=demo')).json().data.projectPermission;
    expect(perm).toEqual({
      generateBarcodePermission: { canEdit: false },
      activateBarcodePermission: { canEdit: false },
      addTrackingPermission: { canEdit: false },
      recallPermission: { canEdit: false },
    });
  });

  it.each([
    ['11112222', true, true, true],
    ['77778888', false, true, false],
    ['33334444', true, false, false],
  ])(
    'computes permissions of user %s (generate %s, add tracking %s, recall %s)',
    async (code, generate, track, recall) => {
      const client = new Client(server.app, '203.0.113.21');
      await login(client, code);
      const perm = (await client.get('/api/barcode/project?code=demo')).json().data.projectPermission;
      expect(perm.generateBarcodePermission.canEdit).toBe(generate);
      expect(perm.addTrackingPermission.canEdit).toBe(track);
      expect(perm.recallPermission.canEdit).toBe(recall);
    },
  );

  it('serves the custom logo as SVG that cannot run scripts', async () => {
    const res = await new Client(server.app).get(`/api/barcode/project-logo/${SEED.demoProject}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<svg');
    expect((await new Client(server.app).get(`/api/barcode/project-logo/${SEED.secureProject}`)).statusCode).toBe(404);
  });
});

describe('version headers', () => {
  it('announce the latest client version and force an upgrade only for clients older than the minimum', async () => {
    const client = new Client(server.app);
    const old = await client.request({
      method: 'GET',
      url: '/api/barcode/project?code=demo',
      headers: { 'client-version': '1.43.9' },
    });
    expect(old.headers['client-version']).toBe('1.50.0');
    expect(old.headers['force-upgrade']).toBe('true');
    const current = await client.request({
      method: 'GET',
      url: '/api/barcode/project?code=demo',
      headers: { 'client-version': '1.44.1' },
    });
    expect(current.headers['force-upgrade']).toBe('false');
  });

  it('answers unknown API paths with 404 in the catalogue shape', async () => {
    const res = await new Client(server.app).get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { $common: [404] } });
  });
});
