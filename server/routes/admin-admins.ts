import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import {
  AdminAccountResponse,
  AdminParams,
  AdminsResponse,
  AdminWithPasswordResponse,
  CreateAdminBody,
} from '../../schemas/api/admin';
import type { ServerContext } from '../context';
import { requireAdmin } from '../plugins/admin-auth';
import { createAdminByAdmin, deactivateAdmin, listAdmins } from '../services/admin-admins';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** The enterprise's admins, managed by its enterprise admins (docs/engineers/architecture.md). */
export const adminAdminRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get('/admin/admins', { schema: { response: { 200: AdminsResponse, ...errors } } }, async (request) => {
    const actor = await requireAdmin(ctx, request, { enterpriseWide: true });
    return { data: await listAdmins(ctx, actor) };
  });

  app.post(
    '/admin/admins',
    {
      config: { answerHoldsSecret: true },
      schema: { body: CreateAdminBody, response: { 200: AdminWithPasswordResponse, ...errors } },
    },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { enterpriseWide: true });
      return { data: await createAdminByAdmin(ctx, actor, request.body) };
    },
  );

  app.post(
    '/admin/admins/:adminId/deactivate',
    { schema: { params: AdminParams, response: { 200: AdminAccountResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { enterpriseWide: true });
      return { data: await deactivateAdmin(ctx, actor, request.params.adminId) };
    },
  );
};
