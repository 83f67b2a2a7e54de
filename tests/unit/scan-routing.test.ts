import { describe, expect, it } from 'vitest';
import { GS, hasValidCheckDigit } from '@gs1';
import {
  appendScan,
  createScanGate,
  DEFAULT_TIME_BETWEEN_SCANS_MS,
  toScanResult,
} from '@/features/scanning/model/decoding';
import { createWedgeDetector } from '@/features/scanning/model/keyboard-wedge';
import { captureFileName, photoAspectRatio } from '@/features/scanning/model/photo';
import { scanTarget } from '@/features/scanning/model/scan-routing';

describe('scan routing', () => {
  it("opens a barcode of this product's URL pattern on any host", () => {
    expect(scanTarget(' https://app.example.com/demo@1/qrcode/AbCdEf123456 ')).toEqual({
      kind: 'barcode',
      project: 'demo@1',
      barcodeId: 'AbCdEf123456',
    });
    expect(scanTarget('http://localhost:8080/base/secure@2/qrcode/ZZZZZZZZZZZZ?x=1')).toEqual({
      kind: 'barcode',
      project: 'secure@2',
      barcodeId: 'ZZZZZZZZZZZZ',
    });
  });

  it('makes anything else a new barcode with the trimmed text as external id', () => {
    expect(scanTarget('  4901234567894 ')).toEqual({
      kind: 'new',
      externalId: '4901234567894',
      gs1: null,
      scanned: '4901234567894',
    });
    expect(scanTarget('https://example.com/demo@1/qrcode/short')).toMatchObject({ kind: 'new', gs1: null });
    expect(scanTarget('javascript:alert(1)')).toMatchObject({ kind: 'new', externalId: 'javascript:alert(1)' });
    expect(scanTarget('   ')).toBeNull();
  });

  it('reads GS1 Digital Links: the external id is the canonical key and qualifiers, the attributes come along', () => {
    const link = 'https://brand.example/p/01/09506000134352/10/ABC%2F123/21/12345?17=270331';
    const target = scanTarget(link);
    expect(target).toMatchObject({
      kind: 'new',
      externalId: 'https://id.gs1.org/01/09506000134352/10/ABC%2F123/21/12345',
      scanned: link,
    });
    expect(target?.kind === 'new' && target.gs1?.attributes).toEqual([{ ai: '17', value: '270331' }]);
  });

  it('looks a GS1-128 logistics label up by its SSCC', () => {
    expect(scanTarget(`]C1001061414112345678970109506000134352${'10'}LOT1${GS}17290200`)).toMatchObject({
      kind: 'new',
      externalId: '106141411234567897',
    });
    expect(scanTarget('(00)106141411234567897')).toMatchObject({ kind: 'new', externalId: '106141411234567897' });
  });

  it('refuses GS1 data that breaks the rules, saying which AI and why', () => {
    expect(scanTarget('https://id.gs1.org/01/09506000134353/21/1')).toEqual({
      kind: 'invalidGs1',
      scanned: 'https://id.gs1.org/01/09506000134353/21/1',
      problems: [{ code: 'checkDigit', ai: '01' }],
    });
    expect(scanTarget(']C11713130110ABC')).toMatchObject({
      kind: 'invalidGs1',
      problems: [{ code: 'badDate', ai: '17' }],
    });
  });

  it('computes GS1 check digits', () => {
    expect(hasValidCheckDigit('4901234567894')).toBe(true);
    expect(hasValidCheckDigit('96385074')).toBe(true);
    expect(hasValidCheckDigit('4901234567895')).toBe(false);
    expect(hasValidCheckDigit('12ab')).toBe(false);
  });
});

