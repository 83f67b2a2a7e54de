import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../../schemas/project-config';
import {
  assertAllAccepted,
  assertMayLeaveTrackPoint,
  assertNoRefusal,
  maxChildrenOf,
  pairingRefusal,
  relatedBarcodesOf,
  relationRuleAt,
  pairingVerdicts,
  sumOfValues,
  unpairingRefusal,
  unpairingVerdicts,
  verdictReason,
  type PairingFacts,
} from '../../../server/rules/pairing';
import type { ListedBarcode } from '../../../server/rows/barcodes';
import { answer, BOX, common, ENTERPRISE, label, trackPoint } from './fixtures';

/** A pallet takes up to 3 cases; cases take units; nothing is paired on the truck, unpaired at the hub, or linked when delivered. */
const points = (extra: Record<string, object> = {}) =>
  ['packed', 'hub', 'truck', 'delivered'].map((key) => trackPoint(key, extra[key] ?? {}));
const TYPES: Record<string, BarcodeType> = {
  pallet: {
    ...BOX,
    name: label('Pallet'),
    activationFields: [],
    trackPoints: points({ truck: { pairing: 'prohibited', unpairing: 'prohibited' } }),
    pairing: { childTypes: ['case'], maxChildren: 3 },
  },
  case: {
    ...BOX,
    name: label('Case'),
    activationFields: [],
    trackPoints: points(),
    pairing: { childTypes: ['unit', 'case'], maxChildren: 100 },
  },
  unit: { ...BOX, name: label('Unit'), activationFields: [], trackPoints: points() },
  strict: {
    ...BOX,
    name: label('Strict'),
    activationFields: [],
    pairing: { childTypes: ['case'], maxChildren: 5 },
    linking: { maxLinks: 2 },
    trackPoints: points({ packed: { pairing: 'mandatory', linking: 'mandatory' }, hub: { unpairing: 'mandatory' } }),
  },
};

const PARENT = { id: 'PALLET000001', barcode_type: 'pallet', is_activated: true, current_track_point_key: 'packed' };

let n = 0;
/** A listed barcode of the same project: an activated case at 'packed' without a parent, unless `over` says otherwise. */
const listed = (over: Partial<ListedBarcode> = {}): ListedBarcode => ({
  id: `CASE${String((n += 1)).padStart(8, '0')}`,
  enterprise_id: ENTERPRISE,
  project_code: 'demo',
  project_version: 1,
  barcode_type: 'case',
  is_activated: true,
  is_deactivated: false,
  current_track_point_key: 'packed',
  external_id: null,
  parent_id: null,
  cycle: 0,
  ...over,
});

function facts(rows: ListedBarcode[], over: Partial<PairingFacts> = {}): PairingFacts {
  return {
    selfId: PARENT.id,
    enterpriseId: ENTERPRISE,
    projectCode: 'demo',
    projectVersion: 1,
    found: new Map(rows.map((r) => [r.id, r])),
    ancestorIds: new Set(),
    childrenCount: 0,
    ...over,
  };
}

describe('whether a barcode may take children (pairingRefusal)', () => {
  it('a type that takes children, activated, where pairing is allowed: yes', () => {
    expect(pairingRefusal(TYPES, PARENT)).toBeNull();
  });

  it('not before activation (3001)', () => {
    expect(pairingRefusal(TYPES, { ...PARENT, is_activated: false })).toBe(3001);
    expect(pairingRefusal(TYPES, { ...PARENT, barcode_type: null })).toBe(3001);
  });

  it('not when its type takes no children (3019), nor an unknown type', () => {
    expect(pairingRefusal(TYPES, { ...PARENT, barcode_type: 'unit' })).toBe(3019);
    expect(pairingRefusal(TYPES, { ...PARENT, barcode_type: 'gone' })).toBe(3019);
  });

  it('not at a trackpoint that prohibits pairing (3021); unpairing there is 3023', () => {
    const onTruck = { ...PARENT, current_track_point_key: 'truck' };
    expect(pairingRefusal(TYPES, onTruck)).toBe(3021);
    expect(unpairingRefusal(TYPES, onTruck)).toBe(3023);
    expect(unpairingRefusal(TYPES, PARENT)).toBeNull();
  });
});

