import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import { GenerateBarcodesBody, GenerateBarcodesResponse } from '../../schemas/api/labels';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { generateBarcodes } from '../services/labels';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Printable labels: the barcodes of a label sheet. */
export const labelRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post(
    '/barcode/barcodes',
    {
      preHandler: requireViewer,
      schema: { body: GenerateBarcodesBody, response: { 200: GenerateBarcodesResponse, ...errors } },
    },
    async (request) => ({ data: { ids: await generateBarcodes(ctx, viewerOf(request), request.body) } }),
  );
};
