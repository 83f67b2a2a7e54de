import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/error-codes';
import { OPENAPI_PATH } from '../../server/plugins/openapi';
import { adminClient } from './admin-fixtures';
import { activation, loggedIn } from './barcode-fixtures';
import { Client, PROJECTS_DIR, SEED, startTestServer, VISITOR, type TestServer } from './harness';

/**
 * Names every plain object inherits (Object.prototype's members), sent wherever a request carries a
 * text or a key: a server that looks such a key up on a plain object finds a function instead of
 * nothing, and answers 500 or writes `undefined` into its JSON. Every route is listed from the
 * server itself, so a route added later is swept without a new test.
 */
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
/** The names as placeholders too, for texts that are templates (a message with `{{name}}`s filled in). */
const PLACEHOLDERS = NAMES.map((name) => `{{${name}}} {{field.${name}}}`).join(' ');

const routes: RouteOptions[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, undefined, false, (route) => routes.push(route));
});
afterAll(() => server.close());

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  hide?: boolean;
};
type Part = 'params' | 'query' | 'body';
type Path = (string | number)[];
/** Where a name goes: as a text (`value`), or as a key of the object there (`key`). */
interface Position {
  part: Part;
  path: Path;
  kind: 'value' | 'key';
}
type Request = Record<Part, Record<string, unknown>>;

const DEMO_CONFIG = JSON.parse(readFileSync(join(PROJECTS_DIR, 'demo@1.json'), 'utf8')) as Record<string, unknown>;
/** How deep positions are looked for inside what the schema leaves open (custom fields, an address, a configuration). */
const OPEN_DEPTH = 2;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const typeOf = (schema: Schema, value: unknown): string | undefined => {
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (declared) return declared;
  if (Array.isArray(value)) return 'array';
  return isObject(value) ? 'object' : typeof value;
};
const isOpen = (schema: Schema): boolean =>
  schema.patternProperties !== undefined || (schema.properties === undefined && schema.additionalProperties !== false);

const matching = new Map<string, string>();
/** A text the schema accepts (for a pattern, the first one fast-check makes, when it can). */
function textFor(schema: Schema): string {
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'email') return 'qa@frostline.example';
  const { pattern } = schema;
  if (pattern === undefined) return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  if (!matching.has(pattern)) {
    try {
      matching.set(pattern, fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 7 })[0] ?? 'x');
    } catch {
      matching.set(pattern, 'x');
    }
  }
  return matching.get(pattern)!;
}

/** A value of the schema: the installation's own where the property is one it knows, else made from the schema. */
function valueOf(schema: Schema, known: Record<string, unknown>, name?: string): unknown {
  if (name !== undefined && Object.hasOwn(known, name)) return structuredClone(known[name]);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return valueOf(schema.anyOf.find((s) => s.type !== 'null') ?? {}, known, name);
  switch (typeOf(schema, undefined)) {
    case 'string':
      return textFor(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => valueOf(schema.items ?? {}, known));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => (schema.required ?? []).includes(key) || Object.hasOwn(known, key))
          .map(([key, s]) => [key, valueOf(s, known, key)]),
      );
    default:
      return 'x';
  }
}

/** Every text and every open object of a request part, by its schema and what the request holds. */
function positionsOf(part: Part, schema: Schema | undefined, value: unknown, path: Path = [], open = 0): Position[] {
  const s = schema ?? {};
  if (s.const !== undefined || s.enum) return [];
  if (s.anyOf) return s.anyOf.flatMap((branch) => positionsOf(part, branch, value, path, open));
  const deeper = (key: string | number, sub: Schema | undefined, inOpen: boolean) =>
    positionsOf(
      part,
      sub,
      (value as Record<string | number, unknown> | undefined)?.[key],
      [...path, key],
      open + (inOpen ? 1 : 0),
    );
  switch (typeOf(s, value)) {
    case 'string':
      return [{ part, path, kind: 'value' }];
    case 'array': {
      const length = Array.isArray(value) ? value.length : 0;
      if (s.items === undefined && open >= OPEN_DEPTH) return [];
      return Array.from({ length: Math.max(length, 1) }, (_, i) => deeper(i, s.items, s.items === undefined)).flat();
    }
    case 'object': {
      const described = Object.entries(s.properties ?? {}).flatMap(([key, sub]) => deeper(key, sub, false));
      if (!isOpen(s)) return described;
      const free = Object.values(s.patternProperties ?? {})[0];
      const entries =
        isObject(value) && open < OPEN_DEPTH
          ? Object.keys(value)
              .filter((key) => !s.properties?.[key])
              .flatMap((key) => deeper(key, free, true))
          : [];
      return [{ part, path, kind: 'key' }, ...described, ...entries];
    }
    default:
      return [];
  }
}

