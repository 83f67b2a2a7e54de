import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { IDENTIFIER_PATTERN } from '../field-constants';
import { UUID_PATTERN_SOURCE } from '../validation';
import { BARCODE_ID_PATTERN } from './barcode';
import { BulkVerdict, bulkIdList } from './bulk';
import { Location, STOCK_TYPES } from './stock-state';

export { Location, type StockType } from './stock-state';

/**
 * Stock in and out of locations; what a location is: ./stock-state.ts.
 */

const BarcodeId = Type.String({ pattern: BARCODE_ID_PATTERN });
const LocationId = Type.String({ pattern: UUID_PATTERN_SOURCE });

/**
 * GET /location/available-locations: the bins where the barcode may be stocked in (`action` in)
 * or out (out: the bin it is stocked in, if that bin allows stock out there) at `trackPointKey`,
 * which must be the barcode's current trackpoint (else ErrorCode.differentTrackPoint). Users of
 * the project's enterprise with the add-tracking permission.
 */
export const AvailableLocationsQuery = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    barcodeId: BarcodeId,
    trackPointKey: Type.String({ pattern: IDENTIFIER_PATTERN }),
    action: Type.Enum(STOCK_TYPES),
  },
  { additionalProperties: false },
);
export type AvailableLocationsQuery = Static<typeof AvailableLocationsQuery>;
export const AvailableLocationsResponse = envelope(Type.Array(Location));

/**
 * POST /location/stock: stocks every listed barcode in the bin, or out of it, all or none. Stock
 * refusals, as ErrorCode: locationUnknown (also a location of another enterprise),
 * locationOfAnotherProject, locationNotAvailable (not at the barcode's trackpoint for this
 * action), alreadyInStock (stock in), notInStock (stock out), stockedElsewhere (stock out),
 * locationNotABin (only bins hold stock). Location-level refusals (locationUnknown,
 * locationOfAnotherProject, locationNotABin) answer `$common`; the others are per barcode under
 * `barcodeIds.<index>` with the bulk verdicts (barcodeNotFound, duplicateScan, differentProjects,
 * incompatibleVersions, deactivated, forbidden, barcodeNotActivated, pairedChildCannotBeTracked:
 * a paired child travels with its parent and is not stocked on its own). History: 'stocked-in' /
 * 'stocked-out' on each barcode (`data.locationId`, the note).
 */
export const StockBody = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    type: Type.Enum(STOCK_TYPES),
    barcodeIds: bulkIdList('The barcodes to stock in or out.'),
    locationId: LocationId,
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StockBody = Static<typeof StockBody>;
export const StockAnswer = Type.Object({
  dryRun: Type.Boolean(),
  type: Type.Enum(STOCK_TYPES),
  location: Location,
  barcodes: Type.Array(BulkVerdict),
  readyCount: Type.Integer(),
  maxCount: Type.Integer(),
});
export type StockAnswer = Static<typeof StockAnswer>;
export const StockResponse = envelope(StockAnswer);

/**
 * POST /location/location-tracking: one barcode stocked in or out at its trackpoint, the trackpoint
 * named as the screen shows it (ErrorCode.differentTrackPoint when the barcode is elsewhere). The
 * same rules and answer as POST /location/stock with one barcode.
 */
export const LocationTrackingBody = Type.Object(
  {
    barcodeId: BarcodeId,
    trackPointKey: Type.String({ pattern: IDENTIFIER_PATTERN }),
    type: Type.Enum(STOCK_TYPES),
    locationId: LocationId,
  },
  { additionalProperties: false },
);
export type LocationTrackingBody = Static<typeof LocationTrackingBody>;
