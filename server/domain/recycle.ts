import type { RecycleAnswer, RecycleBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { appendHistory, barcodeForChange, type StoredBarcode } from './barcodes';
import type { ServerContext } from '../context';
import { commonFailure } from '../rules/api-failure';
import type { ProjectRow, Viewer } from './projects';

/**
 * Whether the barcode has finished its trip: it is at the project's end trackpoint or at the
 * last trackpoint of its type (types may stop before the project's end).
 */
function hasArrived(project: ProjectRow, row: StoredBarcode): boolean {
  const points = (row.barcode_type ? project.config.barcodeTypes[row.barcode_type]?.trackPoints : undefined) ?? [];
  const last = points[points.length - 1]?.key;
  return row.current_track_point_key === project.config.endTrackPointKey || (last !== undefined && row.current_track_point_key === last);
}

/**
 * The recycle rules of spec sections 4 and 8, in this order: the barcode must be activated
 * (3001), not paired to a parent or children (3011), not sealed (3012) and not in use, i.e.
 * no longer travelling (3010).
 */
async function assertRecyclable(ctx: ServerContext, barcodeId: string, project: ProjectRow, row: StoredBarcode): Promise<void> {
  if (!row.is_activated) throw commonFailure(ErrorCode.barcodeNotActivated);
  const children = await ctx.db.query('select 1 from barcodes where parent_id = $1 limit 1', [barcodeId]);
  if (row.parent_id !== null || children.rows.length > 0) throw commonFailure(ErrorCode.recyclePaired);
  if (row.is_sealed) throw commonFailure(ErrorCode.recycleSealed);
  if (!hasArrived(project, row)) throw commonFailure(ErrorCode.recycleInUse);
}

/**
 * POST /barcode/recycle: resets a barcode that finished its trip to the not-activated state, so
 * the label can be used again. A dry run checks the same rules and answers what would be reset,
 * for the client to confirm. The history is never erased: a 'recycled' entry is added, and the
 * barcode's cycle moves on so the previous trip's notifications are no longer shown.
 * Needs the activate permission (recycling leads to a new activation).
 */
export async function recycleBarcode(ctx: ServerContext, viewer: Viewer, body: RecycleBody): Promise<RecycleAnswer> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'activateBarcodePermission');
  await assertRecyclable(ctx, body.barcodeId, project, row);
  const steps = await ctx.db.query<{ n: number }>('select count(*)::int as n from barcode_history where barcode_id = $1', [body.barcodeId]);
  const answer: RecycleAnswer = {
    dryRun: body.dryRun ?? false,
    barcodeId: body.barcodeId,
    barcodeType: row.barcode_type,
    currentTrackPointKey: row.current_track_point_key,
    historySteps: steps.rows[0]?.n ?? 0,
  };
  if (answer.dryRun) return answer;
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.query(
      `update barcodes set barcode_type = null, is_activated = false, current_track_point_key = null, external_id = null,
              tracking_number = null, activation_data = null, cycle = cycle + 1, revision = revision + 1
        where id = $1 and revision = $2 returning id`,
      [body.barcodeId, row.revision],
    );
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, body.barcodeId, 'recycled', row.current_track_point_key, { barcodeType: row.barcode_type, externalId: row.external_id }, viewer.userId);
  });
  return answer;
}
