import { describe, expect, it } from 'vitest';
import { visibleActivationData } from '../../../server/rules/visibility';
import { OUTSIDER, PROJECT, STAFF } from './fixtures';

const stored = {
  barcode_type: 'box',
  activation_data: {
    productName: 'Vaccine',
    internalCost: 1200,
    qaNotes: 'recall risk',
    weight: 80,
    trackingNumber: 'TN-1',
    externalId: 'PO-1',
    dimension: { height: 1, width: 1, depth: 1 },
    origin: { country: 'JPN' },
    destination: { country: 'USA' },
    leftover: 'x',
  },
};
const builtIn = {
  weight: 80,
  trackingNumber: 'TN-1',
  externalId: 'PO-1',
  dimension: { height: 1, width: 1, depth: 1 },
  origin: { country: 'JPN' },
  destination: { country: 'USA' },
};

describe('activation data a viewer may see', () => {
  it('shows users of the enterprise the visible and visible-when-logged-in fields', () => {
    expect(visibleActivationData(PROJECT, stored, STAFF)).toEqual({
      productName: 'Vaccine',
      internalCost: 1200,
      ...builtIn,
    });
  });

  it('shows visitors and other enterprises only the visible fields', () => {
    expect(visibleActivationData(PROJECT, stored, null)).toEqual({ productName: 'Vaccine', ...builtIn });
    expect(visibleActivationData(PROJECT, stored, OUTSIDER)).toEqual({ productName: 'Vaccine', ...builtIn });
  });

  it('never shows hidden fields or keys that are no field of the type', () => {
    expect(visibleActivationData(PROJECT, stored, STAFF)).not.toHaveProperty('qaNotes');
    expect(visibleActivationData(PROJECT, stored, STAFF)).not.toHaveProperty('leftover');
  });

  it('shows only the built-in fields when the type is unknown, and nothing before activation', () => {
    expect(visibleActivationData(PROJECT, { ...stored, barcode_type: 'barrel' }, STAFF)).toEqual(builtIn);
    expect(visibleActivationData(PROJECT, { ...stored, barcode_type: null }, STAFF)).toEqual(builtIn);
    expect(visibleActivationData(PROJECT, { barcode_type: 'box', activation_data: null }, STAFF)).toBeNull();
  });
});
