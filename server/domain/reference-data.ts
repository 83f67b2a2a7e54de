import { ErrorCode } from '../../schemas/error-codes';
import type { Queryable } from '../db/database';
import { belongsTo } from './barcodes';
import type { ServerContext } from '../context';
import { commonFailure } from '../rules/api-failure';
import { findProject, type Viewer } from './projects';

interface ReferencedBarcode {
  project_id: string;
  external_id: string | null;
  tracking_number: string | null;
  barcode_type: string | null;
  current_track_point_key: string | null;
}

/**
 * GET /barcode/reference-data: the values 'reference' fields show, by referenceKey. Imported rows
 * (reference_data, matched by the barcode's project and external id) plus the built-in keys
 * barcodeId, externalId, trackingNumber, barcodeType and currentTrackPoint, which win over an
 * imported key of the same name; keys without a value are left out. For users of the project's
 * enterprise only (2303 unknown barcode, 403 anyone else).
 */
export async function referenceData(ctx: ServerContext, viewer: Viewer, barcodeId: string): Promise<Record<string, string>> {
  const { rows } = await ctx.db.query<ReferencedBarcode>(
    'select project_id, external_id, tracking_number, barcode_type, current_track_point_key from barcodes where id = $1',
    [barcodeId],
  );
  const barcode = rows[0];
  if (!barcode) throw commonFailure(ErrorCode.barcodeNotFound);
  if (!belongsTo(viewer, await findProject(ctx.db, { id: barcode.project_id }))) throw commonFailure(ErrorCode.forbidden, 403);
  const imported = barcode.external_id === null ? [] : (await ctx.db.query<{ key: string; value: string }>(
    'select key, value from reference_data where project_id = $1 and external_id = $2 order by key',
    [barcode.project_id, barcode.external_id],
  )).rows;
  const builtIn = {
    barcodeId,
    externalId: barcode.external_id,
    trackingNumber: barcode.tracking_number,
    barcodeType: barcode.barcode_type,
    currentTrackPoint: barcode.current_track_point_key,
  };
  return Object.fromEntries([
    ...imported.map((r) => [r.key, r.value] as const),
    ...Object.entries(builtIn).filter((entry): entry is [string, string] => entry[1] !== null),
  ]);
}

/**
 * Demo reference data (README, "Files, reference data, weight"): what an ERP import would bring
 * for purchase order PO-DEMO-1. A demo barcode generated or activated with external id
 * 'PO-DEMO-1' shows these values in its reference fields. Idempotent.
 */
export async function seedReferenceData(db: Queryable, projectId: string): Promise<void> {
  const rows: [string, string][] = [['purchaseOrder', 'PO-2026-0042'], ['supplierName', 'FrostLine Biologics, Osaka plant'], ['orderedCases', '40']];
  for (const [key, value] of rows) {
    await db.query(
      `insert into reference_data (project_id, external_id, key, value) values ($1, 'PO-DEMO-1', $2, $3)
       on conflict (project_id, external_id, key) do nothing`,
      [projectId, key, value],
    );
  }
}
