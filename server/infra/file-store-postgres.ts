import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorCode } from '../../schemas/error-codes';
import type { Queryable } from '../db/database';
import * as chunks from '../repositories/file-chunks';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { FileTooLarge, type FileStore } from './file-storage';

/**
 * How many bytes one row of file_chunks holds: what a request keeps in memory at most while a
 * file is written or served, whatever the file's size.
 */
export const FILE_CHUNK_BYTES = 256 * 1024;

/**
 * Files kept in the database (FILES_STORE=postgres): each in rows of file_chunks, written one by one
 * as the upload streams in and read back one by one as it is served, so servers that share the
 * database share the files, and the database's backup holds them (docs/operators/scaling-out.md).
 * On a transaction, what it writes and removes is kept only if the transaction commits (a file
 * moved from disk by `npm run files -- move` is copied whole or not at all).
 */
export function openDatabaseFileStore(db: Queryable): FileStore {
  return {
    kind: 'postgres',
    write: async (key, upload, maxBytes) => {
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      // The database failed when a write throws; otherwise a failure while reading is the body's.
      let databaseFailed = false;
      const put = async (bytes: Buffer) => {
        try {
          await chunks.insertChunk(db, key, seq, bytes);
        } catch (error) {
          databaseFailed = true;
          throw error;
        }
        seq += 1;
      };
      try {
        for await (const piece of upload.file as AsyncIterable<Buffer>) {
          hash.update(piece);
          size += piece.length;
          pending.push(piece);
          pendingBytes += piece.length;
          if (pendingBytes < FILE_CHUNK_BYTES) continue;
          const all = Buffer.concat(pending, pendingBytes);
          let at = 0;
          for (; all.length - at >= FILE_CHUNK_BYTES; at += FILE_CHUNK_BYTES)
            await put(all.subarray(at, at + FILE_CHUNK_BYTES));
          pending = at < all.length ? [all.subarray(at)] : [];
          pendingBytes = all.length - at;
        }
        if (upload.file.truncated) throw new FileTooLarge(maxBytes);
        if (size === 0) throw fieldFailure('File', ErrorCode.zeroFileSize);
        if (pendingBytes > 0) await put(Buffer.concat(pending, pendingBytes));
        return { size, sha256: hash.digest('hex') };
      } catch (error) {
        await chunks.deleteChunks(db, key);
        throw upload.file.errored && !databaseFailed ? commonFailure(ErrorCode.invalidFormat) : error;
      }
    },
    read: async (key) => {
      if (!(await chunks.hasChunks(db, key))) return undefined;
      // One chunk at a time, the next only once the reader asked for more.
      return Readable.from(
        (async function* () {
          for (let seq = 0; ; seq += 1) {
            const bytes = await chunks.findChunk(db, key, seq);
            if (bytes === undefined) return;
            yield bytes;
          }
        })(),
        { objectMode: false },
      );
    },
    exists: (key) => chunks.hasChunks(db, key),
    remove: (key, tx) => chunks.deleteChunks(tx, key),
    close: async () => undefined,
  };
}
