import type { Queryable } from '../db/database';
import type { ProjectConfig } from '../../schemas/project-config';

/** How a revision came to be. */
export type RevisionMode = 'initial' | 'inPlace' | 'newVersion' | 'rollback' | 'file';

/** Who did something: an admin's id (null for the command line) and their name then. */
export interface Actor {
  id: string | null;
  name: string;
}

export interface RevisionRow {
  revision: number;
  mode: RevisionMode;
  note: string;
  published_by: string | null;
  published_by_name: string;
  published_at: Date;
}

export interface DraftRow {
  project_id: string;
  config: ProjectConfig;
  based_on_revision: number;
  etag: number;
  saved_by: string | null;
  saved_by_name: string;
  saved_at: Date;
}

const REVISION_COLUMNS = 'revision, mode, note, published_by, published_by_name, published_at';

export async function listRevisions(db: Queryable, projectId: string): Promise<RevisionRow[]> {
  return (
    await db.query<RevisionRow>(
      `select ${REVISION_COLUMNS} from config_revisions where project_id = $1 order by revision desc`,
      [projectId],
    )
  ).rows;
}

export async function findRevision(
  db: Queryable,
  projectId: string,
  revision: number,
): Promise<(RevisionRow & { config: ProjectConfig }) | undefined> {
  return (
    await db.query<RevisionRow & { config: ProjectConfig }>(
      `select ${REVISION_COLUMNS}, config from config_revisions where project_id = $1 and revision = $2`,
      [projectId, revision],
    )
  ).rows[0];
}

export async function insertRevision(
  db: Queryable,
  projectId: string,
  revision: number,
  config: ProjectConfig,
  mode: RevisionMode,
  note: string,
  by: Actor,
): Promise<void> {
  await db.query(
    `insert into config_revisions (project_id, revision, config, mode, note, published_by, published_by_name) values ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
    [projectId, revision, JSON.stringify(config), mode, note, by.id, by.name],
  );
}

/**
 * Puts a revision in service in place: only when the project is still at `from` (two publishes
 * at once: one wins, the other changes nothing). False when it was not.
 */
export async function setCurrentRevision(
  db: Queryable,
  projectId: string,
  from: number,
  to: number,
  config: ProjectConfig,
): Promise<boolean> {
  const { rows } = await db.query(
    'update projects set config = $4::jsonb, revision = $3 where id = $1 and revision = $2 returning id',
    [projectId, from, to, JSON.stringify(config)],
  );
  return rows.length > 0;
}

export async function findDraft(db: Queryable, projectId: string): Promise<DraftRow | undefined> {
  return (await db.query<DraftRow>('select * from config_drafts where project_id = $1', [projectId])).rows[0];
}

/** A new draft, unless the project has one (false then). */
export async function insertDraft(
  db: Queryable,
  projectId: string,
  config: ProjectConfig,
  basedOn: number,
  by: Actor,
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into config_drafts (project_id, config, based_on_revision, etag, saved_by, saved_by_name) values ($1, $2::jsonb, $3, 1, $4, $5)
     on conflict (project_id) do nothing returning etag`,
    [projectId, JSON.stringify(config), basedOn, by.id, by.name],
  );
  return rows.length > 0;
}

/** Saves the draft if it is still at `etag`; the new etag, or null when someone saved meanwhile (or it is gone). */
export async function saveDraft(
  db: Queryable,
  projectId: string,
  etag: number,
  config: ProjectConfig,
  by: Actor,
): Promise<number | null> {
  const { rows } = await db.query<{ etag: number }>(
    `update config_drafts set config = $3::jsonb, etag = etag + 1, saved_by = $4, saved_by_name = $5, saved_at = now()
     where project_id = $1 and etag = $2 returning etag`,
    [projectId, etag, JSON.stringify(config), by.id, by.name],
  );
  return rows[0]?.etag ?? null;
}

/** Removes the draft if it is at `etag` (any etag when null); false when it was not there so. */
export async function deleteDraft(db: Queryable, projectId: string, etag: number | null): Promise<boolean> {
  const { rows } =
    etag === null
      ? await db.query('delete from config_drafts where project_id = $1 returning etag', [projectId])
      : await db.query('delete from config_drafts where project_id = $1 and etag = $2 returning etag', [
          projectId,
          etag,
        ]);
  return rows.length > 0;
}

export interface TestEntryRow {
  id: string;
  barcode_type: string;
  form: string;
  data: unknown;
  errors: Record<string, number[]>;
  made_by: string | null;
  created_at: Date;
}

