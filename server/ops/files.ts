/**
 * The uploads' upkeep for operators (docs/operators/upgrades.md): moving an installation's
 * uploads between the files folder and the database (FILES_STORE), and sweeping away stored bytes
 * that no barcode_files row records. `npm run files` (server/ops/files-cli.ts) runs them.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BARCODE_ID_PATTERN } from '../../schemas/api/barcode';
import { STORED_FILE_NAME_PATTERN } from '../../schemas/api/files';
import type { Database } from '../db/database';
import {
  digestOf,
  diskFileStore,
  storedPath,
  type FileStorage,
  type FileStore,
  type FileStoreKind,
} from '../infra/file-storage';
import { openDatabaseFileStore } from '../infra/file-store-postgres';
import * as chunks from '../repositories/file-chunks';
import * as files from '../repositories/files';

/** How many barcode_files rows a move reads at a time: its memory does not grow with the installation. */
const PAGE = 200;

/** The suffix of a file being written by a move to disk, renamed to its stored name once checked. */
export const MOVING_SUFFIX = '.moving';

/** What a move did, or (dry run) would do. */
export interface MoveSummary {
  /** Keys moved (dry run: to move), with their sizes in bytes. */
  moved: { path: string; size: number }[];
  /** Recorded files already kept by the destination only. */
  alreadyThere: number;
  /** Recorded files kept by neither store (already answered 404 before the move). */
  missing: string[];
  /** Files left where they were, and why: their bytes do not match the digest recorded at upload. */
  refused: { path: string; reason: string }[];
  /** True when asked to stop (shouldStop) before every file was seen. */
  stopped: boolean;
}

export interface MoveOptions {
  /** List what would move, change nothing. */
  dryRun?: boolean;
  /** Asked between two files: true stops the move there (Ctrl-C finishes the file under way first). */
  shouldStop?: () => boolean;
  log?: (line: string) => void;
}

/** A copy whose bytes are not the ones expected: the file is left where it was. */
class Refused extends Error {}

const folderStorage = (dir: string): FileStorage => ({ dir, close: async () => undefined });

function diskPath(dir: string, key: string): string {
  const [barcodeId = '', name = '', ...rest] = key.split('/');
  if (rest.length > 0) throw new Refused('not a stored file key');
  try {
    return storedPath(folderStorage(dir), barcodeId, name);
  } catch {
    throw new Refused('not a stored file key');
  }
}

/**
 * Moves every recorded upload from the files folder `dir` into the database (`to` 'postgres'), or
 * back (`to` 'disk'), one file at a time, so it can be stopped anywhere and run again: a file is
 * copied whole (into the database in one transaction; onto disk under a temporary name, flushed,
 * then renamed), its copy read back and checked against the digest recorded at upload (or, for a
 * file recorded without one, the digest of its source, which is then recorded), and only then
 * removed from where it was. A second run finds moved files at their destination and skips them.
 */
export async function moveUploads(
  db: Database,
  dir: string,
  to: FileStoreKind,
  options: MoveOptions = {},
): Promise<MoveSummary> {
  const log = options.log ?? (() => undefined);
  const disk = diskFileStore(folderStorage(dir));
  const database = openDatabaseFileStore(db);
  const [source, target] = to === 'postgres' ? [disk, database] : [database, disk];
  const summary: MoveSummary = { moved: [], alreadyThere: 0, missing: [], refused: [], stopped: false };
  let after = '';
  for (;;) {
    const page = await files.recordedFilesAfter(db, after, PAGE);
    if (page.length === 0) break;
    for (const file of page) {
      if (options.shouldStop?.()) {
        summary.stopped = true;
        return summary;
      }
      try {
        const path = diskPath(dir, file.path);
        if (!(await source.exists(file.path))) {
          if (await target.exists(file.path)) summary.alreadyThere += 1;
          else summary.missing.push(file.path);
          continue;
        }
        if (!options.dryRun) {
          if (to === 'postgres') await intoDatabase(db, disk, file, path);
          else await ontoDisk(db, database, file, path);
        }
        summary.moved.push({ path: file.path, size: file.size });
        log(`${options.dryRun ? 'would move' : 'moved'} ${file.path} (${file.size} bytes)`);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        summary.refused.push({ path: file.path, reason: error.message });
        log(`left in place: ${file.path}: ${error.message}`);
      }
    }
    after = page[page.length - 1]!.path;
  }
  return summary;
}

/** Copies one file from disk into file_chunks in one transaction, checks the copy, then removes the disk file. */
async function intoDatabase(db: Database, disk: FileStore, file: files.RecordedFile, path: string): Promise<void> {
  const kept = await db.transaction(async (tx) => {
    // Locked until the copy commits: a delete of this upload waits, and finds the copy to remove.
    const row = await files.lockDigest(tx, file.path);
    if (row === undefined) return false;
    const store = openDatabaseFileStore(tx);
    // Chunks of an earlier copy whose disk file stayed (the run stopped in between) are replaced.
    await chunks.deleteChunks(tx, file.path);
    const bytes = await disk.read(file.path);
    if (bytes === undefined) return false;
    const written = await store.write(file.path, { filename: file.path, file: bytes }, Number.POSITIVE_INFINITY);
    if (row.sha256 !== null && written.sha256 !== row.sha256)
      throw new Refused('its bytes on disk do not match the digest recorded at upload');
    const copy = await store.read(file.path);
    if (copy === undefined || (await digestOf(copy)) !== written.sha256)
      throw new Refused('the copy in the database does not match the file on disk');
    if (row.sha256 === null) await files.recordMissingDigest(tx, file.path, written.sha256);
    return true;
  });
  // Only once the copy is committed: stopped before this line, the next run copies it again.
  if (kept) await rm(path, { force: true });
}

