import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../../schemas/project-config';
import {
  linkingRefusal,
  linkingVerdicts,
  maxLinksOf,
  relationActions,
  type LinkingFacts,
} from '../../../server/rules/linking';
import type { ListedBarcode } from '../../../server/rows/barcodes';
import { BOX, ENTERPRISE, label, trackPoint } from './fixtures';

const points = () => [
  trackPoint('packed'),
  trackPoint('hub', { linking: 'prohibited', pairing: 'prohibited', unpairing: 'prohibited' }),
  trackPoint('delivered'),
];
const TYPES: Record<string, BarcodeType> = {
  tag: { ...BOX, name: label('Tag'), activationFields: [], trackPoints: points(), linking: { maxLinks: 2 } },
  logger: { ...BOX, name: label('Logger'), activationFields: [], trackPoints: points(), linking: { maxLinks: 1 } },
  plain: {
    ...BOX,
    name: label('Plain'),
    activationFields: [],
    trackPoints: points(),
    pairing: { childTypes: ['plain'], maxChildren: 2 },
  },
};

const TAG = { id: 'TAG000000001', barcode_type: 'tag', is_activated: true, current_track_point_key: 'packed' };

let n = 0;
const listed = (over: Partial<ListedBarcode> = {}): ListedBarcode => ({
  id: `LOG${String((n += 1)).padStart(9, '0')}`,
  enterprise_id: ENTERPRISE,
  project_code: 'demo',
  project_version: 1,
  barcode_type: 'logger',
  is_activated: true,
  is_deactivated: false,
  current_track_point_key: 'packed',
  external_id: null,
  parent_id: null,
  cycle: 0,
  ...over,
});

function facts(rows: ListedBarcode[], over: Partial<LinkingFacts> = {}): LinkingFacts {
  return {
    selfId: TAG.id,
    enterpriseId: ENTERPRISE,
    projectCode: 'demo',
    projectVersion: 1,
    found: new Map(rows.map((r) => [r.id, r])),
    alreadyLinked: new Set(),
    linkCounts: new Map(),
    ownLinkCount: 0,
    ...over,
  };
}
const verdicts = (rows: ListedBarcode[], ids = rows.map((r) => r.id), over: Partial<LinkingFacts> = {}) =>
  linkingVerdicts(TYPES, TAG, ids, facts(rows, over));

describe('whether a barcode may be linked (linkingRefusal)', () => {
  it('an activated barcode of a linkable type where linking is allowed: yes', () => {
    expect(linkingRefusal(TYPES, TAG)).toBeNull();
  });

  it('not before activation (3001), not for a type without linking (3081), not where it is prohibited (3080)', () => {
    expect(linkingRefusal(TYPES, { ...TAG, is_activated: false })).toBe(3001);
    expect(linkingRefusal(TYPES, { ...TAG, barcode_type: 'plain' })).toBe(3081);
    expect(linkingRefusal(TYPES, { ...TAG, current_track_point_key: 'hub' })).toBe(3080);
  });

  it('reads the reserved count from the type (0: not linkable)', () => {
    expect(maxLinksOf(TYPES, 'tag')).toBe(2);
    expect(maxLinksOf(TYPES, 'plain')).toBe(0);
    expect(maxLinksOf(TYPES, null)).toBe(0);
  });
});

describe('the verdict on each target (linkingVerdicts)', () => {
  it('accepts linkable barcodes of the project', () => {
    expect(verdicts([listed(), listed({ barcode_type: 'tag' })])).toEqual([null, null]);
  });

  it('refuses itself (3016), duplicates (3017), unknown or foreign (2303), other projects (3082) and versions (3084)', () => {
    const ok = listed();
    expect(
      verdicts(
        [
          ok,
          listed({ enterprise_id: 'x', id: 'FOREIGN00001' }),
          listed({ project_code: 'other', id: 'OTHERPROJ001' }),
          listed({ project_version: 3, id: 'OTHERVERS001' }),
        ],
        [TAG.id, ok.id, ok.id, 'NOSUCHCODE01', 'FOREIGN00001', 'OTHERPROJ001', 'OTHERVERS001'],
      ),
    ).toEqual([3016, null, 3017, 2303, 2303, 3082, 3084]);
  });

  it('refuses targets that cannot be linked (3081) or stand where linking is prohibited (3080)', () => {
    expect(verdicts([listed({ barcode_type: 'plain' }), listed({ current_track_point_key: 'hub' })])).toEqual([
      3081, 3080,
    ]);
  });

  it('refuses a barcode already linked with it, whichever direction (3083)', () => {
    const linked = listed();
    expect(verdicts([linked], undefined, { alreadyLinked: new Set([linked.id]) })).toEqual([3083]);
  });

  it('refuses a target whose own reserved count is full (3085)', () => {
    const full = listed();
    expect(verdicts([full], undefined, { linkCounts: new Map([[full.id, 1]]) })).toEqual([3085]);
  });

  it("refuses the entries beyond the barcode's reserved count (3085)", () => {
    expect(verdicts([listed(), listed(), listed()])).toEqual([null, null, 3085]);
    expect(verdicts([listed()], undefined, { ownLinkCount: 2 })).toEqual([3085]);
  });
});

describe("the detail page's relation actions", () => {
  const plain = {
    id: 'PLAIN0000001',
    barcode_type: 'plain',
    is_activated: true,
    is_deactivated: false,
    current_track_point_key: 'packed',
  };

  it('pair, unpair and link as the state allows', () => {
    expect(relationActions(TYPES, plain, { permitted: true, childrenCount: 1, linkCount: 0 })).toEqual({
      pair: { code: null },
      unpair: { code: null },
      link: { code: 3081 },
    });
    expect(
      relationActions(TYPES, { ...TAG, is_deactivated: false }, { permitted: true, childrenCount: 0, linkCount: 2 }),
    ).toEqual({ pair: { code: 3019 }, unpair: { code: 3026 }, link: { code: 3085 } });
  });

  it('says why not: full (3025), prohibited here (3021, 3023, 3080), no permission (403), deactivated (3095)', () => {
    expect(relationActions(TYPES, plain, { permitted: true, childrenCount: 2, linkCount: 0 }).pair).toEqual({
      code: 3025,
    });
    expect(
      relationActions(
        TYPES,
        { ...plain, current_track_point_key: 'hub' },
        { permitted: true, childrenCount: 1, linkCount: 0 },
      ),
    ).toEqual({ pair: { code: 3021 }, unpair: { code: 3023 }, link: { code: 3081 } });
    expect(relationActions(TYPES, plain, { permitted: false, childrenCount: 1, linkCount: 0 })).toEqual({
      pair: { code: 403 },
      unpair: { code: 403 },
      link: { code: 403 },
    });
    expect(
      relationActions(TYPES, { ...plain, is_deactivated: true }, { permitted: true, childrenCount: 1, linkCount: 0 })
        .unpair,
    ).toEqual({ code: 3095 });
  });
});