/** The request with `name` put at the position: as the text there, or as one more key of the object there. */
function withName(base: Request, position: Position, name: string): Request {
  const request = structuredClone(base);
  let at: Record<string | number, unknown> = request[position.part];
  const path = position.kind === 'key' ? position.path : position.path.slice(0, -1);
  path.forEach((key, i) => {
    const next = path[i + 1] ?? position.path.at(-1);
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = typeof next === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  });
  if (position.kind === 'value') {
    at[position.path.at(-1)!] = name;
    return request;
  }
  // One more member like those there (a barcode type beside the others), defined as JSON.parse defines `__proto__`.
  const sibling = Object.values(at)[0];
  Object.defineProperty(at, name, {
    value: sibling === undefined ? 'x' : structuredClone(sibling),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return request;
}

type OpenApi = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
};
const methodOf = (route: RouteOptions): string =>
  (Array.isArray(route.method) ? route.method.find((m) => m !== 'HEAD') : route.method) ?? 'HEAD';
const mediaTypeOf = (res: LightMyRequestResponse): string =>
  String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();

/** What is wrong with an answer, or null: a 5xx, a JSON answer that does not parse, a type the route does not document. */
function problemOf(openapi: OpenApi, route: RouteOptions, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  const type = mediaTypeOf(res);
  if (/^application\/([a-z0-9.-]+\+)?json$/.test(type)) {
    try {
      JSON.parse(res.body);
      return null;
    } catch {
      return `answered ${type} that is not JSON`;
    }
  }
  const responses =
    openapi.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[methodOf(route).toLowerCase()]?.responses ?? {};
  const status = String(res.statusCode);
  const content = (responses[status] ?? responses[`${status[0]}XX`] ?? responses.default)?.content ?? {};
  return type in content || '*/*' in content ? null : `answered ${type || 'no content type'}, not documented`;
}

const CASE_FIELDS = {
  productName: 'Influenza vaccine',
  lotNumber: 'FLU-2026-1',
  expiryDate: '2027-03-31',
  storageRange: '2-8',
};

/** Barcodes the requests name: one to activate, one activated, and a parent with a child. */
interface Barcodes {
  fresh: string;
  active: string;
  parent: string;
  child: string;
}
const generate = async (staff: Client): Promise<string> =>
  (await staff.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })).json().data.id as string;
async function newBarcodes(staff: Client): Promise<Barcodes> {
  const ids: Barcodes = {
    fresh: await generate(staff),
    active: await generate(staff),
    parent: await generate(staff),
    child: await generate(staff),
  };
  for (const [id, extra] of [
    [ids.active, {}],
    [ids.parent, {}],
    [ids.child, { barcodeType: 'case', customFields: CASE_FIELDS }],
  ] as const)
    expect((await staff.post('/api/barcode/activation', activation(id, extra))).statusCode).toBe(200);
  const paired = await staff.post('/api/barcode/pairing', { parentId: ids.parent, childrenIds: [ids.child] });
  expect(paired.statusCode).toBe(200);
  return ids;
}

/** The activation of a new barcode: the one route that needs a barcode not activated yet. */
const activating = (route: RouteOptions): boolean =>
  route.url === '/api/barcode/activation' && methodOf(route) === 'POST';

/** The installation's values by property name, so requests get past validation to the lookups. */
function knownValues(route: RouteOptions, ids: Barcodes): Record<string, unknown> {
  return {
    ...activation(activating(route) ? ids.fresh : ids.active),
    trackPointKey: activating(route) ? 'manufacturer' : 'distributionCentre',
    id: ids.parent,
    parentId: ids.parent,
    childrenIds: [ids.child],
    barcodeIds: [ids.active],
    targetIds: [ids.active],
    key: 'lotNumber',
    fields: [{ key: 'lotNumber', value: 'FLU' }],
    template: '{{barcodeId}} {{field.lotNumber}}',
    forms: {},
    projectId: SEED.demoProject,
    projectCode: 'demo',
    code: 'demo',
    projectVersion: 1,
    version: 1,
    accessCode: '11112222',
    visitorId: VISITOR,
    language: 'en',
    dryRun: true,
    config: DEMO_CONFIG,
  };
}

/** What the sweep keeps between requests: the documented answers, the sessions and the barcodes named. */
interface Sweep {
  openapi: OpenApi;
  sessions: { staff: Client; admin: Client };
  ids: Barcodes;
  requests: number;
  failures: string[];
}

