import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOCATIONS as L } from '../../server/seed/locations';
import { loggedIn } from './barcode-fixtures';
import { SEED, startTestServer, type Client, type TestServer } from './harness';
import { activatedPallet, staff, trackTo } from './lifecycle-fixtures';

/**
 * Locations and stock, with each of their refusals (ErrorCode.locationUnknown to locationNotABin),
 * on the demo: the Kanto DC cold store's bins take stock in and give stock out at the distribution
 * centre, the Osaka plant's bin at the manufacturer; the secure project has a bin of its own.
 */

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  client = await staff(server);
});
afterAll(() => server.close());

const project = SEED.demoProject;
const DC = 'distributionCentre';
const stock = (body: object, as: Client = client) => as.post('/api/location/stock', { projectId: project, ...body });
const available = (barcodeId: string, action: 'in' | 'out', trackPointKey = DC) =>
  client.get(
    `/api/location/available-locations?projectId=${project}&barcodeId=${barcodeId}&trackPointKey=${trackPointKey}&action=${action}`,
  );
const palletAtDc = async () => {
  const id = await activatedPallet(server);
  await trackTo(client, id, DC);
  return id;
};
const historyRows = () => server.count('barcode_history');

describe('GET /location/available-locations', () => {
  it('offers the bins that take stock in at the trackpoint, with their warehouse and rack', async () => {
    const id = await palletAtDc();
    const res = await available(id, 'in');
    expect(res.statusCode, res.body).toBe(200);
    const bins = res.json().data as { id: string; code: string; kind: string; path: { code: string }[] }[];
    expect(bins.map((b) => b.code)).toEqual(['KANTO-DC-A-01', 'KANTO-DC-A-02', 'KANTO-DC-B-01']);
    expect(bins[0]?.path.map((p) => p.code)).toEqual(['KANTO-DC', 'KANTO-DC-A', 'KANTO-DC-A-01']);
    expect(bins[0]).toMatchObject({ id: L.binA01, kind: 'bin', name: { en: 'Bin A-01' } });
    // At the manufacturer only the plant's bin; stock out only from where it is stocked.
    const atPlant = await activatedPallet(server);
    expect((await available(atPlant, 'in', 'manufacturer')).json().data.map((b: { id: string }) => b.id)).toEqual([
      L.plantBin,
    ]);
    expect((await available(id, 'out')).json()).toEqual({ errors: { $common: [3077] } });
    expect((await available(id, 'in', 'carrier')).json()).toEqual({ errors: { $common: [3006] } });
    expect((await available('NOSUCHBARCOD', 'in')).json()).toEqual({ errors: { $common: [2303] } });
  });
});

