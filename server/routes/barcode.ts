import type { FastifyInstance } from 'fastify';
import { ErrorResponse } from '../../schemas/common';
import {
  ActivationBody, BarcodeQuery, BarcodeResponse, GenerateBarcodeBody, GenerateBarcodeResponse, HistoryQuery, HistoryResponse, TrackingBody, UndoTrackingBody,
} from '../../schemas/api/barcode';
import { addTracking, barcodeHistory, undoTracking } from '../domain/tracking';
import { OkResponse } from '../../schemas/common';
import { activateBarcode } from '../domain/activation';
import type { ServerContext } from '../domain/context';
import { generateBarcode, getBarcode } from '../domain/barcodes';
import { requireViewer, viewerOf } from '../plugins/auth';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Generate, activate, track and read barcodes and their history (spec section 7); more of the lifecycle follows in issue 4. */
export async function barcodeRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }): Promise<void> {
  app.post<{ Body: GenerateBarcodeBody }>(
    '/barcode/barcode',
    { preHandler: requireViewer, schema: { body: GenerateBarcodeBody, response: { 200: GenerateBarcodeResponse, ...errors } } },
    async (request) => ({ data: { id: await generateBarcode(ctx, viewerOf(request), request.body) } }),
  );

  app.post<{ Body: ActivationBody }>(
    '/barcode/activation',
    { preHandler: requireViewer, schema: { body: ActivationBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await activateBarcode(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.post<{ Body: TrackingBody }>(
    '/barcode/tracking',
    { preHandler: requireViewer, schema: { body: TrackingBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await addTracking(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.post<{ Body: UndoTrackingBody }>(
    '/barcode/undo-tracking',
    { preHandler: requireViewer, schema: { body: UndoTrackingBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await undoTracking(ctx, viewerOf(request), request.body.barcodeId);
      return { data: true };
    },
  );

  app.get<{ Querystring: HistoryQuery }>(
    '/barcode/history',
    { preHandler: requireViewer, schema: { querystring: HistoryQuery, response: { 200: HistoryResponse, ...errors } } },
    async (request) => ({ data: await barcodeHistory(ctx, viewerOf(request), request.query) }),
  );

  app.get<{ Querystring: BarcodeQuery }>(
    '/barcode/barcode',
    { schema: { querystring: BarcodeQuery, response: { 200: BarcodeResponse, ...errors } } },
    async (request) => ({ data: await getBarcode(ctx, request.viewer, request.query) }),
  );
}
