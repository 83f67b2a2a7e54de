import type { ActivationBody } from '../../schemas/api/barcode';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import * as barcodes from '../repositories/barcodes';
import { appendHistory, latestActivationSeq, startTrackPointKey } from '../repositories/history';
import { assertEntryNotSealed } from '../rules/ledger';
import type { Viewer } from '../rules/access';
import {
  activationDataOf,
  activationType,
  assertNotActivated,
  editedType,
  externalIdAfter,
  hiddenValuesKept,
  isUnchangedActivation,
  startTrackPoint,
  unchangedStart,
  validatedActivationFields,
} from '../rules/activation';
import { assertExternalIdFree, concurrentChange } from '../rules/barcodes';
import { pickedProduct } from '../rules/products';
import { assertRequiredInfo, assertStepInfoWellFormed } from '../rules/step-info';
import { barcodeForChange } from './barcodes';
import { notifyArrival } from './notifications';

/** Refuses (on externalId) an external id another barcode of the project has: a scan of it must find one barcode. */
async function assertExternalIdFreeFor(
  tx: Queryable,
  projectId: string,
  barcodeId: string,
  externalId: string | null,
): Promise<void> {
  if (externalId) assertExternalIdFree(await barcodes.externalIdTaken(tx, projectId, externalId, barcodeId));
}

/**
 * POST /barcode/activation: a user of the project's enterprise with the activate permission gives a
 * new barcode its type (one their user type may use), its start trackpoint, addresses and package
 * information when that trackpoint requires them, and the type's activation fields, validated with
 * the renderer's compiled schema (calculations are computed here). Two activations at the same
 * moment: one wins, the other gets ErrorCode.concurrentChange. A start trackpoint with a route
 * notification sends it in the same transaction.
 */
export async function activateBarcode(ctx: ServerContext, viewer: Viewer, body: ActivationBody): Promise<void> {
  // Checked like the rest of the body, before anything is read.
  assertStepInfoWellFormed(body, 'activation');
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'activateBarcodePermission');
  assertNotActivated(row);
  const start = startTrackPoint(activationType(project.config, body.barcodeType, viewer.userType), body.trackPointKey);
  assertRequiredInfo(start, body);

  const product = body.productCode === undefined ? undefined : pickedProduct(project.config, viewer, body.productCode);
  const data = validatedActivationFields(project, body.barcodeType, body.customFields, 'activation', body.barcodeId);
  const externalId = externalIdAfter(body, row);
  const activationData = {
    ...activationDataOf(data, body, externalId),
    ...(product ? { productCode: product.code } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    if (externalId !== row.external_id) await assertExternalIdFreeFor(tx, project.id, body.barcodeId, externalId);
    const activation = { activationData, externalId, trackingNumber: body.trackingNumber ?? null };
    if (!(await barcodes.activate(tx, body.barcodeId, row.revision, body.barcodeType, start.key, activation)))
      throw concurrentChange();
    await appendHistory(tx, body.barcodeId, 'activated', start.key, activationData, viewer.userId);
    await notifyArrival(tx, project, body.barcodeId, start);
  });
}

/**
 * PUT /barcode/activation: corrects an activated barcode's data, with the body of the activation.
 * The type and the start trackpoint stay as they are (rules/activation.ts editedType,
 * unchangedStart); the fields are validated like an activation. What the editor sends replaces what
 * was stored, except the fields the editor cannot see (hidden ones), which keep their stored
 * values. A missing externalId keeps the stored one, as at activation. Appends 'activation-edited';
 * a concurrent change is ErrorCode.concurrentChange. An edit that changes nothing answers success
 * and writes nothing (rules/activation.ts isUnchangedActivation). An activation sealed in the
 * ledger cannot be edited (ErrorCode.readOnly).
 */
export async function editActivation(ctx: ServerContext, viewer: Viewer, body: ActivationBody): Promise<void> {
  // Checked like the rest of the body, before anything is read.
  assertStepInfoWellFormed(body, 'edit');
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'activateBarcodePermission');
  const { key: barcodeType, type } = editedType(project.config, row, body.barcodeType);
  // The activation a sealed ledger vouches for is never corrected.
  assertEntryNotSealed(row.sealed_seq, await latestActivationSeq(ctx.db, body.barcodeId));
  const startKey = await startTrackPointKey(ctx.db, body.barcodeId);
  const start = unchangedStart(type, startKey, body.trackPointKey);
  if (start) assertRequiredInfo(start, body);

  const product = body.productCode === undefined ? undefined : pickedProduct(project.config, viewer, body.productCode);
  const data = validatedActivationFields(project, barcodeType, body.customFields, 'edit', body.barcodeId);
  await ctx.db.transaction(async (tx) => {
    const stored = await barcodes.findActivationData(tx, body.barcodeId);
    if (!stored || stored.revision !== row.revision) throw concurrentChange();
    const externalId = externalIdAfter(body, row);
    // The product picked stays unless a client user picks another.
    const productCode = product?.code ?? stored.activation_data?.productCode;
    const activationData = {
      ...activationDataOf({ ...data, ...hiddenValuesKept(type, stored.activation_data) }, body, externalId),
      ...(typeof productCode === 'string' ? { productCode } : {}),
    };
    if (isUnchangedActivation(stored.activation_data, activationData)) return;
    if (externalId !== row.external_id) await assertExternalIdFreeFor(tx, project.id, body.barcodeId, externalId);
    if (
      !(await barcodes.updateActivation(tx, body.barcodeId, row.revision, {
        activationData,
        externalId,
        trackingNumber: body.trackingNumber ?? null,
      }))
    )
      throw concurrentChange();
    await appendHistory(tx, body.barcodeId, 'activation-edited', startKey, activationData, viewer.userId);
  });
}
