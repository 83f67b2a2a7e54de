import type { FastifyInstance } from 'fastify';
import { ErrorResponse } from '../../schemas/common';
import { BarcodeQuery, BarcodeResponse, GenerateBarcodeBody, GenerateBarcodeResponse } from '../../schemas/api/barcode';
import type { ServerContext } from '../domain/context';
import { generateBarcode, getBarcode } from '../domain/barcodes';
import { requireViewer, viewerOf } from '../plugins/auth';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Generate and read barcodes (spec section 7); the rest of the lifecycle follows in issue 4. */
export async function barcodeRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }): Promise<void> {
  app.post<{ Body: GenerateBarcodeBody }>(
    '/barcode/barcode',
    { preHandler: requireViewer, schema: { body: GenerateBarcodeBody, response: { 200: GenerateBarcodeResponse, ...errors } } },
    async (request) => ({ data: { id: await generateBarcode(ctx, viewerOf(request), request.body) } }),
  );

  app.get<{ Querystring: BarcodeQuery }>(
    '/barcode/barcode',
    { schema: { querystring: BarcodeQuery, response: { 200: BarcodeResponse, ...errors } } },
    async (request) => ({ data: await getBarcode(ctx, request.viewer, request.query) }),
  );
}
