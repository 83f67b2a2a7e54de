import type { AvailableLocationsQuery, LocationTrackingBody, StockAnswer, StockBody } from '../../schemas/api/location';
import type { AdjustmentQuantity, BarcodeStock, Location } from '../../schemas/api/stock-state';
import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { findProjectIdOf } from '../repositories/barcodes';
import { bumpAllRevisions, findBulkBarcodes, quantityEntries } from '../repositories/bulk';
import { findLocationWithPath, findProjectLocations, findStock, stockIn, stockOut } from '../repositories/locations';
import { appendHistoryEach } from '../repositories/pairing';
import type { ProjectRow } from '../repositories/projects';
import { belongsTo, type Viewer } from '../rules/access';
import { ApiFailure, commonFailure } from '../rules/api-failure';
import { concurrentChange } from '../rules/barcodes';
import { listVerdict } from '../rules/bulk';
import type { BulkBarcode } from '../rows/barcodes';
import { assertAllAccepted } from '../rules/pairing';
import { runningQuantities } from '../rules/quantities';
import { assertStockLocation, availableBins, stockVerdicts, toLocation } from '../rules/stock';
import { bulkContext, bulkPreamble, bulkVerdicts, memberProject, reasonsOf } from './bulk-list';
import { loadProject, projectPermission } from './projects';

/**
 * Stock in and out of a project's bins: the bins offered for a barcode, a list stocked in or out at
 * once (all or none, one transaction), and where a barcode is stocked for its detail page. Writes
 * need the add-tracking permission, like the tracking steps they go with.
 */

/** The bin a barcode is stocked in, with the names above it (a bin retired since is still named). */
async function stockedBin(db: Queryable, id: string): Promise<Location | null> {
  const path = await findLocationWithPath(db, id, true);
  const bin = path.at(-1);
  return bin ? toLocation(bin, new Map(path.map((l) => [l.id, l]))) : null;
}

/**
 * POST /location/stock: stocks every listed barcode in the bin (`type` in) or takes every one out
 * of it (out), or none. Location refusals (rules/stock.ts assertStockLocation) are `$common`;
 * barcode refusals under `barcodeIds.<index>`. History: 'stocked-in' / 'stocked-out' on each
 * barcode.
 */
export async function changeStock(ctx: ServerContext, viewer: Viewer, body: StockBody): Promise<StockAnswer> {
  const dryRun = body.dryRun ?? false;
  const { project, maxCount, permitted } = await bulkPreamble(
    ctx,
    viewer,
    body.projectId,
    body.barcodeIds.length,
    'addTrackingPermission',
  );
  const ids = body.barcodeIds;
  const step = async (db: Queryable): Promise<StockAnswer> => {
    // A bin retired while it still holds stock refuses stock-in only: what is in it can still be taken out.
    const path = await findLocationWithPath(db, body.locationId, body.type === 'out');
    const bin = assertStockLocation(path, project);
    const list = await bulkContext(db, project, ids, permitted);
    const codes = stockVerdicts(ids, bin, body.type, list);
    const location = toLocation(bin, new Map(path.map((l) => [l.id, l])));
    const answer = {
      dryRun,
      type: body.type,
      location,
      barcodes: bulkVerdicts(ids, codes, list),
      readyCount: codes.filter((c) => c === null).length,
      maxCount,
    };
    if (dryRun) return answer;
    assertAllAccepted('barcodeIds', codes, reasonsOf(answer.barcodes));
    const barcodes = ids.map((id) => list.found.get(id) as BulkBarcode);
    if ((await bumpAllRevisions(db, barcodes)) !== barcodes.length) throw concurrentChange();
    const changed =
      body.type === 'in'
        ? await stockIn(
            db,
            ids,
            bin.id,
            barcodes.map((b) => b.current_track_point_key),
            viewer.userId,
          )
        : await stockOut(db, ids, bin.id);
    if (changed !== ids.length) throw concurrentChange();
    const entries = barcodes.map((b) => ({
      barcodeId: b.id,
      trackPointKey: b.current_track_point_key,
      data: { locationId: bin.id, locationCode: bin.code },
    }));
    await appendHistoryEach(db, entries, body.type === 'in' ? 'stocked-in' : 'stocked-out', viewer.userId);
    return answer;
  };
  return dryRun ? step(ctx.db) : ctx.db.transaction(step);
}

