import { describe, expect, it } from 'vitest';
import {
  assertBarcodeFound,
  assertExternalIdFree,
  assertExternalIdFreeForNew,
  barcodeLookup,
  concurrentChange,
  displayLabel,
  isBarcodeId,
} from '../../../server/rules/barcodes';
import { answer, common, onField } from './fixtures';

describe('finding a barcode', () => {
  it('by id: only 12 letters and digits can name one', () => {
    expect(barcodeLookup({ id: 'AAAAAAAAAAAA' })).toEqual({ id: 'AAAAAAAAAAAA' });
    expect(barcodeLookup({ id: 'AAAAAAAAAAA' })).toBeNull();
    expect(barcodeLookup({ id: 'AAAAAAAAAAA=' })).toBeNull();
    expect(isBarcodeId('aZ09aZ09aZ09')).toBe(true);
  });

  it('by project code and external id, with the tracking number when given', () => {
    expect(barcodeLookup({ projectCode: 'demo', externalId: 'PO-1' })).toEqual({
      projectCode: 'demo',
      externalId: 'PO-1',
      trackingNumber: undefined,
    });
    expect(barcodeLookup({ projectCode: 'demo', externalId: 'PO-1', trackingNumber: 'TN' })).toEqual({
      projectCode: 'demo',
      externalId: 'PO-1',
      trackingNumber: 'TN',
    });
  });

  it('needs an id, or both a project code and an external id (1000); 2303 when there is no such barcode', () => {
    expect(answer(() => barcodeLookup({ projectCode: 'demo' }))).toEqual(common(1000));
    expect(answer(() => barcodeLookup({ externalId: 'PO-1' }))).toEqual(common(1000));
    expect(answer(() => assertBarcodeFound(undefined))).toEqual(common(2303));
    expect(assertBarcodeFound('project-id')).toBe('project-id');
  });
});

describe('barcode identity', () => {
  it('is shown to people as the external id, else the id', () => {
    expect(displayLabel({ id: 'AAAAAAAAAAAA', external_id: 'PO-1' })).toBe('PO-1');
    expect(displayLabel({ id: 'AAAAAAAAAAAA', external_id: null })).toBe('AAAAAAAAAAAA');
  });

  it('refuses an external id taken in the project: for the request when generating, on externalId when activating', () => {
    expect(answer(() => assertExternalIdFreeForNew(true))).toEqual(common(2105));
    expect(answer(() => assertExternalIdFreeForNew(false))).toBe('passed');
    expect(answer(() => assertExternalIdFree(true))).toEqual(onField('externalId', 2105));
    expect(answer(() => assertExternalIdFree(false))).toBe('passed');
  });

  it('says a change lost the race with 3004', () => {
    expect(
      answer(() => {
        throw concurrentChange();
      }),
    ).toEqual(common(3004));
  });
});
