import { describe, expect, it } from 'vitest';
import { cropScale, isCrop, ocrText, selection } from '@/features/scanning/model/ocr-crop';
import {
  addScannedBarcode,
  clearScannedBarcodes,
  keepScanFrame,
  POOL_LIMIT,
  scanFrameSource,
  scannedBarcodes,
} from '@/shared/barcode/scan-state';
import { storedSymbology, storeSymbology } from '@/features/scanning/model/scanner-settings';
import { STORAGE_PREFIX } from '@/shared/config';
import { clearTabData } from '@/shared/storage/storage';
import { ocrDialog, scanDialog } from '@/shared/ui/capture-requests';

describe('OCR crop', () => {
  const bounds = { width: 640, height: 480 };
  it('spans a drag whichever way it went, kept inside the picture', () => {
    expect(selection({ x: 300, y: 200 }, { x: 100, y: 150 }, bounds)).toEqual({
      x: 100,
      y: 150,
      width: 200,
      height: 50,
    });
    expect(selection({ x: -20, y: 400 }, { x: 700, y: 520 }, bounds)).toEqual({ x: 0, y: 400, width: 640, height: 80 });
  });
  it('takes a tap or a sliver for no selection', () => {
    expect(isCrop(selection({ x: 10, y: 10 }, { x: 12, y: 90 }, bounds))).toBe(false);
    expect(isCrop(selection({ x: 10, y: 10 }, { x: 90, y: 18 }, bounds))).toBe(true);
  });
  it('enlarges small crops up to about 96 px high, at most 4x, never shrinks', () => {
    expect(cropScale(24)).toBe(4);
    expect(cropScale(10)).toBe(4);
    expect(cropScale(48)).toBe(2);
    expect(cropScale(300)).toBe(1);
  });
  it('gives the recognised text as one trimmed line', () => {
    expect(ocrText('  PO  88231 \n\n  LOT 7\n')).toBe('PO 88231 LOT 7');
    expect(ocrText(' \n ')).toBe('');
  });
});

describe('symbology persistence', () => {
  it('keeps the choice per route name; a broken or unknown stored value reads as default', () => {
    storeSymbology('scan', 'qr');
    storeSymbology('tracking', 'oneDimensional');
    expect([storedSymbology('scan'), storedSymbology('tracking'), storedSymbology('activation')]).toEqual([
      'qr',
      'oneDimensional',
      'default',
    ]);
    localStorage.setItem(`${STORAGE_PREFIX}:lastSymbology`, '{broken');
    expect(storedSymbology('scan')).toBe('default');
    storeSymbology('scan', 'qr');
    expect(storedSymbology('scan')).toBe('qr');
    localStorage.setItem(`${STORAGE_PREFIX}:lastSymbology`, JSON.stringify({ scan: 'pdf417' }));
    expect(storedSymbology('scan')).toBe('default');
  });
});

describe('capture dialogs', () => {
  it('resolve with the answer, and a new request closes the previous one with null', async () => {
    const first = scanDialog.request({ routeName: 'tracking' });
    expect(scanDialog.store.get()?.args).toEqual({ routeName: 'tracking' });
    const second = scanDialog.request({ routeName: 'activation' });
    await expect(first).resolves.toBeNull();
    scanDialog.answer({ text: 'LOT-1', frame: null });
    await expect(second).resolves.toEqual({ text: 'LOT-1', frame: null });
    expect(scanDialog.store.get()).toBeNull();
  });
  it('cancel answers null', async () => {
    const pending = ocrDialog.request({ fieldName: 'root_vehicleId' });
    ocrDialog.answer(null);
    await expect(pending).resolves.toBeNull();
  });
});

describe('scan state', () => {
  it('keeps the latest scans newest first, at most POOL_LIMIT, in this tab', () => {
    clearScannedBarcodes();
    for (let i = 0; i < POOL_LIMIT + 5; i += 1)
      addScannedBarcode(
        `CODE-${i}`,
        i % 2 ? { project: 'demo@1', id: `b${i}` } : null,
        new Date(Date.UTC(2026, 10, 21, 0, i)),
      );
    const pool = scannedBarcodes.get();
    expect(pool).toHaveLength(POOL_LIMIT);
    expect(pool[0]).toEqual({ text: `CODE-${POOL_LIMIT + 4}`, barcode: null, scannedAt: '2026-11-21T01:44:00.000Z' });
    expect(JSON.stringify(Object.values(sessionStorage))).toContain(`CODE-${POOL_LIMIT + 4}`);
  });
  it('forgets the scans and frames at logout (a shared phone)', () => {
    addScannedBarcode('PAL-1', null);
    keepScanFrame('b9', new File(['x'], 'a.jpg'));
    clearTabData();
    expect(scannedBarcodes.get()).toEqual([]);
    expect(scanFrameSource('b9').current()).toBeNull();
    expect(JSON.stringify(Object.values(sessionStorage))).not.toContain('PAL-1');
  });
  it("hands a barcode's scan frame to its form once, and tells listeners", () => {
    const source = scanFrameSource('b1');
    const heard: (File | null)[] = [];
    const stop = source.subscribe(() => heard.push(source.current()));
    const frame = new File(['x'], 'AbCdEfGhIjKlMnOp.jpg', { type: 'image/jpeg' });
    keepScanFrame('b1', frame);
    expect(source.current()).toBe(frame);
    expect(scanFrameSource('b2').current()).toBeNull();
    source.used();
    expect(source.current()).toBeNull();
    expect(heard).toEqual([frame, null]);
    stop();
  });
});
