import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../../schemas/project-config';
import {
  assertWithinMaximum,
  BulkOverMaximum,
  bulkHistoryMarks,
  bulkTrackingVerdicts,
  codeOf,
  recycleVerdicts,
  trackingVerdict,
  trackPointsByType,
  type BulkContext,
} from '../../../server/rules/bulk';
import type { BulkBarcode } from '../../../server/rows/barcodes';
import { commonFailure } from '../../../server/rules/api-failure';
import { BOX, CONFIG, ENTERPRISE, trackPoint } from './fixtures';

/** A box at `packed` of demo@1, activated, alone. */
const barcode = (id: string, extra: Partial<BulkBarcode> = {}): BulkBarcode => ({
  id,
  enterprise_id: ENTERPRISE,
  project_code: 'demo',
  project_version: 1,
  barcode_type: 'box',
  is_activated: true,
  is_deactivated: false,
  current_track_point_key: 'packed',
  external_id: null,
  parent_id: null,
  cycle: 0,
  revision: 1,
  is_sealed: false,
  children_count: 0,
  link_count: 0,
  stock_location_id: null,
  hold_reference: null,
  ...extra,
});
const context = (rows: BulkBarcode[], permitted = true): BulkContext => ({
  selfId: '',
  enterpriseId: ENTERPRISE,
  projectCode: 'demo',
  projectVersion: 1,
  found: new Map(rows.map((r) => [r.id, r])),
  permitted,
});
/** Boxes may skip the hub; they must be linked before leaving it (a linkable type). */
const SKIPPABLE: BarcodeType = {
  ...BOX,
  linking: { maxLinks: 2 },
  trackPoints: [
    BOX.trackPoints[0]!,
    { ...BOX.trackPoints[1]!, allowSkipTracking: true, linking: 'mandatory' },
    trackPoint('delivered'),
  ],
};
const TYPES = { box: SKIPPABLE };

describe('the bulk maximum', () => {
  it('allows lists up to the maximum and refuses one more with 3089 and the maximum', () => {
    expect(() => assertWithinMaximum(1000, 1000)).not.toThrow();
    let thrown: unknown;
    try {
      assertWithinMaximum(1001, 1000);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BulkOverMaximum);
    expect(thrown).toMatchObject({ status: 400, errors: { barcodeIds: [3089] }, extra: { maxCount: 1000 } });
  });
});

describe('codeOf', () => {
  it('answers the $common code a rule throws, null when it passes, and rethrows anything else', () => {
    expect(
      codeOf(() => {
        throw commonFailure(3006);
      }),
    ).toBe(3006);
    expect(codeOf(() => 1)).toBeNull();
    expect(() =>
      codeOf(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
  });
});

describe('bulk tracking verdicts', () => {
  it("gives each barcode the single step's verdict, in the order listed", () => {
    const rows = [
      barcode('ready'),
      barcode('child', { parent_id: 'ready' }),
      barcode('there', { current_track_point_key: 'hub' }),
      barcode('ahead', { current_track_point_key: 'delivered' }),
      barcode('idle', { is_activated: false, barcode_type: null }),
      barcode('gone', { is_deactivated: true }),
      barcode('other', { enterprise_id: 'ent-harbour' }),
      barcode('v2', { project_version: 2 }),
      barcode('elsewhere', { project_code: 'secure' }),
      barcode('typeless', { barcode_type: 'barrel' }),
    ];
    const ids = [
      'ready',
      'child',
      'there',
      'ahead',
      'idle',
      'gone',
      'other',
      'v2',
      'elsewhere',
      'missing',
      'ready',
      'typeless',
    ];
    expect(bulkTrackingVerdicts(TYPES, ids, 'hub', false, context(rows))).toEqual([
      null,
      3013,
      3005,
      3007,
      3001,
      3095,
      2303,
      3084,
      3082,
      2303,
      3017,
      2207,
    ]);
  });

  it('answers 403 for every barcode the viewer may not track, after the list checks', () => {
    expect(bulkTrackingVerdicts(TYPES, ['a', 'missing'], 'hub', false, context([barcode('a')], false))).toEqual([
      403, 2303,
    ]);
  });

  it('a barcode at a trackpoint two steps back is at a different trackpoint (3006)', () => {
    expect(trackingVerdict(TYPES, barcode('a'), 'delivered', false)).toBe(3006);
  });

  it('checks a mandatory link at the trackpoint left (3086), counting links', () => {
    const atHub = barcode('a', { current_track_point_key: 'hub' });
    expect(trackingVerdict(TYPES, atHub, 'delivered', false)).toBe(3086);
    expect(trackingVerdict(TYPES, { ...atHub, link_count: 1 }, 'delivered', false)).toBeNull();
  });

  it('skipping needs a trackpoint that allows it (3091), after the tracking checks', () => {
    expect(trackingVerdict(TYPES, barcode('a'), 'hub', true)).toBeNull();
    expect(
      trackingVerdict(TYPES, barcode('a', { current_track_point_key: 'hub', link_count: 1 }), 'delivered', true),
    ).toBe(3091);
    expect(trackingVerdict(TYPES, barcode('a', { current_track_point_key: 'hub' }), 'hub', true)).toBe(3005);
  });
});

describe('recycle verdicts', () => {
  it("the single recycle's rules per barcode: in use 3010, paired 3011, linked 3088, sealed 3012", () => {
    const done = { current_track_point_key: 'delivered' };
    const rows = [
      barcode('ok', done),
      barcode('travelling'),
      barcode('parent', { ...done, children_count: 2 }),
      barcode('child', { ...done, parent_id: 'x' }),
      barcode('linked', { ...done, link_count: 1 }),
      barcode('sealed', { ...done, is_sealed: true }),
      barcode('idle', { is_activated: false, barcode_type: null }),
    ];
    const ids = ['ok', 'travelling', 'parent', 'child', 'linked', 'sealed', 'idle'];
    expect(recycleVerdicts(CONFIG, ids, context(rows))).toEqual([null, 3010, 3011, 3011, 3088, 3012, 3001]);
    expect(recycleVerdicts(CONFIG, ['ok'], context(rows, false))).toEqual([403]);
  });
});

describe('trackpoints by type', () => {
  it("names each type's trackpoint once, with its first listed barcode; types without it are left out", () => {
    const byType = trackPointsByType(
      { box: SKIPPABLE, crate: { ...SKIPPABLE, trackPoints: [trackPoint('packed')] } },
      [barcode('b1'), barcode('c1', { barcode_type: 'crate' }), barcode('b2')],
      'hub',
    );
    expect([...byType].map(([type, v]) => [type, v.point.key, v.firstBarcodeId])).toEqual([['box', 'hub', 'b1']]);
  });
});

describe('history marks', () => {
  it('a skipped step says so; a stock entry names its bin; other entries add nothing', () => {
    expect(bulkHistoryMarks('tracked', { skipped: true })).toEqual({ skipped: true });
    expect(bulkHistoryMarks('tracked', { forms: {} })).toEqual({});
    expect(bulkHistoryMarks('stocked-in', { locationId: 'bin-1' })).toEqual({ locationId: 'bin-1' });
    expect(bulkHistoryMarks('stocked-out', { locationId: 'bin-1' })).toEqual({ locationId: 'bin-1' });
    expect(bulkHistoryMarks('paired', { locationId: 'bin-1', skipped: true })).toEqual({});
    expect(bulkHistoryMarks('tracked', null)).toEqual({});
  });
});