/**
 * Writes one file from file_chunks to disk under a temporary name, flushes and checks it, renames it
 * to its stored name, then removes its chunks in a transaction that holds the row.
 */
async function ontoDisk(db: Database, database: FileStore, file: files.RecordedFile, path: string): Promise<void> {
  const moving = path + MOVING_SUFFIX;
  await mkdir(dirname(path), { recursive: true });
  const bytes = await database.read(file.path);
  if (bytes === undefined) return;
  try {
    const hash = createHash('sha256');
    await pipeline(
      bytes,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(moving),
    );
    const source = hash.digest('hex');
    if (file.sha256 !== null && source !== file.sha256)
      throw new Refused('its bytes in the database do not match the digest recorded at upload');
    const handle = await open(moving, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const copied = await digestOf(createReadStream(moving));
    if (copied !== source) throw new Refused('the copy on disk does not match the file in the database');
    await rename(moving, path);
    await syncFolder(dirname(path));
    await db.transaction(async (tx) => {
      const row = await files.lockDigest(tx, file.path);
      if (row?.sha256 === null) await files.recordMissingDigest(tx, file.path, copied);
      await chunks.deleteChunks(tx, file.path);
    });
  } finally {
    await rm(moving, { force: true });
  }
}

/** Makes a rename in `dir` durable (a no-op where folders cannot be opened for it). */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

/** Stored bytes no barcode_files row records, found (dry run) or removed by a sweep. */
export interface SweepSummary {
  /** In file_chunks, by key. */
  database: { path: string; size: number }[];
  /** In the files folder, by path relative to it. */
  disk: { path: string; size: number }[];
}

export interface SweepOptions {
  /** Bytes written less than this long ago are kept, recorded or not: their upload may be under way. */
  graceMs: number;
  dryRun?: boolean;
  /** The present moment (tests); the clock by default. */
  now?: Date;
  log?: (line: string) => void;
}

const BARCODE_ID = new RegExp(BARCODE_ID_PATTERN);
const STORED_NAME = new RegExp(STORED_FILE_NAME_PATTERN);

/**
 * Removes stored bytes that no barcode_files row records and that nothing wrote to for `graceMs`:
 * what a crash between writing an upload and recording it leaves, in the database (file_chunks)
 * and in the files folder `dir` (null: none), whichever store is configured, and the temporary
 * files of a move to disk that was stopped. An upload under way writes as its bytes arrive, so its
 * latest write is always recent and it is kept; anything in the folder that is not a stored file
 * is left alone.
 */
export async function sweepOrphanUploads(
  db: Database,
  dir: string | null,
  options: SweepOptions,
): Promise<SweepSummary> {
  const log = options.log ?? (() => undefined);
  const before = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  const verb = options.dryRun ? 'would remove' : 'removed';
  const summary: SweepSummary = { database: [], disk: [] };
  for (const found of await chunks.unrecordedChunks(db, before)) {
    if (!options.dryRun && (await chunks.deleteUnrecordedChunks(db, found.path, before)) === 0) continue;
    summary.database.push({ path: found.path, size: found.size });
    log(`${verb} ${found.path} from the database (${found.size} bytes, last written ${found.writtenAt.toISOString()})`);
  }
  if (dir === null) return summary;
  const barcodes = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const folder of barcodes) {
    if (!folder.isDirectory() || !BARCODE_ID.test(folder.name)) continue;
    const candidates: { key: string; path: string; size: number; moving: boolean }[] = [];
    for (const entry of await readdir(join(dir, folder.name), { withFileTypes: true })) {
      const moving = entry.name.endsWith(MOVING_SUFFIX);
      const name = moving ? entry.name.slice(0, -MOVING_SUFFIX.length) : entry.name;
      if (!entry.isFile() || !STORED_NAME.test(name)) continue;
      const path = join(dir, folder.name, entry.name);
      const info = await stat(path).catch(() => undefined);
      if (!info || info.mtime >= before) continue;
      candidates.push({ key: `${folder.name}/${name}`, path, size: info.size, moving });
    }
    const recorded = await files.recordedAmong(
      db,
      candidates.filter((c) => !c.moving).map((c) => c.key),
    );
    for (const candidate of candidates) {
      if (!candidate.moving && recorded.has(candidate.key)) continue;
      if (!options.dryRun) await rm(candidate.path, { force: true });
      const relative = `${folder.name}/${candidate.path.slice(join(dir, folder.name).length + 1)}`;
      summary.disk.push({ path: relative, size: candidate.size });
      log(`${verb} ${relative} from ${dir} (${candidate.size} bytes)`);
    }
  }
  return summary;
}
