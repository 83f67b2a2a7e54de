import { describe, expect, it } from 'vitest';
import {
  csvLine,
  cteRows,
  FSMA_COLUMNS,
  isoWithOffset,
  palletAt,
  type CteContext,
  type CteEntry,
} from '../../../server/rules/fsma204';

const t = (h: number, m = 0) => Date.UTC(2026, 10, 27, h, m);
const name = (en: string) => ({ en, ja: en, 'zh-TW': en, 'zh-CN': en });
const config = {
  barcodeTypes: {
    case: {
      name: name('Vaccine case'),
      gs1Mapping: { '10': 'lotNumber', '01': 'gtin', '17': 'expiryDate' },
      trackPoints: [
        { key: 'manufacturer', name: name('Manufacturer') },
        { key: 'distributionCentre', name: name('Distribution centre') },
        { key: 'carrier', name: name('Carrier') },
      ],
    },
  },
  products: [{ code: 'FLU-QIV-10', name: name('Influenza vaccine, 10 doses') }],
} as unknown as CteContext['config'];
const context = (pairs: CteContext['pairs'] = []): CteContext => ({
  config,
  offsetMinutes: 540,
  pairs,
  labelOf: (id) => (id === 'P' ? 'SSCC-P' : id),
});
const step = (seq: number, action: string, key: string | null, at: number, data: unknown = null): CteEntry => ({
  seq,
  action,
  track_point_key: key,
  data,
  at,
});
const lotCase = {
  id: 'C1',
  barcode_type: 'case',
  external_id: null,
  activation_data: { lotNumber: 'L1', gtin: '04912345000019', expiryDate: '2027-03-31', productCode: 'FLU-QIV-10' },
  direction: 'start',
  why: 'in the lot',
};
const column = (row: string[], name: (typeof FSMA_COLUMNS)[number]) => row[FSMA_COLUMNS.indexOf(name)];

describe('dates', () => {
  it('are ISO 8601 with the offset written out, east or west of UTC', () => {
    expect(isoWithOffset(t(1, 2), 540)).toBe('2026-11-27T10:02:00.000+09:00');
    expect(isoWithOffset(t(1, 2), -330)).toBe('2026-11-26T19:32:00.000-05:30');
    expect(isoWithOffset(t(1, 2), 0)).toBe('2026-11-27T01:02:00.000+00:00');
  });
});

describe('the pallet of a package at a moment', () => {
  const pairs = [
    { childId: 'C1', parentId: 'P', from: t(10), to: t(14) },
    { childId: 'P', parentId: 'T', from: t(11), to: Infinity },
  ];
  it('is the topmost package it was on then, or none', () => {
    expect(palletAt(pairs, 'C1', t(10, 30))).toBe('P');
    expect(palletAt(pairs, 'C1', t(12))).toBe('T');
    expect(palletAt(pairs, 'C1', t(10))).toBe('P');
    expect(palletAt(pairs, 'C1', t(14))).toBeNull();
    expect(palletAt(pairs, 'C1', t(9))).toBeNull();
  });

  it('stops on damaged data that pairs packages in a loop', () => {
    const loop = [
      { childId: 'A', parentId: 'B', from: t(1), to: Infinity },
      { childId: 'B', parentId: 'A', from: t(1), to: Infinity },
    ];
    expect(palletAt(loop, 'A', t(2))).toBe('B');
  });
});

