import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import {
  GhgEmissionsQuery,
  GhgEmissionsResponse,
  GhgReportQuery,
  GhgReportResponse,
  ReviewCalculationBody,
  ReviewCalculationResponse,
} from '../../schemas/api/ghg';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { barcodeEmissions, ghgReport, reviewCalculation } from '../services/ghg';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** GHG emission of transport: the calculation review, a barcode's journey and a project's report. */
export const ghgRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post(
    '/barcode/review-calculation',
    {
      preHandler: requireViewer,
      schema: { body: ReviewCalculationBody, response: { 200: ReviewCalculationResponse, ...errors } },
    },
    async (request) => ({ data: await reviewCalculation(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/barcode/ghg-emissions',
    {
      preHandler: requireViewer,
      schema: { querystring: GhgEmissionsQuery, response: { 200: GhgEmissionsResponse, ...errors } },
    },
    async (request) => ({ data: await barcodeEmissions(ctx, viewerOf(request), request.query) }),
  );

  app.get(
    '/barcode/ghg-report',
    {
      preHandler: requireViewer,
      schema: { querystring: GhgReportQuery, response: { 200: GhgReportResponse, ...errors } },
    },
    async (request) => ({ data: await ghgReport(ctx, viewerOf(request), request.query) }),
  );
};
