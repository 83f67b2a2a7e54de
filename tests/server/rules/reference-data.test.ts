import { describe, expect, it } from 'vitest';
import { referenceValues } from '../../../server/rules/reference-data';

describe('reference values', () => {
  const barcode = { external_id: 'PO-1', tracking_number: null, barcode_type: 'box', current_track_point_key: 'hub' };

  it("are the imported rows plus the barcode's own identifiers, which win; empty ones are left out", () => {
    expect(
      referenceValues('AAAAAAAAAAAA', barcode, [
        { key: 'supplier', value: 'FrostLine' },
        { key: 'barcodeType', value: 'imported' },
      ]),
    ).toEqual({
      supplier: 'FrostLine',
      barcodeId: 'AAAAAAAAAAAA',
      externalId: 'PO-1',
      barcodeType: 'box',
      currentTrackPoint: 'hub',
    });
  });

  it('keep an imported value the barcode has none of its own for', () => {
    expect(referenceValues('AAAAAAAAAAAA', barcode, [{ key: 'trackingNumber', value: 'TN-ERP' }])).toMatchObject({
      trackingNumber: 'TN-ERP',
    });
  });
});
