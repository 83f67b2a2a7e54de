import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { ErrorCode } from '../../schemas/error-codes';
import { RESERVED_NAMES } from '../../schemas/own-keys';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { OPENAPI_PATH } from '../../server/plugins/openapi';
import { MAX_JSON_DEPTH } from '../../server/plugins/validation';
import { createAdmin } from '../../server/services/admin-auth';
import { activation, address, secureSession } from './barcode-fixtures';
import { SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { formData, PNG_BYTES, type FormPart } from './multipart';

/**
 * Property-based fuzzing of every route the server registers (listed from the server itself, so
 * a new route is covered without a new test). Requests come from five generators:
 * - `schema`: from the route's own schema (body, query, path): valid-looking values, values the
 *   app knows (its barcodes, projects, trackpoints, users, a draft's configuration) so requests
 *   get past validation to the services, salted with text no keyboard types, names every object
 *   inherits, huge numbers and values of the wrong type; writes now and then with an If-Match and
 *   an Idempotency-Key: a fresh one, a malformed one, the same request again with the same key
 *   (the answer must be the first one, byte for byte, marked replayed, and write nothing; 409
 *   with ErrorCode.secretShownOnce where that answer showed a secret), or the previous request's
 *   key with another request (never run: 409 with ErrorCode.keyReused or a refusal of its input,
 *   nothing written). The upload gets multipart bodies: file parts of any type, size and name,
 *   missing or extra parts, a broken boundary, a body cut short.
 * - `inheritedNames`: every name a plain object inherits (RESERVED_NAMES) and template
 *   placeholders naming them (`{{constructor}}`, `{{field.constructor}}`), put systematically
 *   into a valid request: in all its string values at once, then in each one alone; in all its
 *   query values at once, then in each one alone; in its path parameters; as a key of each object
 *   of the body in turn (valued like the object's first entry, so that in a map it reads as one
 *   more entry) and of the query. A write that must name the version it changes gets If-Match;
 *   after a key was stored, the routes under the write's path (a draft's report, tests and
 *   publishing) read it.
 * - `deepNesting`: JSON bodies nested 100 to 10,000 levels (arrays and objects, as the whole body
 *   or inside a valid one) on every route that takes a body, and one level either side of
 *   MAX_JSON_DEPTH: deeper than the limit is refused with 400 ErrorCode.invalidFormat (or 413 over
 *   the body limit), at the limit the body is answered on its content.
 * - `unfinishedMultipart`: upload bodies without their closing boundary, cut short inside a part
 *   or its header, or with a malformed part header: refused, never stored.
 * - `oversizedHeaders`: over a real socket (inject skips Node's HTTP parser), a sample of routes
 *   with a URL, a path parameter, a header field, many header fields or a cookie over 16 KB: 431
 *   with `{ "errors": { "$common": [ErrorCode.headersTooLarge] } }`; and a request under the
 *   limit, which is not refused for its size.
 * The requests are sent as these roles (ROLES): a visitor; staff, a client user and a staff user
 * without permissions of demo@1; staff of another enterprise logged in to its own project
 * (harbour@1) with demo@1's values; a demo@1 session with the values of secure@1 (whose login asks
 * more); an enterprise admin and a project admin of demo@1. Every role gets a share of every
 * route's schema cases; the nesting cases go to the roles in turn, the other systematic cases to
 * the roles the route is for. A request of a session with another project's values that names
 * that project is sent as a visitor first, and must not be served (2xx) where the visitor is not.
 * Each answer is checked:
 * - never a 5xx;
 * - its status is documented for the route in GET /api/openapi.json, and its body (JSON that
 *   parses) matches the schema documented for that status (validated with ajv, JSON Schema
 *   2020-12); every error in the catalogue's shape;
 * - a refusal (4xx) wrote nothing: no row of any table was inserted, updated or deleted
 *   (counted by triggers), except in the tables a refusal writes by design (REFUSAL_WRITES).
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

/** The custom fields of a demo case. */
const CASE_FIELDS = {
  productName: 'Influenza vaccine',
  lotNumber: 'FLU-2026-1',
  expiryDate: '2027-03-31',
  storageRange: '2-8',
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

/** Template placeholders naming what every object inherits, as a message template or a formula would hold them. */
const INHERITED_PLACEHOLDERS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'prototype',
].flatMap((name) => [`{{${name}}}`, `{{field.${name}}}`]);
/** What the inheritedNames generator puts in string positions: the names themselves and placeholders naming them. */
const INHERITED_TEXT: readonly string[] = [...RESERVED_NAMES, ...INHERITED_PLACEHOLDERS];

export const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_TEXT, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1, null, true, [], {}, [
    null,
  ]),
  fc.constantFrom(...INHERITED_TEXT),
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Values of this installation, by property name: they get requests past validation into the services. */
export type Known = Record<string, readonly unknown[]>;

const matchers = new Map<string, fc.Arbitrary<string>>();
/**
 * Text matching a pattern; fast-check cannot build some (lookaheads): then any short text. Kept
 * by pattern: building one costs far more than drawing from it, and every role draws anew.
 */
function matching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = matchers.get(pattern);
  if (!arbitrary) {
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern)).map((text) => text.slice(0, 200));
    } catch {
      arbitrary = fc.string({ maxLength: 20 });
    }
    matchers.set(pattern, arbitrary);
  }
  return arbitrary;
}

/** An object with these own properties, `__proto__` included, as JSON.parse makes them. */
function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

export class Generators {
  /** `hostile` false: valid values only (the app's own, else what the schema describes). */
  constructor(
    private known: Known = {},
    private hostile = true,
  ) {}

  /** A value the schema describes (or one the app knows for that property), now and then a hostile one. */
  valueOf(schema: Schema, depth = 0, key?: string): fc.Arbitrary<unknown> {
    const known = key !== undefined ? this.known[key] : undefined;
    if (!this.hostile) return known?.length ? fc.constantFrom(...known) : this.validOf(schema, depth);
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
        return this.hostile ? hostileValue : fc.string({ maxLength: 20 });
    }
  }

  objectOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    if (depth > 3) return fc.constant({});
    const properties = schema.properties ?? {};
    const known = fc.record(
      Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, this.valueOf(s, depth + 1, key)])),
      { requiredKeys: schema.required ?? [] },
    );
    // Valid requests carry every property: each is a position the systematic generators fill.
    if (!this.hostile)
      return fc
        .record(
          Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, this.valueOf(s, depth + 1, key)])),
        )
        .map((values) => ownObject(Object.entries(values)));
    const extra = fc.dictionary(
      fc.oneof(fc.constantFrom(...RESERVED_NAMES), fc.string({ maxLength: 8 })),
      hostileValue,
      {
        maxKeys: 2,
      },
    );
    return fc
      .tuple(known, fc.option(extra, { freq: 3 }))
      .map(([values, more]) => ownObject([...Object.entries(values as object), ...Object.entries(more ?? {})]));
  }
}

