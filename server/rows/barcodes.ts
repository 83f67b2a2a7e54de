/**
 * Barcodes as the relation, bulk and stock rules read them: the rows the repositories select,
 * declared once here so that a rule and the SQL that feeds it cannot drift apart. Types only.
 */

/** A barcode where it stands in its trip. */
export interface PlacedBarcode {
  id: string;
  barcode_type: string | null;
  is_activated: boolean;
  current_track_point_key: string | null;
}

/** A barcode listed in a request (a child, a link target, a bulk entry) with its project. */
export interface ListedBarcode extends PlacedBarcode {
  enterprise_id: string;
  project_code: string;
  project_version: number;
  is_deactivated: boolean;
  external_id: string | null;
  parent_id: string | null;
  /** Times recycled: a barcode not activated after a recycle is refused as recycled, not as new. */
  cycle: number;
}

/** A listed barcode of a pairing or linking request, with what the writes need: its project and revision. */
export interface ListedBarcodeRow extends ListedBarcode {
  project_id: string;
  revision: number;
}

/** A listed barcode of a bulk request, with its revision, relations and stock. */
export interface BulkBarcode extends ListedBarcode {
  revision: number;
  is_sealed: boolean;
  children_count: number;
  link_count: number;
  /** The bin it is stocked in, if any. */
  stock_location_id: string | null;
  /** The recall it is on hold for, if any (rules/tracking.ts nextTrackPoint). */
  hold_reference: string | null;
}
