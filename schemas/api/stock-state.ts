import { Type, type Static } from 'typebox';
import { LocalizedText } from '../common';
import { UUID_PATTERN_SOURCE } from '../validation';

/**
 * Where a barcode is stocked and its running quantities, as GET /barcode/barcode answers them.
 * Locations are data, not configuration: rows of the `locations` table per project code (all
 * versions of a project share its warehouses), a tree warehouse -> rack -> bin that a project admin
 * changes without a release. Only bins hold stock. Each bin lists the trackpoints where barcodes
 * may be stocked in there and those where they may be stocked out.
 */

const LocationId = Type.String({ pattern: UUID_PATTERN_SOURCE });

/** The kinds of location, outermost first. */
export const LOCATION_KINDS = ['warehouse', 'rack', 'bin'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** The two stock actions: stock in and stock out. */
export const STOCK_TYPES = ['in', 'out'] as const;
export type StockType = (typeof STOCK_TYPES)[number];

/** A location as the client lists it: its own name and those of the locations around it, outermost first. */
export const Location = Type.Object({
  id: LocationId,
  code: Type.String(),
  kind: Type.Enum(LOCATION_KINDS),
  name: LocalizedText,
  /** Warehouse, rack, then the location itself. */
  path: Type.Array(
    Type.Object({ id: LocationId, code: Type.String(), kind: Type.Enum(LOCATION_KINDS), name: LocalizedText }),
  ),
});
export type Location = Static<typeof Location>;

/** Where a barcode is stocked (GET /barcode/barcode `stock`): the bin and since when. */
export const BarcodeStock = Type.Object({
  location: Location,
  since: Type.String({ description: 'ISO time of the stock in.' }),
  trackPointKey: Type.Union([Type.String(), Type.Null()]),
});
export type BarcodeStock = Static<typeof BarcodeStock>;

/**
 * The running quantity of one adjustment quantity of a barcode, computed by the server from the
 * present trip's history: `initial` at activation (its latest edit), `increase` and `decrease` the
 * totals of the tracking steps not undone (their latest edits), `remaining` = initial + increase -
 * decrease; `quantity` and `type` the latest adjustment's value and direction (null before any),
 * `adjustedAt` its time. `key` is the activation adjustment field's key (tracking fields name it
 * with `quantityOf`).
 */
export const AdjustmentQuantity = Type.Object({
  key: Type.String(),
  initial: Type.Number(),
  increase: Type.Number(),
  decrease: Type.Number(),
  remaining: Type.Number(),
  quantity: Type.Union([Type.Number(), Type.Null()]),
  type: Type.Union([Type.Enum(['increase', 'decrease'] as const), Type.Null()]),
  adjustedAt: Type.Union([Type.String(), Type.Null()]),
});
export type AdjustmentQuantity = Static<typeof AdjustmentQuantity>;