export async function insertTestEntry(
  db: Queryable,
  projectId: string,
  entry: Omit<TestEntryRow, 'created_at'>,
): Promise<void> {
  await db.query(
    'insert into config_test_entries (id, project_id, barcode_type, form, data, errors, made_by) values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)',
    [
      entry.id,
      projectId,
      entry.barcode_type,
      entry.form,
      JSON.stringify(entry.data),
      JSON.stringify(entry.errors),
      entry.made_by,
    ],
  );
}

export async function listTestEntries(db: Queryable, projectId: string): Promise<TestEntryRow[]> {
  return (
    await db.query<TestEntryRow>(
      'select id, barcode_type, form, data, errors, made_by, created_at from config_test_entries where project_id = $1 order by created_at desc limit 100',
      [projectId],
    )
  ).rows;
}

export async function deleteTestEntries(db: Queryable, projectId: string): Promise<void> {
  await db.query('delete from config_test_entries where project_id = $1', [projectId]);
}

/** Which stored records to count (rules/config-diff.ts `UsageQuery` says what each part means). */
export interface UsageQuery {
  place: { barcodeType: string; trackPoint?: string; form?: string };
  field?: string;
  values?: string[];
  missing?: boolean;
  atTrackPoint?: boolean;
}

/**
 * How many stored records a change touches (rules/config-diff.ts UsageQuery): activation data
 * of the project's barcodes of a type, or tracking entries ('tracked', 'tracking-edited') at a
 * trackpoint with a value in the form's data; for a trackpoint, the barcodes now there or with history there.
 */
export async function countUsage(db: Queryable, projectId: string, query: UsageQuery): Promise<number> {
  const { place, field } = query;
  const params: unknown[] = [];
  const param = (value: unknown, cast = ''): string => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  const project = `b.project_id = ${param(projectId)} and b.barcode_type = ${param(place.barcodeType)}`;
  let sql: string;
  if (query.atTrackPoint) {
    const point = param(place.trackPoint);
    sql = `select count(*)::int as n from barcodes b where ${project}
      and (b.current_track_point_key = ${point} or exists (select 1 from barcode_history h where h.barcode_id = b.id and h.track_point_key = ${point}))`;
  } else if (field === undefined) {
    sql = `select count(*)::int as n from barcodes b where ${project}`;
  } else {
    const activation = place.trackPoint === undefined;
    const value = activation
      ? `b.activation_data -> ${param(field, '::text')}`
      : `h.data -> 'forms' -> ${param(place.form ?? '', '::text')} -> ${param(field, '::text')}`;
    const condition = query.missing
      ? `(${value} is null or ${value} = 'null'::jsonb)`
      : query.values
        ? `(${value} <@ ${param(JSON.stringify(query.values), '::jsonb')} or ${value} ?| ${param(query.values, '::text[]')})`
        : `(${value} is not null and ${value} <> 'null'::jsonb)`;
    sql = activation
      ? `select count(*)::int as n from barcodes b where ${project} and b.is_activated and ${condition}`
      : `select count(*)::int as n from barcode_history h join barcodes b on b.id = h.barcode_id
          where ${project} and h.track_point_key = ${param(place.trackPoint)} and h.action in ('tracked', 'tracking-edited') and ${condition}`;
  }
  return (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
}

/**
 * `code@<highest>+1` of the project's code, a copy of `from` (enterprise, name, logo, members)
 * with `config` at revision 1; its version, or null when another new version took that number meanwhile.
 */
export async function insertProjectVersion(
  db: Queryable,
  from: string,
  id: string,
  config: ProjectConfig,
): Promise<number | null> {
  const { rows } = await db.query<{ version: number }>(
    `insert into projects (id, enterprise_id, code, version, revision, name, config, custom_logo, custom_logo_type)
     select $2, p.enterprise_id, p.code, (select max(v.version) + 1 from projects v where v.code = p.code), 1, p.name, $3::jsonb, p.custom_logo, p.custom_logo_type
       from projects p where p.id = $1
     on conflict (code, version) do nothing returning version`,
    [from, id, JSON.stringify(config)],
  );
  const version = rows[0]?.version;
  if (version === undefined) return null;
  await db.query(
    `insert into project_members (project_id, user_id, can_generate_barcode, can_activate_barcode, can_add_tracking, can_recall)
     select $2, user_id, can_generate_barcode, can_activate_barcode, can_add_tracking, can_recall from project_members where project_id = $1`,
    [from, id],
  );
  return version;
}
