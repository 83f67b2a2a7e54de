import { describe, expect, it } from 'vitest';
import type { BulkContext } from '../../../server/rules/bulk';
import type { BulkBarcode } from '../../../server/rows/barcodes';
import {
  assertStockLocation,
  availableAt,
  availableBins,
  stockVerdict,
  stockVerdicts,
  toLocation,
} from '../../../server/rules/stock';
import type { LocationRow } from '../../../server/rows/locations';
import { answer, common, ENTERPRISE, label } from './fixtures';

const loc = (
  id: string,
  kind: LocationRow['kind'],
  parent: string | null,
  extra: Partial<LocationRow> = {},
): LocationRow => ({
  id,
  enterprise_id: ENTERPRISE,
  project_code: 'demo',
  parent_id: parent,
  kind,
  code: id.toUpperCase(),
  name: label(id),
  stock_in_track_points: [],
  stock_out_track_points: [],
  ...extra,
});
const WAREHOUSE = loc('wh', 'warehouse', null);
const RACK = loc('rack', 'rack', 'wh');
const BIN = loc('bin', 'bin', 'rack', { stock_in_track_points: ['hub'], stock_out_track_points: ['hub', 'delivered'] });
const OTHER_BIN = loc('bin2', 'bin', 'rack', { stock_in_track_points: ['packed'] });
const PROJECT = { enterprise_id: ENTERPRISE, code: 'demo' };

const barcode = (id: string, extra: Partial<BulkBarcode> = {}): BulkBarcode => ({
  id,
  enterprise_id: ENTERPRISE,
  project_code: 'demo',
  project_version: 1,
  barcode_type: 'box',
  is_activated: true,
  is_deactivated: false,
  current_track_point_key: 'hub',
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

describe('the location of a stock request', () => {
  it('must exist in the enterprise (3073), belong to the project (3074) and be a bin (3079)', () => {
    expect(answer(() => assertStockLocation([], PROJECT))).toEqual(common(3073));
    expect(answer(() => assertStockLocation([{ ...BIN, enterprise_id: 'ent-harbour' }], PROJECT))).toEqual(
      common(3073),
    );
    expect(answer(() => assertStockLocation([{ ...BIN, project_code: 'secure' }], PROJECT))).toEqual(common(3074));
    expect(answer(() => assertStockLocation([WAREHOUSE, RACK], PROJECT))).toEqual(common(3079));
    expect(answer(() => assertStockLocation([WAREHOUSE], PROJECT))).toEqual(common(3079));
    expect(assertStockLocation([WAREHOUSE, RACK, BIN], PROJECT)).toBe(BIN);
  });
});

describe('stock verdicts', () => {
  it("stock in: available at the barcode's trackpoint (3075), not in stock yet (3076); a paired child is not stocked alone (3013)", () => {
    expect(stockVerdict(barcode('a'), BIN, 'in')).toBeNull();
    expect(stockVerdict(barcode('a', { current_track_point_key: 'delivered' }), BIN, 'in')).toBe(3075);
    expect(stockVerdict(barcode('a', { current_track_point_key: null }), BIN, 'in')).toBe(3075);
    expect(stockVerdict(barcode('a', { stock_location_id: 'bin2' }), BIN, 'in')).toBe(3076);
    expect(stockVerdict(barcode('a', { parent_id: 'p' }), BIN, 'in')).toBe(3013);
  });

  it('stock out: available (3075), in stock (3077), in this bin (3078)', () => {
    expect(
      stockVerdict(barcode('a', { stock_location_id: 'bin', current_track_point_key: 'delivered' }), BIN, 'out'),
    ).toBeNull();
    expect(
      stockVerdict(barcode('a', { stock_location_id: 'bin', current_track_point_key: 'packed' }), BIN, 'out'),
    ).toBe(3075);
    expect(stockVerdict(barcode('a'), BIN, 'out')).toBe(3077);
    expect(stockVerdict(barcode('a', { stock_location_id: 'bin2' }), BIN, 'out')).toBe(3078);
  });

  it('the list checks first, in the order listed', () => {
    const ctx: BulkContext = {
      selfId: '',
      enterpriseId: ENTERPRISE,
      projectCode: 'demo',
      projectVersion: 1,
      found: new Map([
        ['a', barcode('a')],
        ['b', barcode('b', { stock_location_id: 'bin' })],
      ]),
      permitted: true,
    };
    expect(stockVerdicts(['a', 'b', 'a', 'zz'], BIN, 'in', ctx)).toEqual([null, 3076, 3017, 2303]);
    expect(stockVerdicts(['a'], BIN, 'in', { ...ctx, permitted: false })).toEqual([403]);
  });
});

describe('available bins', () => {
  const all = [WAREHOUSE, RACK, BIN, OTHER_BIN, loc('rack2', 'rack', 'wh', { stock_in_track_points: ['hub'] })];
  it('stock in: the bins that take stock in at the trackpoint (never a rack or warehouse)', () => {
    expect(availableBins(all, 'in', 'hub', null).map((l) => l.id)).toEqual(['bin']);
    expect(availableBins(all, 'in', 'packed', null).map((l) => l.id)).toEqual(['bin2']);
  });
  it('stock out: only the bin it is stocked in, when that bin gives stock out there', () => {
    expect(availableBins(all, 'out', 'delivered', 'bin').map((l) => l.id)).toEqual(['bin']);
    expect(availableBins(all, 'out', 'delivered', 'bin2')).toEqual([]);
    expect(availableAt(BIN, 'out', 'packed')).toBe(false);
  });
});

describe('a location as the client sees it', () => {
  it('carries the path from its warehouse to itself', () => {
    const byId = new Map([WAREHOUSE, RACK, BIN].map((l) => [l.id, l]));
    expect(toLocation(BIN, byId)).toEqual({
      id: 'bin',
      code: 'BIN',
      kind: 'bin',
      name: label('bin'),
      path: [WAREHOUSE, RACK, BIN].map((l) => ({ id: l.id, code: l.code, kind: l.kind, name: l.name })),
    });
  });
});
