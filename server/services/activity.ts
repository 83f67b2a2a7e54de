import type { Activity, ActivityQuery } from '../../schemas/api/activity';
import type { ServerContext } from '../context';
import { activityCounts } from '../repositories/activity';
import { assertMember, type Viewer } from '../rules/access';
import { activityChart, activityWindow, assertMayReadActivity } from '../rules/activity';
import { loadProject } from './projects';

/** GET /barcode/activity: the project's steps per day per trackpoint and its key actions, last 30 days; its enterprise's staff only. */
export async function projectActivity(
  ctx: ServerContext,
  viewer: Viewer,
  query: ActivityQuery,
  now = new Date(),
): Promise<Activity> {
  const project = await loadProject(ctx.db, { id: query.projectId });
  assertMember(viewer, project);
  assertMayReadActivity(viewer);
  const { days, since } = activityWindow(now, query.utcOffset);
  const order = Object.values(project.config.barcodeTypes).flatMap((type) =>
    type.trackPoints.map((point) => point.key),
  );
  return activityChart(await activityCounts(ctx.db, project.id, since, query.utcOffset), days, [...new Set(order)]);
}
