import { rm, stat } from 'node:fs/promises';
import { BARCODE_ID_PATTERN } from '../../schemas/api/barcode';
import { FILE_TYPES, type FileExtension, type StoredFileParams } from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import type { Queryable } from '../db/database';
import { barcodeForChange } from './barcodes';
import type { ServerContext } from '../context';
import { ApiFailure, commonFailure, fieldFailure } from '../rules/api-failure';
import {
  allowedExtension, newStoredName, parseStoredFileUrl, storedFileUrl, storedPath, writeUpload, type FileStorage, type IncomingFile,
} from '../infra/file-storage';
import { newId } from '../infra/ids';
import type { Viewer } from './projects';

const BARCODE_ID = new RegExp(BARCODE_ID_PATTERN);

/** A missing file: 404, `{ errors: { $common: [404] } }`, as for any unknown URL. */
const fileNotFound = (): ApiFailure => commonFailure(404, 404);

/**
 * Who may attach files to a barcode: a user of its project's enterprise who may add tracking or
 * activate (either will do: files fields appear in activation and in tracking forms), while the
 * barcode is not deactivated (2303, 403, 3095 as for any change).
 */
async function assertMayAttach(ctx: ServerContext, viewer: Viewer, barcodeId: string): Promise<void> {
  try {
    await barcodeForChange(ctx, viewer, barcodeId, 'addTrackingPermission');
  } catch (error) {
    if (!(error instanceof ApiFailure && error.status === 403)) throw error;
    await barcodeForChange(ctx, viewer, barcodeId, 'activateBarcodePermission');
  }
}

/** The checks made before a byte is stored: the barcode id, the file's kind, the viewer's rights. */
async function checkUpload(ctx: ServerContext, viewer: Viewer, barcodeId: string | undefined, filename: string): Promise<{ barcodeId: string; extension: FileExtension }> {
  if (barcodeId === undefined || barcodeId === '') throw fieldFailure('barcodeId', ErrorCode.emptyField);
  if (!BARCODE_ID.test(barcodeId)) throw fieldFailure('barcodeId', ErrorCode.invalidFormat);
  const extension = allowedExtension(filename);
  if (!extension) throw fieldFailure('File', ErrorCode.invalidFormat);
  await assertMayAttach(ctx, viewer, barcodeId);
  return { barcodeId, extension };
}

/** A file written to the folder and not yet recorded. */
export interface PendingUpload {
  barcodeId: string;
  name: string;
  path: string;
  size: number;
  originalName: string;
}

/**
 * POST /barcode/file, the file part: checks it, then streams it to
 * `<files>/<barcodeId>/<random>.<ext>`.
 */
async function storeUpload(ctx: ServerContext, storage: FileStorage, viewer: Viewer, barcodeId: string | undefined, upload: IncomingFile): Promise<PendingUpload> {
  const checked = await checkUpload(ctx, viewer, barcodeId, upload.filename);
  const name = newStoredName(checked.extension);
  const path = storedPath(storage, checked.barcodeId, name);
  const size = await writeUpload(path, upload, ctx.config.files.maxBytes);
  return { barcodeId: checked.barcodeId, name, path, size, originalName: upload.filename };
}

/** One part of a multipart request, as @fastify/multipart hands it over. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | ({ type: 'file'; fieldname: string } & IncomingFile);

/**
 * POST /barcode/file: reads the parts in order, `barcodeId` then `file` (the spec's order, and
 * FormData sends parts in the order appended), stores the file and records it. After a failure
 * the remaining parts are read and thrown away, so the client still receives the answer; a file
 * written before a later failure is removed. Throws the first failure.
 */