describe('the verdict on each child (pairingVerdicts)', () => {
  const verdicts = (rows: ListedBarcode[], ids = rows.map((r) => r.id), over: Partial<PairingFacts> = {}) =>
    pairingVerdicts(TYPES, PARENT, ids, facts(rows, over));

  it("accepts cases of the same project at the parent's trackpoint", () => {
    expect(verdicts([listed(), listed()])).toEqual([null, null]);
  });

  it('refuses the parent itself (3016) and an id listed twice (3017), keeping the first', () => {
    const c = listed();
    expect(verdicts([c], [PARENT.id, c.id, c.id])).toEqual([3016, null, 3017]);
  });

  it('answers 2303 for unknown ids and for barcodes of another enterprise, which it does not reveal', () => {
    const foreign = listed({ enterprise_id: 'ent-harbour' });
    expect(verdicts([foreign], ['NOSUCHCODE01', foreign.id])).toEqual([2303, 2303]);
  });

  it('refuses another project (3082) and another version of the project (3084)', () => {
    expect(verdicts([listed({ project_code: 'secure' }), listed({ project_version: 2 })])).toEqual([3082, 3084]);
  });

  it('refuses deactivated (3095) and not activated (3001) barcodes', () => {
    expect(verdicts([listed({ is_deactivated: true }), listed({ is_activated: false, barcode_type: null })])).toEqual([
      3095, 3001,
    ]);
  });

  it("refuses a type the parent's type does not accept (3019)", () => {
    expect(verdicts([listed({ barcode_type: 'unit' }), listed({ barcode_type: 'pallet' })])).toEqual([3019, 3019]);
  });

  it('refuses a child that already has a parent, this one or another (3018)', () => {
    expect(verdicts([listed({ parent_id: 'OTHERPALLET1' }), listed({ parent_id: PARENT.id })])).toEqual([3018, 3018]);
  });

  it('refuses a barcode above the parent at any depth: a loop (3024)', () => {
    const caseParent = { ...PARENT, id: 'CASE00000099', barcode_type: 'case' };
    const grandparent = listed();
    const codes = pairingVerdicts(TYPES, caseParent, [grandparent.id], {
      ...facts([grandparent]),
      selfId: caseParent.id,
      ancestorIds: new Set(['CASEPARENT01', grandparent.id]),
    });
    expect(codes).toEqual([3024]);
  });

  it('refuses a barcode at another trackpoint (3006): children travel with the parent', () => {
    expect(verdicts([listed({ current_track_point_key: 'hub' })])).toEqual([3006]);
  });

  it('refuses the entries beyond the reserved count, counting the children it has and the accepted entries before (3025)', () => {
    const rows = [listed(), listed({ barcode_type: 'unit' }), listed(), listed()];
    expect(verdicts(rows, undefined, { childrenCount: 1 })).toEqual([null, 3019, null, 3025]);
    expect(verdicts([listed()], undefined, { childrenCount: 3 })).toEqual([3025]);
  });
});

describe('what a verdict says beyond its code (verdictReason)', () => {
  const recycled = listed({ is_activated: false, barcode_type: null, cycle: 1 });

  it("calls a not-activated barcode that was recycled before 'recycled', however often", () => {
    expect(verdictReason(3001, recycled)).toEqual({ reason: 'recycled' });
    expect(verdictReason(3001, { ...recycled, cycle: 4 })).toEqual({ reason: 'recycled' });
  });

  it('says nothing of a barcode never activated, nor of one the viewer may not know', () => {
    expect(verdictReason(3001, { ...recycled, cycle: 0 })).toEqual({});
    expect(verdictReason(3001, undefined)).toEqual({});
  });

  it('says nothing beside any other code, nor of an activated barcode (activated without a type: 3001)', () => {
    expect(verdictReason(null, recycled)).toEqual({});
    expect(verdictReason(3095, recycled)).toEqual({});
    expect(verdictReason(3001, { ...recycled, is_activated: true })).toEqual({});
  });
});

