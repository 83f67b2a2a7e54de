import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import {
  AdminUserResponse,
  CreateUserBody,
  MemberBody,
  MemberParams,
  OrganizationsResponse,
  UserParams,
  UsersQuery,
  UsersResponse,
  UserWithCodeResponse,
} from '../../schemas/api/admin';
import type { ServerContext } from '../context';
import { requireAdmin } from '../plugins/admin-auth';
import {
  createUserByAdmin,
  getUser,
  issueAccessCode,
  listUsers,
  organizationsOf,
  putMember,
  removeMember,
  revokeUserAccessCode,
  setUserActive,
} from '../services/admin-users';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Users, their access codes and their memberships, managed by admins (docs/engineers/recipes.md). */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/users',
    { schema: { querystring: UsersQuery, response: { 200: UsersResponse, ...errors } } },
    async (request) => {
      const { projectCode } = request.query;
      const actor = await requireAdmin(ctx, request, projectCode ? { projectCode } : {});
      return { data: await listUsers(ctx, actor, request.query) };
    },
  );

  app.post(
    '/admin/users',
    {
      config: { answerHoldsSecret: true },
      schema: { body: CreateUserBody, response: { 200: UserWithCodeResponse, ...errors } },
    },
    async (request) => {
      const { projectCode } = request.body;
      const actor = await requireAdmin(ctx, request, projectCode ? { projectCode } : {});
      return { data: await createUserByAdmin(ctx, actor, request.body) };
    },
  );

  app.get(
    '/admin/users/:userId',
    { schema: { params: UserParams, response: { 200: AdminUserResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request);
      return { data: await getUser(ctx, actor, request.params.userId) };
    },
  );

  app.post(
    '/admin/users/:userId/deactivate',
    { schema: { params: UserParams, response: { 200: AdminUserResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request);
      return { data: await setUserActive(ctx, actor, request.params.userId, false) };
    },
  );

  app.post(
    '/admin/users/:userId/reactivate',
    { schema: { params: UserParams, response: { 200: AdminUserResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request);
      return { data: await setUserActive(ctx, actor, request.params.userId, true) };
    },
  );

  app.post(
    '/admin/users/:userId/access-code',
    {
      config: { answerHoldsSecret: true },
      schema: { params: UserParams, response: { 200: UserWithCodeResponse, ...errors } },
    },
    async (request) => {
      const actor = await requireAdmin(ctx, request);
      return { data: await issueAccessCode(ctx, actor, request.params.userId) };
    },
  );

  app.delete(
    '/admin/users/:userId/access-code',
    { schema: { params: UserParams, response: { 200: AdminUserResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request);
      return { data: await revokeUserAccessCode(ctx, actor, request.params.userId) };
    },
  );

  app.put(
    '/admin/users/:userId/projects/:projectCode',
    { schema: { params: MemberParams, body: MemberBody, response: { 200: AdminUserResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.projectCode });
      return {
        data: await putMember(ctx, actor, request.params.userId, request.params.projectCode, request.body.role),
      };
    },
  );

  app.delete(
    '/admin/users/:userId/projects/:projectCode',
    { schema: { params: MemberParams, response: { 200: AdminUserResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.projectCode });
      return { data: await removeMember(ctx, actor, request.params.userId, request.params.projectCode) };
    },
  );

  app.get(
    '/admin/organizations',
    { schema: { response: { 200: OrganizationsResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request);
      return { data: await organizationsOf(ctx, actor) };
    },
  );
};
