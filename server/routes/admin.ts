import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import { AdminLoginBody, AdminResponse, AuditLogQuery, AuditLogResponse } from '../../schemas/api/admin';
import type { ServerContext } from '../context';
import { ADMIN_COOKIE, clearAdminCookie, requireAdmin, setAdminCookie } from '../plugins/admin-auth';
import { adminLogin, adminLogout, adminProfile } from '../services/admin-auth';
import { readAuditLog } from '../services/audit-log';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** The admin area's session and audit log (docs/engineers/architecture.md); other admin routes live beside it. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  // The one admin route without requireAdmin: the login itself (tests/server/admin-access.test.ts lists it as such).
  app.post(
    '/admin/session',
    { config: { sessionCall: true }, schema: { body: AdminLoginBody, response: { 200: AdminResponse, ...errors } } },
    async (request, reply) => {
      const { actor, token } = await adminLogin(ctx, request.body.login, request.body.password, request.ip);
      setAdminCookie(reply, ctx, token);
      return { data: await adminProfile(ctx, actor) };
    },
  );

  app.post(
    '/admin/logout',
    { config: { sessionCall: true }, schema: { response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      await requireAdmin(ctx, request);
      await adminLogout(ctx, request.cookies[ADMIN_COOKIE]);
      clearAdminCookie(reply, ctx);
      return { data: true };
    },
  );

  app.get('/admin/me', { schema: { response: { 200: AdminResponse, ...errors } } }, async (request) => ({
    data: await adminProfile(ctx, await requireAdmin(ctx, request)),
  }));

  app.get(
    '/admin/audit-log',
    { schema: { querystring: AuditLogQuery, response: { 200: AuditLogResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(
        ctx,
        request,
        request.query.projectCode ? { projectCode: request.query.projectCode } : {},
      );
      return { data: await readAuditLog(ctx, actor, request.query) };
    },
  );
};
