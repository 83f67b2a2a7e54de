import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallTrace, RecalledPackage } from '../../schemas/api/recall';
import type { BarcodeType, ProjectConfig } from '../../schemas/project-config';
import { readSheet } from 'read-excel-file/node';
import { FSMA_COLUMNS } from '../../server/rules/fsma204';
import { gs1ChecksRun } from './epcis/gs1-files';
import { briefly, gs1EpcisErrors, projectEpcisErrors } from './epcis/validate';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';
import { SEED_LOCATIONS } from '../../server/seed/locations';
import { PROJECTS_DIR, SEED, startTestServer, type Client, type TestServer } from './harness';
import { staff, trackTo } from './lifecycle-fixtures';

/**
 * A recall on a real scenario: the demo with a third level (a vaccine vial inside a case), two
 * pallets moved through the demo's trackpoints, a case unpaired before its pallet left, a
 * temperature logger linked to a pallet, and two lots mixed on one pallet.
 */
function threeLevelConfig(): ProjectConfig {
  const config = JSON.parse(readFileSync(join(PROJECTS_DIR, 'demo@1.json'), 'utf8')) as ProjectConfig;
  const types = config.barcodeTypes;
  const vial = structuredClone(types.case!) as BarcodeType;
  vial.order = 99;
  vial.name = { en: 'Vial', ja: 'バイアル', 'zh-TW': '小瓶', 'zh-CN': '小瓶' };
  delete vial.linking;
  types.vial = vial;
  types.case!.pairing = { childTypes: ['vial'], maxChildren: 10 };
  return config;
}

let server: TestServer;
let hana: Client;
const ids: Record<string, string> = {};
// Before anything of the scenario was made: the start of a time range that holds all of it.
const began = new Date(Date.now() - 1000).toISOString();

const caseFields = (lotNumber: string) => ({
  productName: 'Influenza vaccine',
  lotNumber,
  expiryDate: '2027-03-31',
  storageRange: '2-8',
});

async function activated(name: string, barcodeType: string, extra: object = {}): Promise<string> {
  const id = await newBarcode(server);
  const body =
    barcodeType === 'pallet'
      ? activation(id, extra)
      : barcodeType === 'logger'
        ? { barcodeId: id, barcodeType, customFields: {} }
        : activation(id, { barcodeType, ...extra });
  const res = await hana.post('/api/barcode/activation', body);
  expect(res.statusCode, res.body).toBe(200);
  ids[name] = id;
  return id;
}

async function ok(path: string, payload: object): Promise<void> {
  const res = await hana.post(path, payload);
  expect(res.statusCode, res.body).toBe(200);
}

const trace = async (client: Client, query: string) =>
  client.get(`/api/recall/trace?projectId=${SEED.demoProject}&${query}`);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-projects-'));
  cpSync(PROJECTS_DIR, dir, { recursive: true });
  writeFileSync(join(dir, 'demo@1.json'), JSON.stringify(threeLevelConfig(), null, 2));
  server = await startTestServer({}, dir);
  hana = await staff(server);

  // Pallet P1: lot A cases A1 and A2, lot B case B1 (two lots mixed); case K (lot B) on it for a
  // while at the manufacturer, unpaired before P1 left. A vial inside each case.
  await activated('P1', 'pallet');
  for (const [name, lot] of [
    ['A1', 'L-A'],
    ['A2', 'L-A'],
    ['B1', 'L-B'],
    ['K', 'L-B'],
  ] as const)
    await activated(name, 'case', { customFields: caseFields(lot) });
  for (const [name, lot, inside] of [
    ['vA1', 'L-A', 'A1'],
    ['vB1', 'L-B', 'B1'],
    ['vK', 'L-B', 'K'],
  ] as const) {
    await activated(name, 'vial', { customFields: caseFields(lot) });
    await ok('/api/barcode/pairing', { parentId: ids[inside], childrenIds: [ids[name]] });
  }
  await ok('/api/barcode/pairing', { parentId: ids.P1, childrenIds: [ids.K] });
  await ok('/api/barcode/pairing', { parentId: ids.P1, childrenIds: [ids.A1, ids.A2, ids.B1] });
  await ok('/api/barcode/unpairing', { parentId: ids.P1, childrenIds: [ids.K] });
  // A temperature logger rides with P1.
  await activated('G', 'logger');
  await ok('/api/barcode/linking', { barcodeId: ids.G, targetIds: [ids.P1] });
  // Pallet P2 with a case whose lot is only in its GS1 external id.
  await activated('P2', 'pallet');
  await activated('C2', 'case', {
    customFields: caseFields('L-C'),
    externalId: 'https://id.gs1.org/01/09506000134352/10/GS1-LOT',
  });
  await ok('/api/barcode/pairing', { parentId: ids.P2, childrenIds: [ids.C2] });

  await trackTo(hana, ids.P1!, 'distributionCentre', 'carrier');
  await trackTo(hana, ids.P2!, 'distributionCentre');
}, 120_000);
afterAll(() => server.close());

