import { localized as text } from '../../schemas/languages';
import type { Queryable } from '../db/database';
import { insertLocation, type NewLocation } from '../repositories/locations';

/** Fixed ids of the demo locations, so the seed is idempotent and tests can name them. */
export const SEED_LOCATIONS = {
  kantoWarehouse: '0b7285aa-0000-4000-8000-000000000301',
  rackA: '0b7285aa-0000-4000-8000-000000000311',
  rackB: '0b7285aa-0000-4000-8000-000000000312',
  binA01: '0b7285aa-0000-4000-8000-000000000321',
  binA02: '0b7285aa-0000-4000-8000-000000000322',
  binB01: '0b7285aa-0000-4000-8000-000000000323',
  plantStore: '0b7285aa-0000-4000-8000-000000000331',
  plantBin: '0b7285aa-0000-4000-8000-000000000332',
  /** A bin of the secure project: "a location of another project" for demo@1 barcodes. */
  secureBin: '0b7285aa-0000-4000-8000-000000000341',
  secureWarehouse: '0b7285aa-0000-4000-8000-000000000342',
} as const;

const atDc = { stockIn: ['distributionCentre'], stockOut: ['distributionCentre'] };
const L = SEED_LOCATIONS;

/**
 * The demo's locations: the Kanto distribution centre's cold store (racks A and B, three bins,
 * stock in and out at the distribution centre) and the Osaka plant's dispatch store (one bin, stock
 * in and out at the manufacturer); the secure project has one bin of its own.
 */
export async function seedLocations(db: Queryable, enterpriseId: string): Promise<void> {
  const rows: NewLocation[] = [
    {
      id: L.kantoWarehouse,
      projectCode: 'demo',
      parentId: null,
      kind: 'warehouse',
      code: 'KANTO-DC',
      name: text('Kanto DC cold store', '関東DC 冷蔵倉庫', '關東物流中心冷藏倉庫', '关东物流中心冷藏仓库'),
    },
    {
      id: L.rackA,
      projectCode: 'demo',
      parentId: L.kantoWarehouse,
      kind: 'rack',
      code: 'KANTO-DC-A',
      name: text('Rack A', 'ラックA', 'A 貨架', 'A 货架'),
    },
    {
      id: L.rackB,
      projectCode: 'demo',
      parentId: L.kantoWarehouse,
      kind: 'rack',
      code: 'KANTO-DC-B',
      name: text('Rack B', 'ラックB', 'B 貨架', 'B 货架'),
    },
    {
      id: L.binA01,
      projectCode: 'demo',
      parentId: L.rackA,
      kind: 'bin',
      code: 'KANTO-DC-A-01',
      name: text('Bin A-01', 'ビンA-01', '儲格 A-01', '货格 A-01'),
      ...atDc,
    },
    {
      id: L.binA02,
      projectCode: 'demo',
      parentId: L.rackA,
      kind: 'bin',
      code: 'KANTO-DC-A-02',
      name: text('Bin A-02', 'ビンA-02', '儲格 A-02', '货格 A-02'),
      ...atDc,
    },
    {
      id: L.binB01,
      projectCode: 'demo',
      parentId: L.rackB,
      kind: 'bin',
      code: 'KANTO-DC-B-01',
      name: text('Bin B-01', 'ビンB-01', '儲格 B-01', '货格 B-01'),
      ...atDc,
    },
    {
      id: L.plantStore,
      projectCode: 'demo',
      parentId: null,
      kind: 'warehouse',
      code: 'OSAKA-PLANT',
      name: text('Osaka plant dispatch store', '大阪工場 出荷倉庫', '大阪工廠出貨倉庫', '大阪工厂出货仓库'),
    },
    {
      id: L.plantBin,
      projectCode: 'demo',
      parentId: L.plantStore,
      kind: 'bin',
      code: 'OSAKA-PLANT-01',
      name: text('Dispatch bin 01', '出荷ビン01', '出貨儲格 01', '出货货格 01'),
      stockIn: ['manufacturer'],
      stockOut: ['manufacturer'],
    },
    {
      id: L.secureWarehouse,
      projectCode: 'secure',
      parentId: null,
      kind: 'warehouse',
      code: 'SECURE-VAULT',
      name: text('Vault', '保管庫', '保管庫', '保管库'),
    },
    {
      id: L.secureBin,
      projectCode: 'secure',
      parentId: L.secureWarehouse,
      kind: 'bin',
      code: 'SECURE-VAULT-01',
      name: text('Vault bin 01', '保管庫ビン01', '保管庫儲格 01', '保管库货格 01'),
      stockIn: ['manufacturer'],
      stockOut: ['manufacturer'],
    },
  ];
  for (const row of rows) await insertLocation(db, enterpriseId, row);
}
