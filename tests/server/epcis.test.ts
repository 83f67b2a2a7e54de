import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOCATIONS as L } from '../../server/seed/locations';
import { entriesOf, projectEntriesBatch, type EntryCursor } from '../../server/repositories/epcis';
import { gs1ChecksRun, gs1Status } from './epcis/gs1-files';
import { briefly, gs1EpcisErrors, projectEpcisErrors } from './epcis/validate';
import { SEED, startTestServer, type Client, type TestServer } from './harness';
import { activation, loggedIn, undoLatest } from './barcode-fixtures';
import { activatedPallet, deliveredPallet, staff, trackTo } from './lifecycle-fixtures';
import { activated, activatedMany, pairVia, startRelationsServer } from './pairing-fixtures';

if (!gs1ChecksRun()) console.warn(`epcis.test.ts: ${gs1Status()}`);

type EpcisEvent = Record<string, unknown> & { type: string; action: string; bizStep?: string; eventID: string };
type EpcisDocument = { '@context': unknown; type: string; epcisBody: { eventList: EpcisEvent[] } };

const exportOf = (client: Client, id: string) => client.get(`/api/barcode/epcis?id=${id}`);

/**
 * The export's document, after checking it answered 200 as JSON-LD and validates against the
 * project's EPCIS 2.0 schema and, where its checks run, GS1's (docs/engineers/epcis-checks.md).
 */
async function validExport(client: Client, url: string): Promise<EpcisDocument> {
  const res = await client.get(url);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
  const document = JSON.parse(res.body) as EpcisDocument;
  expect(projectEpcisErrors(document), briefly(projectEpcisErrors(document))).toEqual([]);
  if (gs1ChecksRun()) expect(gs1EpcisErrors(document), briefly(gs1EpcisErrors(document))).toEqual([]);
  return document;
}

const kinds = (document: EpcisDocument) =>
  document.epcisBody.eventList.map((e) => `${e.type} ${e.action} ${e.bizStep ?? ''}`.trim());

