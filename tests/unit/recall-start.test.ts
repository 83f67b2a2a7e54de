import { describe, expect, it } from 'vitest';
import type { Project } from '@schemas/api/project';
import { spreadsheetName } from '@/features/recall/api/recall';
import {
  countByDirection,
  filterPackages,
  packageLabel,
  trackPointChoices,
  trackPointName,
  type RecalledPackage,
} from '@/features/recall/model/result';
import {
  EMPTY_START,
  formOfQuery,
  instantOfLocal,
  localOfInstant,
  queryOfStart,
  startOfForm,
  startOfQuery,
} from '@/features/recall/model/start';

describe('the recall start form', () => {
  it('sends a barcode alone, also when its label link is pasted', () => {
    expect(startOfForm({ ...EMPTY_START, kind: 'barcode', barcode: ' AbCdEf123456 ', lot: 'L-1' })).toEqual({
      start: { barcodeId: 'AbCdEf123456' },
    });
    expect(
      startOfForm({ ...EMPTY_START, kind: 'barcode', barcode: 'https://example.org/demo@1/qrcode/AbCdEf123456' }),
    ).toEqual({ start: { barcodeId: 'AbCdEf123456' } });
  });

  it('refuses a missing or malformed barcode', () => {
    expect(startOfForm({ ...EMPTY_START, kind: 'barcode' })).toEqual({ problems: { barcode: 'barcodeRequired' } });
    expect(startOfForm({ ...EMPTY_START, kind: 'barcode', barcode: 'AbCdEf12345' })).toEqual({
      problems: { barcode: 'barcodeFormat' },
    });
  });

  it('sends a lot with its GTIN or without, never a product code beside it', () => {
    expect(startOfForm({ ...EMPTY_START, lot: 'FLU-2026-1', productCode: 'VAX' })).toEqual({
      start: { lot: 'FLU-2026-1' },
    });
    expect(startOfForm({ ...EMPTY_START, lot: 'FLU-2026-1', gtin: '04912345000019' })).toEqual({
      start: { lot: 'FLU-2026-1', gtin: '04912345000019' },
    });
    expect(startOfForm({ ...EMPTY_START, lot: '  ' })).toEqual({ problems: { lot: 'lotRequired' } });
    expect(startOfForm({ ...EMPTY_START, lot: 'x'.repeat(65) })).toEqual({ problems: { lot: 'tooLong' } });
    expect(startOfForm({ ...EMPTY_START, lot: 'x'.repeat(64) })).toEqual({ start: { lot: 'x'.repeat(64) } });
  });

  it.each(['1234567', '12345678901', '123456789012345', '1234567a'])('refuses the GTIN %s', (gtin) => {
    expect(startOfForm({ ...EMPTY_START, lot: 'L', gtin })).toEqual({ problems: { gtin: 'gtinFormat' } });
  });

  it.each(['12345678', '123456789012', '1234567890123', '12345678901234'])('takes the GTIN %s', (gtin) => {
    expect(startOfForm({ ...EMPTY_START, kind: 'product', gtin })).toEqual({ start: { gtin } });
  });

  it('sends a product as a GTIN, a product code or both, and wants one of them', () => {
    expect(startOfForm({ ...EMPTY_START, kind: 'product', lot: 'L', productCode: 'VAX-1' })).toEqual({
      start: { productCode: 'VAX-1' },
    });
    expect(startOfForm({ ...EMPTY_START, kind: 'product', gtin: '12345678', productCode: 'VAX-1' })).toEqual({
      start: { gtin: '12345678', productCode: 'VAX-1' },
    });
    expect(startOfForm({ ...EMPTY_START, kind: 'product' })).toEqual({ problems: { productCode: 'productRequired' } });
    expect(startOfForm({ ...EMPTY_START, kind: 'product', productCode: 'p'.repeat(65) })).toEqual({
      problems: { productCode: 'tooLong' },
    });
  });

  it('sends a place and time as a trackpoint, a range with either end open, or both', () => {
    const place = { ...EMPTY_START, kind: 'place' as const, lot: 'L', gtin: '12345678' };
    const from = instantOfLocal('2026-11-27T10:00')!;
    const to = instantOfLocal('2026-11-27T14:30')!;
    expect(new Date(from).getHours()).toBe(10);
    expect(startOfForm({ ...place, trackPointKey: 'carrier' })).toEqual({ start: { trackPointKey: 'carrier' } });
    expect(startOfForm({ ...place, from: '2026-11-27T10:00' })).toEqual({ start: { from } });
    expect(
      startOfForm({ ...place, trackPointKey: 'carrier', from: '2026-11-27T10:00', to: '2026-11-27T14:30' }),
    ).toEqual({ start: { trackPointKey: 'carrier', from, to } });
    expect(startOfForm(place)).toEqual({ problems: { trackPointKey: 'placeRequired' } });
    expect(startOfForm({ ...place, from: '2026-11-27T10:00', to: '2026-11-27T10:00' })).toEqual({
      problems: { to: 'rangeOrder' },
    });
    expect(startOfForm({ ...place, from: 'yesterday' })).toEqual({ problems: { from: 'dateFormat' } });
    expect(startOfForm({ ...place, to: '2026-13-45T99:99' })).toEqual({ problems: { to: 'dateFormat' } });
  });

  it('shows an instant in the form as the phone reads it, and back', () => {
    expect(localOfInstant(instantOfLocal('2026-11-27T10:05'))).toBe('2026-11-27T10:05');
    expect(localOfInstant(null)).toBe('');
    expect(localOfInstant('not a time')).toBe('');
    const query = queryOfStart({ trackPointKey: 'carrier', from: instantOfLocal('2026-11-27T10:05')! });
    expect(formOfQuery(query)).toEqual({
      ...EMPTY_START,
      kind: 'place',
      trackPointKey: 'carrier',
      from: '2026-11-27T10:05',
    });
    expect(startOfQuery(query)).toEqual({ trackPointKey: 'carrier', from: instantOfLocal('2026-11-27T10:05') });
    expect(formOfQuery(new URLSearchParams('to=2026-11-27T10:05:00.000Z')).kind).toBe('place');
  });

  it('keeps the start in the address and reads it back', () => {
    const query = queryOfStart({ lot: 'FLU-2026-1', gtin: '12345678' });
    expect(query.toString()).toBe('lot=FLU-2026-1&gtin=12345678');
    expect(startOfQuery(query)).toEqual({ lot: 'FLU-2026-1', gtin: '12345678' });
    expect(formOfQuery(query)).toEqual({ ...EMPTY_START, kind: 'lot', lot: 'FLU-2026-1', gtin: '12345678' });
    expect(formOfQuery(new URLSearchParams('barcodeId=AbCdEf123456')).kind).toBe('barcode');
    expect(formOfQuery(new URLSearchParams('productCode=VAX')).kind).toBe('product');
    expect(formOfQuery(new URLSearchParams('')).kind).toBe('lot');
    expect(startOfQuery(new URLSearchParams(''))).toBeNull();
    // An address the form would refuse asks nothing of the server.
    expect(startOfQuery(new URLSearchParams('barcodeId=short'))).toBeNull();
  });
});

