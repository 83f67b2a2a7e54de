import type { Queryable } from '../db/database';
import type { BulkBarcode } from '../rows/barcodes';

/** A history entry that running quantities read. */
export interface QuantityEntryRow {
  seq: number;
  action: string;
  track_point_key: string | null;
  data: Record<string, unknown> | null;
  created_at: Date | string;
}

/**
 * The SQL of bulk requests: one statement per step whatever the list's length, so 1,000 barcodes
 * cost about what one does.
 */

/**
 * The listed barcodes that exist (any project, any enterprise: the rules decide what the
 * viewer may know), with their direct children, links and stock, in one statement.
 */
export async function findBulkBarcodes(db: Queryable, ids: readonly string[]): Promise<BulkBarcode[]> {
  // Children, links and stock are read per list (grouped), not per barcode: one pass each.
  const { rows } = await db.query<BulkBarcode>(
    `select b.id, p.code as project_code, p.version as project_version, p.enterprise_id, b.barcode_type, b.is_activated,
            b.is_deactivated, b.current_track_point_key, b.external_id, b.parent_id, b.revision, b.is_sealed, b.cycle, b.hold_reference,
            coalesce(c.n, 0)::int as children_count, coalesce(l.n, 0)::int as link_count, s.location_id::text as stock_location_id
       from barcodes b join projects p on p.id = b.project_id
       left join (select parent_id, count(*) as n from barcodes where parent_id = any($1::text[]) group by parent_id) c on c.parent_id = b.id
       left join (select x.id, count(*) as n from (
                    select from_id as id from barcode_links where from_id = any($1::text[])
                    union all select to_id from barcode_links where to_id = any($1::text[])) x group by x.id) l on l.id = b.id
       left join barcode_stock s on s.barcode_id = b.id
      where b.id = any($1::text[])`,
    [ids],
  );
  return rows;
}

/** The barcodes as stored (every column), for the route notifications of a bulk step. */
export async function findBarcodes<Row>(db: Queryable, ids: readonly string[]): Promise<Row[]> {
  return (await db.query<Row>('select * from barcodes where id = any($1::text[]) order by id', [ids])).rows;
}

/**
 * Moves each barcode to the trackpoint if it is still at the revision read; answers how many
 * moved (fewer: someone changed one first, and the caller rolls back).
 */
export async function moveAllToTrackPoint(
  tx: Queryable,
  barcodes: readonly { id: string; revision: number }[],
  trackPointKey: string,
): Promise<number> {
  const { rows } = await tx.query(
    `update barcodes b set current_track_point_key = $3, revision = b.revision + 1
       from unnest($1::text[], $2::int[]) as x(id, revision) where b.id = x.id and b.revision = x.revision returning b.id`,
    [barcodes.map((b) => b.id), barcodes.map((b) => b.revision), trackPointKey],
  );
  return rows.length;
}

/** Resets each barcode for reuse (as `resetForReuse`) if it is still at the revision read; answers how many. */
export async function resetAllForReuse(
  tx: Queryable,
  barcodes: readonly { id: string; revision: number }[],
): Promise<number> {
  const { rows } = await tx.query(
    `update barcodes b set barcode_type = null, is_activated = false, current_track_point_key = null, external_id = null,
            tracking_number = null, activation_data = null, cycle = b.cycle + 1, revision = b.revision + 1
       from unnest($1::text[], $2::int[]) as x(id, revision) where b.id = x.id and b.revision = x.revision returning b.id`,
    [barcodes.map((b) => b.id), barcodes.map((b) => b.revision)],
  );
  return rows.length;
}

/** Moves the revision of each barcode on if it is still at the one read (a stock change guards against a concurrent one). */
export async function bumpAllRevisions(
  tx: Queryable,
  barcodes: readonly { id: string; revision: number }[],
): Promise<number> {
  const { rows } = await tx.query(
    `update barcodes b set revision = b.revision + 1
       from unnest($1::text[], $2::int[]) as x(id, revision) where b.id = x.id and b.revision = x.revision returning b.id`,
    [barcodes.map((b) => b.id), barcodes.map((b) => b.revision)],
  );
  return rows.length;
}

/** The history entries of each barcode's present trip (since its last recycle) that quantities read, oldest first. */
export async function quantityEntries(db: Queryable, ids: readonly string[]): Promise<Map<string, QuantityEntryRow[]>> {
  const { rows } = await db.query<QuantityEntryRow & { barcode_id: string }>(
    `select h.barcode_id, h.seq, h.action, h.track_point_key, h.data, h.created_at from barcode_history h
      where h.barcode_id = any($1::text[])
        and h.action in ('activated', 'activation-edited', 'tracked', 'tracking-edited', 'tracking-undone')
        and h.seq > coalesce((select max(r.seq) from barcode_history r where r.barcode_id = h.barcode_id and r.action = 'recycled'), 0)
      order by h.barcode_id, h.seq`,
    [ids],
  );
  const byBarcode = new Map<string, QuantityEntryRow[]>();
  for (const { barcode_id: id, ...entry } of rows) {
    const list = byBarcode.get(id) ?? [];
    list.push(entry);
    byBarcode.set(id, list);
  }
  return byBarcode;
}

/** A tracking step of the user's day, with its barcode's label. */
export interface UserTrackingRow {
  barcode_id: string;
  seq: number;
  track_point_key: string;
  barcode_type: string | null;
  external_id: string | null;
  created_at: Date | string;
  skipped: boolean;
  total: number;
}

/** The user's tracking steps (not undone) in the project between two instants, newest first, a page of them with the total. */
export async function userTrackingSteps(
  db: Queryable,
  projectId: string,
  userId: string,
  from: Date,
  to: Date,
  skip: number,
  count: number,
): Promise<{ total: number; items: UserTrackingRow[] }> {
  const where = `from barcode_history h join barcodes b on b.id = h.barcode_id
      where b.project_id = $1 and h.user_id = $2 and h.action = 'tracked' and h.created_at >= $3 and h.created_at < $4
        and not exists (select 1 from barcode_history u
          where u.barcode_id = h.barcode_id and u.action = 'tracking-undone' and (u.data->>'undoneSeq')::int = h.seq)`;
  const params = [projectId, userId, from.toISOString(), to.toISOString()];
  const { rows } = await db.query<UserTrackingRow>(
    `select h.barcode_id, h.seq, h.track_point_key, b.barcode_type, b.external_id, h.created_at,
            coalesce((h.data->>'skipped')::boolean, false) as skipped, count(*) over ()::int as total
       ${where} order by h.created_at desc, h.barcode_id, h.seq desc offset $5 limit $6`,
    [...params, skip, count],
  );
  const first = rows[0];
  if (first) return { total: first.total, items: rows };
  const total =
    skip === 0 ? 0 : ((await db.query<{ n: number }>(`select count(*)::int as n ${where}`, params)).rows[0]?.n ?? 0);
  return { total, items: [] };
}
