import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { OPENAPI_PATH } from '../../server/plugins/openapi';
import { activation, address } from './barcode-fixtures';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { formData, PNG_BYTES, type FormPart } from './multipart';

/**
 * Property-based fuzzing of every route the server registers (listed from the server itself, so
 * a new route is covered without a new test), from its own schema (body, query, path):
 * valid-looking values, values the app knows (its barcodes, projects, trackpoints) so requests
 * get past validation to the services, salted with text no keyboard types, keys named like
 * Object prototype properties, huge numbers and values of the wrong type; as a logged-in staff
 * user and as a visitor. Each answer is checked:
 * - never a 5xx;
 * - its status is documented for the route in GET /api/openapi.json, and its body matches the
 *   schema documented for that status (validated with ajv, JSON Schema 2020-12);
 * - a refusal (4xx) wrote nothing: no row of any table was inserted, updated or deleted
 *   (counted by triggers), except in the tables a refusal writes by design (REFUSAL_WRITES).
 * Writes are sent now and then with an Idempotency-Key: a fresh one, a malformed one, the same
 * request again with the same key (the answer must be the first one, byte for byte, marked
 * replayed, and write nothing), or the previous request's key with another request (never run:
 * 409 with ErrorCode.keyReused or a refusal of its input, nothing written). Multipart routes (the
 * upload) get multipart bodies: file parts of any type, size and name, missing or extra parts, a
 * broken boundary.
 * Used by the fast pass in `npm test` (tests/server/fuzz.test.ts) and the long one in
 * `npm run fuzz` (scripts/fuzz.ts).
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  patternProperties?: Record<string, Schema>;
  hide?: boolean;
};

export const HOSTILE_TEXT = [
  '',
  ' ',
  '\t',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x'.repeat(5000),
  'javascript:alert(1)',
  '//evil.example/x.png',
  '../../etc/passwd',
  '%00',
  '{{constructor}}',
];
export const PROTOTYPE_KEYS = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];
export const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_TEXT, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1, null, true, [], {}, [
    null,
  ]),
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Values of this installation, by property name: they get requests past validation into the services. */
export type Known = Record<string, readonly unknown[]>;

/** Text matching a pattern; fast-check cannot build some (lookaheads): then any short text. */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern)).map((text) => text.slice(0, 200));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

export class Generators {
  constructor(private known: Known = {}) {}

  /** A value the schema describes (or one the app knows for that property), now and then a hostile one. */
  valueOf(schema: Schema, depth = 0, key?: string): fc.Arbitrary<unknown> {
    const known = key !== undefined ? this.known[key] : undefined;
    const valid = known?.length
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...known) },
          { weight: 1, arbitrary: this.validOf(schema, depth) },
        )
      : this.validOf(schema, depth);
    return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
  }

  validOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => this.validOf(s, depth)));
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        return schema.pattern
          ? matching(schema.pattern)
          : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
      case 'integer':
        return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(this.valueOf(schema.items ?? {}, depth + 1), { maxLength: 3 });
      case 'object':
        return this.objectOf(schema, depth);
      default:
        return hostileValue;
    }
  }

  objectOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    if (depth > 3) return fc.constant({});
    const properties = schema.properties ?? {};
    const known = fc.record(
      Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, this.valueOf(s, depth + 1, key)])),
      {
        requiredKeys: (schema.required ?? []).filter(() => true),
      },
    );
    const extra = fc.dictionary(
      fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })),
      hostileValue,
      { maxKeys: 2 },
    );
    return fc.tuple(known, fc.option(extra, { freq: 3 })).map(([values, more]) => {
      const out: Record<string, unknown> = {};
      // Own properties, __proto__ included, as JSON.parse makes them.
      for (const [key, value] of [...Object.entries(values as object), ...Object.entries(more ?? {})])
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      return out;
    });
  }
}

export const isCatalogueError = (body: unknown): boolean => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every((codes) => Array.isArray(codes) && codes.length > 0 && codes.every(Number.isInteger))
  );
};

