import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built client (dist/) on the same port as the API: hashed assets cached for a year
 * (with the .br/.gz files the build wrote), every other path answered with index.html so the
 * client's router decides (its 404 page included). Unknown /api paths answer 404 in the
 * catalogue's shape.
 */
export async function installStaticClient(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexHtml = distDir ? join(distDir, 'index.html') : undefined;
  const hasClient = indexHtml !== undefined && existsSync(indexHtml);
  if (hasClient && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (hasClient && isPage && !/\.[a-z0-9]{2,5}$/i.test(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ errors: { $common: [404] } });
  });
}
