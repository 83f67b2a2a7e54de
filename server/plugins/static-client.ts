import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerContext } from '../context';
import { loadFirstScreen, type FirstScreenOptions } from './first-screen';

/**
 * Serves the built client (dist/) on the same port as the API: hashed assets cached for a year
 * (with the .br/.gz files the build wrote), every other path answered with index.html so the
 * client's router decides (its 404 page included); for a visitor the first screen of a project's
 * address comes drawn (first-screen.ts). Unknown /api paths answer 404 in the catalogue's shape.
 * The server entry (`<dist>/server/`) is the server's code, not the page's: never served.
 */
export async function installStaticClient(
  app: FastifyInstance,
  distDir: string | undefined,
  ctx?: ServerContext,
  firstScreenOptions?: FirstScreenOptions,
): Promise<void> {
  const indexHtml = distDir ? join(distDir, 'index.html') : undefined;
  const hasClient = indexHtml !== undefined && existsSync(indexHtml);
  if (hasClient && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A client built otherwise (no server entry, an index.html of another shape) is served as it is.
  const firstScreen =
    hasClient && distDir && ctx
      ? await loadFirstScreen(ctx, distDir, firstScreenOptions).catch((error: unknown) => {
          app.log.warn({ err: error }, 'first screen not drawn by this server; pages are the plain index.html');
          return null;
        })
      : null;
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (hasClient && isPage && !/\.[a-z0-9]{2,5}$/i.test(request.url.split('?')[0] ?? '')) {
      // Whether the page comes drawn depends on these (a visitor's language, a session's cookie).
      if (firstScreen) reply.header('vary', 'Accept-Language, Cookie');
      const drawn = await firstScreen?.pageFor(request, reply);
      if (drawn) {
        reply.header('cache-control', 'no-cache').header('etag', drawn.etag).type('text/html; charset=utf-8');
        if (request.headers['if-none-match'] === drawn.etag) return reply.status(304).send();
        return reply.status(drawn.status).send(drawn.html);
      }
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ errors: { $common: [404] } });
  });
}
