import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../schemas/common';
import {
  AdminProjectResponse,
  CreateProjectBody,
  LOGO_MAX_BYTES,
  ProjectLogoBody,
  ProjectParams,
  ProjectsQuery,
  ProjectsResponse,
  SelfRegistrationBody,
} from '../../schemas/api/admin';
import type { ServerContext } from '../context';
import { requireAdmin } from '../plugins/admin-auth';
import { createProject, listProjects, setProjectLogo, setSelfRegistration } from '../services/admin-projects';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Projects managed by admins (docs/engineers/recipes.md). Their configurations are edited in drafts. */
export const adminProjectRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/projects',
    { schema: { querystring: ProjectsQuery, response: { 200: ProjectsResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request);
      return { data: await listProjects(ctx, actor, request.query) };
    },
  );

  app.post(
    '/admin/projects',
    // The body may carry a logo (base64, at most LOGO_MAX_BYTES): more than the API's usual limit (app.ts).
    {
      bodyLimit: LOGO_MAX_BYTES * 2,
      schema: { body: CreateProjectBody, response: { 200: AdminProjectResponse, ...errors } },
    },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { enterpriseWide: true });
      return { data: await createProject(ctx, actor, request.body) };
    },
  );

  app.put(
    '/admin/projects/:projectCode/logo',
    {
      bodyLimit: LOGO_MAX_BYTES * 2,
      schema: { params: ProjectParams, body: ProjectLogoBody, response: { 200: AdminProjectResponse, ...errors } },
    },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.projectCode });
      return { data: await setProjectLogo(ctx, actor, request.params.projectCode, request.body) };
    },
  );

  app.put(
    '/admin/projects/:projectCode/self-registration',
    {
      schema: { params: ProjectParams, body: SelfRegistrationBody, response: { 200: AdminProjectResponse, ...errors } },
    },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.projectCode });
      return { data: await setSelfRegistration(ctx, actor, request.params.projectCode, request.body.allow) };
    },
  );
};
