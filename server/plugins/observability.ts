import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ServerMetrics } from '../infra/metrics';

/** Operators' endpoints, outside /api and the API contract (docs/operators/monitoring.md). */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id a proxy or client sent is kept when it is this plain; anything else gets a new one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's request id: the caller's `x-request-id` when plain, else a random UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Query parameters whose values never reach a log line. No route takes a secret in its query
 * today (access codes, passwords, one-time codes and tokens travel in bodies and cookies), so
 * this is a guard for tomorrow's routes: any name that looks like one is masked (a project's
 * `code` is not a secret and stays).
 */
const SECRET_NAME = /(access|one.?time|otp|verification|auth)_?code|pass|otp|token|secret|key|cookie|auth|session/i;

/** The path and query of a request as logged: secret-looking query values masked. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const name of [...query.keys()]) if (SECRET_NAME.test(name)) query.set(name, '[redacted]');
  return `${url.slice(0, at)}?${query.toString()}`;
}

/**
 * Fastify's logger (pino): one JSON line per answered request (below), plus warnings and errors.
 * Pino's own request serializer is replaced by one that logs no headers at all (cookies and the
 * Authorization header cannot leak); `redact` masks anything named like a secret that a log call
 * might pass by mistake (a body, a header object, an error with a payload).
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  const secrets = [
    'password',
    'accessCode',
    'oneTimeCode',
    'otp',
    'token',
    'refreshToken',
    'accessToken',
    'cookie',
    'authorization',
    'set-cookie',
  ];
  return {
    level,
    redact: {
      paths: [...secrets.map((k) => `*.${k}`), ...secrets.map((k) => `*.*.${k}`), 'req.headers', 'res.headers'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: loggedUrl(req.url), remoteAddress: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** The route pattern a request matched (`/api/barcode/barcode`), never its raw path: the label set stays small. */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

/**
 * A connection from this machine: the socket's own address, never X-Forwarded-For (behind a
 * reverse proxy on the same machine every request is local: set METRICS_TOKEN there).
 */
const isLocal = (request: FastifyRequest): boolean => {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(::ffff:)?127\./.test(address);
};

/** The request carries `Authorization: Bearer <token>` (compared in constant time). */
const bearerMatches = (request: FastifyRequest, token: string): boolean => {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export interface ReadinessCheck {
  /** Null when ready, else why not (the readiness answer says it). */
  (): Promise<string | null>;
  /** What a ready server still cannot do (one-time codes it cannot deliver), said beside "ready". */
  limits?(): Promise<string[]>;
}

/**
 * Request ids, request logs, metrics, health and readiness:
 * - every answer carries `x-request-id` (the id in the request's log lines);
 * - one log line per request at `info`: method, masked URL, route pattern, status, time;
 * - `http_requests_total` / `http_request_duration_seconds` by route pattern and status, and
 *   `auth_rate_limited_total` for every 429 (the login and registration limits), for any route
 *   a plugin adds later without a list to keep;
 * - `GET /healthz`: the process is up; `GET /readyz`: the database answers, every migration is
 *   applied and the configuration is imported (503 otherwise, and while stopping; the reason is
 *   told only to this machine: a database error message is not for the internet);
 * - `GET /metrics`: Prometheus's text format, for a scraper holding the METRICS_TOKEN, or without
 *   one for this machine only (404 to anyone else, as if there were no such page).
 */
export function installObservability(
  app: FastifyInstance,
  metrics: ServerMetrics,
  ready: ReadinessCheck,
  metricsToken?: string,
): { stopping(): void } {
  let stopping = false;
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const seconds = reply.elapsedTime / 1000;
    const status = reply.statusCode;
    metrics.requests.inc({ method: request.method, route, status: String(status) });
    metrics.requestSeconds.observe({ method: request.method, route }, seconds);
    if (status === 429) metrics.rateLimited.inc({ route });
    if (route === METRICS_PATH || route === HEALTH_PATH || route === READY_PATH) return;
    request.log.info(
      { req: request, route, statusCode: status, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });
  const noStore = { 'cache-control': 'no-store' };
  app.get(HEALTH_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );
  app.get(READY_PATH, { schema: { hide: true } }, async (request, reply) => {
    const reason = stopping
      ? 'stopping'
      : await ready().catch((error: unknown) => `database: ${error instanceof Error ? error.message : String(error)}`);
    const local = isLocal(request);
    if (reason)
      return reply
        .headers(noStore)
        .status(503)
        .send({ status: 'not ready', ...(local ? { reason } : {}) });
    const limits = local ? await (ready.limits?.() ?? Promise.resolve([])).catch(() => []) : [];
    return reply.headers(noStore).send(limits.length > 0 ? { status: 'ready', limits } : { status: 'ready' });
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!(metricsToken ? bearerMatches(request, metricsToken) : isLocal(request))) {
      return reply.callNotFound();
    }
    const { contentType, body } = await metrics.render();
    return reply.headers({ ...noStore, 'content-type': contentType }).send(body);
  });
  return {
    stopping: () => {
      stopping = true;
    },
  };
}
