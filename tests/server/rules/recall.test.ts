import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../../../schemas/project-config';
import {
  gs1FieldKeys,
  gs1FieldsOf,
  gs1OfExternalId,
  gtin14,
  linkWindows,
  lotOf,
  matchesStart,
  MAX_TRACE_DEPTH,
  movedWithin,
  movesOf,
  overlap,
  pairingWindows,
  reasonText,
  traceRecall,
  type PairWindow,
  type RelationEntry,
  type RelationGraph,
} from '../../../server/rules/recall';

/** 27 November 2026, hh:mm UTC, in milliseconds. */
const t = (h: number, m = 0) => Date.UTC(2026, 10, 27, h, m);
const entry = (barcodeId: string, action: string, at: number, data: unknown = null): RelationEntry => ({
  barcodeId,
  action,
  at,
  data,
});
const pair = (childId: string, parentId: string, from: number, to = Infinity): PairWindow => ({
  childId,
  parentId,
  from,
  to,
});
const graph = (pairs: PairWindow[], moves: Record<string, number[]> = {}, links: RelationGraph['links'] = []) => ({
  pairs,
  links,
  moves: new Map(Object.entries(moves)),
});
const ids = (result: ReturnType<typeof traceRecall>) => result.packages.map((p) => p.id);
const one = (result: ReturnType<typeof traceRecall>, id: string) => result.packages.find((p) => p.id === id);

describe('pairing windows', () => {
  it('open at pairing and close at unpairing, read from the child side and the parent side alike', () => {
    const windows = pairingWindows([
      entry('P', 'paired', t(10, 2), { childrenIds: ['A', 'B'] }),
      entry('A', 'paired', t(10, 2), { parentId: 'P' }),
      entry('B', 'paired', t(10, 2), { parentId: 'P' }),
      entry('B', 'unpaired', t(11), { parentId: 'P' }),
      entry('P', 'unpaired', t(11), { childrenIds: ['B'] }),
      entry('B', 'paired', t(15), { parentId: 'P' }),
    ]);
    expect(windows).toEqual([
      { childId: 'B', parentId: 'P', from: t(10, 2), to: t(11) },
      { childId: 'A', parentId: 'P', from: t(10, 2), to: Infinity },
      { childId: 'B', parentId: 'P', from: t(15), to: Infinity },
    ]);
  });

  it('are read in time order whatever order the entries come in, and ignore other actions and odd data', () => {
    const windows = pairingWindows([
      entry('A', 'unpaired', t(12), { parentId: 'P' }),
      entry('A', 'tracked', t(11), { parentId: 'P' }),
      entry('A', 'paired', t(10), { parentId: 'P' }),
      entry('C', 'paired', t(10), null),
      entry('D', 'paired', t(10), { parentId: 7, childrenIds: [8, 'E'] }),
      entry('F', 'unpaired', t(10), { parentId: 'P' }),
    ]);
    expect(windows).toEqual([
      { childId: 'A', parentId: 'P', from: t(10), to: t(12) },
      { childId: 'E', parentId: 'D', from: t(10), to: Infinity },
    ]);
  });
});

describe('link windows', () => {
  it('join both sides of a link (either direction) and close at unlinking', () => {
    expect(
      linkWindows([
        entry('X', 'linked', t(9), { linkedBarcodeIds: ['L', 'M'], direction: 'link-to' }),
        entry('L', 'linked', t(9), { linkedBarcodeId: 'X', direction: 'be-linked' }),
        entry('M', 'unlinked', t(13), { linkedBarcodeId: 'X' }),
        entry('X', 'unlinked', t(13), { linkedBarcodeId: 'M' }),
        entry('X', 'paired', t(14), { linkedBarcodeId: 'Q' }),
        entry('X', 'paired', t(15), { linkedBarcodeId: 'L' }),
      ]),
    ).toEqual([
      { a: 'M', b: 'X', from: t(9), to: t(13) },
      { a: 'L', b: 'X', from: t(9), to: Infinity },
    ]);
  });
});

