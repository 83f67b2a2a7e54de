import { randomInt } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BARCODE_ID_PATTERN } from '../../schemas/api/barcode';
import { STORED_FILE_NAME_PATTERN, type FileExtension } from '../../schemas/api/files';

export { storedFileUrl } from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import { ApiFailure, commonFailure, fieldFailure } from '../rules/api-failure';

/** Where uploads are kept and how large one may be (docs/operators/environment.md). */
export interface FileSettings {
  /**
   * Folder of uploaded files (FILES_DIR, default `<DATA_DIR>/files`). null: a temporary folder
   * under the system's, made at start and removed at close (DATA_DIR=':memory:', tests and e2e).
   */
  dir: string | null;
  /** Largest file accepted, in bytes (FILE_MAX_BYTES, default DEFAULT_FILE_MAX_BYTES). */
  maxBytes: number;
}

// The settings travel with the others in ServerConfig; declared here, next to their only user.
declare module '../context' {
  interface ServerConfig {
    files: FileSettings;
  }
}

export const DEFAULT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The folder uploads are kept in, open for the server's lifetime. */
export interface FileStorage {
  readonly dir: string;
  close(): Promise<void>;
}

/** Opens (creates) the files folder; a temporary one is removed again at close. */
export async function openFileStorage(settings: FileSettings): Promise<FileStorage> {
  if (settings.dir === null) {
    const dir = await mkdtemp(join(tmpdir(), 'smart-barcode-files-'));
    return { dir, close: () => rm(dir, { recursive: true, force: true }) };
  }
  const dir = resolve(settings.dir);
  await mkdir(dir, { recursive: true });
  return { dir, close: async () => undefined };
}

const BARCODE_ID = new RegExp(BARCODE_ID_PATTERN);
const STORED_NAME = new RegExp(STORED_FILE_NAME_PATTERN);
const NAME_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new stored name: 16 random letters and digits (about 95 bits) and the extension. */
export function newStoredName(extension: FileExtension): string {
  let name = '';
  for (let i = 0; i < 16; i += 1) name += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return `${name}.${extension}`;
}

/**
 * The absolute path of a stored file. Both parts must match their patterns (no '.', '/' or '\'
 * beyond the one extension dot), and the resolved path must lie inside the folder: a second
 * guard, should a pattern ever be loosened.
 */
export function storedPath(storage: FileStorage, barcodeId: string, name: string): string {
  const path = resolve(storage.dir, barcodeId, name);
  if (!BARCODE_ID.test(barcodeId) || !STORED_NAME.test(name) || !path.startsWith(storage.dir + sep)) {
    throw fieldFailure('filePath', ErrorCode.invalidKey);
  }
  return path;
}

const FILE_URL = new RegExp(`^(?:https?://[^/?#\\s\\\\]+)?/api/barcode/file/([^/]+)/([^/]+)$`);

/** The barcode id and stored name in a file URL; anything else is refused as an unknown key. */
export function parseStoredFileUrl(url: string): { barcodeId: string; name: string } {
  const [, barcodeId = '', name = ''] = FILE_URL.exec(url) ?? [];
  if (!BARCODE_ID.test(barcodeId) || !STORED_NAME.test(name)) throw fieldFailure('filePath', ErrorCode.invalidKey);
  return { barcodeId, name };
}

/** An upload over the limit: ErrorCode.fileTooLarge on `File`, and the limit for the message. */
export class FileTooLarge extends ApiFailure {
  constructor(readonly maxBytes: number) {
    super(400, { File: [ErrorCode.fileTooLarge] });
  }
}

/** An incoming file as the multipart parser hands it over: a stream marked truncated at the size limit. */
export interface IncomingFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/**
 * Streams an upload to its final path (never to a name the client chose). The parser stops the
 * stream at the size limit; what was written is then removed at once, as is an empty file, so no
 * partial or empty file is ever kept. A body that breaks off or is malformed while the file is
 * read is the client's fault (400, ErrorCode.invalidFormat); only a failure to write is the
 * server's. Returns the size in bytes.
 */
export async function writeUpload(path: string, upload: IncomingFile, maxBytes: number): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const target = createWriteStream(path, { flags: 'wx' });
  // The disk failed when the file being written reports an error while the body has none yet;
  // otherwise the body broke off (busboy stops the part with an error) and the pipeline stopped the write.
  let diskFailed = false;
  target.once('error', () => (diskFailed ||= upload.file.errored === null));
  try {
    await pipeline(upload.file, target);
    if (upload.file.truncated) throw new FileTooLarge(maxBytes);
    if (target.bytesWritten === 0) throw fieldFailure('File', ErrorCode.zeroFileSize);
    return target.bytesWritten;
  } catch (error) {
    await rm(path, { force: true });
    throw upload.file.errored !== null && !diskFailed ? commonFailure(ErrorCode.invalidFormat) : error;
  }
}
