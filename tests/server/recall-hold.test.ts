import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldAnswer, RecallTrace } from '../../schemas/api/recall';
import type { ProjectConfig } from '../../schemas/project-config';
import { ErrorCode } from '../../schemas/error-codes';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';
import { PROJECTS_DIR, SEED, startTestServer, type Client, type TestServer } from './harness';
import { formsFor, staff, trackTo } from './lifecycle-fixtures';

/**
 * Recall holds: the demo with its distribution centre marked as a quarantine point, so a held
 * package may go there and no further.
 */
function quarantineConfig(): ProjectConfig {
  const config = JSON.parse(readFileSync(join(PROJECTS_DIR, 'demo@1.json'), 'utf8')) as ProjectConfig;
  for (const type of Object.values(config.barcodeTypes))
    for (const point of type.trackPoints) if (point.key === 'distributionCentre') point.quarantine = true;
  return config;
}

let server: TestServer;
let hana: Client;

const caseFields = (lotNumber: string) => ({
  productName: 'Influenza vaccine',
  lotNumber,
  expiryDate: '2027-03-31',
  storageRange: '2-8',
});

async function pallet(lotNumber: string): Promise<string> {
  const id = await newBarcode(server);
  const res = await hana.post(
    '/api/barcode/activation',
    activation(id, { customFields: { ...activation(id).customFields, lotNumber } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

async function caseOf(lotNumber: string, parentId?: string): Promise<string> {
  const id = await newBarcode(server);
  const res = await hana.post(
    '/api/barcode/activation',
    activation(id, { barcodeType: 'case', customFields: caseFields(lotNumber) }),
  );
  expect(res.statusCode, res.body).toBe(200);
  if (parentId) {
    const paired = await hana.post('/api/barcode/pairing', { parentId, childrenIds: [id] });
    expect(paired.statusCode, paired.body).toBe(200);
  }
  return id;
}

const hold = async (client: Client, body: object) =>
  client.post('/api/recall/hold', { projectId: SEED.demoProject, reason: 'Temperature excursion', ...body });
const release = async (client: Client, body: object) =>
  client.post('/api/recall/release', { projectId: SEED.demoProject, reason: 'Tested: within range', ...body });
const track = (client: Client, barcodeId: string, trackPointKey: string) =>
  client.post('/api/barcode/tracking', { barcodeId, trackPointKey, forms: formsFor(trackPointKey, barcodeId) });

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-hold-projects-'));
  cpSync(PROJECTS_DIR, dir, { recursive: true });
  writeFileSync(join(dir, 'demo@1.json'), JSON.stringify(quarantineConfig(), null, 2));
  server = await startTestServer({}, dir);
  hana = await staff(server);
}, 120_000);
afterAll(() => server.close());

describe('a hold of what a recall implicates', () => {
  it('asks first (dry run), then holds every implicated package once, in the history, the ledger and the audit log', async () => {
    const p = await pallet('H-1');
    const a = await caseOf('H-1', p);
    const b = await caseOf('H-OTHER', p);

    const asked = await hold(hana, { lot: 'H-1', reference: 'R-1', dryRun: true });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toEqual({
      reference: 'R-1',
      dryRun: true,
      implicated: 3,
      held: 3,
      added: 3,
      skipped: [],
    });
    // A dry run holds nothing.
    expect((await hana.get(`/api/barcode/barcode?id=${a}`)).json().data.hold).toBeNull();

    const done = await hold(hana, { lot: 'H-1', reference: 'R-1' });
    expect(done.json().data).toEqual({
      reference: 'R-1',
      dryRun: false,
      implicated: 3,
      held: 3,
      added: 3,
      skipped: [],
    });
    // Repeated (a retry on a bad network): nothing more, the same count.
    expect((await hold(hana, { lot: 'H-1', reference: 'R-1' })).json().data).toMatchObject({ held: 3, added: 0 });

    for (const id of [p, a, b]) {
      const detail = (await hana.get(`/api/barcode/barcode?id=${id}`)).json().data;
      expect(detail.hold).toMatchObject({ reference: 'R-1', reason: 'Temperature excursion', heldBy: 'Hana Sato' });
      const history = (await hana.get(`/api/barcode/history?id=${id}`)).json().data.items;
      expect(history.filter((e: { action: string }) => e.action === 'held')).toEqual([
        expect.objectContaining({
          recall: { reference: 'R-1', reason: 'Temperature excursion' },
          staffName: 'Hana Sato',
        }),
      ]);
    }
    // Chained in the ledger like every history entry.
    const unchained = await server.ctx.db.query(
      "select 1 from barcode_history where action = 'held' and entry_hash is null and barcode_id = any($1::text[])",
      [[p, a, b]],
    );
    expect(unchained.rows).toEqual([]);
    const { rows } = await server.ctx.db.query<{ actor_name: string; after: unknown; note: string }>(
      "select actor_name, after, note from audit_log where action = 'recall.hold' and target_id = 'R-1'",
    );
    expect(rows).toEqual([{ actor_name: 'Hana Sato (staff)', after: { count: 3 }, note: 'Temperature excursion' }]);
    // The trace says which recall each package is held for.
    const traced = (await hana.get(`/api/recall/trace?projectId=${SEED.demoProject}&lot=H-1`)).json()
      .data as RecallTrace;
    expect(traced.packages.map((x) => x.heldFor)).toEqual(['R-1', 'R-1', 'R-1']);
    expect((await hana.get(`/api/recall/holds?projectId=${SEED.demoProject}`)).json().data).toContainEqual(
      expect.objectContaining({ reference: 'R-1', count: 3, reason: 'Temperature excursion', heldBy: 'Hana Sato' }),
    );
  });

  it('lets a held package go to a quarantine trackpoint only, naming the recall, in one step or in a list', async () => {
    const p = await pallet('H-2');
    expect((await hold(hana, { barcodeId: p, reference: 'R-2' })).json().data.added).toBe(1);
    // The distribution centre is a quarantine point: allowed.
    await trackTo(hana, p, 'distributionCentre');
    const refused = await track(hana, p, 'carrier');
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { errors: { $common: [ErrorCode.heldForRecall] }, hold: { reference: 'R-2' } },
    ]);
    const listed = await hana.post('/api/barcode/tracking', {
      projectId: SEED.demoProject,
      barcodeIds: [p],
      trackPointKey: 'carrier',
      forms: formsFor('carrier', p),
      dryRun: true,
    });
    expect(listed.json().data.barcodes).toEqual([expect.objectContaining({ id: p, code: ErrorCode.heldForRecall })]);
    const skipped = await hana.post('/api/barcode/skip-tracking', {
      projectId: SEED.demoProject,
      barcodeIds: [p],
      trackPointKey: 'carrier',
    });
    expect(skipped.statusCode).toBe(400);
    expect((await hana.get(`/api/barcode/barcode?id=${p}`)).json().data.currentTrackPointKey).toBe(
      'distributionCentre',
    );

    // Released: it goes on.
    expect((await release(hana, { reference: 'R-2' })).json().data).toEqual({
      reference: 'R-2',
      released: 1,
      notHeld: [],
    });
    expect((await release(hana, { reference: 'R-2' })).json().data.released).toBe(0);
    await trackTo(hana, p, 'carrier');
    const history = (await hana.get(`/api/barcode/history?id=${p}`)).json().data.items as { action: string }[];
    expect(history.map((e) => e.action).slice(0, 4)).toEqual(['tracked', 'released', 'tracked', 'held']);
  });

  it('refuses to move a pallet that carries a held case, and releases one package of several', async () => {
    const p = await pallet('H-3P');
    const c = await caseOf('H-3', p);
    // Held from the case: the pallet that carries it is implicated too; release the pallet alone.
    expect((await hold(hana, { lot: 'H-3', reference: 'R-3' })).json().data.added).toBe(2);
    expect((await release(hana, { reference: 'R-3', barcodeIds: [p, 'AAAAAAAAAAAA'] })).json().data).toEqual({
      reference: 'R-3',
      released: 1,
      notHeld: ['AAAAAAAAAAAA'],
    });
    await trackTo(hana, p, 'distributionCentre');
    const refused = await track(hana, p, 'carrier');
    expect(refused.json()).toEqual({ errors: { $common: [ErrorCode.heldForRecall] }, hold: { reference: 'R-3' } });
    const listed = await hana.post('/api/barcode/tracking', {
      projectId: SEED.demoProject,
      barcodeIds: [p],
      trackPointKey: 'carrier',
      forms: formsFor('carrier', p),
      dryRun: true,
    });
    expect(listed.json().data.barcodes).toEqual([expect.objectContaining({ id: p, code: ErrorCode.heldForRecall })]);
    // Unpaired, the pallet travels on without it.
    expect((await hana.post('/api/barcode/unpairing', { parentId: p, childrenIds: [c] })).statusCode).toBe(200);
    await trackTo(hana, p, 'carrier');
  });

  it('reports packages held for another recall or not activated, and holds the rest', async () => {
    const p = await pallet('H-4');
    const other = await caseOf('H-4X', p);
    expect((await hold(hana, { barcodeId: other, reference: 'R-4A' })).json().data.added).toBe(2);
    const answer = (await hold(hana, { lot: 'H-4', reference: 'R-4B' })).json().data as HoldAnswer;
    // The pallet (held for R-4A already) is reported; the case shares it and is reported likewise.
    expect(answer).toEqual({
      reference: 'R-4B',
      dryRun: false,
      implicated: 2,
      held: 0,
      added: 0,
      skipped: expect.arrayContaining([
        { id: p, externalId: null, why: 'heldForAnother', reference: 'R-4A' },
        { id: other, externalId: null, why: 'heldForAnother', reference: 'R-4A' },
      ]) as unknown,
    });
  });

  it('is refused (403) without the recall permission and to another enterprise, and checks its input', async () => {
    for (const code of ['33334444', '77778888', '55556666']) {
      const client = await loggedIn(server, code);
      expect((await hold(client, { lot: 'H-1', reference: 'R-X' })).statusCode, code).toBe(403);
      expect((await release(client, { reference: 'R-1' })).statusCode, code).toBe(403);
      expect((await client.get(`/api/recall/holds?projectId=${SEED.demoProject}`)).statusCode, code).toBe(403);
    }
    expect((await hold(hana, { lot: 'H-1' })).json()).toEqual({ errors: { reference: [ErrorCode.emptyField] } });
    expect((await hold(hana, { lot: 'H-1', reference: 'R\u0000' })).statusCode).toBe(400);
    expect((await hold(hana, { reference: 'R-5' })).json()).toEqual({ errors: { lot: [ErrorCode.emptyField] } });
    expect((await release(hana, { reference: 'R-1', barcodeIds: [] })).statusCode).toBe(400);
    // A lot that matches nothing holds nothing.
    expect((await hold(hana, { lot: 'NOPE', reference: 'R-5' })).json().data).toMatchObject({
      implicated: 0,
      added: 0,
    });
  });
});

