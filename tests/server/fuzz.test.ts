import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

/**
 * Every route, found as the server adds it, is sent requests derived from its own schema (body
 * and query), salted with text no keyboard types, keys named like Object prototype properties,
 * huge numbers and values of the wrong type. Whatever comes in, the answer is never a 5xx, and
 * every error answer has the catalogue's shape. New routes are covered without a new test.
 */
type Schema = {
  type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; enum?: unknown[]; const?: unknown;
  pattern?: string; minimum?: number; maximum?: number; minLength?: number; maxLength?: number; patternProperties?: Record<string, Schema>;
};

const HOSTILE_TEXT = ['', ' ', '\t', 'a\u0000b', '\ud800', '\udfff', 'x'.repeat(5000), 'javascript:alert(1)', '//evil.example/x.png', '../../etc/passwd', '%00', '{{constructor}}'];
const PROTOTYPE_KEYS = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];
const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_TEXT, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1, null, true, [], {}, [null]),
  fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Text matching a pattern; fast-check cannot build some (lookaheads): then any short text. */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern)).map((text) => text.slice(0, 200));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

/** A value the schema describes, now and then replaced by a hostile one. */
function valueOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validOf(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

function validOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validOf(s, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.pattern ? matching(schema.pattern) : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valueOf(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(schema, depth);
    default:
      return hostileValue;
  }
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 3) return fc.constant({});
  const properties = schema.properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valueOf(s, depth + 1)])), {
    requiredKeys: (schema.required ?? []).filter(() => true),
  });
  const extra = fc.dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 2 });
  return fc.tuple(known, fc.option(extra, { freq: 3 })).map(([values, more]) => {
    const out: Record<string, unknown> = {};
    // Own properties, __proto__ included, as JSON.parse makes them.
    for (const [key, value] of [...Object.entries(values as object), ...Object.entries(more ?? {})]) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

const isCatalogueError = (body: unknown): boolean => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return typeof errors === 'object' && errors !== null && Object.values(errors).every((codes) => Array.isArray(codes) && codes.length > 0 && codes.every(Number.isInteger));
};

const routes: RouteOptions[] = [];
let server: TestServer;
let staff: Client;
beforeAll(async () => {
  server = await startTestServer({}, undefined, false, (route) => routes.push(route));
  staff = new Client(server.app, '203.0.113.99');
  expect((await staff.post('/api/user/authorize', { projectId: SEED.demoProject, accessCode: '11112222', visitorId: VISITOR })).statusCode).toBe(200);
});
afterAll(() => server.close());

describe('every route, fuzzed from its schema', () => {
  it('never answers 5xx, and answers errors in the catalogue\'s shape', async () => {
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== '/api/user/logout');
    expect(apiRoutes.length).toBeGreaterThan(20);
    for (const route of apiRoutes) {
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const schema = (route.schema ?? {}) as { body?: Schema; querystring?: Schema };
      const request = fc.record({
        body: schema.body ? valueOf(schema.body) : fc.constant(undefined),
        query: schema.querystring ? objectOf(schema.querystring, 0) : fc.constant({}),
        param: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{12}$/), fc.constantFrom('%00', '%ED%A0%80', 'toString', '..%2F..')),
      });
      await fc.assert(fc.asyncProperty(request, async ({ body, query, param }) => {
        const search = new URLSearchParams(Object.entries(query as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])).toString();
        const url = route.url.replace(/:[A-Za-z]+/g, param) + (search ? `?${search}` : '');
        const res = await staff.request({ method, url, ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
        const where = `${method} ${url} ${JSON.stringify(body)?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) expect(isCatalogueError(res.json()), where).toBe(true);
      }), { numRuns: 25, seed: 20261123 });
    }
  }, 60_000);
});