describe('keyboard-wedge scanners', () => {
  const feed = (keys: [string, number][]) => {
    const detect = createWedgeDetector();
    return keys.map(([key, at]) => detect(key, at)).filter((v) => v !== null);
  };

  it('takes a fast burst of characters ended by Enter as one scan', () => {
    const keys = [...'PO-2026-1'].map((c, i): [string, number] => [c, 1000 + i * 8]);
    expect(feed([...keys, ['Enter', 1080]])).toEqual(['PO-2026-1']);
  });

  it('ignores people typing, short bursts and a slow Enter', () => {
    expect(
      feed([
        ['a', 0],
        ['b', 180],
        ['c', 400],
        ['d', 600],
        ['Enter', 800],
      ]),
    ).toEqual([]);
    expect(
      feed([
        ['a', 0],
        ['b', 5],
        ['Enter', 10],
      ]),
    ).toEqual([]);
    expect(
      feed([
        ['a', 0],
        ['b', 5],
        ['c', 10],
        ['d', 15],
        ['Enter', 400],
      ]),
    ).toEqual([]);
  });

  it("turns the scanner's stand-in for GS1's group separator into GS", () => {
    const detect = createWedgeDetector({ groupSeparator: '~' });
    const keys = [...'10AB~17290101'].map((c, i): [string, number] => [c, i * 5]);
    expect(
      [...keys, ['Enter', 80] as [string, number]].map(([key, at]) => detect(key, at)).filter((v) => v !== null),
    ).toEqual([`10AB${GS}17290101`]);
  });

  it('keeps shifted characters and drops the burst on other keys', () => {
    expect(
      feed([
        ['Shift', 0],
        ['A', 2],
        ['B', 6],
        ['1', 9],
        ['2', 12],
        ['Enter', 15],
      ]),
    ).toEqual(['AB12']);
    expect(
      feed([
        ['A', 0],
        ['B', 5],
        ['ArrowLeft', 8],
        ['C', 10],
        ['D', 14],
        ['Enter', 18],
      ]),
    ).toEqual([]);
  });
});

describe('the scanning loop', () => {
  it('handles a result only when it differs from the previous one and the minimum delay has passed', () => {
    const gate = createScanGate(500);
    expect(gate.accept('A', 0)).toBe(true);
    expect(gate.accept('A', 2000)).toBe(false);
    expect(gate.accept('B', 300)).toBe(false);
    expect(gate.accept('B', 600)).toBe(true);
    gate.reset();
    expect(gate.accept('B', 1200)).toBe(true);
  });

  it('uses the project time between scans, 500 ms by default', () => {
    expect(DEFAULT_TIME_BETWEEN_SCANS_MS).toBe(500);
    const gate = createScanGate(2000);
    expect(gate.accept('A', 0)).toBe(true);
    expect(gate.accept('B', 1999)).toBe(false);
  });

  it('gives a result its raw value, corners, bounding box and trimmed text', () => {
    const result = toScanResult({
      text: ' PO-1\n',
      format: 'QRCode',
      corners: [
        { x: 10, y: 20 },
        { x: 110, y: 22 },
        { x: 108, y: 120 },
        { x: 9, y: 118 },
      ],
    });
    expect(result).toMatchObject({
      rawValue: ' PO-1\n',
      text: 'PO-1',
      format: 'QRCode',
      boundingBox: { x: 9, y: 20, width: 101, height: 100 },
    });
    expect(result.cornerPoints).toHaveLength(4);
  });

  it('appends bulk values with the delimiter', () => {
    expect(appendScan('', 'A', ',')).toBe('A');
    expect(appendScan('A', 'B', ';')).toBe('A;B');
  });
});

describe('photo capture', () => {
  it('names captures with 16 random letters and digits', () => {
    const names = new Set(Array.from({ length: 50 }, () => captureFileName()));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9]{16}\.png$/);
  });

  it('asks for 16:9 in landscape and 9:16 in portrait', () => {
    expect(photoAspectRatio(true)).toBeCloseTo(16 / 9);
    expect(photoAspectRatio(false)).toBeCloseTo(9 / 16);
  });
});
