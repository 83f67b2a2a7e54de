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
