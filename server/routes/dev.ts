import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../domain/context';
import { readOutbox } from '../domain/outbox';

/**
 * GET /dev/outbox: the latest "sent" messages, so end-to-end tests and demos can read one-time
 * codes. Registered only when EXPOSE_OUTBOX=1; never in a deployment.
 */
export async function devRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }): Promise<void> {
  app.get('/dev/outbox', async () => ({ data: await readOutbox(ctx.db) }));
}