/**
 * Tables a refused request may write by design, by route: failed logins are counted for the rate
 * limits (auth_attempts); a login that needs a one-time code sends one and answers 400 with
 * ErrorCode.emptyField on the code (one_time_passcodes, outbox); a replayed refresh token revokes
 * its session before the 401 (sessions, refresh_tokens). Everything else must be left as it was.
 */
export const REFUSAL_WRITES: Record<string, readonly string[]> = {
  'POST /api/user/authorize': ['auth_attempts', 'one_time_passcodes', 'outbox'],
  'POST /api/user/carrier-user/self': ['auth_attempts'],
  // The admin login counts its failures against the same kind of limits.
  'POST /api/admin/session': ['auth_attempts'],
  'POST /api/user/refresh-token': ['sessions', 'refresh_tokens'],
};

/**
 * Counts every row written, per table, with a trigger on each table of the test database
 * (inserts, updates and deletes, whatever the value written): cheaper than digesting the
 * tables after each request, and it also sees a write that puts back what was there.
 */
async function countWrites(
  server: TestServer,
): Promise<{ tables: string[]; snapshot(): Promise<Map<string, string>> }> {
  const db = server.ctx.db;
  const tables = (
    await db.query<{ t: string }>(
      "select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).rows.map((r) => r.t);
  await db.query('create table fuzz_writes (t text primary key, n bigint not null)');
  await db.query(`create function fuzz_count() returns trigger language plpgsql as $$
    begin insert into fuzz_writes values (TG_TABLE_NAME, 1) on conflict (t) do update set n = fuzz_writes.n + 1; return null; end $$`);
  for (const t of tables)
    await db.query(
      `create trigger fuzz_count after insert or update or delete on ${t} for each row execute function fuzz_count()`,
    );
  return {
    tables,
    snapshot: async () =>
      new Map(
        (await db.query<{ t: string; n: string }>('select t, n::text as n from fuzz_writes')).rows.map((r) => [
          r.t,
          r.n,
        ]),
      ),
  };
}

/** Idempotency-Key headers the fuzzing sends with a write (see the header comment). */
type KeyMode = 'none' | 'fresh' | 'repeat' | 'reuse' | 'malformed';
const keyMode = fc.oneof(
  { weight: 4, arbitrary: fc.constant<KeyMode>('none') },
  { weight: 3, arbitrary: fc.constantFrom<KeyMode>('fresh', 'repeat', 'reuse') },
  { weight: 1, arbitrary: fc.constant<KeyMode>('malformed') },
);
const MALFORMED_KEYS = ['short', 'a'.repeat(129), 'key with spaces', 'ключ-ключ-ключ', '../../etc/passwd', ''];

/** A multipart body for an upload route: its parts from the known barcodes and hostile text, or a broken one. */
const multipartBody = (barcodeIds: string[]): fc.Arbitrary<{ payload: Buffer; headers: Record<string, string> }> => {
  const text = fc.oneof(fc.constantFrom(...barcodeIds), fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 20 }));
  const file = fc.record({
    name: fc.constantFrom('file', 'file', 'files', 'toString'),
    filename: fc.oneof(
      fc.constantFrom('photo.png', 'sign.png', '../../x.png', 'a'.repeat(300), '', 'x\u0000.png', '写真.jpg'),
      fc.string({ maxLength: 12 }),
    ),
    content: fc.oneof(
      fc.constant(PNG_BYTES),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.alloc(0)),
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', 'application/x-msdownload', ''),
  });
  const field = fc.record({ name: fc.constantFrom('barcodeId', 'barcodeId', 'fieldKey', '__proto__'), value: text });
  const parts = fc.array(fc.oneof(file, field), { maxLength: 4 }).map((list) => list as FormPart[]);
  return fc.oneof(
    { weight: 6, arbitrary: parts.map(formData) },
    {
      weight: 1,
      arbitrary: parts.map((list) => ({
        ...formData(list),
        headers: { 'content-type': 'multipart/form-data; boundary=not-the-one-used' },
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: Buffer.from('not multipart at all'),
        headers: { 'content-type': 'multipart/form-data' },
      }),
    },
  );
};

type OpenApiResponse = { content?: Record<string, { schema?: object }> };
type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>> };

