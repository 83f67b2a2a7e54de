import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, Id } from '../../schemas/common';
import { ProductsResponse, SearchBody, SearchResponse } from '../../schemas/api/search';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { projectProducts, searchProject } from '../services/search';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Finding barcodes (search and the barcode list) and the client users' product list. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  // A read, though a POST: the criteria are a body.
  app.post(
    '/barcode/search',
    { preHandler: requireViewer, schema: { body: SearchBody, response: { 200: SearchResponse, ...errors } } },
    async (request) => ({ data: await searchProject(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/barcode/products',
    {
      preHandler: requireViewer,
      schema: {
        querystring: Type.Object({ projectId: Type.Optional(Id) }, { additionalProperties: false }),
        response: { 200: ProductsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await projectProducts(ctx, viewerOf(request), request.sessionId, request.query.projectId),
    }),
  );
};