describe('GET /barcode/epcis on the demo project', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
    client = await staff(server);
  });
  afterAll(() => server.close());

  it('exports a whole trip: commissioning, arrivals with temperatures, an undone step, storing, picking, decommissioning and the reuse', async () => {
    const id = await activatedPallet(server, {
      customFields: {
        productName: 'Influenza vaccine',
        lotNumber: 'FLU-2026-1',
        expiryDate: '2027-03-31',
        storageRange: '2-8',
        caseCount: 40,
        dosesPerCase: 100,
        totalDoses: 1,
        internalCost: 12,
      },
    });
    // A hidden field cannot be sent: it is stored by whoever configures it (here, directly).
    await server.ctx.db.query(
      `update barcode_history set data = data || '{"qaNotes": "SECRET-QA"}' where barcode_id = $1 and action = 'activated'`,
      [id],
    );
    await trackTo(client, id, 'distributionCentre');
    expect((await undoLatest(client, id)).statusCode).toBe(200);
    await trackTo(client, id, 'distributionCentre');
    const stock = (type: 'in' | 'out') =>
      client.post('/api/location/stock', { projectId: SEED.demoProject, type, barcodeIds: [id], locationId: L.binA01 });
    expect((await stock('in')).statusCode).toBe(200);
    expect((await stock('out')).statusCode).toBe(200);
    await trackTo(client, id, 'carrier', 'pharmacy');
    expect((await client.post('/api/barcode/recycle', { barcodeId: id })).statusCode).toBe(200);
    expect((await client.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);

    const document = await validExport(client, `/api/barcode/epcis?id=${id}`);
    expect(document['@context']).toEqual([
      'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
      { tt: expect.stringMatching(/\/epcis\/vocabulary#$/) },
    ]);
    expect(kinds(document)).toEqual([
      'ObjectEvent ADD commissioning',
      'ObjectEvent OBSERVE arriving',
      'ObjectEvent OBSERVE arriving',
      'ObjectEvent OBSERVE storing',
      'ObjectEvent OBSERVE picking',
      'ObjectEvent OBSERVE departing',
      'ObjectEvent OBSERVE receiving',
      'ObjectEvent DELETE decommissioning',
      'ObjectEvent ADD commissioning',
    ]);
    const [commissioning, undone, arrival, storing] = document.epcisBody.eventList as [
      EpcisEvent,
      EpcisEvent,
      EpcisEvent,
      EpcisEvent,
    ];
    expect(commissioning.epcList).toEqual([expect.stringMatching(new RegExp(`/demo@1/qrcode/${id}$`))]);
    expect(commissioning.ilmd).toMatchObject({
      'tt:lotNumber': 'FLU-2026-1',
      'tt:expiryDate': '2027-03-31',
      'tt:internalCost': 12,
    });
    expect(undone.errorDeclaration).toMatchObject({ reason: 'did_not_occur' });
    expect(arrival.errorDeclaration).toBeUndefined();
    expect(arrival.readPoint).toEqual({
      id: expect.stringMatching(/\/demo@1\/epcis\/trackpoint\/distributionCentre$/),
    });
    expect(arrival.sensorElementList).toEqual([
      { sensorReport: [{ type: 'Temperature', value: 5, uom: 'CEL', time: arrival.eventTime }] },
    ]);
    expect(storing.bizLocation).toEqual({ id: expect.stringMatching(new RegExp(`/epcis/location/${L.binA01}$`)) });
    // Hidden fields are never exported; every eventID is distinct and the same at every export.
    const text = (await exportOf(client, id)).body;
    expect(text).not.toContain('SECRET-QA');
    expect(text).not.toContain('qaNotes');
    expect(new Set(document.epcisBody.eventList.map((e) => e.eventID)).size).toBe(9);
    expect((await exportOf(client, id)).body).toBe(text);
  });

  it('names a barcode whose external id is a GS1 Digital Link by that URI', async () => {
    const link = 'https://id.gs1.org/01/09506000134352/10/LOT7/21/SER-1';
    const id = await activatedPallet(server, { externalId: link });
    const document = await validExport(client, `/api/barcode/epcis?id=${id}`);
    expect(document.epcisBody.eventList[0]?.epcList).toEqual([link]);
  });

  it('answers another enterprise 403, a visitor 401 and an unknown barcode 2303, like the history', async () => {
    const id = await activatedPallet(server);
    expect((await exportOf(await loggedIn(server, '55556666'), id)).json()).toEqual({ errors: { $common: [403] } });
    expect((await server.app.inject({ method: 'GET', url: `/api/barcode/epcis?id=${id}` })).statusCode).toBe(401);
    expect((await exportOf(client, 'NOSUCHBARCOD')).json()).toEqual({ errors: { $common: [2303] } });
  });

  describe('GET /barcode/epcis/project', () => {
    const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
    const today = day(new Date());
    const projectUrl = (from: string, to: string) =>
      `/api/barcode/epcis/project?projectId=${SEED.demoProject}&from=${from}&to=${to}`;

    it('streams every event of the project on the days asked, as a valid EPCIS 2.0 document', async () => {
      const ids = [await deliveredPallet(server), await deliveredPallet(server)];
      const document = await validExport(client, projectUrl(today, today));
      const epcs = document.epcisBody.eventList.flatMap((e) => (e.epcList as string[] | undefined) ?? []);
      for (const id of ids) expect(epcs.filter((epc) => epc.endsWith(`/qrcode/${id}`))).toHaveLength(4);
      expect(new Set(document.epcisBody.eventList.map((e) => e.eventID)).size).toBe(
        document.epcisBody.eventList.length,
      );
      // A day with nothing is an empty, valid document.
      expect((await validExport(client, projectUrl('20200101', '20200102'))).epcisBody.eventList).toEqual([]);
    });

    it('reads the range in batches that together hold every entry once, in order', async () => {
      const from = new Date(Date.now() - 86_400_000).toISOString();
      const to = new Date(Date.now() + 86_400_000).toISOString();
      const seen: string[] = [];
      let cursor: EntryCursor | null = null;
      do {
        const batch: Awaited<ReturnType<typeof projectEntriesBatch>> = await projectEntriesBatch(
          server.ctx.db,
          SEED.demoProject,
          from,
          to,
          cursor,
          7,
        );
        seen.push(...batch.entries.map((e) => `${e.barcodeId}/${e.seq}`));
        cursor = batch.next;
      } while (cursor);
      const ids = (
        await server.ctx.db.query<{ id: string }>('select id from barcodes where project_id = $1', [SEED.demoProject])
      ).rows.map((r) => r.id);
      expect(seen).toEqual((await entriesOf(server.ctx.db, ids)).map((e) => `${e.barcodeId}/${e.seq}`));
      expect(seen.length).toBeGreaterThan(14);
    });

    it('is for staff of the enterprise (403) and checks its days (1013, 1010)', async () => {
      expect((await (await loggedIn(server, '33334444')).get(projectUrl(today, today))).json()).toEqual({
        errors: { $common: [403] },
      });
      expect((await (await loggedIn(server, '55556666')).get(projectUrl(today, today))).json()).toEqual({
        errors: { $common: [403] },
      });
      expect((await client.get(projectUrl('20260230', today))).json()).toEqual({ errors: { from: [1013] } });
      expect((await client.get(projectUrl('20260102', '20260101'))).json()).toEqual({ errors: { to: [1010] } });
    });
  });
});

describe('GET /barcode/epcis with pairing and linking', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startRelationsServer();
    client = await staff(server);
  });
  afterAll(() => server.close());

  it("exports packing and unpacking as AggregationEvents, linking as AssociationEvents, with the descendants' own events", async () => {
    const pallet = await activated(server, 'pallet');
    const [case1, case2] = (await activatedMany(server, 'case', 2)) as [string, string];
    const [logger] = (await activatedMany(server, 'logger', 1)) as [string];
    await pairVia(client, pallet, [case1, case2]);
    expect((await client.post('/api/barcode/unpairing', { parentId: pallet, childrenIds: [case2] })).statusCode).toBe(
      200,
    );
    expect((await client.post('/api/barcode/linking', { barcodeId: case1, targetIds: [logger] })).statusCode).toBe(200);
    expect(
      (await client.post('/api/barcode/undo-linking', { barcodeId: case1, linkedBarcodeId: logger })).statusCode,
    ).toBe(200);
    await trackTo(client, pallet, 'distributionCentre');

    const document = await validExport(client, `/api/barcode/epcis?id=${pallet}`);
    const all = kinds(document);
    expect(all.filter((k) => k.startsWith('AggregationEvent'))).toEqual([
      'AggregationEvent ADD packing',
      'AggregationEvent DELETE unpacking',
    ]);
    expect(all.filter((k) => k.startsWith('AssociationEvent'))).toEqual([
      'AssociationEvent ADD assembling',
      'AssociationEvent DELETE disassembling',
    ]);
    const packing = document.epcisBody.eventList.find((e) => e.type === 'AggregationEvent') as EpcisEvent;
    expect(packing.parentID).toMatch(new RegExp(`/qrcode/${pallet}$`));
    expect((packing.childEPCs as string[]).map((c) => c.split('/').at(-1))).toEqual([case1, case2]);
    const association = document.epcisBody.eventList.find((e) => e.type === 'AssociationEvent') as EpcisEvent;
    expect(association.parentID).toMatch(new RegExp(`/qrcode/${logger}$`));
    expect(association.childEPCs).toEqual([expect.stringMatching(new RegExp(`/qrcode/${case1}$`))]);
    // The pallet's and its remaining case's commissioning are both there (the case is a descendant); case2 is no longer one.
    expect(all.filter((k) => k === 'ObjectEvent ADD commissioning')).toHaveLength(2);

    // A case alone: its side of the pairing is its packing; the logger alone: its side of the link.
    expect(kinds(await validExport(client, `/api/barcode/epcis?id=${case2}`))).toEqual([
      'ObjectEvent ADD commissioning',
      'AggregationEvent ADD packing',
      'AggregationEvent DELETE unpacking',
    ]);
    expect(kinds(await validExport(client, `/api/barcode/epcis?id=${logger}`))).toEqual([
      'ObjectEvent ADD commissioning',
      'AssociationEvent ADD assembling',
      'AssociationEvent DELETE disassembling',
    ]);
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const project = await validExport(
      client,
      `/api/barcode/epcis/project?projectId=${SEED.demoProject}&from=${day}&to=${day}`,
    );
    expect(kinds(project).filter((k) => !k.startsWith('ObjectEvent'))).toEqual([
      'AggregationEvent ADD packing',
      'AggregationEvent DELETE unpacking',
      'AssociationEvent ADD assembling',
      'AssociationEvent DELETE disassembling',
    ]);
  });
});
