import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secureSession as secureFixture } from './barcode-fixtures';
import { Generators, type Known } from './fuzz-routes';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

/**
 * A session is good only for the projects whose login asks no more than it proved
 * (docs/admins/access-and-roles.md): a session of demo@1 (access code only) is, on secure@1
 * (password and one-time code), no more than a visitor. Checked on every route the server
 * registers, listed from the server itself, so a route added later is held to it without a new test.
 */
const routes: RouteOptions[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, undefined, false, (route) => routes.push(route));
});
afterAll(() => server.close());

let address = 0;
const freshClient = () => new Client(server.app, `198.18.0.${(address += 1)}`);

async function demoSession(accessCode = '11112222'): Promise<Client> {
  const client = freshClient();
  const res = await client.post('/api/user/authorize', { projectId: SEED.demoProject, accessCode, visitorId: VISITOR });
  expect(res.statusCode).toBe(200);
  return client;
}

const secureSession = () => secureFixture(server);

const generateOn = (client: Client, projectCode: string) =>
  client.post('/api/barcode/barcode', { projectCode, projectVersion: 1 });

describe('logging in', () => {
  it('issues no session to a user of another enterprise: 2004, no cookie, no session row', async () => {
    const before = await server.count('sessions');
    const client = freshClient();
    const res = await client.post('/api/user/authorize', {
      projectId: SEED.demoProject,
      accessCode: '55556666',
      visitorId: VISITOR,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { $common: [2004] } });
    expect(res.cookies.map((c) => c.name)).toEqual([]);
    expect(await server.count('sessions')).toBe(before);
  });

  it("lets that user log in to their own enterprise's project", async () => {
    const res = await freshClient().post('/api/user/authorize', {
      projectId: SEED.harbourProject,
      accessCode: '55556666',
      visitorId: VISITOR,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a session of demo@1 on secure@1', () => {
  it('cannot generate, search or read the ledger there (2005), and is told to log in to it', async () => {
    for (const demo of [await demoSession(), await demoSession('33334444')]) {
      const refused = { errors: { $common: [2005] } };
      const generated = await generateOn(demo, 'secure');
      expect(generated.statusCode).toBe(403);
      expect(generated.json()).toEqual(refused);
      expect((await demo.post('/api/barcode/search', { projectId: SEED.secureProject })).json()).toEqual(refused);
      expect((await demo.get(`/api/barcode/ledger/log?projectId=${SEED.secureProject}`)).json()).toEqual(refused);
      const project = (await demo.get('/api/barcode/project?code=secure')).json().data;
      expect(project.loginForProjectNeeded).toBe(true);
      expect(Object.values(project.projectPermission)).toEqual([
        { canEdit: false },
        { canEdit: false },
        { canEdit: false },
        { canEdit: false },
      ]);
      // In its own project it is a full session.
      expect((await demo.get('/api/barcode/project?code=demo')).json().data.loginForProjectNeeded).toBeUndefined();
    }
    expect((await generateOn(await demoSession(), 'demo')).statusCode).toBe(200);
  });

  it('a session that proved the password and the code works on secure@1, and on demo@1, which asks less', async () => {
    const secure = await secureSession();
    expect((await generateOn(secure, 'secure')).statusCode).toBe(200);
    expect((await generateOn(secure, 'demo')).statusCode).toBe(200);
    expect((await secure.get('/api/barcode/project?code=secure')).json().data.loginForProjectNeeded).toBeUndefined();
  });

  it('keeps what it proved across a token refresh, and gains nothing by one', async () => {
    const secure = await secureSession();
    expect((await secure.post('/api/user/refresh-token', { visitorId: VISITOR })).statusCode).toBe(200);
    expect((await generateOn(secure, 'secure')).statusCode).toBe(200);
    const demo = await demoSession();
    expect((await demo.post('/api/user/refresh-token', { visitorId: VISITOR })).statusCode).toBe(200);
    expect((await generateOn(demo, 'secure')).statusCode).toBe(403);
  });
});

/** Valid requests only: the values the app knows for a property, else what its schema describes. */
class ValidRequests extends Generators {
  constructor(private readonly values: Known) {
    super(values);
  }
  override valueOf(schema: Parameters<Generators['validOf']>[0], depth = 0, key?: string): fc.Arbitrary<unknown> {
    const known = key === undefined ? undefined : this.values[key];
    return known?.length ? fc.constantFrom(...known) : this.validOf(schema, depth);
  }
  override objectOf(schema: Parameters<Generators['validOf']>[0], depth: number): fc.Arbitrary<unknown> {
    if (depth > 3) return fc.constant({});
    const properties = Object.entries(schema.properties ?? {});
    return fc.record(Object.fromEntries(properties.map(([key, s]) => [key, this.valueOf(s, depth + 1, key)])), {
      requiredKeys: schema.required ?? [],
    });
  }
}

const methodOf = (route: RouteOptions): string =>
  (Array.isArray(route.method) ? route.method : [route.method]).find((m) => m !== 'HEAD') ?? 'GET';
/** Routes that act on a project's data: not the login and profile, the admin area, the developer outbox or the docs. */
const projectRoutes = () =>
  routes.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      !/^\/api\/(user|admin|dev)\//.test(r.url) &&
      (r.schema as { hide?: boolean } | undefined)?.hide !== true &&
      methodOf(r) !== 'HEAD',
  );
const ok = (res: LightMyRequestResponse) => res.statusCode < 300;
/** An answer as a visitor would get it: the hint to log in to the project is the one thing a session adds. */
const asVisitorSees = (res: LightMyRequestResponse): unknown => {
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
  if (body && typeof body === 'object' && 'data' in body && body.data && typeof body.data === 'object')
    delete (body.data as { loginForProjectNeeded?: boolean }).loginForProjectNeeded;
  return body;
};

describe('every project route, for a session of another project', () => {
  it('answers a demo@1 session on secure@1 as it answers a visitor, where a secure@1 session is served', async () => {
    const secure = await secureSession();
    const secureIds: string[] = [];
    for (let i = 0; i < 3; i += 1) secureIds.push((await generateOn(secure, 'secure')).json().data.id as string);
    const gen = new ValidRequests({
      projectId: [SEED.secureProject],
      projectCode: ['secure'],
      code: ['secure'],
      projectVersion: [1],
      version: [1],
      barcodeId: secureIds,
      id: secureIds,
      barcodeIds: [secureIds],
      targetIds: [secureIds.slice(1)],
      barcodeType: ['controlledBox'],
      trackPointKey: ['pharmacyIntake', 'vault'],
      visitorId: [VISITOR],
      utcOffset: [0],
    });
    const demo = await demoSession();
    const visitor = freshClient();
    const served = new Set<string>();
    const listed = projectRoutes();
    expect(listed.length).toBeGreaterThan(30);
    for (const route of listed) {
      const method = methodOf(route) as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const schema = (route.schema ?? {}) as Record<'body' | 'querystring', Parameters<Generators['validOf']>[0]>;
      const samples = fc.sample(
        fc.record({
          body: schema.body ? gen.valueOf(schema.body) : fc.constant(undefined),
          query: schema.querystring ? gen.objectOf(schema.querystring, 0) : fc.constant({}),
        }),
        { numRuns: 4, seed: 2005 },
      );
      for (const [n, { body, query }] of samples.entries()) {
        const search = new URLSearchParams(
          Object.entries(query as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        ).toString();
        const url =
          route.url.replace(/:[A-Za-z]+|\*/g, (name) =>
            /project/i.test(name) ? SEED.secureProject : (secureIds[n % secureIds.length] ?? ''),
          ) + (search ? `?${search}` : '');
        const request = { method, url, ...(body === undefined ? {} : { payload: body as object }) };
        const asVisitor = await visitor.request(request);
        const asDemo = await demo.request(request);
        const name = `${method} ${url} ${JSON.stringify(body)}`;
        expect(asDemo.statusCode, name).toBeLessThan(500);
        if (ok(asDemo)) {
          expect(ok(asVisitor), `${name}: served to a demo session, not to a visitor`).toBe(true);
          if (method === 'GET') expect(asVisitorSees(asDemo), name).toEqual(asVisitorSees(asVisitor));
        }
        if (ok(await secure.request(request)) && !ok(asVisitor)) served.add(`${method} ${route.url}`);
      }
    }
    // The requests reached the guards: a session that proved secure@1's login was served where the
    // demo session was refused.
    expect([...served]).toEqual(
      expect.arrayContaining(['POST /api/barcode/barcode', 'GET /api/barcode/history', 'GET /api/barcode/ledger/log']),
    );
    expect(served.size).toBeGreaterThan(10);
  });
});
