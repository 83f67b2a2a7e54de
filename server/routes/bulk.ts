import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import {
  BULK_BODY_LIMIT_BYTES,
  BulkErrorResponse,
  BulkTrackingResponse,
  RecycleMultipleBody,
  RecycleMultipleResponse,
  SkipTrackingBody,
  UserTrackingHistoryQuery,
  UserTrackingHistoryResponse,
} from '../../schemas/api/bulk';
import {
  AvailableLocationsQuery,
  AvailableLocationsResponse,
  LocationTrackingBody,
  StockBody,
  StockResponse,
} from '../../schemas/api/location';
import { Headers } from '../../schemas/validation';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { bulkTracking, recycleMultiple, userTrackingHistory } from '../services/bulk';
import { availableLocations, changeStock, locationTracking } from '../services/stock';

const errors = { '4xx': BulkErrorResponse, '5xx': ErrorResponse };

/**
 * Bulk work, locations and stock: skip-tracking, recycle-multiple, the user's tracking history of a
 * day, the bins available to a barcode, stock in / out. Bulk tracking itself is POST
 * /barcode/tracking with `barcodeIds` (routes/barcode.ts).
 */
export const bulkRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post(
    '/barcode/skip-tracking',
    {
      preHandler: requireViewer,
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: { body: SkipTrackingBody, response: { 200: BulkTrackingResponse, ...errors } },
    },
    async (request) => ({
      data: await bulkTracking(ctx, viewerOf(request), request.body, true, request.headers[Headers.madeAt]),
    }),
  );

  app.post(
    '/barcode/recycle-multiple',
    {
      preHandler: requireViewer,
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: { body: RecycleMultipleBody, response: { 200: RecycleMultipleResponse, ...errors } },
    },
    async (request) => ({ data: await recycleMultiple(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/barcode/user-tracking-history',
    {
      preHandler: requireViewer,
      schema: { querystring: UserTrackingHistoryQuery, response: { 200: UserTrackingHistoryResponse, ...errors } },
    },
    async (request) => ({ data: await userTrackingHistory(ctx, viewerOf(request), request.query) }),
  );

  app.get(
    '/location/available-locations',
    {
      preHandler: requireViewer,
      schema: { querystring: AvailableLocationsQuery, response: { 200: AvailableLocationsResponse, ...errors } },
    },
    async (request) => ({ data: await availableLocations(ctx, viewerOf(request), request.query) }),
  );

  app.post(
    '/location/stock',
    {
      preHandler: requireViewer,
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: { body: StockBody, response: { 200: StockResponse, ...errors } },
    },
    async (request) => ({ data: await changeStock(ctx, viewerOf(request), request.body) }),
  );

  app.post(
    '/location/location-tracking',
    { preHandler: requireViewer, schema: { body: LocationTrackingBody, response: { 200: StockResponse, ...errors } } },
    async (request) => ({ data: await locationTracking(ctx, viewerOf(request), request.body) }),
  );
};
