import type { Queryable } from '../db/database';
import type { EpcisEntry } from '../rows/history';

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An entry with what the barcode was at that moment: its external id (the latest activation,
 * activation edit or recycle up to the entry), its stock bin (the latest stock in / out or
 * recycle) and, for a tracking step, when it was undone. Each is one look-up on the history's
 * primary key (barcode_id, seq).
 */
const ENTRY_SELECT = `select h.barcode_id, h.seq, h.action, h.track_point_key, h.data, ${ISO('h.created_at')} as created_at,
    to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
    (select e.data->>'externalId' from barcode_history e where e.barcode_id = h.barcode_id and e.seq <= h.seq
        and e.action in ('activated', 'activation-edited', 'recycled') order by e.seq desc limit 1) as external_id,
    (select case when s.action = 'stocked-in' then s.data->>'locationId' end from barcode_history s where s.barcode_id = h.barcode_id and s.seq <= h.seq
        and s.action in ('stocked-in', 'stocked-out', 'recycled') order by s.seq desc limit 1) as stock_location_id,
    case when h.action = 'tracked' then (select ${ISO('u.created_at')} from barcode_history u where u.barcode_id = h.barcode_id
        and u.action = 'tracking-undone' and (u.data->>'undoneSeq')::int = h.seq limit 1) end as undone_at
  from barcode_history h`;

interface EntryRow {
  barcode_id: string;
  seq: number;
  action: string;
  track_point_key: string | null;
  data: unknown;
  created_at: string;
  cursor_at: string;
  external_id: string | null;
  stock_location_id: string | null;
  undone_at: string | null;
}

const toEntry = (r: EntryRow): EpcisEntry => ({
  barcodeId: r.barcode_id,
  seq: r.seq,
  action: r.action,
  trackPointKey: r.track_point_key,
  data: r.data,
  createdAt: r.created_at,
  externalId: r.external_id,
  stockLocationId: r.stock_location_id,
  undoneAt: r.undone_at,
});

/** The barcode and every descendant (children, their children, ...), the barcode first. */
export async function barcodeAndDescendantIds(db: Queryable, rootId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `with recursive tree(id, depth) as (
       select id, 0 from barcodes where id = $1
       union all
       select b.id, tree.depth + 1 from barcodes b join tree on b.parent_id = tree.id
     ) select id from tree order by depth, id`,
    [rootId],
  );
  return rows.map((r) => r.id);
}

/** Every history entry of the barcodes, in time order (then barcode, then index). */
export async function entriesOf(db: Queryable, barcodeIds: readonly string[]): Promise<EpcisEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `${ENTRY_SELECT} where h.barcode_id = any($1::text[]) order by h.created_at, h.barcode_id, h.seq`,
    [barcodeIds],
  );
  return rows.map(toEntry);
}

/** Where a batch of the project export ended: the next batch starts after it. */
export interface EntryCursor {
  at: string;
  barcodeId: string;
  seq: number;
}

/**
 * One batch of the project's entries made in [from, to), after `cursor` (keyset pagination on
 * the time index: each batch is one short statement, no transaction held between batches).
 */
export async function projectEntriesBatch(
  db: Queryable,
  projectId: string,
  from: string,
  to: string,
  cursor: EntryCursor | null,
  limit: number,
): Promise<{ entries: EpcisEntry[]; next: EntryCursor | null }> {
  const { rows } = await db.query<EntryRow>(
    // exists(): one primary-key look-up per entry read in index order, whatever the statistics say.
    `${ENTRY_SELECT}
      where exists (select 1 from barcodes b where b.id = h.barcode_id and b.project_id = $1) and h.created_at >= $2::timestamptz and h.created_at < $3::timestamptz
        and ($4::timestamptz is null or (h.created_at, h.barcode_id, h.seq) > ($4::timestamptz, $5::text, $6::int))
      order by h.created_at, h.barcode_id, h.seq limit $7`,
    [projectId, from, to, cursor?.at ?? null, cursor?.barcodeId ?? '', cursor?.seq ?? 0, limit],
  );
  const last = rows.at(-1);
  return {
    entries: rows.map(toEntry),
    next: rows.length === limit && last ? { at: last.cursor_at, barcodeId: last.barcode_id, seq: last.seq } : null,
  };
}

/** The time of the project's latest entry in [from, to), or null (the document's creation date). */
export async function latestEntryTime(
  db: Queryable,
  projectId: string,
  from: string,
  to: string,
): Promise<string | null> {
  const { rows } = await db.query<{ at: string | null }>(
    `select ${ISO('max(h.created_at)')} as at from barcode_history h join barcodes b on b.id = h.barcode_id
      where b.project_id = $1 and h.created_at >= $2::timestamptz and h.created_at < $3::timestamptz`,
    [projectId, from, to],
  );
  return rows[0]?.at ?? null;
}

/** The present external ids of barcodes an entry names (children, linked barcodes). */
export async function externalIdsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; external_id: string | null }>(
    'select id, external_id from barcodes where id = any($1::text[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.external_id]));
}
