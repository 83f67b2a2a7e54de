import type { ActivationBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { compileForm } from '../../renderer';
import { validateFormData } from '../../renderer/validate';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import { appendHistory, assertRequiredInfo, barcodeForChange, stepInfo } from './barcodes';
import { ApiFailure, commonFailure, fieldFailure } from '../rules/api-failure';
import { notifyArrival } from './notifications';
import { formSourceOf, SERVER_VIEWER, type ProjectRow, type Viewer } from './projects';

/**
 * The type's activation fields as sent, validated with the renderer's compiled schema for the
 * stage (calculations computed here); field errors are answered under `customFields.<key>`.
 */
export function validatedActivationFields(project: ProjectRow, barcodeType: string, customFields: unknown, stage: 'activation' | 'edit'): Record<string, unknown> {
  const form = compileForm(formSourceOf(project), { form: 'activation', barcodeType, stage }, SERVER_VIEWER);
  const { data, errors } = validateFormData(form, customFields);
  if (Object.keys(errors).length > 0) {
    throw new ApiFailure(400, Object.fromEntries(Object.entries(errors).map(([key, codes]) => [key === '$common' ? key : `customFields.${key}`, codes])));
  }
  return data;
}

/** The stored activation data: custom fields, then the built-in fields given. */
export function activationDataOf(customData: Record<string, unknown>, body: ActivationBody, externalId: string | null): Record<string, unknown> {
  return {
    ...customData,
    ...(body.trackingNumber !== undefined ? { trackingNumber: body.trackingNumber } : {}),
    ...(externalId ? { externalId } : {}),
    ...stepInfo(body),
  };
}

/** Throws 2105 on externalId when another barcode of the project already has that external id. */
export async function assertExternalIdFree(tx: Queryable, projectId: string, barcodeId: string, externalId: string | null): Promise<void> {
  if (!externalId) return;
  const taken = await tx.query('select 1 from barcodes where project_id = $1 and external_id = $2 and id <> $3', [projectId, externalId, barcodeId]);
  if (taken.rows.length > 0) throw fieldFailure('externalId', ErrorCode.duplicateExternalId);
}

/**
 * POST /barcode/activation (spec sections 2-6): a user of the project's enterprise with the
 * activate permission gives a new barcode its type (one their user type may use), its start
 * trackpoint, addresses and package information when that trackpoint requires them, and the
 * type's activation fields, validated with the renderer's compiled schema (calculations are
 * computed here). Two activations at the same moment: one wins, the other gets 3004.
 * A start trackpoint with a route notification sends it in the same transaction.
 */
export async function activateBarcode(ctx: ServerContext, viewer: Viewer, body: ActivationBody): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'activateBarcodePermission');
  if (row.is_activated) throw commonFailure(ErrorCode.alreadyActivated);

  const type = project.config.barcodeTypes[body.barcodeType];
  if (!type || !(type.userTypes as string[]).includes(viewer.userType)) throw fieldFailure('barcodeType', ErrorCode.invalidBarcodeType);
  const start = body.trackPointKey === undefined ? type.trackPoints[0] : type.trackPoints.find((t) => t.key === body.trackPointKey);
  if (!start) throw fieldFailure('trackPointKey', ErrorCode.invalidKey);
  assertRequiredInfo(start, body);

  const data = validatedActivationFields(project, body.barcodeType, body.customFields, 'activation');
  const externalId = body.externalId ?? row.external_id;
  const activationData = activationDataOf(data, body, externalId);
  await ctx.db.transaction(async (tx) => {
    if (externalId !== row.external_id) await assertExternalIdFree(tx, project.id, body.barcodeId, externalId);
    const updated = await tx.query(
      `update barcodes set barcode_type = $3, is_activated = true, current_track_point_key = $4, activation_data = $5,
              external_id = $6, tracking_number = $7, revision = revision + 1
        where id = $1 and revision = $2 and not is_activated returning id`,
      [body.barcodeId, row.revision, body.barcodeType, start.key, JSON.stringify(activationData), externalId, body.trackingNumber ?? null],
    );
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, body.barcodeId, 'activated', start.key, activationData, viewer.userId);
    await notifyArrival(tx, project, body.barcodeId, start);
  });
}
