import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import {
  ActivationBody,
  BarcodeIdQuery,
  BarcodeQuery,
  BarcodeResponse,
  ChildrenQuery,
  ChildrenResponse,
  ChildValueQuery,
  ChildValuesResponse,
  CompileMessageBody,
  CompileMessageResponse,
  GenerateBarcodeBody,
  GenerateBarcodeResponse,
  HistoryQuery,
  HistoryResponse,
  NotificationsResponse,
  RecycleBody,
  RecycleResponse,
  TrackingBody,
  TrackingCountQuery,
  TrackingCountResponse,
  UndoTrackingBody,
} from '../../schemas/api/barcode';
import {
  BULK_BODY_LIMIT_BYTES,
  BulkErrorResponse,
  TrackingRequestBody,
  TrackingRequestResponse,
} from '../../schemas/api/bulk';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { activateBarcode, editActivation } from '../services/activation';
import { generateBarcode, getBarcode } from '../services/barcodes';
import { childBarcodes, childValues } from '../services/children';
import { barcodeHistory, trackingCount } from '../services/history';
import { barcodeNotifications, compileMessage } from '../services/notifications';
import { recycleBarcode } from '../services/recycle';
import { editTracking, trackingRequest, undoTracking } from '../services/tracking';
import { Headers } from '../../schemas/validation';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Generate, activate, track, recycle and read barcodes, their history, notifications and children. */
export const barcodeRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post(
    '/barcode/barcode',
    {
      preHandler: requireViewer,
      schema: { body: GenerateBarcodeBody, response: { 200: GenerateBarcodeResponse, ...errors } },
    },
    async (request) => ({ data: { id: await generateBarcode(ctx, viewerOf(request), request.body) } }),
  );

  app.post(
    '/barcode/activation',
    { preHandler: requireViewer, schema: { body: ActivationBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await activateBarcode(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.put(
    '/barcode/activation',
    { preHandler: requireViewer, schema: { body: ActivationBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await editActivation(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  // Single or bulk: `barcodeIds` makes it bulk, whose bodies may be larger.
  app.post(
    '/barcode/tracking',
    {
      preHandler: requireViewer,
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: {
        body: TrackingRequestBody,
        response: { 200: TrackingRequestResponse, '4xx': BulkErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request) => ({
      data: await trackingRequest(ctx, viewerOf(request), request.body, request.headers[Headers.madeAt]),
    }),
  );

  app.put(
    '/barcode/tracking',
    { preHandler: requireViewer, schema: { body: TrackingBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await editTracking(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.post(
    '/barcode/undo-tracking',
    { preHandler: requireViewer, schema: { body: UndoTrackingBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await undoTracking(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.post(
    '/barcode/recycle',
    { preHandler: requireViewer, schema: { body: RecycleBody, response: { 200: RecycleResponse, ...errors } } },
    async (request) => ({ data: await recycleBarcode(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/barcode/history',
    { preHandler: requireViewer, schema: { querystring: HistoryQuery, response: { 200: HistoryResponse, ...errors } } },
    async (request) => ({ data: await barcodeHistory(ctx, viewerOf(request), request.query) }),
  );

  app.get(
    '/barcode/tracking-count',
    {
      preHandler: requireViewer,
      schema: { querystring: TrackingCountQuery, response: { 200: TrackingCountResponse, ...errors } },
    },
    async (request) => ({ data: await trackingCount(ctx, viewerOf(request), request.query) }),
  );

  app.get(
    '/barcode/barcode-notifications',
    {
      preHandler: requireViewer,
      schema: { querystring: BarcodeIdQuery, response: { 200: NotificationsResponse, ...errors } },
    },
    async (request) => ({ data: await barcodeNotifications(ctx, viewerOf(request), request.query.id) }),
  );

  app.post(
    '/barcode/compile-message',
    {
      preHandler: requireViewer,
      schema: { body: CompileMessageBody, response: { 200: CompileMessageResponse, ...errors } },
    },
    async (request) => ({ data: await compileMessage(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/barcode/barcode',
    { schema: { querystring: BarcodeQuery, response: { 200: BarcodeResponse, ...errors } } },
    async (request) => ({ data: await getBarcode(ctx, request.viewer, request.query) }),
  );

  app.get(
    '/barcode/children',
    { schema: { querystring: ChildrenQuery, response: { 200: ChildrenResponse, ...errors } } },
    async (request) => ({ data: await childBarcodes(ctx, request.query) }),
  );

  app.get(
    '/barcode/children/value',
    { schema: { querystring: ChildValueQuery, response: { 200: ChildValuesResponse, ...errors } } },
    async (request) => ({ data: await childValues(ctx, request.viewer, request.query) }),
  );
};
