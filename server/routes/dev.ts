import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelope, ErrorResponse } from '../../schemas/common';
import type { ServerContext } from '../context';
import { latestOutbox } from '../services/outbox';

const OutboxResponse = envelope(
  Type.Array(
    Type.Object({
      channel: Type.String(),
      destination: Type.String(),
      body: Type.String(),
      createdAt: Type.String(),
    }),
  ),
);

/**
 * GET /dev/outbox: the latest "sent" messages, so end-to-end tests and demos can read one-time
 * codes. Registered only when EXPOSE_OUTBOX=1; never in a deployment.
 */
export const devRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/dev/outbox',
    { schema: { response: { 200: OutboxResponse, '4xx': ErrorResponse, '5xx': ErrorResponse } } },
    async () => ({ data: await latestOutbox(ctx) }),
  );
};