describe('the rows of a traced package', () => {
  it('are its initial packing and each receiving, with the PTI columns filled from its data', () => {
    const history = [
      step(1, 'activated', 'manufacturer', t(1)),
      step(2, 'paired', 'manufacturer', t(1, 2), { parentId: 'P' }),
      step(3, 'moved-with-parent', 'distributionCentre', t(3), { withParent: 'P' }),
      step(4, 'tracked', 'carrier', t(5)),
    ];
    const rows = cteRows({ ...lotCase, history }, context([{ childId: 'C1', parentId: 'P', from: t(1, 2), to: t(4) }]));
    expect(rows).toEqual([
      [
        '(01)04912345000019(10)L1',
        '04912345000019',
        'L1',
        'Influenza vaccine, 10 doses',
        '1',
        'Vaccine case',
        '2027-03-31',
        'Expiration Date',
        '',
        'Initial Packing',
        '2026-11-27T10:00:00.000+09:00',
        'Manufacturer',
        'manufacturer',
        '',
        '',
        '',
        '',
        'Manufacturer',
        'Tracking record',
        'C1/1',
        'C1',
        'start',
        'in the lot',
      ],
      [
        '(01)04912345000019(10)L1',
        '04912345000019',
        'L1',
        'Influenza vaccine, 10 doses',
        '1',
        'Vaccine case',
        '2027-03-31',
        'Expiration Date',
        'SSCC-P',
        'Receiving',
        '2026-11-27T12:00:00.000+09:00',
        'Distribution centre',
        'distributionCentre',
        'Manufacturer',
        'manufacturer',
        'Distribution centre',
        'distributionCentre',
        'Manufacturer',
        'Tracking record',
        'C1/3',
        'C1',
        'start',
        'in the lot',
      ],
      [
        '(01)04912345000019(10)L1',
        '04912345000019',
        'L1',
        'Influenza vaccine, 10 doses',
        '1',
        'Vaccine case',
        '2027-03-31',
        'Expiration Date',
        '',
        'Receiving',
        '2026-11-27T14:00:00.000+09:00',
        'Carrier',
        'carrier',
        'Distribution centre',
        'distributionCentre',
        'Carrier',
        'carrier',
        'Manufacturer',
        'Tracking record',
        'C1/4',
        'C1',
        'start',
        'in the lot',
      ],
    ]);
    expect(FSMA_COLUMNS).toHaveLength(rows[0]!.length);
  });

  it('leave out undone steps and moves taken back with the parent, and take places from every entry', () => {
    const history = [
      step(12, 'tracked', 'carrier', t(9)),
      step(5, 'tracking-undone', 'manufacturer', t(4), { undoneSeq: 4 }),
      step(1, 'activated', 'manufacturer', t(1)),
      step(13, 'linked', 'carrier', t(10), { undoneSeq: 1 }),
      step(4, 'tracked', 'distributionCentre', t(3)),
      step(6, 'moved-with-parent', 'distributionCentre', t(5)),
      step(7, 'moved-with-parent', 'carrier', t(6)),
      step(8, 'moved-back-with-parent', 'distributionCentre', t(7)),
      step(9, 'moved-back-with-parent', 'distributionCentre', t(7)),
      step(10, 'moved-back-with-parent', 'distributionCentre', t(7)),
      step(11, 'stocked-in', null, t(8)),
    ];
    const rows = cteRows({ ...lotCase, history }, context());
    expect(rows.map((r) => [column(r, 'Reference Document Number'), column(r, 'Ship-From Location ID')])).toEqual([
      ['C1/1', ''],
      ['C1/12', 'distributionCentre'],
    ]);
  });

  it('fall back to the type name, the external id and empty cells where the package has no data', () => {
    const plain = {
      id: 'C2',
      barcode_type: 'case',
      external_id: 'https://id.gs1.org/01/09506000134352/10/GS1LOT',
      activation_data: null,
      direction: 'forward',
      why: 'shared pallet',
    };
    const [row] = cteRows({ ...plain, history: [step(1, 'activated', 'elsewhere', t(1))] }, context());
    expect(row!.slice(0, 13)).toEqual([
      '(01)09506000134352(10)GS1LOT',
      '09506000134352',
      'GS1LOT',
      'Vaccine case',
      '1',
      'Vaccine case',
      '',
      '',
      '',
      'Initial Packing',
      '2026-11-27T10:00:00.000+09:00',
      'elsewhere',
      'elsewhere',
    ]);
    const untyped = { ...plain, barcode_type: null, external_id: null, activation_data: { lotNumber: 'L9' } };
    const [bare] = cteRows({ ...untyped, history: [step(1, 'activated', null, t(1))] }, context());
    expect(bare!.slice(0, 13)).toEqual([
      '',
      '',
      '',
      '',
      '1',
      '',
      '',
      '',
      '',
      'Initial Packing',
      '2026-11-27T10:00:00.000+09:00',
      '',
      '',
    ]);
    const lotOnly = { ...plain, external_id: null, activation_data: { lotNumber: 'L9', expiryDate: 20270331 } };
    const [lot] = cteRows({ ...lotOnly, history: [step(1, 'tracked', 'carrier', t(1))] }, context());
    expect(lot!.slice(0, 17)).toEqual([
      'L9',
      '',
      'L9',
      'Vaccine case',
      '1',
      'Vaccine case',
      '',
      '',
      '',
      'Receiving',
      '2026-11-27T10:00:00.000+09:00',
      'Carrier',
      'carrier',
      '',
      '',
      'Carrier',
      'carrier',
    ]);
    expect(column(lot!, 'Traceability Lot Code Source Reference')).toBe('');
    const [odd] = cteRows({ ...untyped, history: [step(1, 'activated', 'somewhere', t(1))] }, context());
    expect([column(odd!, 'Location Description'), column(odd!, 'Location ID')]).toEqual(['somewhere', 'somewhere']);
    const noProducts = { ...context(), config: { barcodeTypes: config.barcodeTypes } };
    const [named] = cteRows({ ...lotCase, history: [step(1, 'activated', 'manufacturer', t(1))] }, noProducts);
    expect(column(named!, 'Product Description')).toBe('Vaccine case');
  });

  it('are none for a package with no activation nor step', () => {
    expect(cteRows({ ...lotCase, history: [step(1, 'linked', 'manufacturer', t(1))] }, context())).toEqual([]);
  });
});

describe('CSV lines', () => {
  it('quote what needs quoting and end with CRLF', () => {
    expect(csvLine(['a', 'b c', ''])).toBe('a,b c,\r\n');
    expect(csvLine(['x,y', 'say "hi"', 'two\nlines', 'cr\rhere'])).toBe(
      '"x,y","say ""hi""","two\nlines","cr\rhere"\r\n',
    );
  });

  it('keep a cell from being read as a formula', () => {
    expect(csvLine(['=1+1', '+81 6', '-2', '@SUM(A1)', '\tx', '\rx', 'a=b'])).toBe(
      "'=1+1,'+81 6,'-2,'@SUM(A1),'\tx,\"'\rx\",a=b\r\n",
    );
  });
});