/** A copy of a JSON value with its strings, in document order, replaced where `replace` says. */
function replaceStrings(value: unknown, replace: (text: string, index: number) => string): unknown {
  let index = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return replace(v, index++);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return ownObject(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

const countStrings = (value: unknown): number => {
  let n = 0;
  replaceStrings(value, (text) => ((n += 1), text));
  return n;
};

/**
 * A copy of a JSON value with `name` added as a key to its `at`-th object (in document order, the
 * value itself first), valued like the object's first entry, so that in a map (barcode types by
 * key, fields by key) it reads as one more entry; the name itself in an empty object.
 */
function addKey(value: unknown, name: string, at: number): unknown {
  let index = 0;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const here = index++ === at;
    const entries = Object.entries(v).map(([k, x]): [string, unknown] => [k, walk(x)]);
    return ownObject(here ? [...entries, [name, entries[0]?.[1] ?? name]] : entries);
  };
  return walk(value);
}

const countObjects = (value: unknown): number =>
  Array.isArray(value)
    ? value.reduce((n: number, v) => n + countObjects(v), 0)
    : value !== null && typeof value === 'object'
      ? 1 + Object.values(value).reduce((n: number, v) => n + countObjects(v), 0)
      : 0;

export const isCatalogueError = (body: unknown): boolean => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every((codes) => Array.isArray(codes) && codes.length > 0 && codes.every(Number.isInteger))
  );
};

const common = (code: number) => ({ errors: { $common: [code] } });

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
const IF_MATCH = ['"1"', '"2"', '"3"', 'W/"1"', '1', '*', '"0"', 'garbage', ''];
const MALFORMED_KEYS = ['short', 'a'.repeat(129), 'key with spaces', 'ключ-ключ-ключ', '../../etc/passwd', ''];

type Body = { payload: Buffer; headers: Record<string, string> };

/** A multipart body for an upload route: its parts from the known barcodes and hostile text, or a broken one. */
const multipartBody = (barcodeIds: string[]): fc.Arbitrary<Body> => {
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
  const field = fc.record({
    name: fc.constantFrom('barcodeId', 'barcodeId', 'fieldKey', '__proto__', 'constructor'),
    value: text,
  });
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
      // Cut short anywhere: the connection of a phone that lost its signal mid-upload.
      arbitrary: fc.tuple(parts, fc.double({ min: 0, max: 1, noNaN: true })).map(([list, at]) => {
        const body = formData(list);
        return { ...body, payload: body.payload.subarray(0, Math.floor(body.payload.length * at)) };
      }),
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

/**
 * Upload bodies that do not finish or cannot be read, from a valid one (a barcode id, then a
 * PNG file): each must be refused (busboy reads them as a stream that ends early or a header it
 * cannot parse), but for a part header over busboy's limit, which it cuts to the limit.
 */
function unfinishedMultipart(barcodeId: string): { name: string; body: Body; mayBeAccepted?: true }[] {
  const valid = formData([
    { name: 'barcodeId', value: barcodeId },
    { name: 'file', filename: 'photo.png', content: PNG_BYTES, type: 'image/png' },
  ]);
  const boundary = /boundary=(.+)$/.exec(valid.headers['content-type']!)![1]!;
  const text = valid.payload.toString('latin1');
  const close = `--${boundary}--\r\n`;
  const filePart = text.indexOf(`--${boundary}\r\nContent-Disposition: form-data; name="file"`);
  const fileContent = text.indexOf('\r\n\r\n', filePart) + 4;
  const raw = (payload: string) => ({ payload: Buffer.from(payload, 'latin1'), headers: valid.headers });
  const withFileHeader = (header: string) =>
    raw(`${text.slice(0, filePart)}--${boundary}\r\n${header}\r\n\r\n${text.slice(fileContent)}`);
  return [
    { name: 'no closing boundary', body: raw(text.slice(0, -close.length)) },
    { name: 'no closing boundary nor the line end before it', body: raw(text.slice(0, -close.length - 2)) },
    { name: 'closing boundary cut short', body: raw(text.slice(0, -4)) },
    { name: 'cut inside the file', body: raw(text.slice(0, fileContent + 40)) },
    { name: "cut inside the file part's header", body: raw(text.slice(0, filePart + 30)) },
    { name: 'cut after the boundary line', body: raw(text.slice(0, filePart + boundary.length + 4)) },
    { name: 'cut inside the first part', body: raw(text.slice(0, boundary.length + 50)) },
    {
      name: 'part header without a colon',
      body: withFileHeader('Content-Disposition form-data; name="file"; filename="photo.png"'),
    },
    {
      name: 'part header with an unterminated quote',
      body: withFileHeader('Content-Disposition: form-data; name="file; filename="photo.png'),
    },
    { name: 'part without Content-Disposition', body: withFileHeader('Content-Type: image/png') },
    {
      name: "part header over busboy's limit",
      body: withFileHeader(`Content-Disposition: form-data; name="file"; filename="${'a'.repeat(100_000)}.png"`),
      mayBeAccepted: true,
    },
    {
      name: 'part header without the blank line after it',
      body: raw(
        `${text.slice(0, filePart)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n${text.slice(fileContent)}`,
      ),
    },
  ];
}

/** JSON text nested `depth` arrays or objects deep (`[]` and `{}` are one level). */
const nestedText = (shape: 'array' | 'object', depth: number): string =>
  shape === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

type NestingCase = { shape: 'array' | 'object'; depth: number; inside: boolean };
/** Every nesting case: one level either side of the limit, then far deeper, as the whole body and inside a valid one. */
const NESTING_CASES: NestingCase[] = [
  MAX_JSON_DEPTH + 1,
  MAX_JSON_DEPTH,
  100,
  MAX_JSON_DEPTH - 1,
  1_000,
  10_000,
  2_000,
  500,
].flatMap((depth) =>
  (['array', 'object'] as const).flatMap((shape) => [true, false].map((inside) => ({ shape, depth, inside }))),
);

/** At most `most` indices of `0..count-1`, spread over the whole range. */
const spread = (count: number, most: number): number[] =>
  count <= most
    ? Array.from({ length: count }, (_, i) => i)
    : Array.from({ length: most }, (_, i) => Math.floor((i * count) / most));
/** The string positions (and query values) the inheritedNames generator fills one at a time, per route. */
const LEAVES_PER_ROUTE = 24;

/**
 * `slice` cases of a systematic list, spread over it and shifted by the route's index, so that
 * a fast pass still meets every case on some route; the whole list when no slice is asked.
 */
function sliceOf<T>(list: readonly T[], slice: number | undefined, offset: number): T[] {
  if (slice === undefined || slice >= list.length) return [...list];
  const step = Math.max(1, Math.floor(list.length / slice));
  return Array.from({ length: slice }, (_, j) => list[(offset + j * step) % list.length]!);
}

type OpenApiResponse = { content?: Record<string, { schema?: object }> };
type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>> };

/**
 * Who sends the requests. `otherEnterprise` is staff of Harbour Freight logged in to its own
 * project (harbour@1) with demo@1's values; `otherProject` a demo@1 session with secure@1's values.
 */