describe('unpairing verdicts', () => {
  const found = new Map([
    ['CHILD0000001', { enterprise_id: ENTERPRISE, parent_id: PARENT.id }],
    ['OTHERCHILD01', { enterprise_id: ENTERPRISE, parent_id: 'OTHERPALLET1' }],
    ['FOREIGNCHILD', { enterprise_id: 'ent-harbour', parent_id: PARENT.id }],
  ]);

  it("accepts the parent's children and refuses itself (3016), duplicates (3017), unknown or foreign ids (2303) and others' children (3026)", () => {
    expect(
      unpairingVerdicts(
        PARENT.id,
        ['CHILD0000001', PARENT.id, 'CHILD0000001', 'NOSUCHCODE01', 'FOREIGNCHILD', 'OTHERCHILD01'],
        ENTERPRISE,
        found,
      ),
    ).toEqual([null, 3016, 3017, 2303, 2303, 3026]);
  });
});

describe('all or nothing (assertAllAccepted)', () => {
  it('passes when every verdict is null', () => {
    expect(answer(() => assertAllAccepted('childrenIds', [null, null]))).toBe('passed');
  });

  it('answers each refused entry under its index', () => {
    expect(answer(() => assertAllAccepted('childrenIds', [null, 3018, 3006]))).toEqual({
      status: 400,
      errors: { 'childrenIds.1': [3018], 'childrenIds.2': [3006] },
    });
  });

  /** What the refusal sends beside its codes (`extra`), or 'passed'. */
  const extraOf = (run: () => unknown) => {
    try {
      run();
      return 'passed';
    } catch (error) {
      return (error as { extra: unknown }).extra;
    }
  };

  it("says a refused entry's reason beside its code, by the same name, as the dry run's verdict does", () => {
    expect(
      extraOf(() => assertAllAccepted('barcodeIds', [3001, null, 3001, 3006], ['recycled', undefined, undefined])),
    ).toEqual({ reasons: { 'barcodeIds.0': 'recycled' } });
    expect(
      answer(() => assertAllAccepted('barcodeIds', [3001, null, 3001], [undefined, undefined, 'recycled'])),
    ).toEqual({ status: 400, errors: { 'barcodeIds.0': [3001], 'barcodeIds.2': [3001] } });
    expect(
      extraOf(() => assertAllAccepted('barcodeIds', [3001, null, 3001], [undefined, undefined, 'recycled'])),
    ).toEqual({ reasons: { 'barcodeIds.2': 'recycled' } });
  });

  it('sends no reasons when none is given or no refused entry has one; an accepted entry says none', () => {
    expect(extraOf(() => assertAllAccepted('barcodeIds', [3001, 3006]))).toEqual({});
    expect(extraOf(() => assertAllAccepted('barcodeIds', [3001, null], [undefined, 'recycled']))).toEqual({});
    expect(extraOf(() => assertAllAccepted('barcodeIds', [null, null], ['recycled', 'recycled']))).toBe('passed');
  });
});

describe('leaving a trackpoint with mandatory rules (assertMayLeaveTrackPoint)', () => {
  const strict = { id: 'STRICT000001', barcode_type: 'strict', is_activated: true, current_track_point_key: 'packed' };

  it('mandatory pairing: a type that takes children leaves only with children (3020)', () => {
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, strict, { childrenCount: 0, linkCount: 1 }))).toEqual(
      common(3020),
    );
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, strict, { childrenCount: 2, linkCount: 1 }))).toBe('passed');
  });

  it('mandatory linking: a linkable type leaves only with a link (3086)', () => {
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, strict, { childrenCount: 2, linkCount: 0 }))).toEqual(
      common(3086),
    );
  });

  it('mandatory unpairing: leaves only without children (3022)', () => {
    const atHub = { ...strict, current_track_point_key: 'hub' };
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, atHub, { childrenCount: 1, linkCount: 0 }))).toEqual(
      common(3022),
    );
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, atHub, { childrenCount: 0, linkCount: 0 }))).toBe('passed');
  });

  it('nothing is mandatory where nothing is configured', () => {
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, PARENT, { childrenCount: 0, linkCount: 0 }))).toBe('passed');
  });
});

