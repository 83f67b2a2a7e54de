import type { FastifyInstance } from 'fastify';
import { compareVersions, Headers } from '../../schemas/validation';
import type { ServerConfig } from '../context';

const EXPOSED = [Headers.clientVersion, Headers.forceUpgrade, Headers.enterpriseId, Headers.userType, 'retry-after', Headers.projectRevision].join(', ');

/**
 * Version announcement (spec section 4): every API response says which client version is current
 * and whether the requesting client is too old to go on without updating. Also answers CORS for
 * the origins configured, so a client served elsewhere can use this API with credentials.
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
        reply.header('access-control-allow-headers', `content-type, ${Headers.clientVersion}, ${Headers.utcOffset}, ${Headers.idempotencyKey}, ${Headers.configRevision}`);
        reply.header('access-control-max-age', '600');
        return reply.status(204).send();
      }
    }
  });
  app.addHook('onSend', async (request, reply) => {
    // Every answer, pages and assets included: a browser must not guess a type other than the one sent.
    reply.header('x-content-type-options', 'nosniff');
    if (!request.url.startsWith('/api/')) return;
    const sent = request.headers[Headers.clientVersion];
    const clientVersion = typeof sent === 'string' ? sent : undefined;
    reply.header(Headers.clientVersion, config.latestClientVersion);
    reply.header(Headers.forceUpgrade, String(clientVersion !== undefined && compareVersions(clientVersion, config.minClientVersion) < 0));
    reply.header('cache-control', 'no-store');
  });
}
