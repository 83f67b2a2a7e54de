import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const staff = () => loggedIn(server, '11112222');

describe('GET /barcode/reference-data', () => {
  it("answers the imported values for the barcode's external id with the built-in keys", async () => {
    const client = await staff();
    const id = (
      await client.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1, externalId: 'PO-DEMO-1' })
    ).json().data.id as string;
    const before = (await client.get(`/api/barcode/reference-data?barcodeId=${id}`)).json();
    expect(before).toEqual({
      data: {
        purchaseOrder: 'PO-2026-0042',
        supplierName: 'FrostLine Biologics, Osaka plant',
        orderedCases: '40',
        barcodeId: id,
        externalId: 'PO-DEMO-1',
      },
    });
    expect((await client.post('/api/barcode/activation', activation(id, { trackingNumber: 'TN-1' }))).statusCode).toBe(
      200,
    );
    const after = (await client.get(`/api/barcode/reference-data?barcodeId=${id}`)).json().data;
    expect(after).toMatchObject({
      purchaseOrder: 'PO-2026-0042',
      trackingNumber: 'TN-1',
      barcodeType: 'pallet',
      currentTrackPoint: 'manufacturer',
    });
  });

  it('has only the built-in keys for a barcode without imported data, and built-ins win over imported ones', async () => {
    const id = await newBarcode(server);
    expect((await (await staff()).get(`/api/barcode/reference-data?barcodeId=${id}`)).json()).toEqual({
      data: { barcodeId: id },
    });
    await server.ctx.db.query(
      `insert into reference_data values ($1, 'EXT-9', 'barcodeId', 'spoofed'), ($1, 'EXT-9', 'colour', 'blue')`,
      [SEED.demoProject],
    );
    await server.ctx.db.query(`update barcodes set external_id = 'EXT-9' where id = $1`, [id]);
    expect((await (await staff()).get(`/api/barcode/reference-data?barcodeId=${id}`)).json().data).toEqual({
      barcodeId: id,
      externalId: 'EXT-9',
      colour: 'blue',
    });
  });

  it("is for users of the project's enterprise only", async () => {
    const id = await newBarcode(server);
    const url = `/api/barcode/reference-data?barcodeId=${id}`;
    expect((await new Client(server.app, '10.9.0.1').get(url)).statusCode).toBe(401);
    expect((await (await loggedIn(server, '55556666')).get(url)).statusCode).toBe(403);
    expect((await (await loggedIn(server, '33334444')).get(url)).statusCode).toBe(200);
    expect((await (await staff()).get('/api/barcode/reference-data?barcodeId=AAAAAAAAAAAA')).json()).toEqual({
      errors: { $common: [2303] },
    });
    expect((await (await staff()).get('/api/barcode/reference-data?barcodeId=../x')).json()).toEqual({
      errors: { barcodeId: [1001] },
    });
  });
});

describe('weight measurement (auto mode)', () => {
  const reading = (trackPointKey: string, weight: number, extra: object = {}) => ({
    projectId: SEED.demoProject,
    trackPointKey,
    weight,
    deviceId: 'scale-dc-01',
    ...extra,
  });
  const latest = (client: Client, barcodeId: string, trackPointKey: string) =>
    client.get(`/api/barcode/weight-measurement?barcodeId=${barcodeId}&trackPointKey=${trackPointKey}`);

  it("answers the latest reading at the trackpoint of the barcode's project", async () => {
    const scale = await staff();
    expect((await scale.post('/api/barcode/weight-measurement', reading('distributionCentre', 480.5))).json()).toEqual({
      data: true,
    });
    await server.ctx.db.query(`update weight_readings set measured_at = now() - interval '1 minute'`);
    expect(
      (await scale.post('/api/barcode/weight-measurement', reading('distributionCentre', 481.25))).statusCode,
    ).toBe(200);
    const id = await newBarcode(server);
    const res = (await latest(await loggedIn(server, '77778888'), id, 'distributionCentre')).json();
    expect(res.data.weight).toBe(481.25);
    expect(Date.now() - Date.parse(res.data.measuredAt)).toBeLessThan(60_000);
  });

  it('has no reading (400, $common 404) at another trackpoint or when the latest is over 10 minutes old', async () => {
    const scale = await staff();
    const id = await newBarcode(server);
    expect((await latest(scale, id, 'carrier')).json()).toEqual({ errors: { $common: [404] } });
    await scale.post('/api/barcode/weight-measurement', reading('pharmacy', 12));
    expect((await latest(scale, id, 'pharmacy')).json().data.weight).toBe(12);
    await server.ctx.db.query(
      `update weight_readings set measured_at = now() - interval '11 minutes' where track_point_key = 'pharmacy'`,
    );
    const stale = await latest(scale, id, 'pharmacy');
    expect([stale.statusCode, stale.json()]).toEqual([400, { errors: { $common: [404] } }]);
  });

  it("takes readings from users of the enterprise who may add tracking, at the project's trackpoints, within bounds", async () => {
    const post = async (client: Client, body: object) => client.post('/api/barcode/weight-measurement', body);
    expect((await post(new Client(server.app, '10.9.0.2'), reading('carrier', 1))).statusCode).toBe(401);
    expect((await post(await loggedIn(server, '55556666'), reading('carrier', 1))).statusCode).toBe(403);
    expect((await post(await loggedIn(server, '33334444'), reading('carrier', 1))).statusCode).toBe(403);
    const scale = await staff();
    expect((await post(scale, reading('nowhere', 1))).json()).toEqual({ errors: { trackPointKey: [2200] } });
    expect((await post(scale, reading('carrier', -1))).statusCode).toBe(400);
    expect((await post(scale, reading('carrier', 100001))).statusCode).toBe(400);
    expect((await post(scale, reading('carrier', 1, { deviceId: 'scale 1/..' }))).json()).toEqual({
      errors: { deviceId: [1001] },
    });
    expect(
      (await post(scale, reading('carrier', 1, { projectId: '0b7285aa-0000-4000-8000-000000000999' }))).json(),
    ).toEqual({ errors: { $common: [2304] } });
    expect(await server.count("weight_readings where track_point_key = 'carrier'")).toBe(0);
  });

  it("is read by users of the barcode's enterprise only", async () => {
    const id = await newBarcode(server);
    expect((await latest(new Client(server.app, '10.9.0.3'), id, 'carrier')).statusCode).toBe(401);
    expect((await latest(await loggedIn(server, '55556666'), id, 'carrier')).statusCode).toBe(403);
    expect((await latest(await staff(), 'AAAAAAAAAAAA', 'carrier')).json()).toEqual({ errors: { $common: [2303] } });
  });
});
