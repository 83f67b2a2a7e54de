import type { WeightQuery, WeightReading, WeightReadingBody } from '../../schemas/api/files';
import type { ServerContext } from '../context';
import { newId } from '../infra/ids';
import { findLatestReading, insertWeightReading } from '../repositories/weight-readings';
import { assertMember, assertPermitted, type Viewer } from '../rules/access';
import { assertProjectTrackPoint, noRecentReading, WEIGHT_READING_MAX_AGE_MINUTES } from '../rules/weight';
import { projectOfBarcodeFor } from './barcodes';
import { loadProject, projectPermission } from './projects';

/**
 * POST /barcode/weight-measurement: a scale at a trackpoint posts a reading. The scale logs in
 * with a staff account of the project's enterprise that may add tracking (403 otherwise); the
 * trackpoint must be one of the project's.
 */
export async function recordWeight(ctx: ServerContext, viewer: Viewer, body: WeightReadingBody): Promise<void> {
  const project = await loadProject(ctx.db, { id: body.projectId });
  assertMember(viewer, project);
  assertPermitted(await projectPermission(ctx.db, project, viewer), 'addTrackingPermission');
  assertProjectTrackPoint(project.config, body.trackPointKey);
  await insertWeightReading(ctx.db, {
    id: newId(),
    projectId: project.id,
    trackPointKey: body.trackPointKey,
    weight: body.weight,
    deviceId: body.deviceId,
    userId: viewer.userId,
  });
}

/**
 * GET /barcode/weight-measurement: the latest reading at the trackpoint of the barcode's project,
 * if one is younger than WEIGHT_READING_MAX_AGE_MINUTES (none: 400 `$common: [404]`). For users
 * of the project's enterprise.
 */
export async function latestWeight(ctx: ServerContext, viewer: Viewer, query: WeightQuery): Promise<WeightReading> {
  const project = await projectOfBarcodeFor(ctx.db, viewer, query.barcodeId);
  const reading = await findLatestReading(ctx.db, project.id, query.trackPointKey, WEIGHT_READING_MAX_AGE_MINUTES);
  if (!reading) throw noRecentReading();
  return { weight: Number(reading.weight), measuredAt: new Date(reading.measured_at).toISOString() };
}
