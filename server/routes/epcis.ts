import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '../../schemas/common';
import { EpcisBarcodeQuery, EpcisDocumentResponse, EpcisProjectQuery } from '../../schemas/api/epcis';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { barcodeEpcis, projectEpcis } from '../services/epcis';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };
/** JSON-LD, the EPCIS 2.0 document's media type (documented in the OpenAPI answer as `produces`). */
export const EPCIS_MEDIA_TYPE = 'application/ld+json';
export const EPCIS_TYPE = `${EPCIS_MEDIA_TYPE}; charset=utf-8`;

/** Where the caller reached this server (the export's URIs start there). */
export const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/**
 * EPCIS 2.0 export (docs/engineers/standards.md): one barcode with its descendants, or a
 * project's date range, as a JSON-LD EPCISDocument download.
 */
export const epcisRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/barcode/epcis',
    {
      preHandler: requireViewer,
      schema: {
        querystring: EpcisBarcodeQuery,
        produces: [EPCIS_MEDIA_TYPE],
        response: { 200: EpcisDocumentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const document = await barcodeEpcis(ctx, viewerOf(request), request.query, originOf(request));
      return reply
        .type(EPCIS_TYPE)
        .header('content-disposition', `attachment; filename="epcis-${request.query.id}.jsonld"`)
        .send(document);
    },
  );

  app.get(
    '/barcode/epcis/project',
    {
      preHandler: requireViewer,
      schema: {
        querystring: EpcisProjectQuery,
        produces: [EPCIS_MEDIA_TYPE],
        response: { 200: EpcisDocumentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const events = await projectEpcis(ctx, viewerOf(request), request.query, originOf(request));
      const name = `epcis-${request.query.from}-${request.query.to}.jsonld`;
      return reply
        .type(EPCIS_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(events));
    },
  );
};
