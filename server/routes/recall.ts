import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import { EpcisDocumentResponse } from '../../schemas/api/epcis';
import {
  Fsma204Response,
  Fsma204WorkbookResponse,
  HoldBody,
  HoldResponse,
  HoldsQuery,
  HoldsResponse,
  RecallQuery,
  RecallTraceResponse,
  ReleaseBody,
  ReleaseResponse,
} from '../../schemas/api/recall';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { recallEpcis } from '../services/epcis';
import { EPCIS_MEDIA_TYPE, EPCIS_TYPE, originOf } from './epcis';
import { fsma204Lines, fsma204Workbook, recallTrace } from '../services/recall';
import { holdRecall, recallHolds, releaseRecall } from '../services/recall-hold';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };
const CSV_MEDIA_TYPE = 'text/csv';
const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Recall (docs/admins/recall.md): the trace of a lot, a product or a barcode forward and back,
 * the FSMA 204 sortable spreadsheet of what it found, and the same events as an EPCIS 2.0
 * document; holds of what it found and their release. Members with the recall permission.
 */
export const recallRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/recall/trace',
    {
      preHandler: requireViewer,
      schema: { querystring: RecallQuery, response: { 200: RecallTraceResponse, ...errors } },
    },
    async (request) => ({ data: await recallTrace(ctx, viewerOf(request), request.query) }),
  );

  app.get(
    '/recall/fsma-204',
    {
      preHandler: requireViewer,
      schema: { querystring: RecallQuery, produces: [CSV_MEDIA_TYPE], response: { 200: Fsma204Response, ...errors } },
    },
    async (request, reply) => {
      const lines = await fsma204Lines(ctx, viewerOf(request), request.query);
      return reply
        .type(`${CSV_MEDIA_TYPE}; charset=utf-8`)
        .header('content-disposition', 'attachment; filename="fsma-204-recall.csv"')
        .send(Readable.from(lines));
    },
  );

  app.get(
    '/recall/fsma-204.xlsx',
    {
      preHandler: requireViewer,
      schema: {
        querystring: RecallQuery,
        produces: [XLSX_MEDIA_TYPE],
        response: { 200: Fsma204WorkbookResponse, ...errors },
      },
    },
    async (request, reply) => {
      const workbook = await fsma204Workbook(ctx, viewerOf(request), request.query);
      return reply
        .type(XLSX_MEDIA_TYPE)
        .header('content-disposition', 'attachment; filename="fsma-204-recall.xlsx"')
        .send(workbook);
    },
  );

  app.get(
    '/recall/epcis',
    {
      preHandler: requireViewer,
      schema: {
        querystring: RecallQuery,
        produces: [EPCIS_MEDIA_TYPE],
        response: { 200: EpcisDocumentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const events = await recallEpcis(ctx, viewerOf(request), request.query, originOf(request));
      return reply
        .type(EPCIS_TYPE)
        .header('content-disposition', 'attachment; filename="epcis-recall.jsonld"')
        .send(Readable.from(events));
    },
  );

  app.post(
    '/recall/hold',
    {
      preHandler: requireViewer,
      schema: { body: HoldBody, response: { 200: HoldResponse, ...errors } },
    },
    async (request) => ({ data: await holdRecall(ctx, viewerOf(request), request.body) }),
  );

  app.post(
    '/recall/release',
    {
      preHandler: requireViewer,
      schema: { body: ReleaseBody, response: { 200: ReleaseResponse, ...errors } },
    },
    async (request) => ({ data: await releaseRecall(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/recall/holds',
    {
      preHandler: requireViewer,
      schema: { querystring: HoldsQuery, response: { 200: HoldsResponse, ...errors } },
    },
    async (request) => ({ data: await recallHolds(ctx, viewerOf(request), request.query.projectId) }),
  );
};
