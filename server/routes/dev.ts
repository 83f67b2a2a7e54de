import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { envelope } from '../../schemas/common';
import type { ServerContext } from '../context';
import { readOutbox } from '../infra/outbox';

const OutboxResponse = envelope(Type.Array(Type.Object({
  channel: Type.String(), destination: Type.String(), body: Type.String(), createdAt: Type.String(),
})));

/**
 * GET /dev/outbox: the latest "sent" messages, so end-to-end tests and demos can read one-time
 * codes. Registered only when EXPOSE_OUTBOX=1; never in a deployment.
 */
export async function devRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }): Promise<void> {
  app.get('/dev/outbox', { schema: { response: { 200: OutboxResponse } } }, async () => ({ data: await readOutbox(ctx.db) }));
}
