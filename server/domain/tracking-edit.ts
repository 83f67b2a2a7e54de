import type { TrackingBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { appendHistory, assertRequiredInfo, barcodeForChange, stepInfo } from './barcodes';
import type { ServerContext } from '../context';
import { commonFailure } from '../rules/api-failure';
import type { Viewer } from './projects';
import { latestTrackingStep, validatedTrackPointForms } from './tracking';

/**
 * PUT /barcode/tracking: corrects the forms of the barcode's latest tracking step, with the
 * body of POST /barcode/tracking. Only that step can be edited, at the barcode's current
 * trackpoint (another trackpoint is 3006; none to edit there is 3014), and only by whoever
 * added it (3009), like undo. The forms are validated like a new step. The barcode stays
 * where it is; history gets a 'tracking-edited' entry naming the step (`editedSeq`).
 */
export async function editTracking(ctx: ServerContext, viewer: Viewer, body: TrackingBody): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'addTrackingPermission');
  if (!row.is_activated || !row.barcode_type) throw commonFailure(ErrorCode.barcodeNotActivated);
  const point = project.config.barcodeTypes[row.barcode_type]?.trackPoints.find((t) => t.key === row.current_track_point_key);
  if (!point || body.trackPointKey !== point.key) throw commonFailure(ErrorCode.differentTrackPoint);
  const step = await latestTrackingStep(ctx.db, body.barcodeId);
  if (!step || step.track_point_key !== point.key) throw commonFailure(ErrorCode.noTrackingToEdit);
  if (step.user_id !== viewer.userId) throw commonFailure(ErrorCode.onlyAdderMayUndo);
  assertRequiredInfo(point, body);

  const data = { editedSeq: step.seq, forms: validatedTrackPointForms(project, row.barcode_type, point, body.forms), ...stepInfo(body) };
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.query('update barcodes set revision = revision + 1 where id = $1 and revision = $2 returning id', [body.barcodeId, row.revision]);
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, body.barcodeId, 'tracking-edited', point.key, data, viewer.userId);
  });
}
