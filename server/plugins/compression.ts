import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * API answers compressed for clients that accept it: a project's configuration is JSON that every
 * first screen loads, often over a slow mobile network. Brotli at quality 4 (the plugin's default:
 * fast, near gzip's cost) or gzip; answers under the threshold are sent as they are (the headers
 * would eat the saving). The built client's files are not compressed again: @fastify/static serves
 * the .br/.gz the build wrote, already carrying their Content-Encoding. Images and other
 * incompressible types pass through.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
