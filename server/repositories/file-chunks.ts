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