describe('moves', () => {
  it('are the times of the entries by which a barcode changes place', () => {
    const moves = movesOf([
      entry('P', 'activated', t(8)),
      entry('P', 'tracked', t(10)),
      entry('P', 'paired', t(11)),
      entry('P', 'tracking-undone', t(12)),
      entry('C', 'moved-with-parent', t(10)),
      entry('C', 'moved-back-with-parent', t(12)),
      entry('C', 'stocked-in', t(13)),
      entry('C', 'stocked-out', t(14)),
      entry('C', 'linked', t(15)),
    ]);
    expect(Object.fromEntries(moves)).toEqual({
      P: [t(8), t(10), t(12)],
      C: [t(10), t(12), t(13), t(14)],
    });
  });

  it('count inside a window only strictly between its ends', () => {
    const window = { from: t(10), to: t(12) };
    expect(movedWithin([t(11)], window)).toBe(true);
    expect(movedWithin([t(10), t(12)], window)).toBe(false);
    expect(movedWithin([], window)).toBe(false);
  });
});

describe('overlap', () => {
  it('is the common part of two windows, null when they only touch or miss', () => {
    expect(overlap({ from: t(10), to: t(14) }, { from: t(12), to: Infinity })).toEqual({ from: t(12), to: t(14) });
    expect(overlap({ from: -Infinity, to: Infinity }, { from: t(1), to: t(2) })).toEqual({ from: t(1), to: t(2) });
    expect(overlap({ from: t(10), to: t(12) }, { from: t(12), to: t(13) })).toBeNull();
    expect(overlap({ from: t(10), to: t(11) }, { from: t(12), to: t(13) })).toBeNull();
  });
});

