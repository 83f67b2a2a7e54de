import type { FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import {
  DeleteFileBody,
  ReferenceDataQuery,
  ReferenceDataResponse,
  StoredFileParams,
  UploadErrorResponse,
  UploadResponse,
  WeightQuery,
  WeightReadingBody,
  WeightResponse,
} from '../../schemas/api/files';
import type { ServerContext } from '../context';
import type { FileStore } from '../infra/file-storage';
import { requireViewer, viewerOf } from '../plugins/auth';
import { installFileStorage } from '../plugins/file-storage';
import { deleteUpload, findStoredFile, receiveUpload, type ServedFile } from '../services/files';
import { referenceData } from '../services/reference-data';
import { latestWeight, recordWeight } from '../services/weight';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** `filename*` of RFC 6266 / 5987: every byte outside the safe set percent-encoded. */
const encodeFilename = (name: string): string =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Headers that keep a stored file from being run as a page: exact type, no sniffing, downloads for non-images. */
function serveHeaders(reply: FastifyReply, file: ServedFile): FastifyReply {
  const fallback = file.originalName.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header(
      'content-disposition',
      `${file.isImage ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeFilename(file.originalName)}`,
    );
}

/**
 * POST /barcode/file, in its own scope: only this route reads multipart bodies, bounded by the
 * file limit (the service checks the declared size) rather than the JSON body limit.
 */
const uploadRoute: FastifyPluginAsyncTypebox<{ ctx: ServerContext; store: FileStore }> = async (
  app,
  { ctx, store },
) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: ctx.config.files.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 20 },
    // The stream is marked truncated at the limit and the service answers ErrorCode.fileTooLarge itself.
    throwFileSizeLimit: false,
  });
  app.post(
    '/barcode/file',
    {
      preHandler: requireViewer,
      schema: {
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse, '4xx': UploadErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request) => {
      const upload = {
        isMultipart: () => request.isMultipart(),
        declaredBytes: Number(request.headers['content-length'] ?? 0),
        parts: () => request.parts(),
      };
      return { data: await receiveUpload(ctx, store, viewerOf(request), upload) };
    },
  );
};

/** Files attached to barcodes, reference data and scale readings for the forms. */
export const fileRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  const store = await installFileStorage(app, ctx.config.files, ctx.db);
  await app.register(uploadRoute, { ctx, store });

  // Open like the barcode detail page that shows the files; the stored names are unguessable.
  app.get(
    '/barcode/file/:barcodeId/:name',
    { schema: { params: StoredFileParams, response: errors } },
    async (request, reply) => {
      const file = await findStoredFile(ctx, store, request.params);
      return serveHeaders(reply, file).send(file.bytes);
    },
  );

  app.delete(
    '/barcode/file',
    { preHandler: requireViewer, schema: { body: DeleteFileBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteUpload(ctx, store, viewerOf(request), request.body.filePath);
      return { data: true };
    },
  );

  app.get(
    '/barcode/reference-data',
    {
      preHandler: requireViewer,
      schema: { querystring: ReferenceDataQuery, response: { 200: ReferenceDataResponse, ...errors } },
    },
    async (request) => ({ data: await referenceData(ctx, viewerOf(request), request.query.barcodeId) }),
  );

  app.post(
    '/barcode/weight-measurement',
    { preHandler: requireViewer, schema: { body: WeightReadingBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await recordWeight(ctx, viewerOf(request), request.body);
      return { data: true };
    },
  );

  app.get(
    '/barcode/weight-measurement',
    { preHandler: requireViewer, schema: { querystring: WeightQuery, response: { 200: WeightResponse, ...errors } } },
    async (request) => ({ data: await latestWeight(ctx, viewerOf(request), request.query) }),
  );
};