const byName = (result: RecallTrace) => {
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return Object.fromEntries(result.packages.map((p) => [names[p.id] ?? p.id, p]));
};
const summary = (p: RecalledPackage) => ({
  direction: p.direction,
  depth: p.depth,
  // By name: the trace orders reasons of one time and kind by the ids they came through, random here.
  reasons: p.reasons
    .map((r) => [r.kind, r.via === undefined ? null : Object.entries(ids).find(([, id]) => id === r.via)?.[0]])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  at: p.place.trackPointKey,
});

describe('a recall of one lot', () => {
  it('finds exactly the lot, what carried it, what travelled with it and the linked logger, with reasons and places', async () => {
    const res = await trace(hana, 'lot=L-A');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as RecallTrace;
    expect(result.matched).toBe(3);
    expect(result.total).toBe(7);
    expect(result.truncated).toBe(false);
    const found = byName(result);
    expect(Object.fromEntries(Object.entries(found).map(([name, p]) => [name, summary(p)]))).toEqual({
      A1: { direction: 'start', depth: 0, reasons: [['start', null]], at: 'carrier' },
      A2: { direction: 'start', depth: 0, reasons: [['start', null]], at: 'carrier' },
      vA1: { direction: 'start', depth: 0, reasons: [['start', null]], at: 'carrier' },
      P1: {
        direction: 'backward',
        depth: 1,
        reasons: [
          ['carried', 'A1'],
          ['carried', 'A2'],
        ],
        at: 'carrier',
      },
      B1: { direction: 'forward', depth: 2, reasons: [['sharedParent', 'P1']], at: 'carrier' },
      vB1: { direction: 'forward', depth: 3, reasons: [['contained', 'B1']], at: 'carrier' },
      G: { direction: 'forward', depth: 2, reasons: [['linked', 'P1']], at: 'manufacturer' },
    });
    // K was on P1 only before P1 left the manufacturer: neither it nor its vial is implicated.
    expect(found.K).toBeUndefined();
    expect(found.vK).toBeUndefined();
    expect(found.P2).toBeUndefined();
    expect(result.places).toEqual([
      { trackPointKey: 'carrier', count: 6 },
      { trackPointKey: 'manufacturer', count: 1 },
    ]);
  });

  it('says why in words, with the window of each relation', async () => {
    const found = byName((await trace(hana, 'lot=L-A&utcOffset=9')).json().data as RecallTrace);
    const shared = found.B1!.reasons[0]!;
    expect(shared.from).toMatch(/^2\d{3}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+09:00$/);
    expect(shared.to).toBeNull();
    expect(shared.text).toBe(`shared Vaccine pallet ${ids.P1} from ${shared.from} until now`);
    expect(found.A1!.reasons[0]!.text).toBe('matched the search');
    expect(found.vB1!.reasons[0]!.text).toBe(
      `was in Vaccine case ${ids.B1} from ${found.vB1!.reasons[0]!.from} until now`,
    );
    expect(found.G!.reasons[0]!.text).toMatch(new RegExp(`^linked to Vaccine pallet ${ids.P1} from .+ until now$`));
    expect(found.P1!.passed!.map((p) => p.trackPointKey)).toEqual(['manufacturer', 'distributionCentre', 'carrier']);
    expect(found.A1!.passed!.map((p) => p.trackPointKey)).toEqual(['manufacturer', 'distributionCentre', 'carrier']);
    expect(found.B1!.passed).toBeUndefined();
    expect(found.A1!.place.since).toBe(found.A1!.passed![2]!.at);
    expect(found.A1!.place.stock).toBeNull();
  });

  it('from the other lot on the pallet finds the first, and the unpaired case of its own lot', async () => {
    const found = byName((await trace(hana, 'lot=L-B')).json().data as RecallTrace);
    expect(Object.keys(found).sort()).toEqual(['A1', 'A2', 'B1', 'G', 'K', 'P1', 'vA1', 'vB1', 'vK']);
    expect(found.K!.direction).toBe('start');
    expect(found.A1!.reasons.map((r) => r.kind)).toEqual(['sharedParent']);
  });

  it('from one barcode, and from a lot in GS1 data with its GTIN in any length', async () => {
    const fromBarcode = byName((await trace(hana, `barcodeId=${ids.B1}`)).json().data as RecallTrace);
    expect(Object.keys(fromBarcode).sort()).toEqual(['A1', 'A2', 'B1', 'G', 'P1', 'vA1', 'vB1']);
    const gs1 = (await trace(hana, 'lot=GS1-LOT&gtin=9506000134352')).json().data as RecallTrace;
    expect(Object.keys(byName(gs1))).toEqual(['C2', 'P2']);
    expect((await trace(hana, 'lot=GS1-LOT&gtin=4912345000019')).json().data.total).toBe(0);
    const product = (await trace(hana, 'gtin=09506000134352')).json().data as RecallTrace;
    expect(Object.keys(byName(product))).toEqual(['C2', 'P2']);
  });

  it('is empty for a lot or a product that matches nothing', async () => {
    for (const query of ['lot=NOPE', 'productCode=NOPE', 'gtin=12345670'])
      expect((await trace(hana, query)).json()).toEqual({
        data: { matched: 0, total: 0, truncated: false, limit: 200000, places: [], packages: [] },
      });
  });

  it('says when it found more than the limit, and lists only that many', async () => {
    const result = (await trace(hana, 'lot=L-A&limit=2')).json().data as RecallTrace;
    expect(result.total).toBe(7);
    expect(result.truncated).toBe(true);
    expect(result.limit).toBe(2);
    expect(result.packages.map((p) => p.direction)).toEqual(['start', 'start']);
  });

  it('needs one start, and only one', async () => {
    expect((await trace(hana, '')).json()).toEqual({ errors: { lot: [1000] } });
    expect((await trace(hana, `barcodeId=${ids.B1}&lot=L-A`)).json()).toEqual({ errors: { lot: [1001] } });
    expect((await trace(hana, 'lot=L-A&productCode=X')).json()).toEqual({ errors: { productCode: [1001] } });
    expect((await trace(hana, 'lot=L-A&gtin=123')).statusCode).toBe(400);
  });

  it('is refused (403) without the recall permission and to another enterprise', async () => {
    for (const code of ['33334444', '77778888', '55556666']) {
      const client = await loggedIn(server, code);
      const res = await trace(client, 'lot=L-A');
      expect(res.statusCode, code).toBe(403);
      expect(res.json()).toEqual({ errors: { $common: [403] } });
      const csv = await client.get(`/api/recall/fsma-204?projectId=${SEED.demoProject}&lot=L-A`);
      expect(csv.statusCode, code).toBe(403);
      const xlsx = await client.get(`/api/recall/fsma-204.xlsx?projectId=${SEED.demoProject}&lot=L-A`);
      expect([xlsx.statusCode, xlsx.json()], code).toEqual([403, { errors: { $common: [403] } }]);
      const epcis = await client.get(`/api/recall/epcis?projectId=${SEED.demoProject}&lot=L-A`);
      expect([epcis.statusCode, epcis.json()], code).toEqual([403, { errors: { $common: [403] } }]);
    }
  });
});