export interface FuzzReport {
  routes: number;
  requests: number;
  /** Requests to the documented routes (the API; not its documentation pages). */
  apiRequests: number;
  byStatus: Record<string, number>;
  /** Requests per route, "METHOD url". */
  byRoute: Record<string, number>;
  /** Requests sent with an Idempotency-Key; repeats compared with their first answer; other requests under a held key; multipart bodies. */
  keyed: number;
  repeatsChecked: number;
  reusesChecked: number;
  multipart: number;
  failures: string[];
  millis: number;
}

export interface FuzzOptions {
  /** Generated requests per route (fast-check runs), shrinking runs not counted... */
  casesPerRoute?: number;
  /** ...or in all, shared out evenly between the routes (rounded up). */
  totalCases?: number;
  seed: number;
  /** Told about progress after each route. */
  progress?: (line: string) => void;
}

/** The route's method; HEAD only when it has no other (GET routes answer HEAD too, and @fastify/static lists HEAD first). */
const methodOf = (route: RouteOptions): string =>
  (Array.isArray(route.method) ? (route.method.find((m) => m !== 'HEAD') ?? 'HEAD') : route.method) as string;

/** Runs the fuzzing over every route of a fresh test server and reports what it saw. */
export async function fuzzEveryRoute(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const routes: RouteOptions[] = [];
  const server = await startTestServer({}, undefined, false, (route) => routes.push(route));
  const report: FuzzReport = {
    routes: 0,
    requests: 0,
    apiRequests: 0,
    byStatus: {},
    byRoute: {},
    keyed: 0,
    repeatsChecked: 0,
    reusesChecked: 0,
    multipart: 0,
    failures: [],
    millis: 0,
  };
  try {
    const login = async (address: string) => {
      const client = new Client(server.app, address);
      const res = await client.post('/api/user/authorize', {
        projectId: SEED.demoProject,
        accessCode: '11112222',
        visitorId: VISITOR,
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return client;
    };
    // Barcodes of every state the services tell apart: generated, activated, tracked.
    const setup = await login('203.0.113.98');
    const generate = async () =>
      (await setup.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })).json().data.id as string;
    const [fresh, active, tracked] = [await generate(), await generate(), await generate()];
    for (const id of [active, tracked]) await setup.post('/api/barcode/activation', activation(id));
    await setup.post('/api/barcode/tracking', { barcodeId: tracked, trackPointKey: 'distributionCentre', forms: {} });
    const barcodeIds = [fresh, active, tracked];
    const gen = new Generators({
      barcodeId: barcodeIds,
      id: [...barcodeIds, SEED.demoProject],
      projectCode: ['demo', 'secure'],
      code: ['demo', 'secure'],
      projectId: [SEED.demoProject, SEED.secureProject],
      projectVersion: [1],
      version: [1],
      accessCode: ['11112222', '33334444', '55556666', '12345678'],
      visitorId: [VISITOR],
      barcodeType: ['pallet', 'case'],
      trackPointKey: ['manufacturer', 'distributionCentre', 'carrier', 'pharmacy'],
      seq: [0, 1, 2, 3],
      origin: [address],
      destination: [address],
    });

    const openapi = (await server.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as OpenApi;
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats.default(ajv);
    const compiled = new Map<object, ValidateFunction>();
    const validatorOf = (schema: object) =>
      compiled.get(schema) ?? (compiled.set(schema, ajv.compile(schema)).get(schema) as ValidateFunction);

    const writes = await countWrites(server);
    const { tables } = writes;
    let before = await writes.snapshot();

    /** What is wrong with an answer, or null. */
    const check = async (
      route: RouteOptions,
      documented: boolean,
      res: LightMyRequestResponse,
      keyed = false,
    ): Promise<string | null> => {
      const method = methodOf(route);
      report.requests += 1;
      if (documented) report.apiRequests += 1;
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
      const name = `${method} ${route.url}`;
      report.byRoute[name] = (report.byRoute[name] ?? 0) + 1;
      if (res.statusCode >= 500) return 'a 5xx';
      const after = await writes.snapshot();
      if (res.statusCode >= 400) {
        // A refusal sent with a key keeps its answer for repeats (idempotency_keys), by design.
        const allowed = [...(REFUSAL_WRITES[name] ?? []), ...(keyed ? ['idempotency_keys'] : [])];
        const changed = tables.filter((t) => before.get(t) !== after.get(t) && !allowed.includes(t));
        if (changed.length > 0) return `a refusal wrote to ${changed.join(', ')}`;
      }
      before = after;
      const mediaType = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      // JSON, or JSON with a media type of its own (JSON-LD of an EPCIS export, a web app manifest).
      const isJson = /^application\/([a-z0-9.-]+\+)?json$/.test(mediaType);
      if (res.statusCode >= 400 && !(isJson && isCatalogueError(res.json())))
        return "an error not in the catalogue's shape";
      if (!documented) return null;
      const responses =
        openapi.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()]?.responses ?? {};
      const status = String(res.statusCode);
      const answer = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
      if (!answer) return `status ${status} is not documented`;
      const content = answer.content ?? {};
      if (content['*/*']) return null;
      // The answer's own media type as documented (application/json for errors).
      const schema = content[mediaType]?.schema;
      if (!isJson || !schema)
        return `answered ${String(res.headers['content-type'])}, documented ${Object.keys(content).join(', ') || 'nothing'}`;
      const validate = validatorOf(schema);
      return validate(res.json())
        ? null
        : `the body does not match the documented schema: ${ajv.errorsText(validate.errors)}`;
    };

    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && methodOf(r) !== 'HEAD');
    report.routes = apiRoutes.length;
    const isDocumented = (route: RouteOptions) => (route.schema as { hide?: boolean } | undefined)?.hide !== true;
    // The total is shared by the documented routes; the documentation's own pages get at most DOCS_RUNS each.
    const DOCS_RUNS = 25;
    const perRoute =
      options.casesPerRoute ?? Math.ceil((options.totalCases ?? 0) / apiRoutes.filter(isDocumented).length);
    let n = 0;
    for (const route of apiRoutes) {
      const method = methodOf(route) as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const schema = (route.schema ?? {}) as { body?: Schema; querystring?: Schema; params?: Schema; hide?: boolean };
      // The documentation's own routes (hidden from the document) are fuzzed for 5xx and refusals only.
      const documented = isDocumented(route);
      const numRuns = documented ? perRoute : Math.min(perRoute, DOCS_RUNS);
      const staff = await login(`203.0.113.${(n += 1) % 250}`);
      before = await writes.snapshot();
      const visitor = new Client(server.app, '198.51.100.7');
      const param = fc.oneof(
        fc.constantFrom(...barcodeIds, SEED.demoProject, '%00', '%ED%A0%80', 'toString', '..%2F..', 'a'.repeat(300)),
        fc.stringMatching(/^[A-Za-z0-9]{12}$/),
      );
      const isWrite = ['POST', 'PUT', 'DELETE'].includes(method);
      const multipart = ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes(
        'multipart/form-data',
      );
      /** The key of this route's previous keyed request and what it was sent with (keys are per user: one staff user per route). */
      let previous: { key: string; request: string } | null = null;
      const request = fc.record({
        body: schema.body
          ? route.url.endsWith('/barcode/activation')
            ? fc.oneof(fc.constantFrom(...barcodeIds.map((id) => activation(id))), gen.valueOf(schema.body))
            : gen.valueOf(schema.body)
          : fc.constant(undefined),
        form: multipart ? multipartBody(barcodeIds) : fc.constant(undefined),
        keyMode: isWrite ? keyMode : fc.constant<KeyMode>('none'),
        malformedKey: fc.constantFrom(...MALFORMED_KEYS),
        query: schema.querystring ? gen.objectOf(schema.querystring, 0) : fc.constant({}),
        params: fc.array(param, { minLength: 3, maxLength: 3 }),
        asVisitor: fc.integer({ min: 0, max: 3 }).map((k) => k === 0),
      });
      const result = await fc.check(
        fc.asyncProperty(request, async ({ body, form, keyMode: mode, malformedKey, query, params, asVisitor }) => {
          const search = new URLSearchParams(
            Object.entries(query as Record<string, unknown>).map(([k, v]) => [
              k,
              typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
            ]),
          ).toString();
          let i = 0;
          const url = route.url.replace(/:[A-Za-z]+|\*/g, () => params[i++] ?? '') + (search ? `?${search}` : '');
          const content =
            form ??
            (body === undefined
              ? undefined
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          const described = `${method} ${url} ${form ? `multipart ${form.payload.length} bytes` : JSON.stringify(body)?.slice(0, 300)}`;
          const sent = JSON.stringify([url, form ? form.payload.toString('base64') : body]);
          const key =
            mode === 'none'
              ? undefined
              : mode === 'malformed'
                ? malformedKey
                : mode === 'reuse' && previous
                  ? previous.key
                  : `fuzz-${randomUUID()}`;
          const send = () =>
            (asVisitor ? visitor : staff).request({
              method,
              url,
              ...(content ?? {}),
              headers: { ...(content?.headers ?? {}), ...(key === undefined ? {} : { 'idempotency-key': key }) },
            });
          /** Whether the server holds an answer under this key for the staff user (a refusal before the key was claimed holds none). */
          const held = async (k: string) =>
            (await server.ctx.db.query('select 1 from idempotency_keys where key = $1 and status is not null', [k]))
              .rows.length > 0;
          const reusedHeld =
            mode === 'reuse' &&
            previous !== null &&
            !asVisitor &&
            previous.request !== sent &&
            (await held(previous.key));
          const res = await send();
          if (key !== undefined) report.keyed += 1;
          if (form) report.multipart += 1;
          if (reusedHeld) report.reusesChecked += 1;
          const problem = await check(route, documented, res, key !== undefined);
          if (problem)
            throw new Error(`${problem}: ${described} (key ${mode}) -> ${res.statusCode} ${res.body.slice(0, 300)}`);
          // Another request under a held key must not run: 409 with ErrorCode.keyReused, or a refusal
          // of its input (validation comes first and claims nothing), or a replay (the server compares
          // bodies as validated, which may coerce two sent bodies into one). Never a fresh success.
          if (reusedHeld && res.statusCode < 400 && res.headers['idempotent-replayed'] !== 'true') {
            throw new Error(
              `the previous request's key ran another request: ${described} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          }
          if (mode === 'repeat' && !asVisitor && key !== undefined && (await held(key))) {
            // The same request again with the same key: the first answer, byte for byte, and no write.
            report.repeatsChecked += 1;
            const prior = await writes.snapshot();
            const again = await send();
            const post = await writes.snapshot();
            const wrote = tables.filter((t) => prior.get(t) !== post.get(t));
            if (wrote.length > 0)
              throw new Error(`a repeat with the same key wrote to ${wrote.join(', ')}: ${described}`);
            const unchanged =
              again.statusCode === res.statusCode &&
              again.body === res.body &&
              again.headers['idempotent-replayed'] === 'true';
            if (!unchanged)
              throw new Error(
                `a repeat with the same key did not get the first answer: ${described} -> ${res.statusCode} ${res.body.slice(0, 200)}, then ${again.statusCode} ${again.body.slice(0, 200)}`,
              );
            const repeatProblem = await check(route, documented, again, true);
            if (repeatProblem)
              throw new Error(
                `${repeatProblem} (repeat): ${described} -> ${again.statusCode} ${again.body.slice(0, 300)}`,
              );
          }
          if (key !== undefined && mode !== 'malformed' && !asVisitor) previous = { key, request: sent };
        }),
        { numRuns, seed: options.seed },
      );
      if (result.failed)
        report.failures.push(
          String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance),
        );
      options.progress?.(
        `${method} ${route.url}: ${report.byRoute[`${method} ${route.url}`] ?? 0} requests${result.failed ? ' FAILED' : ''}`,
      );
    }
  } finally {
    await server.close();
  }
  report.millis = Date.now() - started;
  return report;
}