export const ROLES = [
  'staff',
  'client',
  'noPermissions',
  'otherEnterprise',
  'otherProject',
  'visitor',
  'enterpriseAdmin',
  'projectAdmin',
] as const;
export type RoleName = (typeof ROLES)[number];

export const GENERATORS = [
  'schema',
  'inheritedNames',
  'deepNesting',
  'unfinishedMultipart',
  'oversizedHeaders',
] as const;
export type GeneratorName = (typeof GENERATORS)[number];

/** Requests and their answers by status. */
export interface Tally {
  requests: number;
  byStatus: Record<string, number>;
}

export interface FuzzReport {
  routes: number;
  requests: number;
  /** Requests to the documented routes (the API; not its documentation pages). */
  apiRequests: number;
  byStatus: Record<string, number>;
  /** Requests per route, "METHOD url". */
  byRoute: Record<string, number>;
  byGenerator: Record<GeneratorName, Tally>;
  byRole: Record<RoleName, Tally>;
  /** Requests sent with an Idempotency-Key; repeats compared with their first answer; other requests under a held key; multipart bodies. */
  keyed: number;
  repeatsChecked: number;
  reusesChecked: number;
  multipart: number;
  /** Requests of a session aimed at another project or enterprise, compared with a visitor's answer. */
  crossChecked: number;
  failures: string[];
  millis: number;
}

export interface FuzzOptions {
  /** Generated requests per route (fast-check runs), shared by the roles, shrinking runs not counted... */
  casesPerRoute?: number;
  /** ...or in all, shared out evenly between the routes (rounded up). */
  totalCases?: number;
  /**
   * Cases per route of each systematic list (inherited names, deep nesting), taken in turn from
   * it; the whole list when not given. The unfinished multipart bodies are always all sent.
   */
  slice?: number;
  seed: number;
  /** Only the routes whose "METHOD url" this matches (to repeat a failure quickly); all when not given. */
  only?: RegExp;
  /** Told about progress after each route. */
  progress?: (line: string) => void;
}

const statusText = (tally: Tally) =>
  Object.entries(tally.byStatus)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

/** One line per generator and per role: its requests and their answers by status. */
export function tallyLines(report: FuzzReport): string[] {
  return [
    ...GENERATORS.map(
      (g) => `generator ${g}: ${report.byGenerator[g].requests} (${statusText(report.byGenerator[g])})`,
    ),
    ...ROLES.map((r) => `role ${r}: ${report.byRole[r].requests} (${statusText(report.byRole[r])})`),
  ];
}

/** The route's method; HEAD only when it has no other (GET routes answer HEAD too, and @fastify/static lists HEAD first). */
const methodOf = (route: RouteOptions): string =>
  (Array.isArray(route.method) ? (route.method.find((m) => m !== 'HEAD') ?? 'HEAD') : route.method) as string;

const isAdminRoute = (route: RouteOptions) => route.url.startsWith('/api/admin/');
/** Routes that act on a project's data: not the login and profile, the admin area, the developer outbox or the docs. */
const isProjectRoute = (route: RouteOptions) =>
  !/^\/api\/(user|admin|dev)\//.test(route.url) && (route.schema as { hide?: boolean } | undefined)?.hide !== true;

const isAdmin = (role: RoleName) => role === 'enterpriseAdmin' || role === 'projectAdmin';
/**
 * A role's share of a route's schema cases. The roles a route is not for (users on the admin
 * routes, which refuse them first; admins elsewhere, where they are visitors) get one case; the
 * others share the rest, staff and the enterprise admin most.
 */
const sharesOf = (route: RouteOptions, role: RoleName): number =>
  isAdminRoute(route) !== isAdmin(role)
    ? 0
    : role === 'staff' || role === 'enterpriseAdmin'
      ? 3
      : role === 'projectAdmin'
        ? 2
        : 1;

/** The names of a route's path parameters, in order (`*` for a wildcard). */
const paramNames = (url: string): string[] => [...url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*');
const fillParams = (url: string, values: readonly string[]): string => {
  let i = 0;
  return url.replace(/:[A-Za-z]+|\*/g, () => values[i++] ?? '');
};
const queryText = (query: unknown): string =>
  new URLSearchParams(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
    ]),
  ).toString();

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/**
 * A role's session: the cookies its login set, sent on matching paths and never replaced by an
 * answer (a login or a token refresh sent by the fuzzing must not turn staff into someone else).
 * After a 401 that says the session ended (a fuzzed logout, a replayed refresh token) it logs in
 * again before the next batch of requests.
 */
class Role {
  cookies: Cookie[] = [];
  stale = true;
  constructor(
    readonly name: RoleName,
    readonly address: string,
    private readonly start: (() => Promise<LightMyRequestResponse>) | null,
    private readonly clearLimits: () => Promise<unknown>,
  ) {}

  async ensure(): Promise<void> {
    if (!this.stale) return;
    this.stale = false;
    if (!this.start) return;
    let res = await this.start();
    // The fuzzed logins may have reached the login limits: the roles are not the attackers.
    if (res.statusCode === 429) {
      await this.clearLimits();
      res = await this.start();
    }
    if (res.statusCode !== 200) throw new Error(`login of ${this.name} failed: ${res.statusCode} ${res.body}`);
    this.cookies = res.cookies
      .filter((c) => c.value !== '')
      .map((c) => ({ name: c.name, value: c.value, path: c.path ?? '/' }));
  }

  cookiesFor(url: string): Record<string, string> {
    const path = url.split('?')[0] ?? '';
    return Object.fromEntries(this.cookies.filter((c) => path.startsWith(c.path)).map((c) => [c.name, c.value]));
  }

  /** Whether an answer says this role's session has ended. */
  noteAnswer(route: RouteOptions, method: string, res: LightMyRequestResponse): void {
    if (res.statusCode !== 401 || !this.start) return;
    const admin = isAdmin(this.name);
    // An admin is a visitor outside the admin area, and its login answers 401 to wrong credentials.
    if (admin && (!isAdminRoute(route) || (method === 'POST' && route.url === '/api/admin/session'))) return;
    this.stale = true;
  }
}