/** Sends each name at each position of the route's requests, as one caller, and notes every wrong answer. */
async function sweepRoute(sweep: Sweep, route: RouteOptions, who: string, caller: Client): Promise<void> {
  const method = methodOf(route) as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const schema = (route.schema ?? {}) as Partial<Record<'params' | 'querystring' | 'body', Schema>>;
  // Built anew for each request: the barcodes it names may have been replaced meanwhile.
  const requestOf = (): Request => {
    const known = knownValues(route, sweep.ids);
    return {
      params: valueOf(schema.params ?? {}, known) as Record<string, unknown>,
      query: valueOf(schema.querystring ?? {}, known) as Record<string, unknown>,
      body: valueOf(schema.body ?? {}, known) as Record<string, unknown>,
    };
  };
  const base = requestOf();
  const positions = [
    ...(schema.params ? positionsOf('params', schema.params, base.params) : []),
    ...(schema.querystring ? positionsOf('query', schema.querystring, base.query) : []),
    ...(schema.body ? positionsOf('body', schema.body, base.body) : []),
  ];
  for (const position of positions) {
    for (const name of position.kind === 'value' ? [...NAMES, PLACEHOLDERS] : NAMES) {
      const request = withName(requestOf(), position, name);
      const query = new URLSearchParams(
        Object.entries(request.query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString();
      const url =
        route.url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => encodeURIComponent(String(request.params[p]))) +
        (query ? `?${query}` : '');
      const payload = schema.body ? JSON.stringify(request.body) : undefined;
      const res = await caller.request({
        method,
        url,
        payload,
        // The draft's first save: a write that needs If-Match gets past it to its checks.
        headers: { 'if-match': '"1"', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      });
      sweep.requests += 1;
      const problem = problemOf(sweep.openapi, route, res);
      if (problem)
        sweep.failures.push(
          `${method} ${route.url} as ${who}, '${name}' as the ${position.kind} at ${position.part}.${position.path.join('.')}: ${problem}: ${res.body.slice(0, 200)}`,
        );
      // A write that went through may have used up the barcodes it names (activated, tracked, unpaired).
      const named = Object.values(sweep.ids).some((id) => url.includes(id) || payload?.includes(id));
      if (res.statusCode < 300 && method !== 'GET' && named)
        sweep.ids = activating(route)
          ? { ...sweep.ids, fresh: await generate(sweep.sessions.staff) }
          : await newBarcodes(sweep.sessions.staff);
    }
  }
}

describe('names every object inherits, in every request', () => {
  it('never make a route answer 5xx or anything but JSON (or the type it documents)', async () => {
    const swept = routes.filter(
      (r) => r.url.startsWith('/api/') && methodOf(r) !== 'HEAD' && (r.schema as Schema | undefined)?.hide !== true,
    );
    const sessions = { staff: await loggedIn(server, '11112222'), admin: (await adminClient(server)).client };
    // A draft to save, test against and report on.
    await sessions.admin.request({ method: 'POST', url: '/api/admin/config/demo/1/draft', payload: {} });
    const sweep: Sweep = {
      openapi: (await server.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as OpenApi,
      sessions,
      ids: await newBarcodes(sessions.staff),
      requests: 0,
      failures: [],
    };
    for (const route of swept) {
      const isAdmin = route.url.startsWith('/api/admin/');
      // Logged in again when a route before (a logout) ended the session.
      if ((await sessions.staff.get('/api/user/profile')).statusCode !== 200)
        sessions.staff = await loggedIn(server, '11112222');
      if (isAdmin && (await sessions.admin.get('/api/admin/me')).statusCode !== 200)
        sessions.admin = (await adminClient(server)).client;
      await sweepRoute(sweep, route, 'visitor', new Client(server.app, '198.51.100.9'));
      await sweepRoute(sweep, route, 'staff', sessions.staff);
      if (isAdmin) await sweepRoute(sweep, route, 'admin', sessions.admin);
    }
    console.info(`inherited names: ${sweep.requests} requests over ${swept.length} routes`);
    expect(sweep.failures).toEqual([]);
    expect(swept.length).toBeGreaterThan(60);
    expect(sweep.requests).toBeGreaterThan(swept.length * 10);
  }, 120_000);
});

describe('a name every object inherits is answered as any unknown name', () => {
  /** The same request with an unknown name instead: what the inherited name must get too. */
  const INHERITED = NAMES.filter((name) => name !== '__proto__');

  it('as the barcode type of an activation, new or edited: ErrorCode.invalidBarcodeType', async () => {
    const staff = await loggedIn(server, '11112222');
    const { fresh, active } = await newBarcodes(staff);
    for (const [method, id] of [
      ['POST', fresh],
      ['PUT', active],
    ] as const) {
      for (const barcodeType of ['nope', ...INHERITED]) {
        const res = await staff.request({
          method,
          url: '/api/barcode/activation',
          payload: activation(id, { barcodeType }),
        });
        expect([method, barcodeType, res.statusCode, res.json()]).toEqual([
          method,
          barcodeType,
          400,
          { errors: { barcodeType: [ErrorCode.invalidBarcodeType] } },
        ]);
      }
    }
  });

  it('as a placeholder of a message template: left as written, or empty for a field', async () => {
    const staff = await loggedIn(server, '11112222');
    const { active } = await newBarcodes(staff);
    const template = ['nope', ...NAMES].map((name) => `[{{${name}}}|{{field.${name}}}]`).join('');
    const res = await staff.post('/api/barcode/compile-message', {
      barcodeId: active,
      template: `${template}{{barcodeId}}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toBe(`${['nope', ...NAMES].map((name) => `[{{${name}}}|]`).join('')}${active}`);
  });

  it('as the key of the children values a visitor reads: null for each child, as for a key that is no field', async () => {
    const { parent, child } = await newBarcodes(await loggedIn(server, '11112222'));
    const visitor = new Client(server.app, '198.51.100.10');
    for (const key of ['nope', ...INHERITED]) {
      const res = await visitor.get(`/api/barcode/children/value?id=${parent}&key=${key}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect([key, JSON.parse(res.body)]).toEqual([
        key,
        { data: { values: [{ barcodeId: child, value: null }], sum: null, numericCount: 0 } },
      ]);
    }
  });

  it('as the barcode type of a search by field: nothing found', async () => {
    const staff = await loggedIn(server, '11112222');
    for (const barcodeType of ['nope', ...INHERITED]) {
      const res = await staff.post('/api/barcode/search', {
        projectId: SEED.demoProject,
        barcodeType,
        fields: [{ key: 'lotNumber', value: 'FLU' }],
      });
      expect([barcodeType, res.statusCode, res.json().data]).toEqual([barcodeType, 200, { items: [], hasMore: false }]);
    }
  });
});

describe('a configuration draft with an inherited name as a key', () => {
  const BASE = '/api/admin/config/demo/1';

  it('is refused when saved: ErrorCode.invalidKey at each such key, and the draft stays as it was', async () => {
    const { client: admin } = await adminClient(server);
    const opened = await admin.request({ method: 'POST', url: `${BASE}/draft`, payload: {} });
    const draft = (opened.statusCode === 200 ? opened : await admin.get(`${BASE}/draft`)).json().data as {
      etag: number;
      config: { barcodeTypes: Record<string, unknown> };
    };
    const config = structuredClone(draft.config);
    Object.assign(config.barcodeTypes, { constructor: config.barcodeTypes.pallet, toString: config.barcodeTypes.case });
    const res = await admin.request({
      method: 'PUT',
      url: `${BASE}/draft`,
      payload: { config },
      headers: { 'if-match': `"${draft.etag}"` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({
      'config/barcodeTypes/constructor': [ErrorCode.invalidKey],
      'config/barcodeTypes/toString': [ErrorCode.invalidKey],
    });
    expect(res.json().problems.map((p: { key: string }) => p.key)).toEqual(['reservedName', 'reservedName']);
    const after = (await admin.get(`${BASE}/draft`)).json().data;
    expect([after.etag, after.config]).toEqual([draft.etag, draft.config]);
  });

  it('saved before names were checked: the report and the draft answer its problems, never a 500', async () => {
    const { client: admin } = await adminClient(server);
    await admin.request({ method: 'POST', url: `${BASE}/draft`, payload: {} });
    const config = structuredClone(DEMO_CONFIG) as { barcodeTypes: Record<string, unknown> };
    Object.assign(config.barcodeTypes, { constructor: config.barcodeTypes.pallet });
    await server.ctx.db.query('update config_drafts set config = $2::jsonb where project_id = $1', [
      SEED.demoProject,
      JSON.stringify(config),
    ]);
    const report = await admin.get(`${BASE}/draft/report`);
    expect(report.statusCode, report.body).toBe(400);
    expect(report.json().problems).toEqual([
      expect.objectContaining({ pointer: '/barcodeTypes/constructor', key: 'reservedName' }),
    ]);
    const shown = await admin.get(`${BASE}/draft`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.problems).toEqual([
      expect.objectContaining({ pointer: '/barcodeTypes/constructor', key: 'reservedName' }),
    ]);
  });
});
