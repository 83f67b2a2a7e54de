import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/error-codes';
import { compareVersions, Headers } from '../../schemas/validation';
import type { ServerConfig } from '../context';
import { commonFailure } from '../rules/api-failure';

const EXPOSED = [
  Headers.clientVersion,
  Headers.forceUpgrade,
  Headers.enterpriseId,
  Headers.userType,
  'retry-after',
  Headers.projectRevision,
].join(', ');

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * A browser's write comes from this site or from a configured origin. The session cookies are
 * SameSite=None when the API serves other origins over HTTPS (CORS_ORIGINS with SECURE_COOKIES),
 * so a form or a text/plain fetch on any site could otherwise send a write with them (one without
 * a body, e.g. deactivating a user, passes every other check). Browsers send `Origin` with every
 * cross-site write; a request without it (a script, an old same-site form) is left to the
 * session and input checks. 'This site' is the Host the request was sent to (X-Forwarded-Host
 * behind a trusted proxy); a proxy that rewrites Host needs the public origin in CORS_ORIGINS.
 */
export function isAllowedWriteOrigin(request: FastifyRequest, corsOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    const from = new URL(origin);
    // The Host read as an address of the origin's scheme: its default port (':443') drops out as in the origin.
    return from.host === new URL(`${from.protocol}//${request.host}`).host;
  } catch {
    // 'null' (a sandboxed frame, a file) and anything else that is no address.
    return false;
  }
}

/**
 * Version announcement: every API response says which client version is current and whether the
 * requesting client is too old to go on without updating. Also answers CORS for the origins
 * configured, so a client served elsewhere can use this API with credentials, and refuses (403) a
 * write sent by a page of any other origin.
 */
export function installTransportHeaders(app: FastifyInstance, config: ServerConfig): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && config.corsOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', EXPOSED);
      reply.header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
        reply.header(
          'access-control-allow-headers',
          `content-type, ${Headers.clientVersion}, ${Headers.utcOffset}, ${Headers.idempotencyKey}, ${Headers.configRevision}`,
        );
        reply.header('access-control-max-age', '600');
        return reply.status(204).send();
      }
    }
    if (
      WRITE_METHODS.has(request.method) &&
      request.url.startsWith('/api/') &&
      !isAllowedWriteOrigin(request, config.corsOrigins)
    ) {
      throw commonFailure(ErrorCode.forbidden, 403);
    }
  });
  app.addHook('onSend', async (request, reply) => {
    // Every answer, pages and assets included: a browser must not guess a type other than the one sent.
    reply.header('x-content-type-options', 'nosniff');
    if (!request.url.startsWith('/api/')) return;
    const sent = request.headers[Headers.clientVersion];
    const clientVersion = typeof sent === 'string' ? sent : undefined;
    reply.header(Headers.clientVersion, config.latestClientVersion);
    reply.header(
      Headers.forceUpgrade,
      String(clientVersion !== undefined && compareVersions(clientVersion, config.minClientVersion) < 0),
    );
    reply.header('cache-control', 'no-store');
  });
}