describe('the FSMA 204 spreadsheet', () => {
  it('has the PTI columns and one row per critical tracking event of each traced package', async () => {
    const res = await hana.get(`/api/recall/fsma-204?projectId=${SEED.demoProject}&lot=L-A&utcOffset=9`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fsma-204-recall.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(FSMA_COLUMNS.join(','));
    const rows = lines.slice(1).map((line) => line.split(','));
    const col = (row: string[], name: (typeof FSMA_COLUMNS)[number]) => row[FSMA_COLUMNS.indexOf(name)];
    // Activation and two receivings for the six that moved; the logger only its activation.
    expect(rows).toHaveLength(19);
    const a1 = rows.filter((r) => col(r, 'Barcode') === ids.A1);
    expect(
      a1.map((r) => [col(r, 'Critical Tracking Event'), col(r, 'Location ID'), col(r, 'Ship-From Location ID')]),
    ).toEqual([
      ['Initial Packing', 'manufacturer', ''],
      ['Receiving', 'distributionCentre', 'manufacturer'],
      ['Receiving', 'carrier', 'distributionCentre'],
    ]);
    expect(a1.map((r) => col(r, 'Pallet ID'))).toEqual(['', ids.P1, ids.P1]);
    expect(col(a1[0]!, 'Batch/Lot')).toBe('L-A');
    expect(col(a1[0]!, 'Traceability Lot Code')).toBe('L-A');
    expect(col(a1[0]!, 'Date Code')).toBe('2027-03-31');
    expect(col(a1[0]!, 'Unit of Measure')).toBe('Vaccine case');
    expect(col(a1[1]!, 'Event Date')).toMatch(/^2\d{3}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+09:00$/);
    expect(col(a1[1]!, 'Why Implicated')).toBe('matched the search');
    const logger = rows.filter((r) => col(r, 'Barcode') === ids.G);
    expect(logger.map((r) => col(r, 'Trace Direction'))).toEqual(['forward']);
  });

  it('is only its header for a lot that matches nothing', async () => {
    const res = await hana.get(`/api/recall/fsma-204?projectId=${SEED.demoProject}&lot=NOPE`);
    expect(res.body).toBe(`\uFEFF${FSMA_COLUMNS.join(',')}\r\n`);
  });

  it('is also a workbook with the same rows, its quantities as numbers, read back by a spreadsheet reader', async () => {
    const query = `projectId=${SEED.demoProject}&lot=L-A&utcOffset=9`;
    const res = await hana.get(`/api/recall/fsma-204.xlsx?${query}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fsma-204-recall.xlsx"');
    const sheet = await readSheet(res.rawPayload);
    const csv = (await hana.get(`/api/recall/fsma-204?${query}`)).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(sheet[0]).toEqual([...FSMA_COLUMNS]);
    expect(sheet).toHaveLength(csv.length - 1);
    const quantity = FSMA_COLUMNS.indexOf('Quantity');
    // Cell by cell the CSV's rows, the quantity a number where the CSV has digits, an empty cell a null.
    expect(sheet.slice(1).map((row) => row.map((cell) => (cell === null ? '' : String(cell))))).toEqual(
      csv.slice(1, -1).map((line) => line.split(',')),
    );
    expect(sheet.slice(1).some((row) => typeof row[quantity] === 'number')).toBe(true);
    const empty = await readSheet(
      (await hana.get(`/api/recall/fsma-204.xlsx?projectId=${SEED.demoProject}&lot=NOPE`)).rawPayload,
    );
    expect(empty).toEqual([[...FSMA_COLUMNS]]);
  });
});

describe('the EPCIS 2.0 document of a recall', () => {
  type EpcisEvent = { type: string; action: string; bizStep?: string; eventID: string; epcList?: string[] };
  const epcisOf = async (query: string) => {
    const res = await hana.get(`/api/recall/epcis?projectId=${SEED.demoProject}&${query}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="epcis-recall.jsonld"');
    const document = JSON.parse(res.body) as { epcisBody: { eventList: EpcisEvent[] } };
    expect(projectEpcisErrors(document), briefly(projectEpcisErrors(document))).toEqual([]);
    if (gs1ChecksRun()) expect(gs1EpcisErrors(document), briefly(gs1EpcisErrors(document))).toEqual([]);
    return document.epcisBody.eventList;
  };

  it('holds the events of every implicated package once, and validates', async () => {
    const traced = (await trace(hana, 'lot=L-A')).json().data as RecallTrace;
    const events = await epcisOf('lot=L-A');
    // Each implicated package was commissioned once: one commissioning per package, no other.
    const commissioned = events.filter((e) => e.bizStep === 'commissioning').flatMap((e) => e.epcList ?? []);
    expect(commissioned).toHaveLength(traced.total);
    for (const p of traced.packages) expect(commissioned.filter((epc) => epc.endsWith(p.id))).toHaveLength(1);
    // A pairing of two implicated packages is one event, not one per side.
    expect(new Set(events.map((e) => e.eventID)).size).toBe(events.length);
    // Not implicated: the case unpaired before the pallet left, and the other pallet.
    for (const name of ['K', 'P2', 'C2'])
      expect(
        commissioned.some((epc) => epc.endsWith(ids[name]!)),
        name,
      ).toBe(false);
  });

  it('is a valid empty document for a lot that matches nothing', async () => {
    expect(await epcisOf('lot=NOPE')).toEqual([]);
  });
});

describe('a recall from a place and a time', () => {
  const startsOf = async (query: string) => {
    const res = await trace(hana, query);
    expect(res.statusCode, res.body).toBe(200);
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return (res.json().data as RecallTrace).packages
      .filter((p) => p.direction === 'start')
      .map((p) => names[p.id] ?? p.id)
      .sort();
  };
  const at = (iso: string) => encodeURIComponent(iso);

  it('starts from what reached a trackpoint, in a time range or not', async () => {
    const withP1 = ['A1', 'A2', 'B1', 'P1', 'vA1', 'vB1'];
    expect(await startsOf('trackPointKey=carrier')).toEqual(withP1);
    expect(await startsOf('trackPointKey=distributionCentre')).toEqual([...withP1, 'C2', 'P2'].sort());
    // P1 (and what rode on it) reached the carrier before P2 reached the distribution centre.
    const { rows } = await server.ctx.db.query<{ created_at: Date }>(
      `select created_at from barcode_history where barcode_id = $1 and track_point_key = 'carrier'`,
      [ids.P1],
    );
    const carrierAt = rows[0]!.created_at.toISOString();
    expect(await startsOf(`trackPointKey=distributionCentre&to=${at(carrierAt)}`)).toEqual(withP1);
    expect(await startsOf(`trackPointKey=distributionCentre&from=${at(carrierAt)}`)).toEqual(['C2', 'P2']);
    // `from` is in the range, `to` is not.
    expect(await startsOf(`trackPointKey=carrier&from=${at(carrierAt)}`)).toEqual(withP1);
    expect(await startsOf(`trackPointKey=carrier&to=${at(carrierAt)}`)).toEqual([]);
    // A time range alone: everything that reached any trackpoint then, the activations included.
    expect(await startsOf(`from=${at(began)}`)).toEqual(Object.keys(ids).sort());
    expect(await startsOf(`from=${at(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await startsOf('trackPointKey=nowhere')).toEqual([]);
  });

  it('starts from what was stocked in at a location or at a place inside it', async () => {
    const res = await hana.post('/api/location/stock', {
      projectId: SEED.demoProject,
      type: 'in',
      barcodeIds: [ids.P2],
      locationId: SEED_LOCATIONS.binA01,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const place of [SEED_LOCATIONS.binA01, SEED_LOCATIONS.rackA, SEED_LOCATIONS.kantoWarehouse])
      expect(await startsOf(`locationId=${place}`), place).toEqual(['P2']);
    for (const place of [SEED_LOCATIONS.binA02, SEED_LOCATIONS.rackB, SEED_LOCATIONS.plantStore])
      expect(await startsOf(`locationId=${place}`), place).toEqual([]);
    expect(await startsOf(`locationId=${SEED_LOCATIONS.kantoWarehouse}&from=${at(began)}`)).toEqual(['P2']);
    const later = at(new Date(Date.now() + 60_000).toISOString());
    expect(await startsOf(`locationId=${SEED_LOCATIONS.kantoWarehouse}&from=${later}`)).toEqual([]);
  });

  it('is one start: a place beside a barcode, a lot or a product, two places, or a range backwards is refused', async () => {
    const errorsOf = async (query: string) => {
      const res = await trace(hana, query);
      expect(res.statusCode, query).toBe(400);
      return res.json() as unknown;
    };
    expect(await errorsOf('lot=L-A&trackPointKey=carrier')).toEqual({ errors: { trackPointKey: [1001] } });
    expect(await errorsOf(`barcodeId=${ids.P1}&from=${at(began)}`)).toEqual({ errors: { from: [1001] } });
    expect(await errorsOf(`productCode=X&locationId=${SEED_LOCATIONS.binA01}`)).toEqual({
      errors: { locationId: [1001] },
    });
    expect(await errorsOf(`trackPointKey=carrier&locationId=${SEED_LOCATIONS.binA01}`)).toEqual({
      errors: { locationId: [1001] },
    });
    expect(await errorsOf(`from=${at(began)}&to=${at(began)}`)).toEqual({ errors: { to: [1010] } });
    expect((await trace(hana, 'from=yesterday')).statusCode).toBe(400);
    expect((await trace(hana, 'locationId=not-a-uuid')).statusCode).toBe(400);
  });
});
