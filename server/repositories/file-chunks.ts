import type { Queryable } from '../db/database';

/** The bytes of files kept in the database (FILES_STORE=postgres), in numbered chunks under their key. */

export async function insertChunk(db: Queryable, path: string, seq: number, bytes: Buffer): Promise<void> {
  await db.query('insert into file_chunks (path, seq, bytes) values ($1, $2, $3)', [path, seq, bytes]);
}

/** One chunk's bytes, undefined past the last. */
export async function findChunk(db: Queryable, path: string, seq: number): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ bytes: Uint8Array }>('select bytes from file_chunks where path = $1 and seq = $2', [
    path,
    seq,
  ]);
  const bytes = rows[0]?.bytes;
  // node-postgres answers a Buffer, PGlite a Uint8Array: the same bytes, without a copy.
  return bytes === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function hasChunks(db: Queryable, path: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from file_chunks where path = $1 and seq = 0', [path]);
  return rows.length > 0;
}

export async function deleteChunks(db: Queryable, path: string): Promise<void> {
  await db.query('delete from file_chunks where path = $1', [path]);
}

/** The bytes of one file kept under a key that no barcode_files row records. */
export interface UnrecordedChunks {
  path: string;
  size: number;
  /** When its latest chunk was written. */
  writtenAt: Date;
}

/**
 * Files in file_chunks that no barcode_files row records and none of whose chunks was written at
 * or after `before`: an upload still streaming in writes a chunk at least every chunk's worth of bytes.
 */
export async function unrecordedChunks(db: Queryable, before: Date): Promise<UnrecordedChunks[]> {
  const { rows } = await db.query<{ path: string; size: string | number; written_at: Date | string }>(
    `select c.path, sum(length(c.bytes))::bigint as size, max(c.written_at) as written_at
       from file_chunks c
      where not exists (select 1 from barcode_files f where f.path = c.path)
      group by c.path
     having max(c.written_at) < $1
      order by c.path`,
    [before.toISOString()],
  );
  return rows.map((r) => ({ path: r.path, size: Number(r.size), writtenAt: new Date(r.written_at) }));
}

/**
 * Removes the chunks of `path` if it is still unrecorded and untouched since `before` (the check of
 * unrecordedChunks again, in the same statement); resolves to the number of chunks removed.
 */
export async function deleteUnrecordedChunks(db: Queryable, path: string, before: Date): Promise<number> {
  const { rows } = await db.query<{ seq: number }>(
    `delete from file_chunks c
      where c.path = $1
        and not exists (select 1 from barcode_files f where f.path = c.path)
        and (select max(written_at) from file_chunks w where w.path = $1) < $2
     returning c.seq`,
    [path, before.toISOString()],
  );
  return rows.length;
}
