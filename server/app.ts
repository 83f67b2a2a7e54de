import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { ErrorCode } from '../schemas/error-codes';
import type { ServerContext } from './context';
import { installAdminGuard } from './plugins/admin-auth';
import { installAuth } from './plugins/auth';
import { answerClientError, installErrorHandling } from './plugins/errors';
import { installIdempotency } from './plugins/idempotency';
import { installObservability, loggerOptions, requestId, type ReadinessCheck } from './plugins/observability';
import { installOpenApi } from './plugins/openapi';
import type { ServerMetrics } from './infra/metrics';
import { installProjectRevision } from './plugins/project-revision';
import { installStaticClient } from './plugins/static-client';
import { installCompression } from './plugins/compression';
import { installTransportHeaders } from './plugins/transport-headers';
import { installValidation } from './plugins/validation';
import { barcodeRoutes } from './routes/barcode';
import { bulkRoutes } from './routes/bulk';
import { pairingRoutes } from './routes/pairing';
import { devRoutes } from './routes/dev';
import { fileRoutes } from './routes/files';
import { ghgRoutes } from './routes/ghg';
import { projectRoutes } from './routes/project';
import { activityRoutes } from './routes/activity';
import { labelRoutes } from './routes/labels';
import { userRoutes } from './routes/user';
import { searchRoutes } from './routes/search';
import { ledgerRoutes } from './routes/ledger';
import { epcisRoutes } from './routes/epcis';
import { recallRoutes } from './routes/recall';
import { adminRoutes } from './routes/admin';
import { adminConfigRoutes } from './routes/admin-config';
import { adminProjectRoutes } from './routes/admin-projects';
import { adminAdminRoutes } from './routes/admin-admins';
import { adminUserRoutes } from './routes/admin-users';

export interface BuildOptions {
  /** Folder of the built client to serve; none in API-only tests. */
  distDir?: string;
  logger?: boolean;
  /** Pino's level for the request log (LOG_LEVEL): `info` logs a line per request. */
  logLevel?: string;
  /** Prometheus metrics of this server (GET /metrics); the database is timed into them by its caller. */
  metrics: ServerMetrics;
  /** GET /readyz: null when ready, else why not. */
  ready: ReadinessCheck;
  /** Trust X-Forwarded-For (behind a reverse proxy), so rate limits count real client addresses. */
  trustProxy?: boolean;
  /** Told about every route as it is added (tests enumerate the routes and their schemas). */
  onRoute?: (route: RouteOptions) => void;
}

/** The API's JSON bodies are small; anything larger is refused with 413 (ErrorCode.lengthMoreThan) before it is parsed. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Builds the reference API server: plugins by layer, then routes under /api. */
export async function buildApp(
  ctx: ServerContext,
  options: BuildOptions,
): Promise<{ app: FastifyInstance; stopping(): void }> {
  const app = Fastify({
    // JSON lines through pino: one per request at `info` (docs/operators/monitoring.md), never a secret.
    logger: options.logger ? loggerOptions(options.logLevel ?? 'info') : false,
    // One line per request is written by the observability plugin (with the route and the time)
    // instead of Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Errors the router meets before any route runs (a path that does not decode, such as a lone
    // surrogate's %ED%A0%80): in the catalogue's shape too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ errors: { $common: [ErrorCode.invalidFormat] } });
    },
    // Requests Node's HTTP parser refuses before Fastify sees them (header fields or a URL over its limit: 431).
    clientErrorHandler: answerClientError,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // First, so every answer (refusals of the plugins below too) carries its request id and is counted.
  const observability = installObservability(app, options.metrics, options.ready, ctx.config.metricsToken);
  // The API speaks JSON only: a text/plain body is refused with 415 rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  installValidation(app);
  installErrorHandling(app);
  installTransportHeaders(app, ctx.config);
  installProjectRevision(app);
  await app.register(fastifyCookie);
  installAuth(app, ctx);
  installAdminGuard(app, ctx);
  installIdempotency(app, ctx);
  // After the idempotency hooks: onSend hooks run in the order added, and the stored answer must
  // be the JSON text, not the compressed stream (which the idempotency hook would not keep).
  await installCompression(app);
  // Before the routes: it documents them as they are added.
  await installOpenApi(app);
  await app.register(
    async (api) => {
      await api.register(projectRoutes, { ctx });
      await api.register(barcodeRoutes, { ctx });
      await api.register(pairingRoutes, { ctx });
      await api.register(bulkRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(fileRoutes, { ctx });
      await api.register(ghgRoutes, { ctx });
      await api.register(searchRoutes, { ctx });
      await api.register(activityRoutes, { ctx });
      await api.register(labelRoutes, { ctx });
      await api.register(ledgerRoutes, { ctx });
      await api.register(epcisRoutes, { ctx });
      await api.register(recallRoutes, { ctx });
      if (ctx.config.exposeOutbox) await api.register(devRoutes, { ctx });
      // The admin area (docs/engineers/architecture.md): every route but the login calls requireAdmin.
      await api.register(adminRoutes, { ctx });
      await api.register(adminConfigRoutes, { ctx });
      await api.register(adminUserRoutes, { ctx });
      await api.register(adminAdminRoutes, { ctx });
      await api.register(adminProjectRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await installStaticClient(app, options.distDir, ctx);
  return { app, stopping: observability.stopping };
}
