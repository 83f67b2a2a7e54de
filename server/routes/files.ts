import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import {
  DeleteFileBody, ReferenceDataQuery, ReferenceDataResponse, StoredFileParams, UploadErrorResponse, UploadResponse, WeightQuery, WeightReadingBody, WeightResponse,
} from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import { commonFailure } from '../rules/api-failure';
import { FileTooLarge, openFileStorage, type FileStorage } from '../infra/file-storage';
import { deleteUpload, findStoredFile, receiveUpload, type ServedFile } from '../domain/files';
import { referenceData } from '../domain/reference-data';
import { latestWeight, recordWeight } from '../domain/weight';
import { requireViewer, viewerOf } from '../plugins/auth';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Room for the multipart framing and the barcodeId field around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** `filename*` of RFC 6266 / 5987: every byte outside the safe set percent-encoded. */
const encodeFilename = (name: string): string => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Headers that keep a stored file from being run as a page: exact type, no sniffing, downloads for non-images. */
function serveHeaders(reply: FastifyReply, file: ServedFile): FastifyReply {
  const fallback = file.originalName.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `${file.isImage ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeFilename(file.originalName)}`);
}

/** POST /barcode/file, in its own scope: only this route reads multipart bodies, and only it may exceed 16 KiB. */
async function uploadRoute(app: FastifyInstance, { ctx, storage }: { ctx: ServerContext; storage: FileStorage }): Promise<void> {
  const { maxBytes } = ctx.config.files;
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 20 },
    // The stream is marked truncated at the limit and the service answers 1015 itself.
    throwFileSizeLimit: false,
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof FileTooLarge) return reply.status(400).send({ errors: error.errors, maxBytes: error.maxBytes });
    throw error;
  });
  app.post(
    '/barcode/file',
    { preHandler: requireViewer, schema: { consumes: ['multipart/form-data'], response: { 200: UploadResponse, '4xx': UploadErrorResponse, '5xx': ErrorResponse } } },
    async (request) => {
      if (!request.isMultipart()) throw commonFailure(ErrorCode.invalidFormat, 415);
      // A declared size over the limit is answered before any of the body is read.
      if (Number(request.headers['content-length'] ?? 0) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw new FileTooLarge(maxBytes);
      return { data: await receiveUpload(ctx, storage, viewerOf(request), request.parts()) };
    },
  );
}

/** Files attached to barcodes, reference data and scale readings for the forms (spec sections 3, 5, 7). */
export async function fileRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }): Promise<void> {
  const storage = await openFileStorage(ctx.config.files);
  app.addHook('onClose', () => storage.close());
  await app.register(uploadRoute, { ctx, storage });

  // Open like the barcode detail page that shows the files; the stored names are unguessable.
  app.get<{ Params: StoredFileParams }>(
    '/barcode/file/:barcodeId/:name',
    { schema: { params: StoredFileParams, response: errors } },
    async (request, reply) => {
      const file = await findStoredFile(ctx, storage, request.params);
      return serveHeaders(reply, file).send(createReadStream(file.path));
    },
  );

  app.delete<{ Body: DeleteFileBody }>(
    '/barcode/file',
    { preHandler: requireViewer, schema: { body: DeleteFileBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteUpload(ctx, storage, viewerOf(request), request.body.filePath);
      return { data: true };
    },
  );

  app.get<{ Querystring: ReferenceDataQuery }>(
    '/barcode/reference-data',
    { preHandler: requireViewer, schema: { querystring: ReferenceDataQuery, response: { 200: ReferenceDataResponse, ...errors } } },
    async (request) => ({ data: await referenceData(ctx, viewerOf(request), request.query.barcodeId) }),
  );

  app.post<{ Body: WeightReadingBody }>(
    '/barcode/weight-measurement',
    { preHandler: requireViewer, schema: { body: WeightReadingBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await recordWeight(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.get<{ Querystring: WeightQuery }>(
    '/barcode/weight-measurement',
    { preHandler: requireViewer, schema: { querystring: WeightQuery, response: { 200: WeightResponse, ...errors } } },
    async (request) => ({ data: await latestWeight(ctx, viewerOf(request), request.query) }),
  );
}
