import type { Queryable } from '../db/database';

/** Stores an enterprise unless one with the id exists. */
export async function ensureEnterprise(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('insert into enterprises (id, name) values ($1, $2) on conflict (id) do nothing', [id, name]);
}

/** Stores an organization of an enterprise unless one with the id exists. */
export async function ensureOrganization(
  db: Queryable,
  organization: { id: string; enterpriseId: string; name: string },
): Promise<void> {
  await db.query(
    'insert into organizations (id, enterprise_id, name) values ($1, $2, $3) on conflict (id) do nothing',
    [organization.id, organization.enterpriseId, organization.name],
  );
}

/** The id of the enterprise's organization with this name, created (as `newId`) when there is none. */
export async function ensureNamedOrganization(
  db: Queryable,
  newId: string,
  enterpriseId: string,
  name: string,
): Promise<string> {
  await db.query(
    `insert into organizations (id, enterprise_id, name) select $1, $2, $3
      where not exists (select 1 from organizations where enterprise_id = $2 and name = $3)`,
    [newId, enterpriseId, name],
  );
  const { rows } = await db.query<{ id: string }>(
    'select id from organizations where enterprise_id = $1 and name = $2',
    [enterpriseId, name],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('organization missing after insert');
  return id;
}