describe('a hold and a tracking of the same package at once', () => {
  it('never lets a tracking past a hold: the package is held where it ended, or the tracking is refused', async () => {
    for (let round = 0; round < 6; round += 1) {
      const id = await pallet(`RACE-${round}`);
      await trackTo(hana, id, 'distributionCentre');
      const other = await staff(server);
      const [held, tracked] = await Promise.all([
        hold(hana, { barcodeId: id, reference: `RACE-${round}` }),
        track(other, id, 'carrier'),
      ]);
      expect(held.statusCode, held.body).toBe(200);
      expect([200, 400], tracked.body).toContain(tracked.statusCode);
      const history = (
        (await hana.get(`/api/barcode/history?id=${id}`)).json().data.items as {
          action: string;
          trackPointKey: string | null;
        }[]
      ).reverse();
      const heldAt = history.findIndex((e) => e.action === 'held');
      const carried = history.findIndex((e) => e.action === 'tracked' && e.trackPointKey === 'carrier');
      expect(heldAt).toBeGreaterThanOrEqual(0);
      if (tracked.statusCode === 200) expect(carried).toBeLessThan(heldAt);
      else {
        expect(carried).toBe(-1);
        expect([ErrorCode.heldForRecall, ErrorCode.concurrentChange]).toContain(tracked.json().errors.$common[0]);
      }
    }
  });
});
