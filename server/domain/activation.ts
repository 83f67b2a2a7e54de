import type { ActivationBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { compile } from '../../src/renderer/compile';
import { validateFormData } from '../../src/renderer/validate';
import type { ServerContext } from './context';
import { appendHistory, assertRequiredInfo, barcodeForChange, stepInfo } from './barcodes';
import { ApiFailure, commonFailure, fieldFailure } from './errors';
import type { Viewer } from './projects';

/**
 * POST /barcode/activation (spec sections 2-6): a user of the project's enterprise with the
 * activate permission gives a new barcode its type (one their user type may use), its start
 * trackpoint, addresses and package information when that trackpoint requires them, and the
 * type's activation fields, validated with the renderer's compiled schema (calculations are
 * computed here). Two activations at the same moment: one wins, the other gets 3004.
 */
export async function activateBarcode(ctx: ServerContext, viewer: Viewer, body: ActivationBody): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'activateBarcodePermission');
  if (row.is_activated) throw commonFailure(ErrorCode.alreadyActivated);

  const type = project.config.barcodeTypes[body.barcodeType];
  if (!type || !(type.userTypes as string[]).includes(viewer.userType)) throw fieldFailure('barcodeType', ErrorCode.invalidBarcodeType);
  const start = body.trackPointKey === undefined ? type.trackPoints[0] : type.trackPoints.find((t) => t.key === body.trackPointKey);
  if (!start) throw fieldFailure('trackPointKey', ErrorCode.invalidKey);
  assertRequiredInfo(start, body);

  const form = compile(type.activationFields, {
    language: 'en', loggedIn: true, userType: viewer.userType, stage: 'activation',
    formId: { project: project.code, version: project.version, barcodeType: body.barcodeType, form: 'activation' },
  });
  const { data, errors } = validateFormData(form, body.customFields);
  if (Object.keys(errors).length > 0) {
    throw new ApiFailure(400, Object.fromEntries(Object.entries(errors).map(([key, codes]) => [key === '$common' ? key : `customFields.${key}`, codes])));
  }
  const externalId = body.externalId ?? row.external_id;
  const activationData = {
    ...data,
    ...(body.trackingNumber !== undefined ? { trackingNumber: body.trackingNumber } : {}),
    ...(externalId ? { externalId } : {}),
    ...stepInfo(body),
  };
  await ctx.db.transaction(async (tx) => {
    if (externalId && externalId !== row.external_id) {
      const taken = await tx.query('select 1 from barcodes where project_id = $1 and external_id = $2 and id <> $3', [project.id, externalId, body.barcodeId]);
      if (taken.rows.length > 0) throw fieldFailure('externalId', ErrorCode.duplicateExternalId);
    }
    const updated = await tx.query(
      `update barcodes set barcode_type = $3, is_activated = true, current_track_point_key = $4, activation_data = $5,
              external_id = $6, tracking_number = $7, revision = revision + 1
        where id = $1 and revision = $2 and not is_activated returning id`,
      [body.barcodeId, row.revision, body.barcodeType, start.key, JSON.stringify(activationData), externalId, body.trackingNumber ?? null],
    );
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, body.barcodeId, 'activated', start.key, activationData, viewer.userId);
  });
}