describe('the trace', () => {
  // Pallet P: lot case A from 10:02 for good; case K on it 09:00-09:30 (unpaired before P left at
  // 10:30); case B 10:05-14:40 (travelled); case N paired 15:00 after P came back at 14:50. P sat on
  // truck T 10:20-15:00 with pallet Q (carrying case Z). Units U1 in A, U2 in B, U3 in K.
  const pairs = [
    pair('A', 'P', t(10, 2)),
    pair('K', 'P', t(9), t(9, 30)),
    pair('B', 'P', t(10, 5), t(14, 40)),
    pair('N', 'P', t(15)),
    pair('P', 'T', t(10, 20), t(15)),
    pair('Q', 'T', t(10, 25), t(15)),
    pair('Z', 'Q', t(8)),
    pair('U1', 'A', t(7)),
    pair('U2', 'B', t(7)),
    pair('U3', 'K', t(7)),
  ];
  const moves = { P: [t(8), t(10, 30), t(14, 50)], T: [t(10, 40)], Q: [t(10, 40)] };

  it('goes back to every carrier and forward to what travelled with the lot, not to what only sat beside it', () => {
    const result = traceRecall(['A'], graph(pairs, moves), 100);
    expect(result.total).toBe(8);
    expect(result.truncated).toBe(false);
    expect(result.packages).toEqual([
      { id: 'A', direction: 'start', depth: 0, reasons: [{ kind: 'start' }] },
      {
        id: 'P',
        direction: 'backward',
        depth: 1,
        reasons: [{ kind: 'carried', via: 'A', from: t(10, 2), to: Infinity }],
      },
      {
        id: 'T',
        direction: 'backward',
        depth: 2,
        reasons: [{ kind: 'carried', via: 'P', from: t(10, 20), to: t(15) }],
      },
      {
        id: 'U1',
        direction: 'forward',
        depth: 1,
        reasons: [{ kind: 'contained', via: 'A', from: t(7), to: Infinity }],
      },
      {
        id: 'B',
        direction: 'forward',
        depth: 2,
        reasons: [{ kind: 'sharedParent', via: 'P', from: t(10, 5), to: t(14, 40) }],
      },
      {
        id: 'Q',
        direction: 'forward',
        depth: 3,
        reasons: [{ kind: 'sharedParent', via: 'T', from: t(10, 25), to: t(15) }],
      },
      {
        id: 'U2',
        direction: 'forward',
        depth: 3,
        reasons: [{ kind: 'contained', via: 'B', from: t(10, 5), to: t(14, 40) }],
      },
      {
        id: 'Z',
        direction: 'forward',
        depth: 4,
        reasons: [{ kind: 'contained', via: 'Q', from: t(10, 25), to: t(15) }],
      },
    ]);
    expect(ids(result)).not.toContain('K');
    expect(ids(result)).not.toContain('N');
    expect(ids(result)).not.toContain('U3');
  });

  it('leaves out what was inside a co-traveller only while the carrier stood still', () => {
    const result = traceRecall(
      ['A'],
      graph(
        [
          pair('A', 'P', t(10)),
          pair('B', 'P', t(10)),
          pair('U', 'B', t(11, 30)),
          pair('V', 'B', t(9), t(10, 30)),
          pair('W', 'B', t(9)),
        ],
        {
          P: [t(11)],
        },
      ),
      100,
    );
    expect(ids(result)).toEqual(['A', 'P', 'B', 'W']);
    expect(one(result, 'W')?.reasons).toEqual([{ kind: 'contained', via: 'B', from: t(10), to: Infinity }]);
  });

  it('follows links of implicated packages while they were implicated, one step only', () => {
    const links = [
      { a: 'L', b: 'P', from: t(11), to: t(12) },
      { a: 'M', b: 'P', from: t(8), to: t(9) },
      { a: 'A', b: 'S', from: t(1), to: t(2) },
      { a: 'L', b: 'R', from: t(11), to: Infinity },
    ];
    const result = traceRecall(['A'], graph([pair('A', 'P', t(10))], {}, links), 100);
    expect(ids(result)).toEqual(['A', 'P', 'S', 'L']);
    expect(one(result, 'L')).toEqual({
      id: 'L',
      direction: 'forward',
      depth: 2,
      reasons: [{ kind: 'linked', via: 'P', from: t(11), to: t(12) }],
    });
    expect(one(result, 'S')?.reasons).toEqual([{ kind: 'linked', via: 'A', from: t(1), to: t(2) }]);
  });

  it('keeps a start package a start, and joins the windows of one relation found twice', () => {
    const result = traceRecall(
      ['A', 'B'],
      graph([pair('A', 'P', t(10), t(12)), pair('A', 'P', t(13), t(15)), pair('B', 'P', t(10))], { P: [t(11), t(14)] }),
      100,
    );
    expect(result.packages).toEqual([
      { id: 'A', direction: 'start', depth: 0, reasons: [{ kind: 'start' }] },
      { id: 'B', direction: 'start', depth: 0, reasons: [{ kind: 'start' }] },
      {
        id: 'P',
        direction: 'backward',
        depth: 1,
        reasons: [
          { kind: 'carried', via: 'A', from: t(10), to: t(15) },
          { kind: 'carried', via: 'B', from: t(10), to: Infinity },
        ],
      },
    ]);
  });

  it('gives a package found both ways the stronger direction and the smaller depth', () => {
    // C is inside the lot pallet A (forward, depth 1) and, later, also the pallet A sat on... as a
    // carrier it is backward: backward wins; D is reached at depth 3 and at depth 1.
    const result = traceRecall(
      ['A'],
      graph([pair('C', 'A', t(1), t(2)), pair('A', 'C', t(3), t(4)), pair('D', 'C', t(3), t(4))], { C: [t(3, 30)] }),
      100,
    );
    expect(one(result, 'C')).toEqual({
      id: 'C',
      direction: 'backward',
      depth: 1,
      reasons: [
        { kind: 'contained', via: 'A', from: t(1), to: t(2) },
        { kind: 'carried', via: 'A', from: t(3), to: t(4) },
      ],
    });
    const later = traceRecall(['A'], graph([pair('A', 'C', t(3), t(4)), pair('C', 'A', t(1), t(2))]), 100);
    expect(one(later, 'C')?.direction).toBe('backward');
    expect(one(later, 'C')?.depth).toBe(1);
  });

  it('keeps the smallest depth and never weakens a direction, whichever start finds a package first', () => {
    const result = traceRecall(
      ['A', 'B'],
      graph([pair('M', 'A', t(1)), pair('N', 'M', t(1)), pair('X', 'N', t(1)), pair('X', 'B', t(2), t(3))]),
      10,
    );
    expect(one(result, 'X')?.depth).toBe(1);
    const carrier = traceRecall(['A', 'B'], graph([pair('A', 'P', t(1), t(2)), pair('P', 'B', t(3))]), 10);
    expect(one(carrier, 'P')).toEqual({
      id: 'P',
      direction: 'backward',
      depth: 1,
      reasons: [
        { kind: 'carried', via: 'A', from: t(1), to: t(2) },
        { kind: 'contained', via: 'B', from: t(3), to: Infinity },
      ],
    });
  });

  it('walks again from a package reached nearer a start, and keeps each window of a package for its links', () => {
    const nearer = traceRecall(
      ['S1', 'S2'],
      graph([pair('S1', 'C', t(1)), pair('C', 'X', t(1)), pair('S2', 'X', t(1)), pair('X', 'Y', t(1))]),
      10,
    );
    expect(one(nearer, 'X')?.depth).toBe(1);
    expect(one(nearer, 'Y')?.depth).toBe(2);
    const links = [{ a: 'L', b: 'P', from: t(1, 30), to: t(1, 40) }];
    const twice = traceRecall(
      ['A', 'B'],
      graph([pair('A', 'P', t(1), t(2)), pair('B', 'P', t(5), t(6))], {}, links),
      10,
    );
    expect(one(twice, 'L')?.reasons).toEqual([{ kind: 'linked', via: 'P', from: t(1, 30), to: t(1, 40) }]);
  });

  it('says when there are more packages than the limit, and sends only the first ones', () => {
    const result = traceRecall(['A'], graph([pair('U1', 'A', t(1)), pair('U2', 'A', t(1))]), 2);
    expect(result).toEqual({
      packages: [
        { id: 'A', direction: 'start', depth: 0, reasons: [{ kind: 'start' }] },
        {
          id: 'U1',
          direction: 'forward',
          depth: 1,
          reasons: [{ kind: 'contained', via: 'A', from: t(1), to: Infinity }],
        },
      ],
      total: 3,
      truncated: true,
    });
    expect(traceRecall(['A'], graph([pair('U1', 'A', t(1))]), 2).truncated).toBe(false);
    expect(traceRecall([], graph(pairs, moves), 10)).toEqual({ packages: [], total: 0, truncated: false });
  });

  it("lists a package's reasons in time order, then by kind, then by the package they came through, whatever order the records came in", () => {
    const pairs = [
      pair('A', 'P', t(5), t(6)),
      pair('B', 'P', t(1), t(2)),
      pair('C', 'P', t(1), t(2)),
      pair('P', 'C', t(1, 30), t(1, 40)),
      pair('P', 'D', t(1), t(2)),
    ];
    const expected = [
      { kind: 'carried', via: 'B', from: t(1), to: t(2) },
      { kind: 'carried', via: 'C', from: t(1), to: t(2) },
      { kind: 'contained', via: 'D', from: t(1), to: t(2) },
      { kind: 'contained', via: 'C', from: t(1, 30), to: t(1, 40) },
      { kind: 'carried', via: 'A', from: t(5), to: t(6) },
    ];
    for (const order of [pairs, [...pairs].reverse(), [pairs[3]!, pairs[0]!, pairs[4]!, pairs[2]!, pairs[1]!]]) {
      expect(one(traceRecall(['A', 'B', 'C', 'D'], graph(order), 10), 'P')?.reasons).toEqual(expected);
    }
    // Relations open since ever start together: their kind decides, then the package.
    const always = [pair('A', 'Q', -Infinity), pair('Q', 'B', -Infinity), pair('C', 'Q', -Infinity)];
    for (const order of [always, [...always].reverse()])
      expect(one(traceRecall(['A', 'B', 'C'], graph(order), 10), 'Q')?.reasons).toEqual([
        { kind: 'carried', via: 'A', from: -Infinity, to: Infinity },
        { kind: 'carried', via: 'C', from: -Infinity, to: Infinity },
        { kind: 'contained', via: 'B', from: -Infinity, to: Infinity },
      ]);
  });

  it('sorts by direction, then depth, then id', () => {
    const result = traceRecall(['B', 'A'], graph([pair('Y', 'B', t(1)), pair('X', 'B', t(1))]), 10);
    expect(ids(result)).toEqual(['A', 'B', 'X', 'Y']);
  });

  it('stops on damaged data that pairs packages in a loop', () => {
    const loop = [pair('A', 'B', t(1)), pair('B', 'A', t(1))];
    const result = traceRecall(['A'], graph(loop), 10);
    expect(ids(result)).toEqual(['A', 'B']);
    expect(one(result, 'B')?.direction).toBe('backward');
    expect(MAX_TRACE_DEPTH).toBe(64);
    const chain = Array.from({ length: 70 }, (_, i) => pair(`c${i + 1}`, `c${i}`, t(1)));
    expect(traceRecall(['c0'], graph(chain), 1000).total).toBe(65);
    const tower = Array.from({ length: 70 }, (_, i) => pair(`c${i}`, `c${i + 1}`, t(1)));
    expect(traceRecall(['c0'], graph(tower), 1000).total).toBe(65);
  });
});

