import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse } from '../../schemas/common';
import { ProjectQuery, ProjectResponse } from '../../schemas/api/project';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import { commonFailure } from '../rules/api-failure';
import { UUID_PATTERN } from '../infra/ids';
import { findProject, projectPermission, toProject } from '../domain/projects';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** GET /barcode/project and the project's logo. */
export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }): Promise<void> {
  app.get<{ Querystring: ProjectQuery }>(
    '/barcode/project',
    { schema: { querystring: ProjectQuery, response: { 200: ProjectResponse, ...errors } } },
    async (request) => {
      const row = await findProject(ctx.db, request.query);
      return { data: toProject(row, await projectPermission(ctx.db, row, request.viewer)) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/barcode/project-logo/:id',
    { schema: { params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: errors } },
    async (request, reply) => {
      const { id } = request.params;
      const { rows } = UUID_PATTERN.test(id)
        ? await ctx.db.query<{ custom_logo: Uint8Array | null; custom_logo_type: string | null }>(
            'select custom_logo, custom_logo_type from projects where id = $1', [id])
        : { rows: [] };
      const logo = rows[0];
      if (!logo?.custom_logo || !logo.custom_logo_type) throw commonFailure(ErrorCode.projectNotFound, 404);
      // A logo may be SVG: forbid scripts in it even when opened directly.
      return reply
        .header('content-type', logo.custom_logo_type)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(logo.custom_logo));
    },
  );
}
