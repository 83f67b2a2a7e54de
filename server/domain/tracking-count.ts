import type { TrackingCountQuery } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { belongsTo } from './barcodes';
import type { ServerContext } from '../context';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { findProject, type Viewer } from './projects';
import { NOT_UNDONE } from './tracking';

const HOUR_MS = 3_600_000;

/** The UTC instant a local date (YYYYMMDD) starts at, `utcOffset` hours east of UTC; 1013 on date when there is no such day. */
function localDayStart(date: string, utcOffset: number): { start: Date; iso: string } {
  const [year, month, day] = [date.slice(0, 4), date.slice(4, 6), date.slice(6, 8)].map(Number) as [number, number, number];
  const midnight = new Date(Date.UTC(year, month - 1, day));
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) throw fieldFailure('date', ErrorCode.incorrectDate);
  return { start: new Date(midnight.getTime() - utcOffset * HOUR_MS), iso: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}` };
}

/**
 * GET /barcode/tracking-count: how many tracking steps the caller added (and did not undo) in
 * the project on a day of their own time zone. Users of the project's enterprise only.
 */
export async function trackingCount(ctx: ServerContext, viewer: Viewer, query: TrackingCountQuery): Promise<{ date: string; count: number }> {
  const { start, iso } = localDayStart(query.date, query.utcOffset);
  const project = await findProject(ctx.db, { id: query.projectId });
  if (!belongsTo(viewer, project)) throw commonFailure(ErrorCode.forbidden, 403);
  const { rows } = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from barcode_history h join barcodes b on b.id = h.barcode_id
      where b.project_id = $1 and h.user_id = $2 and h.action = 'tracked' and ${NOT_UNDONE}
        and h.created_at >= $3 and h.created_at < $4`,
    [project.id, viewer.userId, start.toISOString(), new Date(start.getTime() + 24 * HOUR_MS).toISOString()],
  );
  return { date: iso, count: rows[0]?.n ?? 0 };
}
