import type { Queryable } from '../db/database';

/** A project file as last read: the digest of its canonical content and the revision in service then. */
export interface FileReadRow {
  digest: string;
  revision: number;
}

export async function findFileRead(db: Queryable, projectId: string, file: string): Promise<FileReadRow | undefined> {
  return (
    await db.query<FileReadRow>(
      'select digest, revision from project_file_imports where project_id = $1 and file = $2',
      [projectId, file],
    )
  ).rows[0];
}

export async function recordFileRead(db: Queryable, projectId: string, file: string, read: FileReadRow): Promise<void> {
  await db.query(
    `insert into project_file_imports (project_id, file, digest, revision) values ($1, $2, $3, $4)
     on conflict (project_id, file) do update set digest = excluded.digest, revision = excluded.revision, read_at = now()`,
    [projectId, file, read.digest, read.revision],
  );
}
