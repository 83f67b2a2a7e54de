import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError, normaliseError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';
import { listedBarcodeOf } from '@/features/outbox/components/outbox-page';

/** The catalogue's texts, as the app's strings would give them. */
const t = ((key: string) => `text of ${key}`) as unknown as TFunction;

describe('what a refusal says beyond its codes (a recycled barcode)', () => {
  it('keeps the reasons the server sent, only the texts among them', () => {
    const single = normaliseError(400, { errors: { $common: [3001] }, reasons: { $common: 'recycled' } });
    expect(single.code).toBe('3001');
    expect(single.reasons).toEqual({ $common: 'recycled' });
    const list = normaliseError(400, {
      errors: { 'barcodeIds.0': [3001], 'barcodeIds.1': [3001] },
      reasons: { 'barcodeIds.1': 'recycled', 'barcodeIds.0': 7 },
    });
    expect(list.code).toBe('fields');
    expect(list.reasons).toEqual({ 'barcodeIds.1': 'recycled' });
    expect(normaliseError(400, { errors: { $common: [3001] }, reasons: 'recycled' }).reasons).toEqual({});
    expect(normaliseError(400, { errors: { $common: [3001] } }).reasons).toEqual({});
  });

  it('says the reason in place of the code: for the request, and for each barcode of a list', () => {
    expect(
      translateError(t, normaliseError(400, { errors: { $common: [3001] }, reasons: { $common: 'recycled' } })),
    ).toBe('text of recycled');
    expect(translateError(t, normaliseError(400, { errors: { $common: [3001] } }))).toBe('text of 3001');
    const list = normaliseError(400, {
      errors: { 'barcodeIds.0': [3001], 'barcodeIds.1': [3001] },
      reasons: { 'barcodeIds.1': 'recycled' },
    });
    expect(translateError(t, list).split('\n')).toEqual(['text of 3001', 'text of recycled']);
  });
});

describe('the outbox entry of a refused list names each refused barcode', () => {
  const data = { projectId: 'p', barcodeIds: ['AAAAAAAAAAA1', 'BBBBBBBBBBB2'], childrenIds: ['CCCCCCCCCCC3'] };

  it('by its place in the list sent', () => {
    expect(listedBarcodeOf(data, 'barcodeIds.1')).toBe('BBBBBBBBBBB2');
    expect(listedBarcodeOf(data, 'childrenIds.0')).toBe('CCCCCCCCCCC3');
    expect(listedBarcodeOf(data, 'barcodeIds.2')).toBeUndefined();
    expect(listedBarcodeOf(data, 'projectId.0')).toBeUndefined();
    expect(listedBarcodeOf(data, 'barcodeIds')).toBeUndefined();
    expect(listedBarcodeOf(null, 'barcodeIds.0')).toBeUndefined();
  });

  it('with its own reason, one line each', () => {
    const refusal = new ApiError(
      'fields',
      400,
      { 'barcodeIds.0': [3001], 'barcodeIds.1': [3001] },
      undefined,
      undefined,
      {},
      { 'barcodeIds.0': 'recycled' },
    );
    expect(translateError(t, refusal, (path) => listedBarcodeOf(data, path))).toBe(
      'AAAAAAAAAAA1: text of recycled\nBBBBBBBBBBB2: text of 3001',
    );
  });
});
