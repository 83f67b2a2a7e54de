import { createHash, randomInt, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BARCODE_ID_PATTERN } from '../../schemas/api/barcode';
import { STORED_FILE_NAME_PATTERN, type FileExtension } from '../../schemas/api/files';

export { storedFileUrl } from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import { ApiFailure, commonFailure, fieldFailure } from '../rules/api-failure';
import type { Queryable } from '../db/database';

/** Where uploads are kept and how large one may be (docs/operators/environment.md). */
export interface FileSettings {
  /**
   * Folder of uploaded files (FILES_DIR, default `<DATA_DIR>/files`). null: a temporary folder
   * under the system's, made at start and removed at close (DATA_DIR=':memory:', tests and e2e).
   */
  dir: string | null;
  /** Largest file accepted, in bytes (FILE_MAX_BYTES, default DEFAULT_FILE_MAX_BYTES). */
  maxBytes: number;
  /**
   * Where the bytes are kept (FILES_STORE): 'disk', in the folder above (the default, and what an
   * absent value means), or 'postgres', in the database itself, so that servers on one PostgreSQL
   * share them without a shared folder (docs/operators/scaling-out.md).
   */
  store?: FileStoreKind;
}

export type FileStoreKind = 'disk' | 'postgres';
export const FILE_STORES: readonly FileStoreKind[] = ['disk', 'postgres'];

// The settings travel with the others in ServerConfig; declared here, next to their only user.
declare module '../context' {
  interface ServerConfig {
    files: FileSettings;
  }
}

export const DEFAULT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** What a store kept of an upload: its size in bytes and its SHA-256 digest (hex). */
export interface StoredUpload {
  size: number;
  sha256: string;
}

/**
 * Where uploaded files are kept, open for the server's lifetime. A key is `<barcodeId>/<stored
 * name>` (storedKey), the path recorded in barcode_files.
 */
export interface FileStore {
  readonly kind: FileStoreKind;
  /**
   * Streams an upload under `key`, keeping nothing of it when it fails: an upload over `maxBytes`
   * (the parser marks the stream truncated) is FileTooLarge, an empty one ErrorCode.zeroFileSize,
   * a body that breaks off ErrorCode.invalidFormat (the client's fault); a failure to keep the
   * bytes is the server's and goes on as it is.
   */
  write(key: string, upload: IncomingFile, maxBytes: number): Promise<StoredUpload>;
  /** The stored bytes as a stream, or undefined when nothing is kept under `key`. */
  read(key: string): Promise<Readable | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes what is kept under `key`; the database store does it in `tx`, so it is undone with it. */
  remove(key: string, tx: Queryable): Promise<void>;
  close(): Promise<void>;
}

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

/** The files folder as a store (FILES_STORE=disk): each file at `<folder>/<barcodeId>/<stored name>`. */
export function diskFileStore(storage: FileStorage): FileStore {
  const pathOf = (key: string): string => {
    const [barcodeId = '', name = '', ...rest] = key.split('/');
    if (rest.length > 0) throw fieldFailure('filePath', ErrorCode.invalidKey);
    return storedPath(storage, barcodeId, name);
  };
  const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() === true;
  return {
    kind: 'disk',
    write: (key, upload, maxBytes) => writeUpload(pathOf(key), upload, maxBytes),
    read: async (key) => {
      const path = pathOf(key);
      if (!(await isFile(path))) return undefined;
      const handle = await open(path).catch(() => undefined);
      return handle?.createReadStream();
    },
    exists: (key) => isFile(pathOf(key)),
    // Called inside the caller's transaction: should the file resist removal, the row stays too.
    remove: async (key) => rm(pathOf(key), { force: true }),
    close: () => storage.close(),
  };
}

/** The SHA-256 digest (hex) of a stream's bytes, read to its end. */
export async function digestOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
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

/** The key a stored file is kept under, `<barcodeId>/<stored name>`, both parts checked against their patterns. */
export function storedKey(barcodeId: string, name: string): string {
  if (!BARCODE_ID.test(barcodeId) || !STORED_NAME.test(name)) throw fieldFailure('filePath', ErrorCode.invalidKey);
  return `${barcodeId}/${name}`;
}

/**
 * The absolute path of a stored file. Both parts must match their patterns (no '.', '/' or '\'
 * beyond the one extension dot), and the resolved path must lie inside the folder: a second
 * guard, should a pattern ever be loosened.
 */
export function storedPath(storage: Pick<FileStorage, 'dir'>, barcodeId: string, name: string): string {
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
 * server's. Returns the size in bytes and the digest of what was written.
 */
export async function writeUpload(path: string, upload: IncomingFile, maxBytes: number): Promise<StoredUpload> {
  await mkdir(dirname(path), { recursive: true });
  const target = createWriteStream(path, { flags: 'wx' });
  const hash = createHash('sha256');
  // The disk failed when the file being written reports an error while the body has none yet;
  // otherwise the body broke off (busboy stops the part with an error) and the pipeline stopped the write.
  let diskFailed = false;
  target.once('error', () => (diskFailed ||= upload.file.errored === null));
  try {
    await pipeline(upload.file, digesting(hash), target);
    if (upload.file.truncated) throw new FileTooLarge(maxBytes);
    if (target.bytesWritten === 0) throw fieldFailure('File', ErrorCode.zeroFileSize);
    return { size: target.bytesWritten, sha256: hash.digest('hex') };
  } catch (error) {
    // The pipeline can settle while the file is still being opened (or closed): removing it
    // before then would leave the file the open creates behind.
    if (!target.closed) await once(target, 'close').catch(() => undefined);
    // A name already taken is another upload's file (stored names are never reused): leave it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(path, { force: true });
    throw upload.file.errored !== null && !diskFailed ? commonFailure(ErrorCode.invalidFormat) : error;
  }
}

/** Passes the bytes on unchanged, adding each to `hash` on the way. */
function digesting(hash: Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}
