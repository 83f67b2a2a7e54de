import type { Queryable } from '../db/database';
import { chainPending } from './ledger';

/** SQL condition: history entry `h` is a tracking step that no later entry undid. */
const NOT_UNDONE = `not exists (select 1 from barcode_history u
  where u.barcode_id = h.barcode_id and u.action = 'tracking-undone' and (u.data->>'undoneSeq')::int = h.seq)`;

/**
 * Appends one entry to a barcode's history (never updated, never deleted), made now or, for a
 * write the device sent later than it was made (Made-At, rules/made-at.ts), at `madeAt`, and
 * chains it in the ledger (repositories/ledger.ts) in the same transaction.
 */
export async function appendHistory(
  db: Queryable,
  barcodeId: string,
  action: string,
  trackPointKey: string | null,
  data: unknown,
  userId: string,
  madeAt?: Date,
): Promise<void> {
  await db.query(
    `insert into barcode_history (barcode_id, seq, action, track_point_key, data, user_id, created_at)
     values ($1, coalesce((select max(seq) from barcode_history where barcode_id = $1), 0) + 1, $2, $3, $4, $5,
       -- a step made earlier on a device (Made-At) never goes before the barcode's latest entry
       case when $6::timestamptz is null then now()
         else greatest($6::timestamptz, (select max(created_at) from barcode_history where barcode_id = $1)) end)`,
    [barcodeId, action, trackPointKey, data === null ? null : JSON.stringify(data), userId, madeAt ?? null],
  );
  await chainPending(db, [barcodeId]);
}

/** The latest tracking step of the barcode's present trip (since its last recycle) that was not undone. */
export async function latestTrackingStep(
  db: Queryable,
  barcodeId: string,
): Promise<{ seq: number; user_id: string | null; track_point_key: string } | undefined> {
  const { rows } = await db.query<{ seq: number; user_id: string | null; track_point_key: string }>(
    `select h.seq, h.user_id, h.track_point_key from barcode_history h
      where h.barcode_id = $1 and h.action = 'tracked' and ${NOT_UNDONE}
        and h.seq > coalesce((select max(r.seq) from barcode_history r where r.barcode_id = $1 and r.action = 'recycled'), 0)
      order by h.seq desc limit 1`,
    [barcodeId],
  );
  return rows[0];
}

/** Who undid the tracking step `seq` of the barcode, or undefined while it is not undone. */
export async function undoerOf(
  db: Queryable,
  barcodeId: string,
  seq: number,
): Promise<{ user_id: string | null } | undefined> {
  const { rows } = await db.query<{ user_id: string | null }>(
    "select user_id from barcode_history where barcode_id = $1 and action = 'tracking-undone' and (data->>'undoneSeq')::int = $2 limit 1",
    [barcodeId, seq],
  );
  return rows[0];
}

/** The trackpoint the barcode's present trip started at: that of its latest activation. */
export async function startTrackPointKey(db: Queryable, barcodeId: string): Promise<string | null> {
  const { rows } = await db.query<{ track_point_key: string | null }>(
    "select track_point_key from barcode_history where barcode_id = $1 and action = 'activated' order by seq desc limit 1",
    [barcodeId],
  );
  return rows[0]?.track_point_key ?? null;
}

/** How many entries the barcode's history has. */
export async function countHistory(db: Queryable, barcodeId: string): Promise<number> {
  return (
    (await db.query<{ n: number }>('select count(*)::int as n from barcode_history where barcode_id = $1', [barcodeId]))
      .rows[0]?.n ?? 0
  );
}

/** A history entry with the name of whoever made it; `undone` is true for a tracking step a later entry undid. */
export interface HistoryRow {
  seq: number;
  action: string;
  track_point_key: string | null;
  staff: string | null;
  created_at: Date | string;
  undone: boolean;
  /** What the entry recorded (forms, undone step, related barcodes...). */
  data: unknown;
}

/** A page of the barcode's history, newest first. */
export async function historyPage(
  db: Queryable,
  barcodeId: string,
  skip: number,
  count: number,
): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `select h.seq, h.action, h.track_point_key, (u.first_name || ' ' || u.last_name) as staff, h.created_at, h.data,
            (h.action = 'tracked' and not ${NOT_UNDONE}) as undone
       from barcode_history h left join users u on u.id = h.user_id
      where h.barcode_id = $1 order by h.seq desc offset $2 limit $3`,
    [barcodeId, skip, count],
  );
  return rows;
}

/** How many tracking steps the user added (and did not undo) in the project between two instants. */
export async function countTrackingSteps(
  db: Queryable,
  projectId: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from barcode_history h join barcodes b on b.id = h.barcode_id
      where b.project_id = $1 and h.user_id = $2 and h.action = 'tracked' and ${NOT_UNDONE}
        and h.created_at >= $3 and h.created_at < $4`,
    [projectId, userId, from.toISOString(), to.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** The index of the barcode's latest activation entry (0 when it was never activated): what an activation edit corrects. */
export async function latestActivationSeq(db: Queryable, barcodeId: string): Promise<number> {
  const { rows } = await db.query<{ seq: number }>(
    "select coalesce(max(seq), 0) as seq from barcode_history where barcode_id = $1 and action = 'activated'",
    [barcodeId],
  );
  return rows[0]?.seq ?? 0;
}

/** How the barcodes `ids` are named: their external id and type (a barcode not found is left out). */
export async function barcodeLabels(
  db: Queryable,
  ids: readonly string[],
): Promise<{ id: string; external_id: string | null; barcode_type: string | null }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; external_id: string | null; barcode_type: string | null }>(
    'select id, external_id, barcode_type from barcodes where id = any($1::text[])',
    [[...new Set(ids)]],
  );
  return rows;
}