describe("the total of the children's values (sumOfValues)", () => {
  it('adds numbers and adjustment values and leaves out the rest', () => {
    expect(sumOfValues([100, { type: 'increase', value: 40 }, 'text', null, 2.5])).toEqual({
      sum: 142.5,
      numericCount: 3,
    });
  });

  it('is null when no value is a number', () => {
    expect(sumOfValues([null, 'x'])).toEqual({ sum: null, numericCount: 0 });
    expect(sumOfValues([])).toEqual({ sum: null, numericCount: 0 });
  });
});

describe('the barcodes a history entry names (relatedBarcodesOf)', () => {
  it('reads the children or the parent of a pairing, the barcodes of a link, the parent of a move', () => {
    expect(relatedBarcodesOf('paired', { childrenIds: ['A', 'B'], note: 'n' })).toEqual(['A', 'B']);
    expect(relatedBarcodesOf('unpaired', { parentId: 'P' })).toEqual(['P']);
    expect(relatedBarcodesOf('linked', { linkedBarcodeIds: ['L'], direction: 'link-to' })).toEqual(['L']);
    expect(relatedBarcodesOf('unlinked', { linkedBarcodeId: 'M', direction: 'be-linked' })).toEqual(['M']);
    expect(relatedBarcodesOf('moved-back-with-parent', { withParent: 'P' })).toEqual(['P']);
  });

  it('names nothing for other entries or data it does not know', () => {
    expect(relatedBarcodesOf('tracked', { forms: {} })).toBeUndefined();
    expect(relatedBarcodesOf('paired', null)).toBeUndefined();
    expect(relatedBarcodesOf('paired', { childrenIds: [1, 'A'] })).toEqual(['A']);
  });
});

describe('what a trackpoint says of relations', () => {
  it('allows pairing, unpairing and linking unless configured, and a type takes no children unless configured', () => {
    expect(relationRuleAt(trackPoint('hub'), 'pairing')).toBe('allowed');
    expect(relationRuleAt(undefined, 'linking')).toBe('allowed');
    expect(relationRuleAt(TYPES.pallet!.trackPoints[2], 'unpairing')).toBe('prohibited');
    expect(maxChildrenOf(TYPES, 'pallet')).toBe(3);
    expect(maxChildrenOf(TYPES, 'unit')).toBe(0);
    expect(maxChildrenOf(TYPES, 'gone')).toBe(0);
    expect(maxChildrenOf(TYPES, null)).toBe(0);
  });

  it('lets a barcode of a type or at a trackpoint the project no longer has unpair its children and move on', () => {
    const gone = { ...PARENT, barcode_type: 'gone' };
    const lost = { ...PARENT, barcode_type: 'strict', current_track_point_key: 'nowhere' };
    expect(unpairingRefusal(TYPES, gone)).toBeNull();
    expect(unpairingRefusal(TYPES, lost)).toBeNull();
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, gone, { childrenCount: 0, linkCount: 0 }))).toBe('passed');
    expect(answer(() => assertMayLeaveTrackPoint(TYPES, lost, { childrenCount: 0, linkCount: 0 }))).toBe('passed');
  });

  it('refuses every child of a parent whose type the project no longer has (3019)', () => {
    const c = listed();
    expect(pairingVerdicts(TYPES, { ...PARENT, barcode_type: 'gone' }, [c.id], facts([c]))).toEqual([3019]);
  });

  it('refuses a child not activated yet, even with a type (3001)', () => {
    const c = listed({ is_activated: false });
    expect(pairingVerdicts(TYPES, PARENT, [c.id], facts([c]))).toEqual([3001]);
  });

  it('throws a refusal for the whole request ($common), nothing when there is none', () => {
    expect(answer(() => assertNoRefusal(3021))).toEqual(common(3021));
    expect(answer(() => assertNoRefusal(null))).toBe('passed');
  });

  it("leaves out children's values that are not set or no finite number", () => {
    expect(sumOfValues([undefined, 4, Number.NaN, { type: 'increase', value: Number.POSITIVE_INFINITY }])).toEqual({
      sum: 4,
      numericCount: 1,
    });
  });

  it('names the parent a child moved with, and nothing for data that is no record', () => {
    expect(relatedBarcodesOf('moved-with-parent', { withParent: 'P' })).toEqual(['P']);
    expect(relatedBarcodesOf('paired', 'A')).toBeUndefined();
  });
});
