import type { HistoryEntry, HistoryQuery, TrackingCountQuery } from '../../schemas/api/barcode';
import type { ServerContext } from '../context';
import * as history from '../repositories/history';
import type { HistoryRow } from '../repositories/history';
import { assertMember, type Viewer } from '../rules/access';
import { bulkHistoryMarks } from '../rules/bulk';
import { relatedBarcodesOf } from '../rules/pairing';
import { localDay } from '../rules/tracking-count';
import { projectOfBarcodeFor } from './barcodes';
import { loadProject } from './projects';

/** Default page size of GET /barcode/history. */
const HISTORY_PAGE_SIZE = 20;

/**
 * A history entry as GET /barcode/history lists it; tracking steps say whether they were undone,
 * pairing, linking and moves with a parent which barcodes they involved.
 */
function toHistoryEntry(r: HistoryRow): HistoryEntry {
  const related = relatedBarcodesOf(r.action, r.data);
  return {
    seq: r.seq,
    action: r.action,
    trackPointKey: r.track_point_key,
    staffName: r.staff,
    createdAt: new Date(r.created_at).toISOString(),
    ...(r.action === 'tracked' ? { undone: r.undone } : {}),
    ...(related ? { relatedBarcodeIds: related } : {}),
    ...bulkHistoryMarks(r.action, r.data),
  };
}

/** GET /barcode/history: the barcode's steps, newest first, for users of its enterprise. */
export async function barcodeHistory(
  ctx: ServerContext,
  viewer: Viewer,
  query: HistoryQuery,
): Promise<{ total: number; items: HistoryEntry[] }> {
  await projectOfBarcodeFor(ctx.db, viewer, query.id);
  const total = await history.countHistory(ctx.db, query.id);
  const rows = await history.historyPage(ctx.db, query.id, query.skip ?? 0, query.count ?? HISTORY_PAGE_SIZE);
  return { total, items: rows.map(toHistoryEntry) };
}

/**
 * GET /barcode/tracking-count: how many tracking steps the caller added (and did not undo) in
 * the project on a day of their own time zone. Users of the project's enterprise only.
 */
export async function trackingCount(
  ctx: ServerContext,
  viewer: Viewer,
  query: TrackingCountQuery,
): Promise<{ date: string; count: number }> {
  const day = localDay(query.date, query.utcOffset);
  const project = await loadProject(ctx.db, { id: query.projectId });
  assertMember(viewer, project);
  return {
    date: day.iso,
    count: await history.countTrackingSteps(ctx.db, project.id, viewer.userId, day.start, day.end),
  };
}
