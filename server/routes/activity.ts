import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import { ActivityQuery, ActivityResponse } from '../../schemas/api/activity';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { projectActivity } from '../services/activity';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** The project's activity chart, first-party: derived from the barcodes' history. */
export const activityRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/barcode/activity',
    {
      preHandler: requireViewer,
      schema: { querystring: ActivityQuery, response: { 200: ActivityResponse, ...errors } },
    },
    async (request) => ({ data: await projectActivity(ctx, viewerOf(request), request.query) }),
  );
};
