import type { Queryable } from '../db/database';

/** An uploaded file to record: `path` is `<barcodeId>/<stored name>`, relative to the files folder. */
export interface NewFile {
  id: string;
  barcodeId: string;
  userId: string;
  path: string;
  originalName: string;
  size: number;
  contentType: string;
  /** The SHA-256 digest (hex) of the bytes as uploaded. */
  sha256: string;
}

export async function insertFile(db: Queryable, file: NewFile): Promise<void> {
  await db.query(
    `insert into barcode_files (id, barcode_id, user_id, path, original_name, size, content_type, sha256)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [file.id, file.barcodeId, file.userId, file.path, file.originalName, file.size, file.contentType, file.sha256],
  );
}

/** The name a recorded file was uploaded with, and its digest (null: recorded before digests were). */
export async function findServed(
  db: Queryable,
  path: string,
): Promise<{ original_name: string; sha256: string | null } | undefined> {
  return (
    await db.query<{ original_name: string; sha256: string | null }>(
      'select original_name, sha256 from barcode_files where path = $1',
      [path],
    )
  ).rows[0];
}

/** Who uploaded a recorded file; the row stays locked until the transaction ends. */
export async function lockUploader(db: Queryable, path: string): Promise<{ user_id: string } | undefined> {
  return (await db.query<{ user_id: string }>('select user_id from barcode_files where path = $1 for update', [path]))
    .rows[0];
}

/** Whether a file's URL was saved with the barcode's activation or a tracking step. */
export async function isSaved(db: Queryable, barcodeId: string, name: string): Promise<boolean> {
  const { rows } = await db.query<{ saved: boolean }>(
    `select exists (select 1 from barcodes where id = $1 and position($2 in coalesce(activation_data::text, '')) > 0)
         or exists (select 1 from barcode_history where barcode_id = $1 and position($2 in coalesce(data::text, '')) > 0) as saved`,
    [barcodeId, name],
  );
  return rows[0]?.saved === true;
}

export async function deleteFile(db: Queryable, path: string): Promise<void> {
  await db.query('delete from barcode_files where path = $1', [path]);
}

/** A recorded file as the commands that move uploads between stores read it. */
export interface RecordedFile {
  path: string;
  size: number;
  sha256: string | null;
}

/** Up to `limit` recorded files whose key sorts after `after` ('' for the first), in key order. */
export async function recordedFilesAfter(db: Queryable, after: string, limit: number): Promise<RecordedFile[]> {
  const { rows } = await db.query<{ path: string; size: string | number; sha256: string | null }>(
    'select path, size, sha256 from barcode_files where path > $1 order by path limit $2',
    [after, limit],
  );
  return rows.map((r) => ({ path: r.path, size: Number(r.size), sha256: r.sha256 }));
}

/** A recorded file's digest, its row locked until the transaction ends; undefined once deleted. */
export async function lockDigest(db: Queryable, path: string): Promise<{ sha256: string | null } | undefined> {
  return (
    await db.query<{ sha256: string | null }>('select sha256 from barcode_files where path = $1 for update', [path])
  ).rows[0];
}

/** Records the digest of a file uploaded before digests were, once its bytes were read whole. */
export async function recordMissingDigest(db: Queryable, path: string, sha256: string): Promise<void> {
  await db.query('update barcode_files set sha256 = $2 where path = $1 and sha256 is null', [path, sha256]);
}

/** Which of `paths` a barcode_files row records. */
export async function recordedAmong(db: Queryable, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const { rows } = await db.query<{ path: string }>('select path from barcode_files where path = any($1::text[])', [
    paths,
  ]);
  return new Set(rows.map((r) => r.path));
}
