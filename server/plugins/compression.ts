import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * API answers compressed for clients that accept it (issue 18: on slow 4G the demo project's
 * configuration, 19.8 KB of JSON on every first screen, went uncompressed; Lighthouse counted 15
 * KiB to save). Brotli at quality 4 (the plugin's default: fast, near gzip's cost) or gzip;
 * answers under 1 KB are sent as they are (the headers would eat the saving). The built
 * client's files are not compressed again: @fastify/static serves the .br/.gz the build wrote,
 * already carrying their Content-Encoding. Images and other incompressible types pass through.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
