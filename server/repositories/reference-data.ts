import type { Queryable } from '../db/database';

/** The imported reference values of the project's external id, by key. */
export async function findReferenceData(
  db: Queryable,
  projectId: string,
  externalId: string,
): Promise<{ key: string; value: string }[]> {
  const { rows } = await db.query<{ key: string; value: string }>(
    'select key, value from reference_data where project_id = $1 and external_id = $2 order by key',
    [projectId, externalId],
  );
  return rows;
}

/** Imports one reference value unless the key has one for the external id already. */
export async function insertReferenceValue(
  db: Queryable,
  projectId: string,
  externalId: string,
  key: string,
  value: string,
): Promise<void> {
  await db.query(
    `insert into reference_data (project_id, external_id, key, value) values ($1, $2, $3, $4)
     on conflict (project_id, external_id, key) do nothing`,
    [projectId, externalId, key, value],
  );
}