/**
 * POST /location/location-tracking: one barcode stocked in or out at the trackpoint the screen
 * shows, which must be where the barcode is; refusals answer `$common`.
 */
export async function locationTracking(
  ctx: ServerContext,
  viewer: Viewer,
  body: LocationTrackingBody,
): Promise<StockAnswer> {
  const [row] = await findBulkBarcodes(ctx.db, [body.barcodeId]);
  const projectId = await findProjectIdOf(ctx.db, body.barcodeId);
  if (!row || projectId === undefined) throw commonFailure(ErrorCode.barcodeNotFound);
  const project = await loadProject(ctx.db, { id: projectId });
  if (!belongsTo(viewer, project)) throw commonFailure(ErrorCode.barcodeNotFound);
  if (row.current_track_point_key !== body.trackPointKey) throw commonFailure(ErrorCode.differentTrackPoint);
  try {
    return await changeStock(ctx, viewer, {
      projectId: project.id,
      type: body.type,
      barcodeIds: [body.barcodeId],
      locationId: body.locationId,
    });
  } catch (error) {
    const code = error instanceof ApiFailure ? error.errors['barcodeIds.0']?.[0] : undefined;
    throw code === undefined ? error : commonFailure(code, code === ErrorCode.forbidden ? 403 : 400);
  }
}

/**
 * GET /location/available-locations: the bins where the barcode may be stocked in (or out of) at
 * `trackPointKey`, which must be the barcode's current trackpoint. The barcode must be one the
 * viewer may stock (the list checks of a stock request, answered `$common`); stock out of a barcode
 * that is not in stock is ErrorCode.notInStock.
 */
export async function availableLocations(
  ctx: ServerContext,
  viewer: Viewer,
  query: AvailableLocationsQuery,
): Promise<Location[]> {
  const project = await memberProject(ctx, viewer, query.projectId);
  const permitted = (await projectPermission(ctx.db, project, viewer)).addTrackingPermission.canEdit;
  const list = await bulkContext(ctx.db, project, [query.barcodeId], permitted);
  const code = listVerdict(query.barcodeId, 0, [query.barcodeId], list);
  if (code !== null) throw commonFailure(code, code === ErrorCode.forbidden ? 403 : 400);
  const barcode = list.found.get(query.barcodeId) as BulkBarcode;
  if (barcode.parent_id !== null) throw commonFailure(ErrorCode.pairedChildCannotBeTracked);
  if (barcode.current_track_point_key !== query.trackPointKey) throw commonFailure(ErrorCode.differentTrackPoint);
  if (query.action === 'out' && barcode.stock_location_id === null) throw commonFailure(ErrorCode.notInStock);
  const locations = await findProjectLocations(ctx.db, project.enterprise_id, project.code);
  const byId = new Map(locations.map((l) => [l.id, l]));
  return availableBins(locations, query.action, query.trackPointKey, barcode.stock_location_id).map((l) =>
    toLocation(l, byId),
  );
}

/**
 * For the detail page (GET /barcode/barcode), users of the barcode's enterprise only: the bin it
 * is stocked in and since when, and its running quantities. Nothing for others.
 */
export async function stockAndQuantities(
  db: Queryable,
  project: ProjectRow,
  barcode: { id: string; barcode_type: string | null },
  viewer: Viewer | null,
): Promise<{ stock?: BarcodeStock | null; quantities?: AdjustmentQuantity[] }> {
  if (!belongsTo(viewer, project)) return {};
  const [stocked] = await findStock(db, [barcode.id]);
  const type = barcode.barcode_type ? ownValue(project.config.barcodeTypes, barcode.barcode_type) : undefined;
  const quantities =
    type && type.activationFields.some((f) => f.type === 'adjustment')
      ? runningQuantities(type, (await quantityEntries(db, [barcode.id])).get(barcode.id) ?? [])
      : [];
  const location = stocked ? await stockedBin(db, stocked.location_id) : null;
  const stock =
    stocked && location
      ? { location, since: new Date(stocked.since).toISOString(), trackPointKey: stocked.track_point_key }
      : null;
  return { stock, quantities };
}
