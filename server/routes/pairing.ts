import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import {
  LinkedBarcodeQuery,
  LinkedBarcodesResponse,
  LinkingBody,
  LinkingResponse,
  PairingBody,
  PairingResponse,
  ReservedCountQuery,
  ReservedCountResponse,
  UndoLinkingBody,
  UnpairingBody,
} from '../../schemas/api/pairing';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { linkBarcodes, linkedBarcodes, linkingReservedCount, undoLinking } from '../services/linking';
import { pairChildren, pairingReservedCount, unpairChildren } from '../services/pairing';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Parents, children and links. */
export const pairingRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post(
    '/barcode/pairing',
    { preHandler: requireViewer, schema: { body: PairingBody, response: { 200: PairingResponse, ...errors } } },
    async (request) => ({ data: await pairChildren(ctx, viewerOf(request), request.body) }),
  );

  app.post(
    '/barcode/unpairing',
    { preHandler: requireViewer, schema: { body: UnpairingBody, response: { 200: PairingResponse, ...errors } } },
    async (request) => ({ data: await unpairChildren(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/barcode/pairing/reserved-count',
    {
      preHandler: requireViewer,
      schema: { querystring: ReservedCountQuery, response: { 200: ReservedCountResponse, ...errors } },
    },
    async (request) => ({ data: await pairingReservedCount(ctx, viewerOf(request), request.query.barcodeId) }),
  );

  app.post(
    '/barcode/linking',
    { preHandler: requireViewer, schema: { body: LinkingBody, response: { 200: LinkingResponse, ...errors } } },
    async (request) => ({ data: await linkBarcodes(ctx, viewerOf(request), request.body, 'link-to') }),
  );

  app.post(
    '/barcode/be-linked',
    { preHandler: requireViewer, schema: { body: LinkingBody, response: { 200: LinkingResponse, ...errors } } },
    async (request) => ({ data: await linkBarcodes(ctx, viewerOf(request), request.body, 'be-linked') }),
  );

  app.post(
    '/barcode/undo-linking',
    { preHandler: requireViewer, schema: { body: UndoLinkingBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await undoLinking(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.get(
    '/barcode/linking/reserved-count',
    {
      preHandler: requireViewer,
      schema: { querystring: ReservedCountQuery, response: { 200: ReservedCountResponse, ...errors } },
    },
    async (request) => ({ data: await linkingReservedCount(ctx, viewerOf(request), request.query.barcodeId) }),
  );

  app.get(
    '/barcode/linked-barcode',
    { schema: { querystring: LinkedBarcodeQuery, response: { 200: LinkedBarcodesResponse, ...errors } } },
    async (request) => ({ data: await linkedBarcodes(ctx, request.query) }),
  );
};
