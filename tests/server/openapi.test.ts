import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PATH, needsSession, OPENAPI_PATH } from '../../server/plugins/openapi';
import { startTestServer, type TestServer } from './harness';

/**
 * The OpenAPI document is generated from the route schemas; these checks list the routes from
 * the server itself (as it adds them), so a new route is held to them without a new test.
 */
type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const routes: RouteOptions[] = [];
let server: TestServer;
let document: Document;
beforeAll(async () => {
  server = await startTestServer({}, undefined, false, (route) => routes.push(route));
  const res = await server.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.json();
});
afterAll(() => server.close());

const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
const isHidden = (route: RouteOptions): boolean => (route.schema as { hide?: boolean } | undefined)?.hide === true;
const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const apiRoutes = () => routes.filter((r) => r.url.startsWith('/api/') && methodsOf(r).length > 0);

describe('OpenAPI document', () => {
  it("is valid OpenAPI 3.1 (checked against the OpenAPI Initiative's JSON Schema of 3.1)", async () => {
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('is refused by the validator when it is broken (the check above can fail)', async () => {
    const broken = structuredClone(document);
    const first = Object.values(Object.values(broken.paths)[0] ?? {})[0] as Record<string, unknown>;
    delete first.responses;
    first.parameters = [{ in: 'nowhere', name: 1 }];
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  it('documents every route the server registers, each with its success and its error answers', () => {
    const ajv = new Ajv2020({ strict: false });
    const checked: string[] = [];
    for (const route of apiRoutes()) {
      if (isHidden(route)) continue;
      for (const method of methodsOf(route)) {
        const where = `${method} ${route.url}`;
        const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        expect(operation, `${where} is missing from the document`).toBeDefined();
        const responses = operation?.responses ?? {};
        expect(
          Object.keys(responses).some((status) => /^2/.test(status)),
          `${where}: no success answer`,
        ).toBe(true);
        for (const status of ['4XX', '5XX']) {
          const schema = responses[status]?.content?.['application/json']?.schema;
          expect(schema, `${where}: no ${status} answer`).toBeDefined();
          // The answer is the ErrorResponse of schemas/common.ts: a map of fields to integer codes.
          const validate = ajv.compile(schema ?? {});
          expect(validate({ errors: { $common: [404] } }), `${where} ${status}`).toBe(true);
          expect(validate({ errors: { barcodeId: [1000, 2200] } }), `${where} ${status}`).toBe(true);
          expect(validate({}), `${where} ${status} accepts an answer without errors`).toBe(false);
          expect(
            validate({ errors: { barcodeId: ['wrong'] } }),
            `${where} ${status} accepts codes that are not integers`,
          ).toBe(false);
        }
        // Routes that need a session say so (the session cookie).
        if (needsSession(route)) expect(operation?.security, `${where}: needs a session`).toEqual([{ session: [] }]);
        else expect(operation?.security, `${where}: open`).toBeUndefined();
        // Path parameters are documented.
        for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
          expect(
            operation?.parameters?.some((p) => p.in === 'path' && p.name === name),
            `${where}: path parameter ${name}`,
          ).toBe(true);
        }
        checked.push(where);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    // Nothing in the document that the server does not answer.
    const documented = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      checked
        .map((w) => {
          const [m, u] = w.split(' ');
          return `${m} ${openApiPath(u ?? '')}`;
        })
        .sort(),
    );
  });

  it('leaves out only the documentation itself', () => {
    const hidden = apiRoutes()
      .filter(isHidden)
      .map((r) => r.url);
    expect(hidden.length).toBeGreaterThan(0);
    for (const url of hidden) expect(url === OPENAPI_PATH || url.startsWith(`${DOCS_PATH}`), url).toBe(true);
  });

  it('documents the Idempotency-Key header on every write that needs a session, except the multipart upload', () => {
    for (const route of apiRoutes()) {
      if (isHidden(route) || !needsSession(route)) continue;
      for (const method of methodsOf(route).filter((m) => m !== 'GET')) {
        const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        const hasKey = operation?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') ?? false;
        expect(hasKey, `${method} ${route.url}`).toBe(route.url !== '/api/barcode/file' || method !== 'POST');
      }
    }
  });
});

describe('API docs page', () => {
  it('is served by this server with every asset it loads, and names no other host', async () => {
    const page = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|validator\.swagger\.io/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, 'a relative or same-host URL').toMatch(/^(\.\/|\/(?!\/))/);
      const url = new URL(asset, `http://localhost${DOCS_PATH}/`).pathname;
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body.length, url).toBeGreaterThan(100);
    }
    // The page's script asks for this server's document (relative ./json), and no online validator.
    const init = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(init.body).toContain('"validatorUrl":null');
    const json = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    expect(json.json()).toEqual(document);
  });
});
