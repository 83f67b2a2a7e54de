/**
 * History entries as the rules that read a barcode's past take them from the repositories.
 * Types only.
 */

/** An entry that makes or unmakes a stored GHG emission, in seq order. */
export interface EmissionEntry {
  barcode_id: string;
  seq: number;
  action: string;
  track_point_key: string | null;
  created_at: Date | string;
  data: unknown;
}

/** An entry as the EPCIS export reads it, with what the barcode was at that moment. */
export interface EpcisEntry {
  barcodeId: string;
  seq: number;
  action: string;
  trackPointKey: string | null;
  data: unknown;
  /** ISO 8601 in UTC, with milliseconds. */
  createdAt: string;
  /** The external id the barcode had then (its latest activation, edit or recycle up to this entry). */
  externalId: string | null;
  /** The bin the barcode was stocked in then, if any. */
  stockLocationId: string | null;
  /** For a tracking step undone later: when. */
  undoneAt: string | null;
}
