import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { IDENTIFIER_PATTERN } from '../field-constants';
import { UUID_PATTERN_SOURCE } from '../validation';
import { BARCODE_ID_PATTERN } from './barcode';
import { BulkVerdict, bulkIdList } from './bulk';
import { Location, STOCK_TYPES } from './stock-state';

export { Location, type StockType } from './stock-state';

/**
 * Stock in and out of locations (issue 12; spec sections 3, 4, 7); what a location is: ./stock-state.ts.
 */

const BarcodeId = Type.String({ pattern: BARCODE_ID_PATTERN });
const LocationId = Type.String({ pattern: UUID_PATTERN_SOURCE });

/**
 * GET /location/available-locations (spec section 7): the bins where the barcode may be stocked
 * in (`action` in) or out (out: the bin it is stocked in, if that bin allows stock out there) at
 * `trackPointKey`, which must be the barcode's current trackpoint (3006). Users of the project's
 * enterprise with the add-tracking permission.
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
 * POST /location/stock (spec: "stock in or out: type, barcode ids, location id"): stocks every
 * listed barcode in the bin, or out of it, all or none. Stock rules (numbers chosen here):
 * 3073 unknown location (or of another enterprise), 3074 a location of another project, 3075
 * not available at the barcode's trackpoint for this action, 3076 already in stock (stock in),
 * 3077 not in stock (stock out), 3078 stocked in another location (stock out), 3079 not a bin
 * (only bins hold stock). Location-level refusals (3073, 3074, 3079) answer `$common`; the
 * others are per barcode under `barcodeIds.<index>` with the bulk verdicts (2303, 3017, 3082,
 * 3084, 3095, 403, 3001, 3013: a paired child travels with its parent and is not stocked on its
 * own). History: 'stocked-in' / 'stocked-out' on each barcode (`data.locationId`, the note).
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
 * POST /location/location-tracking (spec section 7): one barcode stocked in or out at its
 * trackpoint, the trackpoint named as the screen shows it (3006 when the barcode is elsewhere).
 * The same rules and answer as POST /location/stock with one barcode.
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
