import { ErrorCode } from '../../schemas/error-codes';
import type { Location, StockType } from '../../schemas/api/stock-state';
import { commonFailure } from './api-failure';
import type { BulkBarcode } from '../rows/barcodes';
import type { LocationRow } from '../rows/locations';
import { listVerdict, type BulkContext } from './bulk';

/**
 * Stock in and out of locations as plain functions. Locations are a project's warehouse -> rack ->
 * bin tree (table `locations`); only bins hold stock, and each bin lists the trackpoints where
 * barcodes may be stocked in there and those where they may be stocked out.
 */

/** The project a location must belong to: its enterprise and code (all its versions share the locations). */
export interface StockProject {
  enterprise_id: string;
  code: string;
}

/**
 * The location named by a stock request, with the locations above it (outermost first, itself
 * last; empty when there is no such location): unknown or of another enterprise (one
 * ErrorCode.locationUnknown: nothing tells whether it exists), of another project, not a bin.
 */
export function assertStockLocation(path: readonly LocationRow[], project: StockProject): LocationRow {
  const location = path.at(-1);
  if (!location || location.enterprise_id !== project.enterprise_id) throw commonFailure(ErrorCode.locationUnknown);
  if (location.project_code !== project.code) throw commonFailure(ErrorCode.locationOfAnotherProject);
  if (location.kind !== 'bin') throw commonFailure(ErrorCode.locationNotABin);
  return location;
}

/** Whether the bin takes stock in (or gives stock out) at the trackpoint. */
export const availableAt = (
  bin: Pick<LocationRow, 'stock_in_track_points' | 'stock_out_track_points'>,
  type: StockType,
  trackPointKey: string | null,
): boolean =>
  trackPointKey !== null &&
  (type === 'in' ? bin.stock_in_track_points : bin.stock_out_track_points).includes(trackPointKey);

/**
 * Whether a listed barcode (past the list checks) may be stocked in or out of the bin: a paired
 * child travels with its parent and is not stocked alone; the bin must allow the action at the
 * barcode's trackpoint; stock in: not in stock yet; stock out: in stock, in this bin.
 */
export function stockVerdict(barcode: BulkBarcode, bin: LocationRow, type: StockType): number | null {
  if (barcode.parent_id !== null) return ErrorCode.pairedChildCannotBeTracked;
  if (!availableAt(bin, type, barcode.current_track_point_key)) return ErrorCode.locationNotAvailable;
  if (type === 'in') return barcode.stock_location_id === null ? null : ErrorCode.alreadyInStock;
  if (barcode.stock_location_id === null) return ErrorCode.notInStock;
  return barcode.stock_location_id === bin.id ? null : ErrorCode.stockedElsewhere;
}

/** Each listed barcode's verdict for a stock in or out of the bin, in the order listed. */
export function stockVerdicts(
  ids: readonly string[],
  bin: LocationRow,
  type: StockType,
  ctx: BulkContext,
): (number | null)[] {
  return ids.map(
    (id, index) => listVerdict(id, index, ids, ctx) ?? stockVerdict(ctx.found.get(id) as BulkBarcode, bin, type),
  );
}

/**
 * The bins offered for a barcode at its trackpoint: stock in, every bin of the project that
 * takes stock in there; stock out, the bin it is stocked in when that bin gives stock out there.
 */
export function availableBins(
  locations: readonly LocationRow[],
  type: StockType,
  trackPointKey: string,
  stockedIn: string | null,
): LocationRow[] {
  return locations.filter(
    (l) => l.kind === 'bin' && availableAt(l, type, trackPointKey) && (type === 'in' || l.id === stockedIn),
  );
}

/** A location as the client sees it, with the names of the locations above it (from the project's locations by id). */
export function toLocation(location: LocationRow, byId: ReadonlyMap<string, LocationRow>): Location {
  const path: LocationRow[] = [];
  for (
    let at: LocationRow | undefined = location;
    at && path.length < 20;
    at = at.parent_id ? byId.get(at.parent_id) : undefined
  )
    path.unshift(at);
  return {
    id: location.id,
    code: location.code,
    kind: location.kind,
    name: location.name,
    path: path.map((l) => ({ id: l.id, code: l.code, kind: l.kind, name: l.name })),
  };
}
