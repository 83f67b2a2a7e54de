import type { LocalizedText } from '../../schemas/common';
import type { LocationKind } from '../../schemas/api/stock-state';

/**
 * A location as stored in table `locations` and as the stock rules read it: a project's
 * warehouse -> rack -> bin tree, where only bins hold stock. Types only.
 */
export interface LocationRow {
  id: string;
  enterprise_id: string;
  project_code: string;
  parent_id: string | null;
  kind: LocationKind;
  code: string;
  name: LocalizedText;
  /** The trackpoints at which barcodes may be stocked into this bin. */
  stock_in_track_points: string[];
  /** The trackpoints at which barcodes may be stocked out of this bin. */
  stock_out_track_points: string[];
}