const config = {
  barcodeTypes: {
    case: { gs1Mapping: { '10': 'lotNumber', '01': 'gtin', '17': 'expiryDate' } },
    pallet: { gs1Mapping: { '10': 'lot', '37': 'caseCount' } },
    logger: {},
  },
} as unknown as Pick<ProjectConfig, 'barcodeTypes'>;
const candidate = (
  barcode_type: string | null,
  activation_data: Record<string, unknown> | null,
  external_id: string | null = null,
) => ({ id: 'X', barcode_type, activation_data, external_id });

describe('lots and products', () => {
  it('name the fields of a type for AI 10, 01 and 17, none for a type without a mapping or an unknown type', () => {
    expect(gs1FieldsOf(config, 'case')).toEqual({ lot: 'lotNumber', gtin: 'gtin', expiry: 'expiryDate' });
    expect(gs1FieldsOf(config, 'logger')).toEqual({ lot: undefined, gtin: undefined, expiry: undefined });
    expect(gs1FieldsOf(config, null)).toEqual({ lot: undefined, gtin: undefined, expiry: undefined });
    expect(gs1FieldsOf(config, 'crate')).toEqual({ lot: undefined, gtin: undefined, expiry: undefined });
    expect(gs1FieldKeys(config, '10')).toEqual(['lot', 'lotNumber']);
    expect(gs1FieldKeys(config, '01')).toEqual(['gtin']);
  });

  it('write GTINs as 14 digits to compare them', () => {
    expect(gtin14('4912345000019')).toBe('04912345000019');
    expect(gtin14('012345678905')).toBe('00012345678905');
    expect(gtin14('12345670')).toBe('00000000012345670'.slice(3));
    expect(gtin14('04912345000019')).toBe('04912345000019');
    expect(gtin14('123456789')).toBe('123456789');
    expect(gtin14('x4912345000019')).toBe('x4912345000019');
    expect(gtin14('4912345000019x')).toBe('4912345000019x');
  });

  it('read the lot and GTIN from a GS1 external id in any of its stored forms', () => {
    expect(gs1OfExternalId('https://id.gs1.org/01/09506000134352/10/ABC-1')).toEqual({
      lot: 'ABC-1',
      gtin: '09506000134352',
    });
    expect(gs1OfExternalId('(01)09506000134352(10)L7')).toEqual({ lot: 'L7', gtin: '09506000134352' });
    expect(gs1OfExternalId('SHIP-77')).toEqual({});
    expect(gs1OfExternalId(null)).toEqual({});
    expect(gs1OfExternalId('(01)123')).toEqual({});
    expect(gs1OfExternalId('(01)09506000134352')).toEqual({ lot: undefined, gtin: '09506000134352' });
  });

  it("take a barcode's lot from its lot field first, then from its GS1 external id", () => {
    const dl = 'https://id.gs1.org/01/09506000134352/10/GS1LOT';
    expect(lotOf(config, candidate('case', { lotNumber: 'L1', gtin: '4912345000019' }, dl))).toStrictEqual({
      lot: 'L1',
      gtin: '04912345000019',
    });
    expect(lotOf(config, candidate('case', {}, dl))).toEqual({ lot: 'GS1LOT', gtin: '09506000134352' });
    expect(lotOf(config, candidate('case', null))).toEqual({});
    expect(lotOf(config, candidate('case', { lotNumber: 12 }))).toEqual({});
    expect(lotOf(config, candidate('pallet', { lot: 'P1', lotNumber: 'L1' }))).toEqual({ lot: 'P1' });
  });

  it('match a lot, with or without its GTIN', () => {
    const lotCase = candidate('case', { lotNumber: 'L1', gtin: '04912345000019' });
    expect(matchesStart(config, { kind: 'lot', lot: 'L1' }, lotCase)).toBe(true);
    expect(matchesStart(config, { kind: 'lot', lot: 'L1', gtin: '4912345000019' }, lotCase)).toBe(true);
    expect(matchesStart(config, { kind: 'lot', lot: 'L1', gtin: '09506000134352' }, lotCase)).toBe(false);
    expect(matchesStart(config, { kind: 'lot', lot: 'L2' }, lotCase)).toBe(false);
    expect(matchesStart(config, { kind: 'lot', lot: 'L1' }, candidate('logger', { lotNumber: 'L1' }))).toBe(false);
  });

  it('match the lot of the fields or that of the GS1 external id, each with its own GTIN', () => {
    const both = candidate('case', { lotNumber: 'L1' }, '(01)09506000134352(10)GS1LOT');
    expect(matchesStart(config, { kind: 'lot', lot: 'L1' }, both)).toBe(true);
    expect(matchesStart(config, { kind: 'lot', lot: 'GS1LOT', gtin: '9506000134352' }, both)).toBe(true);
    expect(matchesStart(config, { kind: 'lot', lot: 'L1', gtin: '9506000134352' }, both)).toBe(true);
    const apart = candidate('case', { lotNumber: 'L1', gtin: '04912345000019' }, '(01)09506000134352(10)GS1LOT');
    expect(matchesStart(config, { kind: 'lot', lot: 'GS1LOT', gtin: '4912345000019' }, apart)).toBe(false);
    expect(matchesStart(config, { kind: 'lot', lot: 'L1', gtin: '9506000134352' }, apart)).toBe(false);
    expect(matchesStart(config, { kind: 'product', gtin: '9506000134352' }, apart)).toBe(true);
    expect(matchesStart(config, { kind: 'product', gtin: '4912345000019' }, apart)).toBe(true);
    expect(matchesStart(config, { kind: 'lot', lot: 'L1' }, candidate('case', null, 'SHIP-1'))).toBe(false);
  });

  it('match a product by GTIN, by product code, or both', () => {
    const picked = candidate('case', { gtin: '04912345000019', productCode: 'FLU-QIV-10' });
    expect(matchesStart(config, { kind: 'product', gtin: '04912345000019' }, picked)).toBe(true);
    expect(matchesStart(config, { kind: 'product', productCode: 'FLU-QIV-10' }, picked)).toBe(true);
    expect(matchesStart(config, { kind: 'product', gtin: '4912345000019', productCode: 'FLU-QIV-10' }, picked)).toBe(
      true,
    );
    expect(matchesStart(config, { kind: 'product', gtin: '4912345000019', productCode: 'OTHER' }, picked)).toBe(false);
    expect(matchesStart(config, { kind: 'product', gtin: '09506000134352' }, picked)).toBe(false);
    expect(matchesStart(config, { kind: 'product', productCode: 'OTHER' }, picked)).toBe(false);
    expect(matchesStart(config, { kind: 'product' }, picked)).toBe(false);
    expect(matchesStart(config, { kind: 'product', productCode: 'FLU-QIV-10' }, candidate('case', null))).toBe(false);
  });

  it('match a barcode by its id only', () => {
    expect(matchesStart(config, { kind: 'barcode', barcodeId: 'X' }, candidate('case', null))).toBe(true);
    expect(matchesStart(config, { kind: 'barcode', barcodeId: 'Y' }, candidate('case', null))).toBe(false);
  });
});

describe('reasons in words', () => {
  const label = (id: string) => `Pallet ${id}`;
  const time = (at: number) => new Date(at).toISOString();
  it('name the relation, the other package and the window', () => {
    expect(reasonText({ kind: 'start' }, label, time)).toBe('matched the search');
    expect(reasonText({ kind: 'sharedParent', via: 'P-123', from: t(10, 2), to: t(14, 40) }, label, time)).toBe(
      'shared Pallet P-123 from 2026-11-27T10:02:00.000Z to 2026-11-27T14:40:00.000Z',
    );
    expect(reasonText({ kind: 'carried', via: 'A', from: t(10), to: Infinity }, label, time)).toBe(
      'carried Pallet A from 2026-11-27T10:00:00.000Z until now',
    );
    expect(reasonText({ kind: 'contained', via: 'A', from: -Infinity, to: t(9) }, label, time)).toBe(
      'was in Pallet A to 2026-11-27T09:00:00.000Z',
    );
    expect(reasonText({ kind: 'linked', via: 'L', from: -Infinity, to: Infinity }, label, time)).toBe(
      'linked to Pallet L until now',
    );
  });
});
