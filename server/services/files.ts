import { rm, stat } from 'node:fs/promises';
import { FILE_TYPES, type FileExtension, type StoredFileParams } from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import {
  FileTooLarge,
  parseStoredFileUrl,
  newStoredName,
  storedFileUrl,
  storedPath,
  writeUpload,
  type FileStorage,
  type IncomingFile,
} from '../infra/file-storage';
import { newId } from '../infra/ids';
import * as files from '../repositories/files';
import type { Viewer } from '../rules/access';
import { commonFailure } from '../rules/api-failure';
import {
  allowedExtension,
  assertMayDelete,
  assertNotSaved,
  fileNotFound,
  keptFileName,
  missingFile,
  uploadPartRole,
  uploadTarget,
} from '../rules/files';
import { barcodeForChange } from './barcodes';

/** A file written to the folder and not yet recorded. */
interface PendingUpload {
  barcodeId: string;
  name: string;
  path: string;
  size: number;
  originalName: string;
}

/**
 * POST /barcode/file, the file part: checks it, then streams it to
 * `<files>/<barcodeId>/<random>.<ext>`. Who may attach files to a barcode: a user of its
 * project's enterprise who may add tracking or activate (either will do: files fields appear in
 * activation and in tracking forms), while the barcode is not deactivated (barcodeForChange).
 */
async function storeUpload(
  ctx: ServerContext,
  storage: FileStorage,
  viewer: Viewer,
  barcodeId: string | undefined,
  upload: IncomingFile,
): Promise<PendingUpload> {
  const target = uploadTarget(barcodeId, upload.filename);
  await barcodeForChange(ctx, viewer, target.barcodeId, 'addTrackingPermission', 'activateBarcodePermission');
  const name = newStoredName(target.extension);
  const path = storedPath(storage, target.barcodeId, name);
  const size = await writeUpload(path, upload, ctx.config.files.maxBytes);
  return { barcodeId: target.barcodeId, name, path, size, originalName: upload.filename };
}

/** One part of a multipart request, as @fastify/multipart hands it over. */
export type UploadPart =
  { type: 'field'; fieldname: string; value: unknown } | ({ type: 'file'; fieldname: string } & IncomingFile);

/** Room for the multipart framing and the barcodeId field around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What POST /barcode/file reads of its request, as @fastify/multipart hands it over. */
export interface UploadRequest {
  isMultipart(): boolean;
  /** The size the request says it has (Content-Length), 0 when it says none. */
  declaredBytes: number;
  parts(): AsyncIterable<UploadPart>;
}

/**
 * POST /barcode/file: a multipart body only (415); a declared size over the limit is answered
 * before any of the body is read. Then reads the parts (readParts) and records the file.
 */
export async function receiveUpload(
  ctx: ServerContext,
  storage: FileStorage,
  viewer: Viewer,
  request: UploadRequest,
): Promise<string> {
  const { maxBytes } = ctx.config.files;
  if (!request.isMultipart()) throw commonFailure(ErrorCode.invalidFormat, 415);
  if (request.declaredBytes > maxBytes + MULTIPART_OVERHEAD_BYTES) throw new FileTooLarge(maxBytes);
  return readParts(ctx, storage, viewer, request.parts());
}

const hasClientStatus = (error: unknown): boolean => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * Reads the parts in order, `barcodeId` then `file`, stores the file and records it. After a
 * failure the remaining parts are read and thrown away, so the client still receives the answer;
 * a file written before a later failure is removed. Throws the first failure.
 */
async function readParts(
  ctx: ServerContext,
  storage: FileStorage,
  viewer: Viewer,
  parts: AsyncIterable<UploadPart>,
): Promise<string> {
  let barcodeId: string | undefined;
  let pending: PendingUpload | undefined;
  let failure: unknown;
  try {
    for await (const part of parts) {
      try {
        if (failure !== undefined) throw failure;
        // A part whose header names no field (form-data requires a name) is malformed, not an unknown key.
        if (!part.fieldname) throw commonFailure(ErrorCode.invalidFormat);
        const role = uploadPartRole(part, { barcodeId: barcodeId !== undefined, file: pending !== undefined });
        if (role === 'barcodeId' && part.type === 'field') barcodeId = String(part.value);
        else if (part.type === 'file') pending = await storeUpload(ctx, storage, viewer, barcodeId, part);
      } catch (error) {
        failure ??= error;
        if (part.type === 'file') part.file.resume();
      }
    }
  } catch (error) {
    // The parser's own failures: a limit of parts exceeded (it carries its 4xx status), a
    // malformed body or a missing boundary (busboy's plain errors, the client's fault).
    failure ??= hasClientStatus(error) ? error : commonFailure(ErrorCode.invalidFormat);
  }
  if (failure === undefined && !pending) failure = missingFile();
  try {
    if (failure !== undefined || !pending) throw failure;
    return await recordUpload(ctx, viewer, pending);
  } catch (error) {
    if (pending) await rm(pending.path, { force: true });
    throw error;
  }
}

/** Keeps a stored file for good: records who uploaded it and answers its URL. */
async function recordUpload(ctx: ServerContext, viewer: Viewer, upload: PendingUpload): Promise<string> {
  const extension = allowedExtension(upload.name) as FileExtension;
  await files.insertFile(ctx.db, {
    id: newId(),
    barcodeId: upload.barcodeId,
    userId: viewer.userId,
    path: `${upload.barcodeId}/${upload.name}`,
    originalName: keptFileName(upload.originalName),
    size: upload.size,
    contentType: FILE_TYPES[extension],
  });
  return storedFileUrl(upload.barcodeId, upload.name);
}

/** A stored file as GET /barcode/file/:barcodeId/:name serves it. */
export interface ServedFile {
  path: string;
  contentType: string;
  isImage: boolean;
  originalName: string;
}

/** GET /barcode/file/:barcodeId/:name: a recorded file that is still on disk, else 404. */
export async function findStoredFile(
  ctx: ServerContext,
  storage: FileStorage,
  params: StoredFileParams,
): Promise<ServedFile> {
  const path = storedPath(storage, params.barcodeId, params.name);
  const originalName = await files.findOriginalName(ctx.db, `${params.barcodeId}/${params.name}`);
  if (originalName === undefined || !(await stat(path).catch(() => null))?.isFile()) throw fileNotFound();
  const contentType = FILE_TYPES[allowedExtension(params.name) as FileExtension];
  return { path, contentType, isImage: contentType.startsWith('image/'), originalName };
}

/**
 * DELETE /barcode/file: removes one of the viewer's own uploads (403 for anyone else's), row and
 * file together. Anything but a stored file's URL is refused and deletes nothing; a file already
 * saved with activation or tracking data belongs to the append-only history, so it is read-only.
 */
export async function deleteUpload(
  ctx: ServerContext,
  storage: FileStorage,
  viewer: Viewer,
  filePath: string,
): Promise<void> {
  const { barcodeId, name } = parseStoredFileUrl(filePath);
  const path = storedPath(storage, barcodeId, name);
  await ctx.db.transaction(async (tx) => {
    assertMayDelete(await files.lockUploader(tx, `${barcodeId}/${name}`), viewer);
    assertNotSaved(await files.isSaved(tx, barcodeId, name));
    await files.deleteFile(tx, `${barcodeId}/${name}`);
    // Inside the transaction: should the file resist removal, the row stays too.
    await rm(path, { force: true });
  });
}
