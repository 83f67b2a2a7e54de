import type { ActivationBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { isVisible } from '../../renderer';
import type { Queryable } from '../db/database';
import { activationDataOf, assertExternalIdFree, validatedActivationFields } from './activation';
import { appendHistory, assertRequiredInfo, barcodeForChange } from './barcodes';
import type { ServerContext } from '../context';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import type { Viewer } from './projects';

/** The trackpoint the barcode's present trip started at: that of its latest activation. */
async function startTrackPointKey(db: Queryable, barcodeId: string): Promise<string | null> {
  const { rows } = await db.query<{ track_point_key: string | null }>(
    "select track_point_key from barcode_history where barcode_id = $1 and action = 'activated' order by seq desc limit 1",
    [barcodeId],
  );
  return rows[0]?.track_point_key ?? null;
}

/**
 * PUT /barcode/activation: corrects an activated barcode's data, with the body of the
 * activation. The type and the start trackpoint stay as they are (another type is 2207 on
 * barcodeType, another start 2205 on trackPointKey); the fields are validated like an
 * activation. What the editor sends replaces what was stored, except the fields the editor
 * cannot see (hidden ones), which keep their stored values. A missing externalId keeps the
 * stored one, as at activation. Appends 'activation-edited'; a concurrent change is 3004.
 */
export async function editActivation(ctx: ServerContext, viewer: Viewer, body: ActivationBody): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'activateBarcodePermission');
  if (!row.is_activated || !row.barcode_type) throw commonFailure(ErrorCode.barcodeNotActivated);
  const type = project.config.barcodeTypes[row.barcode_type];
  if (!type || body.barcodeType !== row.barcode_type) throw fieldFailure('barcodeType', ErrorCode.invalidBarcodeType);
  const startKey = await startTrackPointKey(ctx.db, body.barcodeId);
  if (body.trackPointKey !== undefined && body.trackPointKey !== startKey) throw fieldFailure('trackPointKey', ErrorCode.invalidStartPointOverride);
  const start = type.trackPoints.find((t) => t.key === startKey);
  if (start) assertRequiredInfo(start, body);

  const data = validatedActivationFields(project, row.barcode_type, body.customFields, 'edit');
  const unseen = type.activationFields.filter((f) => !isVisible(f, true)).map((f) => f.key);
  await ctx.db.transaction(async (tx) => {
    const stored = (await tx.query<{ activation_data: Record<string, unknown> | null; revision: number }>(
      'select activation_data, revision from barcodes where id = $1', [body.barcodeId])).rows[0];
    if (!stored || stored.revision !== row.revision) throw commonFailure(ErrorCode.concurrentChange);
    const kept = Object.fromEntries(unseen.filter((key) => stored.activation_data?.[key] !== undefined).map((key) => [key, stored.activation_data?.[key]]));
    const externalId = body.externalId ?? row.external_id;
    const activationData = activationDataOf({ ...data, ...kept }, body, externalId);
    if (externalId !== row.external_id) await assertExternalIdFree(tx, project.id, body.barcodeId, externalId);
    const updated = await tx.query(
      `update barcodes set activation_data = $3, external_id = $4, tracking_number = $5, revision = revision + 1
        where id = $1 and revision = $2 and is_activated returning id`,
      [body.barcodeId, row.revision, JSON.stringify(activationData), externalId, body.trackingNumber ?? null],
    );
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, body.barcodeId, 'activation-edited', startKey, activationData, viewer.userId);
  });
}