const project = {
  barcodeTypes: {
    pallet: {
      order: 2,
      name: { en: 'Pallet', ja: 'パレット' },
      trackPoints: [{ key: 'carrier', name: { en: 'Carrier', ja: '運送' } }],
    },
    case: {
      order: 1,
      name: { en: 'Case', ja: 'ケース' },
      trackPoints: [{ key: 'carrier', name: { en: 'Truck', ja: 'トラック' } }],
    },
  },
} as unknown as Project;

const pkg = (id: string, direction: RecalledPackage['direction'], at: string | null): RecalledPackage => ({
  id,
  barcodeType: 'case',
  externalId: null,
  direction,
  depth: direction === 'start' ? 0 : 1,
  reasons: [],
  heldFor: null,
  place: { trackPointKey: at, since: null, stock: null },
});

describe('the recall result', () => {
  const packages = [pkg('a', 'start', 'carrier'), pkg('b', 'forward', 'carrier'), pkg('c', 'forward', null)];

  it('filters by direction and by place, keeping the trace order', () => {
    expect(filterPackages(packages, { direction: 'all', place: 'all' }).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(filterPackages(packages, { direction: 'forward', place: 'all' }).map((p) => p.id)).toEqual(['b', 'c']);
    expect(filterPackages(packages, { direction: 'all', place: null }).map((p) => p.id)).toEqual(['c']);
    expect(filterPackages(packages, { direction: 'start', place: 'carrier' }).map((p) => p.id)).toEqual(['a']);
    expect(countByDirection(packages)).toEqual({ start: 1, backward: 0, forward: 2 });
  });

  it("names trackpoints by the package's own type first, and packages by type and label code", () => {
    expect(trackPointName(project, 'carrier', 'en', 'case')).toBe('Truck');
    expect(trackPointName(project, 'carrier', 'ja', 'pallet')).toBe('運送');
    expect(trackPointName(project, 'carrier', 'en')).toBe('Carrier');
    expect(trackPointName(project, 'gone', 'en', 'case')).toBe('gone');
    expect(trackPointChoices(project, 'en')).toEqual([{ key: 'carrier', name: 'Truck' }]);
    expect(packageLabel(project, { barcodeType: 'pallet', externalId: 'P-123', id: 'x' }, 'en')).toBe('Pallet P-123');
    expect(packageLabel(project, { barcodeType: 'case', externalId: null, id: 'AbCdEf123456' }, 'ja')).toBe(
      'ケース AbCdEf123456',
    );
    expect(packageLabel(project, { barcodeType: null, externalId: null, id: 'AbCdEf123456' }, 'en')).toBe(
      'AbCdEf123456',
    );
  });

  it('names the spreadsheet after the start, in characters every file system takes', () => {
    expect(spreadsheetName('demo', { lot: 'FLU/2026 1' })).toBe('fsma-204-demo-FLU_2026_1.csv');
    expect(spreadsheetName('demo', { gtin: '12345678', productCode: 'VAX' })).toBe('fsma-204-demo-12345678-VAX.csv');
    expect(spreadsheetName('demo', { barcodeId: 'AbCdEf123456' })).toBe('fsma-204-demo-AbCdEf123456.csv');
    expect(spreadsheetName('demo', { trackPointKey: 'carrier', from: '2026-11-27T01:00:00.000Z' })).toBe(
      'fsma-204-demo-carrier-2026-11-27.csv',
    );
    expect(spreadsheetName('demo', {})).toBe('fsma-204-demo-recall.csv');
  });
});
