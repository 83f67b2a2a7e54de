import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import {
  LedgerLogQuery,
  LedgerLogResponse,
  LedgerStatusQuery,
  LedgerStatusResponse,
  ReconcileBody,
  ReconcileResponse,
} from '../../schemas/api/ledger';
import type { ServerContext } from '../context';
import { requireViewer, viewerOf } from '../plugins/auth';
import { ledgerLog, ledgerStatus, reconcileLedger } from '../services/ledger';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** The tamper-evident ledger: verify a barcode's hash chain, seal it, export the project's log. */
export const ledgerRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/barcode/ledger/status',
    {
      preHandler: requireViewer,
      schema: { querystring: LedgerStatusQuery, response: { 200: LedgerStatusResponse, ...errors } },
    },
    async (request) => ({ data: await ledgerStatus(ctx, viewerOf(request), request.query) }),
  );

  app.post(
    '/barcode/ledger/reconcile',
    { preHandler: requireViewer, schema: { body: ReconcileBody, response: { 200: ReconcileResponse, ...errors } } },
    async (request) => ({ data: await reconcileLedger(ctx, viewerOf(request), request.body) }),
  );

  app.get(
    '/barcode/ledger/log',
    {
      preHandler: requireViewer,
      schema: { querystring: LedgerLogQuery, response: { 200: LedgerLogResponse, ...errors } },
    },
    async (request) => ({ data: await ledgerLog(ctx, viewerOf(request), request.query) }),
  );
};