/** A request as sent: its target, body and headers. */
interface Sent {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/** The identifiers of a project a request may name: its id, its code, its barcodes. */
interface ProjectNames {
  ids: string[];
  code: string;
}
const names = (text: string, project: ProjectNames) =>
  project.ids.some((id) => text.includes(id)) || new RegExp(`\\b${project.code}\\b`).test(text);

/** Runs the fuzzing over every route of a fresh test server and reports what it saw. */
export async function fuzzEveryRoute(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const routes: RouteOptions[] = [];
  const server = await startTestServer({}, undefined, false, (route) => routes.push(route));
  const tallies = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, { requests: 0, byStatus: {} }])) as Record<K, Tally>;
  const report: FuzzReport = {
    routes: 0,
    requests: 0,
    apiRequests: 0,
    byStatus: {},
    byRoute: {},
    byGenerator: tallies(GENERATORS),
    byRole: tallies(ROLES),
    keyed: 0,
    repeatsChecked: 0,
    reusesChecked: 0,
    multipart: 0,
    crossChecked: 0,
    failures: [],
    millis: 0,
  };
  const count = (tally: Tally, status: number) => {
    tally.requests += 1;
    tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
  };
  try {
    const clearLimits = () => server.ctx.db.query('delete from auth_attempts');
    const userRole = (name: RoleName, address: string, accessCode: string, projectId: string) =>
      new Role(
        name,
        address,
        () =>
          server.app.inject({
            method: 'POST',
            url: '/api/user/authorize',
            remoteAddress: address,
            payload: { projectId, accessCode, visitorId: VISITOR },
          }),
        clearLimits,
      );
    const adminRole = async (name: RoleName, address: string, role: 'enterprise' | 'project') => {
      const login = `fuzz.${name.toLowerCase()}.${randomUUID().slice(0, 8)}`;
      const { password } = await createAdmin(
        server.ctx.db,
        { commandLine: true, enterpriseId: SEED.enterprise },
        {
          enterpriseId: SEED.enterprise,
          role,
          login,
          name: `Fuzz ${name}`,
          projectCodes: role === 'project' ? ['demo'] : [],
        },
      );
      const start = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/admin/session',
          remoteAddress: address,
          payload: { login, password },
        });
      return new Role(name, address, start, clearLimits);
    };
    const roles: Record<RoleName, Role> = {
      staff: userRole('staff', '203.0.113.11', '11112222', SEED.demoProject),
      client: userRole('client', '203.0.113.12', '33334444', SEED.demoProject),
      noPermissions: userRole('noPermissions', '203.0.113.13', '77778888', SEED.demoProject),
      otherEnterprise: userRole('otherEnterprise', '203.0.113.14', '55556666', SEED.harbourProject),
      otherProject: userRole('otherProject', '203.0.113.15', '11112222', SEED.demoProject),
      visitor: new Role('visitor', '198.51.100.7', null, clearLimits),
      enterpriseAdmin: await adminRole('enterpriseAdmin', '203.0.113.16', 'enterprise'),
      projectAdmin: await adminRole('projectAdmin', '203.0.113.17', 'project'),
    };
    for (const role of Object.values(roles)) await role.ensure();
    const setupSend = (role: Role, method: Sent['method'], url: string, payload?: object) =>
      server.app.inject({ method, url, payload, remoteAddress: role.address, cookies: role.cookiesFor(url) });

    // Barcodes of every state the services tell apart: generated, activated, tracked.
    const generate = async () =>
      (await setupSend(roles.staff, 'POST', '/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })).json()
        .data.id as string;
    const [fresh, active, tracked] = [await generate(), await generate(), await generate()];
    for (const id of [active, tracked]) await setupSend(roles.staff, 'POST', '/api/barcode/activation', activation(id));
    await setupSend(roles.staff, 'POST', '/api/barcode/tracking', {
      barcodeId: tracked,
      trackPointKey: 'distributionCentre',
      forms: {},
    });
    // A pallet with a case paired to it, for the routes that read a barcode's children.
    const [parent, child] = [await generate(), await generate()];
    await setupSend(roles.staff, 'POST', '/api/barcode/activation', activation(parent));
    await setupSend(
      roles.staff,
      'POST',
      '/api/barcode/activation',
      activation(child, { barcodeType: 'case', customFields: CASE_FIELDS }),
    );
    const paired = await setupSend(roles.staff, 'POST', '/api/barcode/pairing', {
      parentId: parent,
      childrenIds: [child],
    });
    if (paired.statusCode !== 200) throw new Error(`could not pair: ${paired.statusCode} ${paired.body}`);
    const barcodeIds = [fresh, active, tracked, parent, child];
    // Barcodes of secure@1, made by a session that proved its password and one-time code.
    const secure = await secureSession(server);
    const secureIds: string[] = [];
    for (let i = 0; i < 3; i += 1)
      secureIds.push(
        (await secure.post('/api/barcode/barcode', { projectCode: 'secure', projectVersion: 1 })).json().data
          .id as string,
      );
    // Users of the fuzzing's own, for the admin routes that act on one (the roles' users are left alone).
    const userIds: string[] = [];
    for (const lastName of ['One', 'Two']) {
      const res = await setupSend(roles.enterpriseAdmin, 'POST', '/api/admin/users', {
        userType: 'staff',
        firstName: 'Fuzz',
        lastName,
        organizationName: 'Fuzz Logistics',
        projectCode: 'demo',
      });
      if (res.statusCode !== 200) throw new Error(`could not create a user: ${res.statusCode} ${res.body}`);
      userIds.push(res.json().data.user.id as string);
    }
    /** The last ETag seen for a resource's path, and the routes that must send one back (If-Match). */
    const etags = new Map<string, string>();
    const needsIfMatch = new Set<string>();
    // An open draft of demo@1's configuration, for the routes that edit and read drafts.
    const DRAFT = '/api/admin/config/demo/1/draft';
    const opened = await setupSend(roles.enterpriseAdmin, 'POST', DRAFT, {});
    if (opened.statusCode !== 200) throw new Error(`could not open a draft: ${opened.statusCode} ${opened.body}`);
    const demoConfig = opened.json().data.config as object;
    /**
     * Opens the draft again if a fuzzed request discarded or published it, so that the routes of
     * drafts find one (409 ErrorCode.draftExists, and nothing done, while one is open).
     */
    const ensureDraft = async (route: RouteOptions) => {
      if (!route.url.startsWith('/api/admin/config/')) return;
      const reopened = await setupSend(roles.enterpriseAdmin, 'POST', DRAFT, {});
      const etag = reopened.headers.etag?.toString();
      if (etag) etags.set(DRAFT, etag);
    };
    const demo: ProjectNames = { ids: [SEED.demoProject, ...barcodeIds], code: 'demo' };
    const secureNames: ProjectNames = { ids: [SEED.secureProject, ...secureIds], code: 'secure' };
    const harbour: ProjectNames = { ids: [SEED.harbourProject], code: 'harbour' };
    /** The project each cross-project role aims at, and its own, which it must not name. */
    const aims: Partial<Record<RoleName, { target: ProjectNames; own: ProjectNames }>> = {
      otherProject: { target: secureNames, own: demo },
      otherEnterprise: { target: demo, own: harbour },
    };
    const demoKnown: Known = {
      barcodeId: barcodeIds,
      id: [...barcodeIds, SEED.demoProject],
      barcodeIds: [[fresh, active, tracked]],
      targetIds: [[fresh]],
      projectCode: ['demo', 'secure'],
      code: ['demo', 'secure'],
      projectId: [SEED.demoProject, SEED.secureProject],
      projectVersion: [1],
      version: [1],
      revision: [1],
      accessCode: ['11112222', '33334444', '55556666', '12345678'],
      visitorId: [VISITOR],
      barcodeType: ['pallet', 'case'],
      trackPointKey: ['manufacturer', 'distributionCentre', 'carrier', 'pharmacy'],
      seq: [0, 1, 2, 3],
      origin: [address],
      destination: [address],
      userId: userIds,
      parentId: [parent],
      childrenIds: [[child]],
      key: ['lotNumber', 'productName'],
      template: ['{{barcodeId}} {{field.lotNumber}}'],
      forms: [{}],
      config: [demoConfig],
      form: ['activation'],
      data: [activation(active).customFields],
    };
    const secureKnown: Known = {
      ...demoKnown,
      barcodeId: secureIds,
      id: [...secureIds, SEED.secureProject],
      barcodeIds: [secureIds],
      parentId: secureIds,
      childrenIds: [secureIds.slice(1)],
      targetIds: [secureIds.slice(1)],
      projectCode: ['secure'],
      code: ['secure'],
      projectId: [SEED.secureProject],
      barcodeType: ['controlledBox'],
      trackPointKey: ['pharmacyIntake', 'vault'],
    };
    const gen = new Generators(demoKnown);
    const secureGen = new Generators(secureKnown);
    // The systematic generators start from one request that gets as far as it can: one value each.
    const validGen = new Generators(
      {
        ...Object.fromEntries(Object.entries(demoKnown).map(([k, values]) => [k, values.slice(0, 1)])),
        barcodeId: [active],
        id: [parent],
        barcodeIds: [[active]],
        trackPointKey: ['distributionCentre'],
        seq: [1],
        config: [demoConfig],
      },
      false,
    );
    const GENERIC_PARAMS = [SEED.demoProject, '%00', '%ED%A0%80', '..%2F..', 'a'.repeat(300), ...RESERVED_NAMES];
    /** A path parameter: a value the app knows for its name, a barcode, or something hostile. */
    const paramOf = (name: string, known: Known, ids: string[]): fc.Arbitrary<string> => {
      const values = (known[name] ?? []).filter((v) => typeof v !== 'object').map(String);
      const generic = fc.oneof(fc.constantFrom(...ids, ...GENERIC_PARAMS), fc.stringMatching(/^[A-Za-z0-9]{12}$/));
      return values.length
        ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: generic })
        : generic;
    };

    const openapi = (await server.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as OpenApi;
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats.default(ajv);
    const compiled = new Map<object, ValidateFunction>();
    const validatorOf = (schema: object) =>
      compiled.get(schema) ?? (compiled.set(schema, ajv.compile(schema)).get(schema) as ValidateFunction);

    const writes = await countWrites(server);
    const { tables } = writes;
    let before = await writes.snapshot();

    const isDocumented = (route: RouteOptions) => (route.schema as { hide?: boolean } | undefined)?.hide !== true;
    const bump = (route: RouteOptions, generator: GeneratorName, role: RoleName, status: number) => {
      report.requests += 1;
      if (isDocumented(route)) report.apiRequests += 1;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      const name = `${methodOf(route)} ${route.url}`;
      report.byRoute[name] = (report.byRoute[name] ?? 0) + 1;
      count(report.byGenerator[generator], status);
      count(report.byRole[role], status);
    };

    /** What is wrong with an answer, or null. */
    const check = async (route: RouteOptions, res: LightMyRequestResponse, keyed = false): Promise<string | null> => {
      const method = methodOf(route);
      const name = `${method} ${route.url}`;
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
      let json: unknown;
      if (isJson)
        try {
          json = JSON.parse(res.body);
        } catch {
          return 'a JSON answer that does not parse';
        }
      if (res.statusCode >= 400 && !(isJson && isCatalogueError(json))) return "an error not in the catalogue's shape";
      if (!isDocumented(route)) return null;
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
      return validate(json)
        ? null
        : `the body does not match the documented schema: ${ajv.errorsText(validate.errors)}`;
    };

    /** Sends a request as a role, counts it and checks its answer (plus `expect`, what this generator asks of it). */
    const exchange = async (
      route: RouteOptions,
      role: Role,
      sent: Sent,
      generator: GeneratorName,
      keyed = false,
    ): Promise<{ res: LightMyRequestResponse; problem: string | null }> => {
      const res = await server.app.inject({
        method: sent.method,
        url: sent.url,
        remoteAddress: role.address,
        cookies: role.cookiesFor(sent.url),
        ...(sent.payload === undefined ? {} : { payload: sent.payload }),
        headers: sent.headers ?? {},
      });
      role.noteAnswer(route, sent.method, res);
      bump(route, generator, role.name, res.statusCode);
      return { res, problem: await check(route, res, keyed) };
    };
    const describeSent = (sent: Sent, role: Role) =>
      `${sent.method} ${sent.url.slice(0, 300)} as ${role.name} ${
        sent.payload === undefined
          ? ''
          : Buffer.isBuffer(sent.payload)
            ? `multipart ${sent.payload.length} bytes`
            : sent.payload.length > 300
              ? `${sent.payload.slice(0, 150)}…${sent.payload.slice(-100)} (${sent.payload.length} characters)`
              : sent.payload
      }`;
    /** Takes the write counts again: after the setup of a case, before its request. */
    const rebase = async () => {
      before = await writes.snapshot();
    };
    /** Failures of the systematic generators, at most a few per route and generator. */
    const seen = new Map<string, number>();
    const failed = (route: RouteOptions, generator: GeneratorName, message: string) => {
      const key = `${generator} ${methodOf(route)} ${route.url}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if ((seen.get(key) ?? 0) <= 3) report.failures.push(`[${generator}] ${message}`);
    };

    /**
     * A valid body for the route, or as near as its schema lets one be made: the base the
     * systematic generators change. An activation gets a barcode of its own (one succeeds per barcode).
     */
    const validBody = async (route: RouteOptions, n: number): Promise<unknown> => {
      const schema = (route.schema ?? {}) as { body?: Schema };
      if (route.url === '/api/barcode/activation')
        return activation(methodOf(route) === 'POST' ? await generate() : active);
      return schema.body === undefined
        ? undefined
        : fc.sample(validGen.valueOf(schema.body), { numRuns: 1, seed: options.seed + n })[0];
    };
    /** Path parameters that name what the app holds: a project code, version 1, a user of the fuzzing, a barcode. */
    const validParams = (url: string) =>
      paramNames(url).map((p) =>
        p === 'code' || p === 'projectCode'
          ? 'demo'
          : p === 'version' || p === 'revision'
            ? '1'
            : p === 'userId'
              ? userIds[0]!
              : active,
      );

    /** A write's resource: its own path, or its parent's (a draft's publishing names the draft's ETag). */
    const resourcesOf = (url: string) => {
      const path = url.split('?')[0]!;
      return [path, path.replace(/\/[^/]*$/, '')];
    };
    const fetchEtag = async (role: Role, url: string): Promise<string | undefined> => {
      for (const path of resourcesOf(url)) {
        const got = await server.app.inject({
          method: 'GET',
          url: path,
          remoteAddress: role.address,
          cookies: role.cookiesFor(path),
        });
        const etag = got.headers.etag?.toString();
        if (etag) return (etags.set(path, etag), etag);
      }
      return undefined;
    };
    const withIfMatch = (sent: Sent, etag: string): Sent => ({
      ...sent,
      headers: { ...(sent.headers ?? {}), 'if-match': etag },
    });
    /**
     * Sends a systematic case and records what is wrong with its answer. A write that must name
     * the version it changes (428, as a draft's save) is sent with If-Match set to the ETag of its
     * resource, fetched again when it was stale (412).
     */
    const systematic = async (
      route: RouteOptions,
      role: Role,
      sent: Sent,
      generator: GeneratorName,
      what: string,
    ): Promise<LightMyRequestResponse | null> => {
      await ensureDraft(route);
      if (needsIfMatch.has(route.url)) {
        const etag =
          resourcesOf(sent.url)
            .map((path) => etags.get(path))
            .find(Boolean) ?? (await fetchEtag(role, sent.url));
        if (etag) sent = withIfMatch(sent, etag);
      }
      await rebase();
      let { res, problem } = await exchange(route, role, sent, generator);
      if (!problem && (res.statusCode === 428 || (res.statusCode === 412 && needsIfMatch.has(route.url)))) {
        needsIfMatch.add(route.url);
        const etag = await fetchEtag(role, sent.url);
        if (etag) {
          sent = withIfMatch(sent, etag);
          await rebase();
          ({ res, problem } = await exchange(route, role, sent, generator));
        }
      }
      const etag = res.headers.etag?.toString();
      if (etag) etags.set(sent.url.split('?')[0]!, etag);
      if (problem) {
        failed(
          route,
          generator,
          `${problem}: ${what}: ${describeSent(sent, role)} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
        return null;
      }
      return res;
    };

    const allApiRoutes = routes.filter((r) => r.url.startsWith('/api/') && methodOf(r) !== 'HEAD');
    const apiRoutes = allApiRoutes.filter((r) => options.only?.test(`${methodOf(r)} ${r.url}`) ?? true);
    report.routes = apiRoutes.length;
    // The total is shared by the documented routes; the documentation's own pages (static files
    // and the document itself) get a case per role.
    const DOCS_RUNS = ROLES.length;
    const perRoute =
      options.casesPerRoute ?? Math.ceil((options.totalCases ?? 0) / apiRoutes.filter(isDocumented).length);
    const visitor = roles.visitor;
    for (const [routeIndex, route] of apiRoutes.entries()) {
      const failuresBefore = report.failures.length;
      const method = methodOf(route) as Sent['method'];
      const schema = (route.schema ?? {}) as { body?: Schema; querystring?: Schema; params?: Schema; hide?: boolean };
      const name = `${method} ${route.url}`;
      // The documentation's own routes (hidden from the document) are fuzzed for 5xx and refusals only.
      const routeCases = isDocumented(route) ? perRoute : Math.min(perRoute, DOCS_RUNS);
      const isWrite = ['POST', 'PUT', 'DELETE'].includes(method);
      const multipart = ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes(
        'multipart/form-data',
      );
      const params = paramNames(route.url);
      const totalShares = ROLES.reduce((n, r) => n + sharesOf(route, r), 0);
      const shared = routeCases - ROLES.filter((r) => sharesOf(route, r) === 0).length;
      await roles.enterpriseAdmin.ensure();
      await ensureDraft(route);

      // ---- schema: generated from the route's schema, as each role in turn.
      for (const [roleIndex, roleName] of ROLES.entries()) {
        const role = roles[roleName];
        const shares = sharesOf(route, roleName);
        const numRuns = shares === 0 ? 1 : Math.max(1, Math.ceil((shared * shares) / totalShares));
        await role.ensure();
        await rebase();
        const aim = isProjectRoute(route) ? aims[roleName] : undefined;
        const g = roleName === 'otherProject' ? secureGen : gen;
        const known = roleName === 'otherProject' ? secureKnown : demoKnown;
        const ids = roleName === 'otherProject' ? secureIds : barcodeIds;
        /** The key of this role's previous keyed request on this route and what it was sent with (keys are per user). */
        let previous: { key: string; request: string } | null = null;
        const request = fc.record({
          body: schema.body
            ? route.url.endsWith('/barcode/activation')
              ? fc.oneof(fc.constantFrom(...ids.map((id) => activation(id))), g.valueOf(schema.body))
              : g.valueOf(schema.body)
            : fc.constant(undefined),
          form: multipart ? multipartBody(ids) : fc.constant(undefined),
          keyMode: isWrite ? keyMode : fc.constant<KeyMode>('none'),
          malformedKey: fc.constantFrom(...MALFORMED_KEYS),
          // Writes that must name the version they change (a draft's save count) get one now and then.
          ifMatch: isWrite ? fc.option(fc.constantFrom(...IF_MATCH), { freq: 2 }) : fc.constant(null),
          query: schema.querystring ? g.objectOf(schema.querystring, 0) : fc.constant({}),
          params: fc.tuple(...params.map((p) => paramOf(p, known, ids))),
        });
        const result = await fc.check(
          fc.asyncProperty(
            request,
            async ({ body, form, keyMode: mode, malformedKey, ifMatch, query, params: values }) => {
              const search = queryText(query);
              const url = fillParams(route.url, values) + (search ? `?${search}` : '');
              const content =
                form ??
                (body === undefined
                  ? undefined
                  : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
              const sentText = JSON.stringify([url, form ? form.payload.toString('base64') : body]);
              const key =
                mode === 'none'
                  ? undefined
                  : mode === 'malformed'
                    ? malformedKey
                    : mode === 'reuse' && previous
                      ? previous.key
                      : `fuzz-${randomUUID()}`;
              const sent: Sent = {
                method,
                url,
                ...(content ? { payload: content.payload } : {}),
                headers: {
                  ...(content?.headers ?? {}),
                  ...(key === undefined ? {} : { 'idempotency-key': key }),
                  ...(ifMatch === null ? {} : { 'if-match': ifMatch }),
                },
              };
              const described = `${describeSent(sent, role)} (key ${mode})`;
              /** Whether the server holds an answer under this key (a refusal before the key was claimed holds none, nor does a visitor's). */
              const held = async (k: string) =>
                (await server.ctx.db.query('select 1 from idempotency_keys where key = $1 and status is not null', [k]))
                  .rows.length > 0;
              const reusedHeld =
                mode === 'reuse' && previous !== null && previous.request !== sentText && (await held(previous.key));
              // A session aimed at a project that is not its own is served no more than a visitor
              // (asked first, so that a write the visitor may make leaves the session nothing to gain).
              const crossCheck =
                aim !== undefined && names(sentText, aim.target) && !names(sentText, aim.own)
                  ? await exchange(route, visitor, sent, 'schema')
                  : null;
              if (crossCheck?.problem)
                throw new Error(
                  `${crossCheck.problem}: ${describeSent(sent, visitor)} -> ${crossCheck.res.statusCode} ${crossCheck.res.body.slice(0, 300)}`,
                );
              const { res, problem } = await exchange(route, role, sent, 'schema', key !== undefined);
              if (key !== undefined) report.keyed += 1;
              if (form) report.multipart += 1;
              if (reusedHeld) report.reusesChecked += 1;
              if (problem) throw new Error(`${problem}: ${described} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
              if (crossCheck) {
                report.crossChecked += 1;
                if (res.statusCode < 300 && crossCheck.res.statusCode >= 300)
                  throw new Error(
                    `served to ${roleName}, aimed at another project, where a visitor is not: ${described} -> ${res.statusCode} ${res.body.slice(0, 200)}; a visitor got ${crossCheck.res.statusCode} ${crossCheck.res.body.slice(0, 200)}`,
                  );
              }
              // Another request under a held key must not run: 409 with ErrorCode.keyReused, or a refusal
              // of its input (validation comes first and claims nothing), or a replay (the server compares
              // bodies as validated, which may coerce two sent bodies into one). Never a fresh success.
              if (reusedHeld && res.statusCode < 400 && res.headers['idempotent-replayed'] !== 'true') {
                throw new Error(
                  `the previous request's key ran another request: ${described} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
                );
              }
              if (mode === 'repeat' && key !== undefined && (await held(key))) {
                // The same request again with the same key: the first answer, byte for byte, and no write.
                report.repeatsChecked += 1;
                const prior = await writes.snapshot();
                const again = await exchange(route, role, sent, 'schema', true);
                const post = await writes.snapshot();
                const wrote = tables.filter((t) => prior.get(t) !== post.get(t));
                if (wrote.length > 0)
                  throw new Error(`a repeat with the same key wrote to ${wrote.join(', ')}: ${described}`);
                if (again.problem)
                  throw new Error(
                    `${again.problem} (repeat): ${described} -> ${again.res.statusCode} ${again.res.body.slice(0, 300)}`,
                  );
                // An answer that showed a secret once is not kept: its repeats get 409 (ErrorCode.secretShownOnce).
                const shownOnce =
                  res.statusCode < 300 &&
                  (route.config as { answerHoldsSecret?: boolean } | undefined)?.answerHoldsSecret;
                const unchanged = shownOnce
                  ? again.res.statusCode === 409 &&
                    isDeepStrictEqual(JSON.parse(again.res.body), common(ErrorCode.secretShownOnce))
                  : again.res.statusCode === res.statusCode &&
                    again.res.body === res.body &&
                    again.res.headers['idempotent-replayed'] === 'true';
                if (!unchanged)
                  throw new Error(
                    `a repeat with the same key did not get the first answer: ${described} -> ${res.statusCode} ${res.body.slice(0, 200)}, then ${again.res.statusCode} ${again.res.body.slice(0, 200)}`,
                  );
              }
              if (key !== undefined && mode !== 'malformed') previous = { key, request: sentText };
            },
          ),
          { numRuns, seed: options.seed + roleIndex },
        );
        if (result.failed)
          report.failures.push(
            `[schema, ${roleName}] ${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)}`,
          );
      }

      // The roles the systematic cases are sent as: the ones the route is for.
      const systematicRoles: Role[] = isAdminRoute(route)
        ? [roles.enterpriseAdmin, roles.projectAdmin]
        : [roles.staff, roles.staff, roles.client];

      // ---- inheritedNames: every string position, query value, path parameter and key, systematically.
      {
        const base = await validBody(route, routeIndex);
        const leaves = base === undefined || !isWrite ? [] : spread(countStrings(base), LEAVES_PER_ROUTE);
        const queryKeys = Object.keys(schema.querystring?.properties ?? {});
        type Where = 'strings' | 'string' | 'keys' | 'query' | 'queryValue' | 'queryKeys' | 'params';
        type Case = { text: string; where: Where; at?: number };
        const cases: Case[] = INHERITED_TEXT.flatMap((text): Case[] => [
          ...(leaves.length > 0 ? [{ text, where: 'strings' as const }] : []),
          ...leaves.map((at) => ({ text, where: 'string' as const, at })),
          ...(queryKeys.length > 0 ? [{ text, where: 'query' as const }] : []),
          ...(queryKeys.length > 1
            ? spread(queryKeys.length, LEAVES_PER_ROUTE).map((at) => ({ text, where: 'queryValue' as const, at }))
            : []),
          ...(params.length > 0 ? [{ text, where: 'params' as const }] : []),
        ]);
        // As keys, the names alone (a placeholder is no key anyone writes), in each object in turn.
        const objects = base === undefined || !isWrite ? [] : spread(countObjects(base), LEAVES_PER_ROUTE);
        for (const text of RESERVED_NAMES) {
          for (const at of objects) cases.push({ text, where: 'keys', at });
          if (schema.querystring) cases.push({ text, where: 'queryKeys' });
        }
        const baseQuery = queryKeys.length
          ? (fc.sample(validGen.objectOf(schema.querystring!, 0), { numRuns: 1, seed: options.seed })[0] as object)
          : {};
        for (const [n, c] of sliceOf(cases, options.slice, routeIndex).entries()) {
          const role = systematicRoles[n % systematicRoles.length]!;
          await role.ensure();
          const body = route.url === '/api/barcode/activation' ? await validBody(route, routeIndex) : base;
          const sentBody =
            c.where === 'strings'
              ? replaceStrings(body, () => c.text)
              : c.where === 'string'
                ? replaceStrings(body, (text, i) => (i === c.at ? c.text : text))
                : c.where === 'keys'
                  ? addKey(body, c.text, c.at!)
                  : body;
          const query =
            c.where === 'query'
              ? Object.fromEntries(queryKeys.map((k) => [k, c.text]))
              : c.where === 'queryValue'
                ? { ...baseQuery, [queryKeys[c.at!]!]: c.text }
                : c.where === 'queryKeys'
                  ? ownObject([...Object.entries(baseQuery), [c.text, c.text]])
                  : baseQuery;
          const values = c.where === 'params' ? params.map(() => encodeURIComponent(c.text)) : validParams(route.url);
          const search = queryText(query);
          const sent: Sent = {
            method,
            url: fillParams(route.url, values) + (search ? `?${search}` : ''),
            ...(sentBody === undefined || !isWrite
              ? {}
              : { payload: JSON.stringify(sentBody), headers: { 'content-type': 'application/json' } }),
          };
          const what = `${c.where} ${JSON.stringify(c.text)}`;
          const res = await systematic(route, role, sent, 'inheritedNames', what);
          // A key the write stored is read by the routes under its path (a configuration draft by
          // its report, tests and publishing): each is sent a valid request right after.
          if (res && res.statusCode < 300 && isWrite && c.where === 'keys')
            for (const reader of allApiRoutes.filter((r) => r.url.startsWith(`${route.url}/`))) {
              const readerBody = await validBody(reader, routeIndex);
              const readerMethod = methodOf(reader) as Sent['method'];
              await systematic(
                reader,
                role,
                {
                  method: readerMethod,
                  url: fillParams(reader.url, validParams(reader.url)),
                  ...(readerBody === undefined || readerMethod === 'GET'
                    ? {}
                    : { payload: JSON.stringify(readerBody), headers: { 'content-type': 'application/json' } }),
                },
                'inheritedNames',
                `after ${what} on ${method} ${route.url}`,
              );
            }
        }
      }

      // ---- deepNesting: on every route that takes a body (the parser reads it whatever the route's schema).
      if (isWrite) {
        for (const [n, c] of sliceOf(NESTING_CASES, options.slice, routeIndex).entries()) {
          const role = roles[ROLES[(routeIndex + n) % ROLES.length]!];
          await role.ensure();
          let payload = nestedText(c.shape, c.depth);
          if (c.inside) {
            // Inside a valid body, as the value of its first property: one level for the body itself.
            const body = await validBody(route, routeIndex);
            const object = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
            const key = Object.keys(object)[0] ?? 'value';
            payload = JSON.stringify({ ...object, [key]: '\u0000deep\u0000' }).replace(
              '"\\u0000deep\\u0000"',
              nestedText(c.shape, c.depth - 1),
            );
          }
          const url = fillParams(route.url, validParams(route.url));
          const sent: Sent = { method, url, payload, headers: { 'content-type': 'application/json' } };
          await rebase();
          const { res, problem } = await exchange(route, role, sent, 'deepNesting');
          const body = problem
            ? null
            : res.headers['content-type']?.toString().includes('json')
              ? (res.json() as unknown)
              : res.body;
          const refusedAsTooDeep = res.statusCode === 400 && isDeepStrictEqual(body, common(ErrorCode.invalidFormat));
          const tooLarge = res.statusCode === 413 && isDeepStrictEqual(body, common(ErrorCode.lengthMoreThan));
          const what = `${c.depth} ${c.shape === 'array' ? 'arrays' : 'objects'} deep${c.inside ? ' inside a valid body' : ''}`;
          const wrong =
            problem ??
            (c.depth > MAX_JSON_DEPTH &&
            !refusedAsTooDeep &&
            !(tooLarge && Buffer.byteLength(payload) > BODY_LIMIT_BYTES)
              ? `${what}, over the limit of ${MAX_JSON_DEPTH}, not refused with 400 (${ErrorCode.invalidFormat}) or 413`
              : c.depth <= MAX_JSON_DEPTH && c.inside && refusedAsTooDeep
                ? `${what}, within the limit of ${MAX_JSON_DEPTH}, refused as too deep`
                : null);
          if (wrong)
            failed(
              route,
              'deepNesting',
              `${wrong}: ${describeSent(sent, role)} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
        }
      }

      // ---- unfinishedMultipart: every unfinished or malformed upload body, as staff.
      if (multipart) {
        const role = roles.staff;
        await role.ensure();
        for (const c of unfinishedMultipart(active)) {
          const sent: Sent = { method, url: route.url, payload: c.body.payload, headers: c.body.headers };
          await rebase();
          const { res, problem } = await exchange(route, role, sent, 'unfinishedMultipart');
          report.multipart += 1;
          const wrong =
            problem ??
            (res.statusCode < 400 && !c.mayBeAccepted ? 'an unfinished or malformed upload was accepted' : null);
          if (wrong)
            failed(
              route,
              'unfinishedMultipart',
              `${wrong}: ${c.name}: ${describeSent(sent, role)} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
        }
      }

      options.progress?.(
        `${name}: ${report.byRoute[name] ?? 0} requests${report.failures.length > failuresBefore ? ' FAILED' : ''}`,
      );
    }

    // ---- oversizedHeaders: Node's HTTP parser, over a real socket, on a sample of the routes.
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as { port: number }).port;
    /** Sends raw request text and reads the answer until the server closes the connection. */
    const raw = (request: string): Promise<{ status: number; head: string; body: string }> =>
      new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        // The server may reset the connection while the rest of the request is still being sent.
        socket.on('error', (error) => (text ? undefined : reject(error)));
        socket.on('close', () => {
          const at = text.indexOf('\r\n\r\n');
          const head = at < 0 ? text : text.slice(0, at);
          resolve({
            status: Number(head.split(' ')[1]),
            head: head.toLowerCase(),
            body: at < 0 ? '' : text.slice(at + 4),
          });
        });
      });
    const sample = apiRoutes.filter(isDocumented);
    const step = Math.max(1, Math.floor(sample.length / 10));
    const fill = 'a'.repeat(17 * 1024);
    for (let i = options.seed % step; i < sample.length; i += step) {
      const route = sample[i]!;
      const method = methodOf(route);
      const role = isAdminRoute(route) ? roles.enterpriseAdmin : roles.staff;
      await role.ensure();
      const path = fillParams(route.url, validParams(route.url));
      const cookie = Object.entries(role.cookiesFor(path))
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
      const body = method === 'GET' ? '' : '{}';
      const request = (target: string, headers: string) =>
        `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}${headers}` +
        `${body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : ''}Connection: close\r\n\r\n${body}`;
      const cases: { what: string; text: string; over: boolean }[] = [
        { what: 'a URL over 16 KB', text: request(`${path}?fill=${fill}`, ''), over: true },
        {
          what: 'a path parameter over 16 KB',
          text: request(paramNames(route.url).length ? fillParams(route.url, [fill]) : `${path}/${fill}`, ''),
          over: true,
        },
        { what: 'a header field over 16 KB', text: request(path, `X-Fill: ${fill}\r\n`), over: true },
        {
          what: 'header fields over 16 KB together',
          text: request(path, Array.from({ length: 600 }, (_, n) => `X-Fill-${n}: ${'b'.repeat(24)}\r\n`).join('')),
          over: true,
        },
        { what: 'a cookie over 16 KB', text: request(path, `Cookie: fill=${fill}\r\n`), over: true },
        {
          what: 'header fields under the limit',
          text: request(path, `X-Fill: ${'c'.repeat(8 * 1024)}\r\n`),
          over: false,
        },
      ];
      for (const c of cases) {
        const res = await raw(c.text);
        bump(route, 'oversizedHeaders', role.name, res.status);
        let wrong: string | null = null;
        if (c.over) {
          let json: unknown = null;
          try {
            json = JSON.parse(res.body);
          } catch {
            json = res.body;
          }
          if (
            res.status !== 431 ||
            !res.head.includes('content-type: application/json') ||
            !isDeepStrictEqual(json, common(ErrorCode.headersTooLarge))
          )
            wrong = `not 431 with the catalogue's body: ${res.status} ${res.body.slice(0, 200)}`;
        } else if (!(res.status < 500) || res.status === 431) wrong = `refused for its size: ${res.status}`;
        if (wrong) failed(route, 'oversizedHeaders', `${c.what}, ${method} ${route.url}: ${wrong}`);
      }
    }
  } finally {
    await server.close();
  }
  report.millis = Date.now() - started;
  return report;
}
