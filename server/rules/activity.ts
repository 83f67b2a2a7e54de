import { ACTIVITY_DAYS, type Activity } from '../../schemas/api/activity';
import { ErrorCode } from '../../schemas/error-codes';
import { commonFailure } from './api-failure';
import type { Viewer } from './access';

/**
 * The project's activity is derived from the barcodes' history, which every action appends to in
 * its own transaction: nothing is counted that was not done, nothing done is missed.
 */
export type ActivityAction = keyof Activity['totals'];

/** The activity chart is the enterprise's staff's (client users of other enterprises see nothing of it). */
export function assertMayReadActivity(viewer: Viewer): void {
  if (viewer.userType !== 'staff') throw commonFailure(ErrorCode.forbidden, 403);
}

/** One group of history entries: an action at a trackpoint on a day (as repositories/activity.ts reads them). */
export interface ActivityCount {
  day: string;
  action: ActivityAction;
  track_point_key: string | null;
  n: number;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The ACTIVITY_DAYS days ending today in the caller's zone (`utcOffset` hours east of UTC),
 * oldest first, and the instant the first one starts.
 */
export function activityWindow(now: Date, utcOffset: number): { days: string[]; since: Date } {
  const offsetMs = Math.round(utcOffset * 60) * 60_000;
  const todayStart = Math.floor((now.getTime() + offsetMs) / DAY_MS) * DAY_MS;
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => isoDay(todayStart - (ACTIVITY_DAYS - 1 - i) * DAY_MS));
  return { days, since: new Date(todayStart - (ACTIVITY_DAYS - 1) * DAY_MS - offsetMs) };
}

/** Steps (activations and tracking steps) are what the chart draws per trackpoint. */
const STEP_ACTIONS: ReadonlySet<ActivityAction> = new Set(['activated', 'tracked']);

/** The chart from the grouped counts: one series per trackpoint (in `order`, then any other), and the totals per action. */
export function activityChart(
  counts: readonly ActivityCount[],
  days: readonly string[],
  order: readonly string[],
): Activity {
  const totals: Activity['totals'] = { generated: 0, activated: 0, tracked: 0, paired: 0 };
  const series = new Map<string, number[]>();
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  for (const row of counts) {
    const at = dayIndex.get(row.day);
    if (at === undefined) continue;
    totals[row.action] += row.n;
    if (!STEP_ACTIONS.has(row.action) || !row.track_point_key) continue;
    const line = series.get(row.track_point_key) ?? days.map(() => 0);
    line[at] = (line[at] ?? 0) + row.n;
    series.set(row.track_point_key, line);
  }
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const trackPoints = [...series]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, line]) => ({ key, counts: line }));
  return { days: [...days], trackPoints, totals };
}
