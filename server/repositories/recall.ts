import type { Queryable } from '../db/database';

/** A barcode the search may start from, as the matcher reads it. */
export interface StartCandidateRow {
  id: string;
  barcode_type: string | null;
  activation_data: Record<string, unknown> | null;
  external_id: string | null;
}

/**
 * Barcodes of the project version that may match the search, narrowed in SQL: the barcode itself,
 * a value among `values` in one of the activation fields `keys`, a `needles` text inside the
 * external id (GS1 data is checked by the rules after), or the product code.
 */
export async function findStartCandidates(
  db: Queryable,
  projectId: string,
  search: { barcodeId?: string; keys: string[]; values: string[]; needles: string[]; productCode?: string },
): Promise<StartCandidateRow[]> {
  const { rows } = await db.query<StartCandidateRow>(
    `select b.id, b.barcode_type, b.activation_data, b.external_id from barcodes b
      where b.project_id = $1 and b.is_activated
        and (b.id = $2
          or exists (select 1 from jsonb_each_text(case when jsonb_typeof(b.activation_data) = 'object' then b.activation_data else '{}'::jsonb end) e
                      where e.key = any($3::text[]) and e.value = any($4::text[]))
          or exists (select 1 from unnest($5::text[]) n where strpos(b.external_id, n) > 0)
          or b.activation_data->>'productCode' = $6)`,
    [projectId, search.barcodeId ?? null, search.keys, search.values, search.needles, search.productCode ?? null],
  );
  return rows;
}

/**
 * The activated barcodes of a project version that, in [from, to) where given, reached the
 * trackpoint (an entry of `reached` there; any trackpoint when none is named) or, for a location,
 * were stocked in there or at a place inside it. Sorted by id.
 */
export async function findPlaceStarts(
  db: Queryable,
  projectId: string,
  place: { trackPointKey?: string; locationId?: string; from?: Date; to?: Date; reached: readonly string[] },
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `with recursive inside as (
       select id from locations where id = $3::uuid
       union all
       select l.id from locations l join inside i on l.parent_id = i.id
     )
     select distinct b.id from barcodes b join barcode_history h on h.barcode_id = b.id
      where b.project_id = $1 and b.is_activated
        and case when $3::uuid is null
              then h.action = any($2::text[]) and ($4::text is null or h.track_point_key = $4)
              else h.action = 'stocked-in' and h.data->>'locationId' in (select id::text from inside)
            end
        and ($5::timestamptz is null or h.created_at >= $5)
        and ($6::timestamptz is null or h.created_at < $6)
      order by b.id`,
    [
      projectId,
      place.reached,
      place.locationId ?? null,
      place.trackPointKey ?? null,
      place.from ?? null,
      place.to ?? null,
    ],
  );
  return rows.map((r) => r.id);
}

/** One history entry the trace reads. */
export interface TraceEntryRow {
  barcode_id: string;
  seq: number;
  action: string;
  track_point_key: string | null;
  data: unknown;
  created_at: Date;
}

/**
 * The entries with `actions` of those of the barcodes that belong to a project of the enterprise,
 * and which of the barcodes do: nothing of another enterprise enters a trace.
 */
export async function findTraceEntries(
  db: Queryable,
  ids: readonly string[],
  enterpriseId: string,
  actions: readonly string[] | null,
): Promise<{ inside: string[]; entries: TraceEntryRow[] }> {
  const inside = (
    await db.query<{ id: string }>(
      `select b.id from barcodes b join projects p on p.id = b.project_id where b.id = any($1::text[]) and p.enterprise_id = $2`,
      [ids, enterpriseId],
    )
  ).rows.map((r) => r.id);
  const { rows } = await db.query<TraceEntryRow>(
    `select h.barcode_id, h.seq, h.action, h.track_point_key, h.data, h.created_at from barcode_history h
      where h.barcode_id = any($1::text[]) and ($2::text[] is null or h.action = any($2::text[]))
      order by h.barcode_id, h.seq`,
    [inside, actions],
  );
  return { inside, entries: rows };
}

/** An implicated package with where it is now. */
export interface RecalledRow {
  id: string;
  barcode_type: string | null;
  external_id: string | null;
  activation_data: Record<string, unknown> | null;
  current_track_point_key: string | null;
  location_id: string | null;
  location_code: string | null;
  location_name: Record<string, string> | null;
  hold_reference: string | null;
}

/** The packages with their stock place (a bin, or none). */
export async function findRecalledRows(db: Queryable, ids: readonly string[]): Promise<RecalledRow[]> {
  const { rows } = await db.query<RecalledRow>(
    `select b.id, b.barcode_type, b.external_id, b.activation_data, b.current_track_point_key, b.hold_reference,
            s.location_id, l.code as location_code, l.name as location_name
       from barcodes b left join barcode_stock s on s.barcode_id = b.id left join locations l on l.id = s.location_id
      where b.id = any($1::text[])`,
    [ids],
  );
  return rows;
}
