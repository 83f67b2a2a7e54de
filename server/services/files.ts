import type { Readable } from 'node:stream';
import { FILE_TYPES, type FileExtension, type StoredFileParams } from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import {
  digestOf,
  FileTooLarge,
  parseStoredFileUrl,
  newStoredName,
  storedFileUrl,
  storedKey,
  type FileStore,
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

/** A file kept by the store and not yet recorded. */
interface PendingUpload {
  barcodeId: string;
  name: string;
  key: string;
  size: number;
  sha256: string;
  originalName: string;
}

/**
 * POST /barcode/file, the file part: checks it, then streams it to the store under
 * `<barcodeId>/<random>.<ext>`. Who may attach files to a barcode: a user of its
 * project's enterprise who may add tracking or activate (either will do: files fields appear in
 * activation and in tracking forms), while the barcode is not deactivated (barcodeForChange).
 */
async function storeUpload(
  ctx: ServerContext,
  store: FileStore,
  viewer: Viewer,
  barcodeId: string | undefined,
  upload: IncomingFile,
): Promise<PendingUpload> {
  const target = uploadTarget(barcodeId, upload.filename);
  await barcodeForChange(ctx, viewer, target.barcodeId, 'addTrackingPermission', 'activateBarcodePermission');
  const name = newStoredName(target.extension);
  const key = storedKey(target.barcodeId, name);
  const { size, sha256 } = await store.write(key, upload, ctx.config.files.maxBytes);
  return { barcodeId: target.barcodeId, name, key, size, sha256, originalName: upload.filename };
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
  store: FileStore,
  viewer: Viewer,
  request: UploadRequest,
): Promise<string> {
  const { maxBytes } = ctx.config.files;
  if (!request.isMultipart()) throw commonFailure(ErrorCode.invalidFormat, 415);
  if (request.declaredBytes > maxBytes + MULTIPART_OVERHEAD_BYTES) throw new FileTooLarge(maxBytes);
  return readParts(ctx, store, viewer, request.parts());
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
  store: FileStore,
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
        else if (part.type === 'file') pending = await storeUpload(ctx, store, viewer, barcodeId, part);
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
    const key = pending?.key;
    if (key !== undefined) await ctx.db.transaction((tx) => store.remove(key, tx));
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
    path: upload.key,
    originalName: keptFileName(upload.originalName),
    size: upload.size,
    contentType: FILE_TYPES[extension],
    sha256: upload.sha256,
  });
  return storedFileUrl(upload.barcodeId, upload.name);
}

/** A stored file as GET /barcode/file/:barcodeId/:name serves it. */
export interface ServedFile {
  bytes: Readable;
  contentType: string;
  isImage: boolean;
  originalName: string;
}

/** A stored file whose bytes are not those uploaded: the server's fault, answered 500 and logged. */
export class StoredFileCorrupt extends Error {
  constructor(readonly key: string) {
    super(`stored file ${key} does not match the digest recorded at its upload`);
  }
}

/**
 * GET /barcode/file/:barcodeId/:name: a recorded file that the store still keeps (else 404), whose
 * bytes still match the digest recorded at upload (else StoredFileCorrupt, 500). The bytes are read
 * twice, once to check them and once to send them, so a damaged file is refused before any of it
 * is sent (docs/operators/backup-and-restore.md).
 */
export async function findStoredFile(
  ctx: ServerContext,
  store: FileStore,
  params: StoredFileParams,
): Promise<ServedFile> {
  const key = storedKey(params.barcodeId, params.name);
  const recorded = await files.findServed(ctx.db, key);
  if (recorded === undefined || !(await store.exists(key))) throw fileNotFound();
  if (recorded.sha256 !== null) {
    const check = await store.read(key);
    if (check === undefined) throw fileNotFound();
    if ((await digestOf(check)) !== recorded.sha256) throw new StoredFileCorrupt(key);
  }
  const bytes = await store.read(key);
  if (bytes === undefined) throw fileNotFound();
  const contentType = FILE_TYPES[allowedExtension(params.name) as FileExtension];
  return { bytes, contentType, isImage: contentType.startsWith('image/'), originalName: recorded.original_name };
}

/**
 * DELETE /barcode/file: removes one of the viewer's own uploads (403 for anyone else's), row and
 * file together. Anything but a stored file's URL is refused and deletes nothing; a file already
 * saved with activation or tracking data belongs to the append-only history, so it is read-only.
 */
export async function deleteUpload(
  ctx: ServerContext,
  store: FileStore,
  viewer: Viewer,
  filePath: string,
): Promise<void> {
  const { barcodeId, name } = parseStoredFileUrl(filePath);
  const key = storedKey(barcodeId, name);
  await ctx.db.transaction(async (tx) => {
    assertMayDelete(await files.lockUploader(tx, key), viewer);
    assertNotSaved(await files.isSaved(tx, barcodeId, name));
    await files.deleteFile(tx, key);
    // Inside the transaction: should the bytes resist removal, the row stays too.
    await store.remove(key, tx);
  });
}
