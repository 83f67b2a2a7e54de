import type { WeightQuery, WeightReading, WeightReadingBody } from '../../schemas/api/files';
import { ErrorCode } from '../../schemas/error-codes';
import { belongsTo } from './barcodes';
import type { ServerContext } from '../context';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { newId } from '../infra/ids';
import { findProject, projectPermission, type ProjectRow, type Viewer } from './projects';

/** A reading older than this is stale: the form is not filled from it. */
export const WEIGHT_READING_MAX_AGE_MINUTES = 10;

const hasTrackPoint = (project: ProjectRow, key: string): boolean =>
  Object.values(project.config.barcodeTypes).some((type) => type.trackPoints.some((point) => point.key === key));

/**
 * POST /barcode/weight-measurement: a scale at a trackpoint posts a reading. The scale logs in
 * with a staff account of the project's enterprise that may add tracking (403 otherwise); the
 * trackpoint must be one of the project's (2200).
 */
export async function recordWeight(ctx: ServerContext, viewer: Viewer, body: WeightReadingBody): Promise<void> {
  const project = await findProject(ctx.db, { id: body.projectId });
  if (!belongsTo(viewer, project) || !(await projectPermission(ctx.db, project, viewer)).addTrackingPermission.canEdit) {
    throw commonFailure(ErrorCode.forbidden, 403);
  }
  if (!hasTrackPoint(project, body.trackPointKey)) throw fieldFailure('trackPointKey', ErrorCode.invalidKey);
  await ctx.db.query(
    'insert into weight_readings (id, project_id, track_point_key, weight, device_id, user_id) values ($1, $2, $3, $4, $5, $6)',
    [newId(), project.id, body.trackPointKey, body.weight, body.deviceId, viewer.userId],
  );
}

/**
 * GET /barcode/weight-measurement: the latest reading at the trackpoint of the barcode's project,
 * if one came in the last 10 minutes. None: 400 `{ errors: { $common: [404] } }` (the client says
 * 'Failed to fetch weight measurement'). For users of the project's enterprise (2303, 403).
 */
export async function latestWeight(ctx: ServerContext, viewer: Viewer, query: WeightQuery): Promise<WeightReading> {
  const { rows: barcodes } = await ctx.db.query<{ project_id: string }>('select project_id from barcodes where id = $1', [query.barcodeId]);
  const barcode = barcodes[0];
  if (!barcode) throw commonFailure(ErrorCode.barcodeNotFound);
  if (!belongsTo(viewer, await findProject(ctx.db, { id: barcode.project_id }))) throw commonFailure(ErrorCode.forbidden, 403);
  const { rows } = await ctx.db.query<{ weight: number; measured_at: Date | string }>(
    `select weight, measured_at from weight_readings
      where project_id = $1 and track_point_key = $2 and measured_at > now() - make_interval(mins => $3)
      order by measured_at desc limit 1`,
    [barcode.project_id, query.trackPointKey, WEIGHT_READING_MAX_AGE_MINUTES],
  );
  const reading = rows[0];
  if (!reading) throw commonFailure(404);
  return { weight: Number(reading.weight), measuredAt: new Date(reading.measured_at).toISOString() };
}
