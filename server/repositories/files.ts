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
