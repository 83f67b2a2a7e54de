import type { RecycleAnswer, RecycleBody } from '../../schemas/api/barcode';
import type { ServerContext } from '../context';
import * as barcodes from '../repositories/barcodes';
import { appendHistory, countHistory } from '../repositories/history';
import { countLinks } from '../repositories/links';
import { clearStock } from '../repositories/locations';
import type { Viewer } from '../rules/access';
import { concurrentChange } from '../rules/barcodes';
import { assertRecyclable, recycleAnswer } from '../rules/recycle';
import { barcodeForChange } from './barcodes';

/**
 * POST /barcode/recycle: resets a barcode that finished its trip to the not-activated state, so
 * the label can be used again. A dry run checks the same rules and answers what would be reset,
 * for the client to confirm. The history is never erased: a 'recycled' entry is added, and the
 * barcode's cycle moves on so the previous trip's notifications are no longer shown.
 * Needs the activate permission (recycling leads to a new activation).
 */
export async function recycleBarcode(ctx: ServerContext, viewer: Viewer, body: RecycleBody): Promise<RecycleAnswer> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'activateBarcodePermission');
  const links = await countLinks(ctx.db, body.barcodeId);
  assertRecyclable(
    project.config,
    row,
    await barcodes.hasChildren(ctx.db, body.barcodeId),
    links.linkTo + links.beLinked > 0,
  );
  const answer = recycleAnswer(body.barcodeId, body.dryRun, row, await countHistory(ctx.db, body.barcodeId));
  if (answer.dryRun) return answer;
  await ctx.db.transaction(async (tx) => {
    if (!(await barcodes.resetForReuse(tx, body.barcodeId, row.revision))) throw concurrentChange();
    await clearStock(tx, body.barcodeId);
    await appendHistory(
      tx,
      body.barcodeId,
      'recycled',
      row.current_track_point_key,
      { barcodeType: row.barcode_type, externalId: row.external_id },
      viewer.userId,
    );
  });
  return answer;
}
