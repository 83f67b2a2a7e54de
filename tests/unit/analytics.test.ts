import { describe, expect, it } from 'vitest';
import { keyActionOfWrite, reportedLocation, reportedPath, reportedReferrer } from '@/shared/analytics/analytics';

describe('analytics: the key actions and page paths reported', () => {
  it('reads the key action off an accepted write, with how many barcodes it concerned', () => {
    expect(keyActionOfWrite('post', '/barcode/barcode', { projectCode: 'demo' })).toEqual({
      action: 'generate',
      count: 1,
    });
    expect(keyActionOfWrite('post', '/barcode/barcodes', { count: 24 })).toEqual({ action: 'generate', count: 24 });
    expect(keyActionOfWrite('post', '/barcode/activation', { barcodeId: 'x' })).toEqual({
      action: 'activate',
      count: 1,
    });
    expect(keyActionOfWrite('post', '/barcode/tracking', { barcodeId: 'x' })).toEqual({ action: 'track', count: 1 });
    expect(keyActionOfWrite('post', '/barcode/tracking', { barcodeIds: ['a', 'b', 'c'] })).toEqual({
      action: 'track',
      count: 3,
    });
    expect(keyActionOfWrite('post', '/barcode/pairing', { parentId: 'p', childrenIds: ['a', 'b'] })).toEqual({
      action: 'pair',
      count: 2,
    });
  });

  it('reports no dry run, no edit and no other write', () => {
    expect(keyActionOfWrite('post', '/barcode/tracking', { barcodeIds: ['a'], dryRun: true })).toBeNull();
    expect(keyActionOfWrite('put', '/barcode/activation', {})).toBeNull();
    expect(keyActionOfWrite('post', '/barcode/unpairing', {})).toBeNull();
    expect(keyActionOfWrite('post', '/barcode/file', {})).toBeNull();
  });

  it('leaves barcode ids out of page paths', () => {
    expect(reportedPath('/demo@1/qrcode/AbC123xyZ987/track')).toBe('/demo@1/qrcode/:barcodeId/track');
    expect(reportedPath('/demo@1/qrcode/AbC123xyZ987')).toBe('/demo@1/qrcode/:barcodeId');
    expect(reportedPath('/demo@1/qrcode/scan-ocr')).toBe('/demo@1/qrcode/scan-ocr');
    expect(reportedPath('/demo@1/labels')).toBe('/demo@1/labels');
  });

  it("reports the page address and the referrer without ids, queries or another site's path", () => {
    expect(reportedLocation('https://app.example', '/demo@1/qrcode/AbC123xyZ987')).toBe(
      'https://app.example/demo@1/qrcode/:barcodeId',
    );
    expect(reportedReferrer('https://app.example/demo@1/qrcode/AbC123xyZ987/track?x=1#y', 'https://app.example')).toBe(
      'https://app.example/demo@1/qrcode/:barcodeId/track',
    );
    expect(reportedReferrer('https://mail.example/inbox/4711?q=secret', 'https://app.example')).toBe(
      'https://mail.example/',
    );
    expect(reportedReferrer('', 'https://app.example')).toBe('');
    expect(reportedReferrer('not a url', 'https://app.example')).toBe('');
  });
});
