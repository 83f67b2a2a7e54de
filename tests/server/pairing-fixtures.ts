import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ProjectConfig } from '../../schemas/project-config';
import { newBarcodeId } from '../../server/infra/ids';
import { activation, newBarcode } from './barcode-fixtures';
import { PROJECTS_DIR, SEED, startTestServer, type Client, type TestServer } from './harness';
import { staff } from './lifecycle-fixtures';

/**
 * The demo project with relation rules the pairing and linking tests can reach:
 * - a pallet takes up to 4 cases; a case takes up to 10 cases (three levels, and loops to refuse);
 * - pallet at the carrier: pairing mandatory (it leaves only with children), unpairing and
 *   linking prohibited; at the pharmacy pairing prohibited (as in the demo);
 * - case at the distribution centre: unpairing mandatory (a case with children cannot leave);
 * - logger at the manufacturer: linking mandatory; pallets cannot be linked.
 */
export function relationsConfig(): ProjectConfig {
  const config = JSON.parse(readFileSync(join(PROJECTS_DIR, 'demo@1.json'), 'utf8')) as ProjectConfig;
  const types = config.barcodeTypes;
  const at = (type: string, key: string) => {
    const point = types[type]?.trackPoints.find((t) => t.key === key);
    if (!point) throw new Error(`no trackpoint ${type}/${key}`);
    return point;
  };
  types.pallet!.pairing = { childTypes: ['case'], maxChildren: 4 };
  delete types.pallet!.linking;
  types.case!.pairing = { childTypes: ['case'], maxChildren: 10 };
  Object.assign(at('pallet', 'carrier'), { pairing: 'mandatory', unpairing: 'prohibited', linking: 'prohibited' });
  Object.assign(at('case', 'distributionCentre'), { unpairing: 'mandatory' });
  Object.assign(at('logger', 'manufacturer'), { linking: 'mandatory' });
  return config;
}

/** A test server whose demo@1 has `relationsConfig()`. */
export async function startRelationsServer(): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'projects-'));
  cpSync(PROJECTS_DIR, dir, { recursive: true });
  writeFileSync(join(dir, 'demo@1.json'), JSON.stringify(relationsConfig(), null, 2));
  return startTestServer({}, dir);
}

const CASE_FIELDS = {
  productName: 'Influenza vaccine',
  lotNumber: 'FLU-2026-1',
  expiryDate: '2027-03-31',
  storageRange: '2-8',
};

/** A new demo barcode of the type, activated by staff at the manufacturer. */
export async function activated(
  server: TestServer,
  barcodeType: 'pallet' | 'case' | 'logger',
  extra: object = {},
): Promise<string> {
  const id = await newBarcode(server);
  const body =
    barcodeType === 'pallet'
      ? activation(id, extra)
      : barcodeType === 'case'
        ? activation(id, { barcodeType, customFields: CASE_FIELDS, ...extra })
        : { barcodeId: id, barcodeType, customFields: {}, ...extra };
  const res = await (await staff(server)).post('/api/barcode/activation', body);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** Several activated barcodes of a type. */
export async function activatedMany(
  server: TestServer,
  barcodeType: 'pallet' | 'case' | 'logger',
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await activated(server, barcodeType));
  return ids;
}

/** POST /barcode/pairing, expecting success. */
export async function pairVia(client: Client, parentId: string, childrenIds: string[]): Promise<void> {
  const res = await client.post('/api/barcode/pairing', { parentId, childrenIds });
  expect(res.statusCode, res.body).toBe(200);
}

/** A barcode (not activated) of another project row, inserted directly: another enterprise's, another version of demo, or secure@1. */
export async function barcodeElsewhere(
  server: TestServer,
  project: 'otherEnterprise' | 'demoVersion2' | 'secure',
): Promise<string> {
  const db = server.ctx.db;
  const projectId =
    project === 'secure'
      ? SEED.secureProject
      : project === 'demoVersion2'
        ? '0b7285aa-0000-4000-8000-00000000d002'
        : '0b7285aa-0000-4000-8000-00000000e001';
  if (project !== 'secure') {
    const [enterprise, code, version] =
      project === 'demoVersion2' ? [SEED.enterprise, 'demo', 2] : [SEED.otherEnterprise, 'wharf', 1];
    await db.query(
      `insert into projects (id, enterprise_id, code, version, name, config) values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
      [projectId, enterprise, code, version, `${code}@${version}`, JSON.stringify(relationsConfig())],
    );
  }
  const id = newBarcodeId();
  await db.query(
    `insert into barcodes (id, project_id, barcode_type, is_activated, current_track_point_key) values ($1, $2, 'case', true, 'manufacturer')`,
    [id, projectId],
  );
  return id;
}

/** The actions of a barcode's history, oldest first. */
export async function historyActions(server: TestServer, barcodeId: string): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ action: string }>(
    'select action from barcode_history where barcode_id = $1 order by seq',
    [barcodeId],
  );
  return rows.map((r) => r.action);
}

/** A barcode's parent and trackpoint as stored. */
export async function placeOf(
  server: TestServer,
  barcodeId: string,
): Promise<{ parent_id: string | null; current_track_point_key: string | null }> {
  const { rows } = await server.ctx.db.query<{ parent_id: string | null; current_track_point_key: string | null }>(
    'select parent_id, current_track_point_key from barcodes where id = $1',
    [barcodeId],
  );
  return rows[0] ?? { parent_id: null, current_track_point_key: null };
}
