import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse } from '../../schemas/common';
import { CustomPageResponse, ProjectQuery, ProjectResponse, WebManifest } from '../../schemas/api/project';
import type { ServerContext } from '../context';
import { customPageFor, projectFor, projectLogo, projectManifest } from '../services/projects';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Sends a logo as it is stored; a logo may be SVG: scripts in it are forbidden even when it is opened directly. */
function sendLogo(reply: FastifyReply, logo: { bytes: Buffer; contentType: string }): FastifyReply {
  return reply
    .header('content-type', logo.contentType)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', 'public, max-age=3600')
    .send(logo.bytes);
}

/** The web app manifest's media type (W3C Web Application Manifest). */
const MANIFEST_TYPE = 'application/manifest+json';

/** GET /barcode/project, its custom page, its logo and its web app manifest. */
export const projectRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    '/barcode/project',
    { schema: { querystring: ProjectQuery, response: { 200: ProjectResponse, ...errors } } },
    async (request) => ({ data: await projectFor(ctx, request.query, request.viewer) }),
  );

  app.get(
    '/barcode/project-html',
    { schema: { querystring: ProjectQuery, response: { 200: CustomPageResponse, ...errors } } },
    async (request) => ({ data: await customPageFor(ctx, request.query) }),
  );

  app.get(
    '/barcode/project-logo/:id',
    { schema: { params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: errors } },
    async (request, reply) => sendLogo(reply, await projectLogo(ctx, request.params.id)),
  );

  // The project's web app manifest, linked by the project's pages (src/shared/pwa/manifest-link.ts).
  app.get(
    '/barcode/project-manifest',
    { schema: { querystring: ProjectQuery, produces: [MANIFEST_TYPE], response: { 200: WebManifest, ...errors } } },
    async (request, reply) => {
      const manifest = await projectManifest(ctx, request.query);
      return reply.type(MANIFEST_TYPE).header('cache-control', 'no-cache').send(manifest);
    },
  );
};
