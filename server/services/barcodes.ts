import type { Barcode, BarcodeQuery, GenerateBarcodeBody } from '../../schemas/api/barcode';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import { newBarcodeId } from '../infra/ids';
import * as barcodes from '../repositories/barcodes';
import type { BarcodeRow, StoredBarcode } from '../repositories/barcodes';
import { appendHistory, latestTrackingStep } from '../repositories/history';
import type { ProjectRow } from '../repositories/projects';
import {
  assertMayChange,
  assertMayGenerate,
  assertMember,
  permissionsFor,
  type PermissionKey,
  type Viewer,
} from '../rules/access';
import { assertBarcodeFound, assertExternalIdFreeForNew, barcodeLookup } from '../rules/barcodes';
import { visibleActivationData } from '../rules/visibility';
import { barcodeRelations } from './hierarchy';
import { cachedProject, loadProject, projectAsSent, projectPermission } from './projects';
import { barcodeHold } from './recall-hold';
import { stockAndQuantities } from './stock';

/**
 * POST /barcode/barcode: a new, not yet activated barcode. Only users of the project's
 * enterprise with the generate permission, or client users, may generate.
 */
export async function generateBarcode(ctx: ServerContext, viewer: Viewer, body: GenerateBarcodeBody): Promise<string> {
  const project = await loadProject(ctx.db, { code: body.projectCode, version: body.projectVersion });
  assertMember(viewer, project);
  assertMayGenerate(viewer, await projectPermission(ctx.db, project, viewer));
  return ctx.db.transaction(async (tx) => {
    if (body.externalId !== undefined)
      assertExternalIdFreeForNew(await barcodes.externalIdTaken(tx, project.id, body.externalId, null));
    const id = newBarcodeId();
    await barcodes.insertBarcode(tx, {
      id,
      projectId: project.id,
      externalId: body.externalId ?? null,
      createdBy: viewer.userId,
    });
    await appendHistory(tx, id, 'generated', null, null, viewer.userId);
    return id;
  });
}

/** The barcode as GET /barcode/barcode returns it, its activation data as the viewer may see it. */
function toBarcode(row: BarcodeRow, project: ProjectRow, viewer: Viewer | null): Omit<Barcode, 'hierarchy'> {
  return {
    id: row.id,
    barcodeType: row.barcode_type,
    isActivated: row.is_activated,
    isDeactivated: row.is_deactivated,
    currentTrackPointKey: row.current_track_point_key,
    projectId: project.id,
    projectCode: project.code,
    projectVersion: project.version,
    externalId: row.external_id,
    trackingNumber: row.tracking_number,
    activationData: visibleActivationData(project, row, viewer),
  };
}

/** GET /barcode/barcode: open to visitors; by id, or by project code + external id (+ tracking number). */
export async function getBarcode(ctx: ServerContext, viewer: Viewer | null, query: BarcodeQuery): Promise<Barcode> {
  const lookup = barcodeLookup(query);
  const found =
    lookup === null
      ? undefined
      : 'id' in lookup
        ? await barcodes.findStampedBarcode(ctx.db, lookup.id)
        : await barcodes.findBarcodeByExternalId(ctx.db, lookup.projectCode, lookup.externalId, lookup.trackingNumber);
  const row = assertBarcodeFound(found);
  const stamp = 'project_stamp' in row ? String(row.project_stamp) : undefined;
  const project =
    stamp === undefined
      ? await loadProject(ctx.db, { id: row.project_id })
      : await cachedProject(ctx, row.project_id, stamp);
  const barcode = {
    ...toBarcode(row, project, viewer),
    ...(await barcodeRelations(ctx.db, project, row, viewer)),
    ...(await stockAndQuantities(ctx.db, project, row, viewer)),
    ...(await barcodeHold(ctx.db, project, row, viewer)),
  };
  // What an undo names (POST /barcode/undo-tracking); only users can undo.
  const latest = viewer ? await latestTrackingStep(ctx.db, row.id) : undefined;
  return latest ? { ...barcode, latestTrackingSeq: latest.seq } : barcode;
}

/** A barcode and its project, for reads. */
export async function loadBarcode(db: Queryable, barcodeId: string): Promise<{ row: BarcodeRow; project: ProjectRow }> {
  const row = assertBarcodeFound(await barcodes.findBarcode(db, barcodeId));
  return { row, project: await loadProject(db, { id: row.project_id }) };
}

/** The project of a barcode, for reads by users of its enterprise only (an unknown barcode first, then 403). */
export async function projectOfBarcodeFor(db: Queryable, viewer: Viewer, barcodeId: string): Promise<ProjectRow> {
  const project = await loadProject(db, { id: assertBarcodeFound(await barcodes.findProjectIdOf(db, barcodeId)) });
  assertMember(viewer, project);
  return project;
}

/**
 * Loads a barcode for a change by the viewer: it exists, the viewer works for its project's
 * enterprise (403) and has one of the permissions `keys` (403), and it is not deactivated.
 */
export async function barcodeForChange(
  ctx: ServerContext,
  viewer: Viewer,
  barcodeId: string,
  ...keys: PermissionKey[]
): Promise<{ row: StoredBarcode; project: ProjectRow }> {
  // One statement reads the barcode, its project's stamp and the viewer's project_members row.
  const row = assertBarcodeFound(await barcodes.findStoredBarcodeForChange(ctx.db, barcodeId, viewer.userId));
  const project = await projectAsSent(ctx.db, await cachedProject(ctx, row.project_id, row.project_stamp));
  assertMember(viewer, project);
  const member =
    row.can_add_tracking === null
      ? undefined
      : {
          can_generate_barcode: row.can_generate_barcode === true,
          can_activate_barcode: row.can_activate_barcode === true,
          can_add_tracking: row.can_add_tracking,
          can_recall: row.can_recall === true,
        };
  assertMayChange(permissionsFor(viewer, project, member), row, ...keys);
  return { row, project };
}
