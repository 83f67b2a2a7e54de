import { FILE_TYPES, type FileExtension } from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import type { Viewer } from './access';
import { type ApiFailure, commonFailure, fieldFailure } from './api-failure';
import { isBarcodeId } from './barcodes';

/** The allowlisted extension of an uploaded name, lowercased, or null when it has none allowed. */
export function allowedExtension(originalName: string): FileExtension | null {
  // Something must come before the dot: '.png' alone is a hidden file without an extension.
  const match = /[^./\\]\.([A-Za-z0-9]{1,8})$/.exec(originalName);
  const extension = match?.[1]?.toLowerCase();
  return extension !== undefined && Object.hasOwn(FILE_TYPES, extension) ? (extension as FileExtension) : null;
}

/**
 * The checks made on an upload before a byte is stored, in this order: the barcode id was sent
 * first and is one; the file's name has an allowed extension. Who may attach is checked next,
 * against the barcode.
 */
export function uploadTarget(
  barcodeId: string | undefined,
  filename: string,
): { barcodeId: string; extension: FileExtension } {
  if (barcodeId === undefined || barcodeId === '') throw fieldFailure('barcodeId', ErrorCode.emptyField);
  if (!isBarcodeId(barcodeId)) throw fieldFailure('barcodeId', ErrorCode.invalidFormat);
  const extension = allowedExtension(filename);
  if (!extension) throw fieldFailure('File', ErrorCode.invalidFormat);
  return { barcodeId, extension };
}

/** One part of a multipart request, as the rules read it. */
export interface UploadPartHeader {
  type: 'field' | 'file';
  fieldname: string;
}

/**
 * What a part of POST /barcode/file is: the `barcodeId` field, then the `file` (the client
 * appends them in this order, and FormData sends parts in the order appended), so the barcode is
 * known before a byte of the file is stored. Anything else, or either of them twice, is
 * ErrorCode.invalidKey on the part's name.
 */
export function uploadPartRole(
  part: UploadPartHeader,
  seen: { barcodeId: boolean; file: boolean },
): 'barcodeId' | 'file' {
  if (part.type === 'field' && part.fieldname === 'barcodeId' && !seen.barcodeId) return 'barcodeId';
  if (part.type === 'file' && part.fieldname === 'file' && !seen.file) return 'file';
  throw fieldFailure(part.fieldname, ErrorCode.invalidKey);
}

export const missingFile = (): ApiFailure => fieldFailure('File', ErrorCode.emptyField);

/** An uploaded file's name as kept for its download: without control characters, at most 255 characters. */
export const keptFileName = (originalName: string): string =>
  originalName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);

/** A missing file: 404, `{ errors: { $common: [404] } }`, as for any unknown URL. */
export const fileNotFound = (): ApiFailure => commonFailure(404, 404);

/** Whether the viewer may delete an upload: it must be recorded (404) and theirs (403). */
export function assertMayDelete(upload: { user_id: string } | undefined, viewer: Viewer): void {
  if (!upload) throw fileNotFound();
  if (upload.user_id !== viewer.userId) throw commonFailure(ErrorCode.forbidden, 403);
}

/** A file saved with activation or tracking data is part of the history, so it is read-only. */
export function assertNotSaved(saved: boolean): void {
  if (saved) throw commonFailure(ErrorCode.readOnly);
}