export async function receiveUpload(ctx: ServerContext, storage: FileStorage, viewer: Viewer, parts: AsyncIterable<UploadPart>): Promise<string> {
  let barcodeId: string | undefined;
  let pending: PendingUpload | undefined;
  let failure: unknown;
  try {
    for await (const part of parts) {
      try {
        if (failure !== undefined) throw failure;
        if (part.type === 'field' && part.fieldname === 'barcodeId' && barcodeId === undefined) barcodeId = String(part.value);
        else if (part.type === 'file' && part.fieldname === 'file' && !pending) pending = await storeUpload(ctx, storage, viewer, barcodeId, part);
        else throw fieldFailure(part.fieldname, ErrorCode.invalidKey);
      } catch (error) {
        failure ??= error;
        if (part.type === 'file') part.file.resume();
      }
    }
  } catch (error) {
    // The parser's own failures: a limit of parts exceeded, a malformed body.
    failure ??= error;
  }
  if (failure === undefined && !pending) failure = fieldFailure('File', ErrorCode.emptyField);
  try {
    if (failure !== undefined || !pending) throw failure;
    return await recordUpload(ctx, viewer, pending);
  } catch (error) {
    if (pending) await discardUpload(pending);
    throw error;
  }
}

/** Keeps a stored file for good: records who uploaded it and answers its URL. */
async function recordUpload(ctx: ServerContext, viewer: Viewer, upload: PendingUpload): Promise<string> {
  const extension = allowedExtension(upload.name) as FileExtension;
  // Control characters would only get in the way of the download's file name.
  const originalName = upload.originalName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
  await ctx.db.query(
    `insert into barcode_files (id, barcode_id, user_id, path, original_name, size, content_type)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [newId(), upload.barcodeId, viewer.userId, `${upload.barcodeId}/${upload.name}`, originalName, upload.size, FILE_TYPES[extension]],
  );
  return storedFileUrl(upload.barcodeId, upload.name);
}

/** Removes a stored file that will not be recorded (the request failed after it was written). */
const discardUpload = (upload: PendingUpload): Promise<void> => rm(upload.path, { force: true });

/** A stored file as GET /barcode/file/:barcodeId/:name serves it. */
export interface ServedFile {
  path: string;
  contentType: string;
  isImage: boolean;
  originalName: string;
}

/** GET /barcode/file/:barcodeId/:name: a recorded file that is still on disk, else 404. */
export async function findStoredFile(ctx: ServerContext, storage: FileStorage, params: StoredFileParams): Promise<ServedFile> {
  const path = storedPath(storage, params.barcodeId, params.name);
  const { rows } = await ctx.db.query<{ original_name: string }>('select original_name from barcode_files where path = $1', [`${params.barcodeId}/${params.name}`]);
  const row = rows[0];
  if (!row || !(await stat(path).catch(() => null))?.isFile()) throw fileNotFound();
  const contentType = FILE_TYPES[allowedExtension(params.name) as FileExtension];
  return { path, contentType, isImage: contentType.startsWith('image/'), originalName: row.original_name };
}

/** Whether a file's URL was saved with the barcode's activation or a tracking step. */
async function isSaved(db: Queryable, barcodeId: string, name: string): Promise<boolean> {
  const { rows } = await db.query<{ saved: boolean }>(
    `select exists (select 1 from barcodes where id = $1 and position($2 in coalesce(activation_data::text, '')) > 0)
         or exists (select 1 from barcode_history where barcode_id = $1 and position($2 in coalesce(data::text, '')) > 0) as saved`,
    [barcodeId, name],
  );
  return rows[0]?.saved === true;
}

/**
 * DELETE /barcode/file: removes one of the viewer's own uploads (403 for anyone else's), row and
 * file together. Anything but a stored file's URL is 2200 and deletes nothing; a file already
 * saved with activation or tracking data belongs to the append-only history: 2000 (read-only).
 */
export async function deleteUpload(ctx: ServerContext, storage: FileStorage, viewer: Viewer, filePath: string): Promise<void> {
  const { barcodeId, name } = parseStoredFileUrl(filePath);
  const path = storedPath(storage, barcodeId, name);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>('select user_id from barcode_files where path = $1 for update', [`${barcodeId}/${name}`]);
    const row = rows[0];
    if (!row) throw fileNotFound();
    if (row.user_id !== viewer.userId) throw commonFailure(ErrorCode.forbidden, 403);
    if (await isSaved(tx, barcodeId, name)) throw commonFailure(ErrorCode.readOnly);
    await tx.query('delete from barcode_files where path = $1', [`${barcodeId}/${name}`]);
    // Inside the transaction: should the file resist removal, the row stays too.
    await rm(path, { force: true });
  });
}