describe('POST /location/stock', () => {
  it('a bin retired while it holds stock refuses stock-in (3073) but still gives its stock out', async () => {
    const id = await palletAtDc();
    const other = await palletAtDc();
    expect((await stock({ type: 'in', barcodeIds: [id], locationId: L.binB01 })).statusCode).toBe(200);
    await server.ctx.db.query('update locations set retired_at = now() where id = $1', [L.binB01]);
    try {
      expect((await stock({ type: 'in', barcodeIds: [other], locationId: L.binB01 })).json()).toEqual({
        errors: { $common: [3073] },
      });
      const out = await stock({ type: 'out', barcodeIds: [id], locationId: L.binB01 });
      expect(out.statusCode, out.body).toBe(200);
      expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.stock).toBeNull();
    } finally {
      await server.ctx.db.query('update locations set retired_at = null where id = $1', [L.binB01]);
    }
  });

  it('stocks a list in a bin and out again; the detail page shows where and since when; history has both', async () => {
    const ids = [await palletAtDc(), await palletAtDc()];
    const dry = await stock({ type: 'in', barcodeIds: ids, locationId: L.binA01, dryRun: true });
    expect(dry.json().data).toMatchObject({ dryRun: true, readyCount: 2, location: { id: L.binA01 } });
    expect((await client.get(`/api/barcode/barcode?id=${ids[0]}`)).json().data.stock).toBeNull();

    const res = await stock({ type: 'in', barcodeIds: ids, locationId: L.binA01 });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await client.get(`/api/barcode/barcode?id=${ids[0]}`)).json().data;
    expect(detail.stock).toMatchObject({
      trackPointKey: DC,
      location: { id: L.binA01, path: [{ code: 'KANTO-DC' }, { code: 'KANTO-DC-A' }, { code: 'KANTO-DC-A-01' }] },
    });
    expect(Date.now() - Date.parse(detail.stock.since)).toBeLessThan(60_000);
    expect((await available(ids[0]!, 'out')).json().data.map((b: { id: string }) => b.id)).toEqual([L.binA01]);

    expect((await stock({ type: 'in', barcodeIds: ids, locationId: L.binA02 })).json()).toEqual({
      errors: { 'barcodeIds.0': [3076], 'barcodeIds.1': [3076] },
    });
    expect((await stock({ type: 'out', barcodeIds: ids, locationId: L.binA02 })).json()).toEqual({
      errors: { 'barcodeIds.0': [3078], 'barcodeIds.1': [3078] },
    });
    expect((await stock({ type: 'out', barcodeIds: ids, locationId: L.binA01 })).statusCode).toBe(200);
    expect((await client.get(`/api/barcode/barcode?id=${ids[0]}`)).json().data.stock).toBeNull();
    const entries = (await client.get(`/api/barcode/history?id=${ids[1]}&count=2`)).json().data.items;
    expect(entries).toMatchObject([
      { action: 'stocked-out', locationId: L.binA01, staffName: 'Hana Sato' },
      { action: 'stocked-in', locationId: L.binA01 },
    ]);
    // The bin is named with the warehouse and rack around it.
    expect(entries[0].location).toMatchObject({
      id: L.binA01,
      kind: 'bin',
      name: { en: 'Bin A-01' },
      path: [{ name: { en: 'Kanto DC cold store' } }, { name: { en: 'Rack A' } }, { id: L.binA01 }],
    });
    expect((await stock({ type: 'out', barcodeIds: [ids[0]], locationId: L.binA01 })).json()).toEqual({
      errors: { 'barcodeIds.0': [3077] },
    });
  });

  it('refuses locations that cannot hold this stock, and barcodes not there, writing nothing', async () => {
    const id = await palletAtDc();
    const atPlant = await activatedPallet(server);
    const before = await historyRows();
    const refused = async (locationId: string) => (await stock({ type: 'in', barcodeIds: [id], locationId })).json();
    expect(await refused('0b7285aa-0000-4000-8000-00000000ffff')).toEqual({ errors: { $common: [3073] } });
    expect(await refused(L.secureBin)).toEqual({ errors: { $common: [3074] } });
    expect(await refused(L.rackA)).toEqual({ errors: { $common: [3079] } });
    expect(await refused(L.kantoWarehouse)).toEqual({ errors: { $common: [3079] } });
    expect(await refused(L.plantBin)).toEqual({ errors: { 'barcodeIds.0': [3075] } });
    const mixed = await stock({ type: 'in', barcodeIds: [id, atPlant, id, 'UNKNOWN00000'], locationId: L.binB01 });
    expect(mixed.json()).toEqual({
      errors: { 'barcodeIds.1': [3075], 'barcodeIds.2': [3017], 'barcodeIds.3': [2303] },
    });
    expect(await historyRows()).toBe(before);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.stock).toBeNull();
    // A client user may not add tracking, so may not stock either; another enterprise's staff may do nothing.
    expect(
      (await stock({ type: 'in', barcodeIds: [id], locationId: L.binB01 }, await loggedIn(server, '33334444'))).json(),
    ).toEqual({ errors: { 'barcodeIds.0': [403] } });
    expect(
      (await stock({ type: 'in', barcodeIds: [id], locationId: L.binB01 }, await loggedIn(server, '55556666')))
        .statusCode,
    ).toBe(403);
    expect((await stock({ type: 'in', barcodeIds: [], locationId: L.binB01 })).statusCode).toBe(400);
  });

  it('recycling takes a barcode out of stock', async () => {
    const id = await activatedPallet(server);
    await trackTo(client, id, DC, 'carrier', 'pharmacy');
    await server.ctx.db.query(
      "insert into barcode_stock (barcode_id, location_id, track_point_key) values ($1, $2, 'pharmacy')",
      [id, L.binA01],
    );
    expect((await client.post('/api/barcode/recycle', { barcodeId: id })).statusCode).toBe(200);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.stock).toBeNull();
  });
});

describe('POST /location/location-tracking', () => {
  it("stocks one barcode in or out at its trackpoint; refusals are the request's", async () => {
    const id = await palletAtDc();
    const track = (body: object) =>
      client.post('/api/location/location-tracking', {
        barcodeId: id,
        trackPointKey: DC,
        type: 'in',
        locationId: L.binB01,
        ...body,
      });
    expect((await track({ trackPointKey: 'carrier' })).json()).toEqual({ errors: { $common: [3006] } });
    const res = await track({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'in', readyCount: 1, location: { id: L.binB01 } });
    expect((await track({})).json()).toEqual({ errors: { $common: [3076] } });
    expect((await track({ type: 'out' })).statusCode).toBe(200);
    expect(
      (
        await client.post('/api/location/location-tracking', {
          barcodeId: 'NOSUCHBARCOD',
          trackPointKey: DC,
          type: 'in',
          locationId: L.binB01,
        })
      ).json(),
    ).toEqual({ errors: { $common: [2303] } });
  });
});
