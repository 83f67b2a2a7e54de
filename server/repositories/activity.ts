import type { Queryable } from '../db/database';

/** One group of history entries: an action at a trackpoint on a day. */
export interface ActivityCountRow {
  day: string;
  action: 'generated' | 'activated' | 'tracked' | 'paired';
  track_point_key: string | null;
  n: number;
}

/**
 * The project's key actions since `since`, grouped by day (of the zone `utcOffset` hours east
 * of UTC), action and trackpoint. A pairing counts once (its parent's entry, which names the
 * children), not once per barcode it touched.
 */
export async function activityCounts(
  db: Queryable,
  projectId: string,
  since: Date,
  utcOffset: number,
): Promise<ActivityCountRow[]> {
  const { rows } = await db.query<ActivityCountRow>(
    `select to_char(h.created_at at time zone 'UTC' + make_interval(mins => $3::int), 'YYYY-MM-DD') as day,
            h.action, h.track_point_key, count(*)::int as n
       from barcode_history h join barcodes b on b.id = h.barcode_id
      where b.project_id = $1 and h.created_at >= $2
        and (h.action in ('generated', 'activated', 'tracked') or (h.action = 'paired' and h.data ? 'childrenIds'))
      group by 1, 2, 3`,
    [projectId, since, Math.round(utcOffset * 60)],
  );
  return rows;
}
