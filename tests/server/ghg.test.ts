import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from './barcode-fixtures';
import { SEED, startTestServer, type TestServer } from './harness';
import { activatedPallet, put, staff, trackTo } from './lifecycle-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// The demo's carrier pickup has a modified ton-kilo field (truckEmission). 2 t over 100 km on a
// 5 t diesel truck at 40 %: 62.171 kg (hand arithmetic in tests/unit/renderer/ghg-calculate.test.ts).
const inputs = {
  transportType: 'dieselTruck4to6t',
  vehicleUsageType: 'business',
  weight: 2,
  distance: 100,
  maxWeightCapacity: 5,
  loadRate: 0.4,
};
const pickup = (truckEmission: object) => ({ pickup: { vehicleId: 'TK-1', truckEmission } });
const review = async (body: object, code = '11112222') =>
  (await loggedIn(server, code)).post('/api/barcode/review-calculation', body);

describe('POST /barcode/review-calculation', () => {
  it('answers the emission with its per-gas breakdown and the factors used with their sources', async () => {
    const res = await review({ projectId: SEED.demoProject, calculationType: 'modifiedTonkilo', input: inputs });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      emission: 62.171,
      gases: { CO2: 62.171, CH4: null, N2O: null },
      omittedGases: ['CH4', 'N2O'],
    });
    expect(data.factors.map((f: { id: string }) => f.id)).toEqual([
      'modifiedTonkilo:diesel.a',
      'modifiedTonkilo:diesel.b',
      'modifiedTonkilo:diesel.c',
      'fuel:diesel',
    ]);
    expect(data.factors[3]).toMatchObject({
      value: 2.58,
      unit: 'kg-CO2/L',
      overridden: false,
      source: expect.stringMatching(/Ver\.3\.2/),
    });
  });

  it('answers bad input with the catalogue codes under input.<name>, an unsupported type and an absent factor under $common', async () => {
    const body = (calculationType: string, input: object) => ({ projectId: SEED.demoProject, calculationType, input });
    expect(
      (
        await review(body('modifiedTonkilo', { ...inputs, weight: -1, distance: 10000, maxWeightCapacity: 1.2345 }))
      ).json(),
    ).toEqual({ errors: { 'input.weight': [1010], 'input.distance': [1009], 'input.maxWeightCapacity': [1012] } });
    expect((await review(body('tonkilo', { transportType: 'railway' }))).json()).toEqual({
      errors: { 'input.weight': [1000], 'input.distance': [1000] },
    });
    expect((await review(body('fuel', { transportType: 'hovercraft', fuelConsumption: 1 }))).json()).toEqual({
      errors: { 'input.transportType': [2200] },
    });
    expect((await review(body('teleport', {}))).json()).toEqual({ errors: { $common: [3061] } });
    expect((await review(body('tonkilo', { transportType: 'railway', weight: 1, distance: 1 }))).json()).toEqual({
      errors: { $common: [3062] },
    });
    const unknownKey = await review(body('fuel', { transportType: 'diesel', fuelConsumption: 1, emission: 0 }));
    expect(unknownKey.statusCode).toBe(400);
  });

  it("is for members of the project's enterprise (403)", async () => {
    expect(
      (await review({ projectId: SEED.demoProject, calculationType: 'fuel', input: {} }, '55556666')).statusCode,
    ).toBe(403);
  });
});

describe('emissions stored on tracking', () => {
  const storedPickup = async (id: string) =>
    (
      await server.ctx.db.query<{ data: { forms: { pickup: { truckEmission: Record<string, unknown> } } } }>(
        "select data from barcode_history where barcode_id = $1 and action in ('tracked', 'tracking-edited') order by seq desc limit 1",
        [id],
      )
    ).rows[0]?.data.forms.pickup.truckEmission;

  it('recomputes the emission on the server: a tampered client value is replaced', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre');
    const res = await client.post('/api/barcode/tracking', {
      barcodeId: id,
      trackPointKey: 'carrier',
      forms: pickup({ ...inputs, emission: 0.001, gases: { CO2: 0.001, CH4: null, N2O: null } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedPickup(id)).toMatchObject({
      ...inputs,
      emission: 62.171,
      gases: { CO2: 62.171, CH4: null, N2O: null },
      factorTableVersion: expect.any(String),
    });
    // An edit is recomputed too.
    const edited = await put(client, '/api/barcode/tracking', {
      barcodeId: id,
      trackPointKey: 'carrier',
      forms: pickup({ ...inputs, weight: 4, emission: 1 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await storedPickup(id))?.emission).toBe(124.342);
  });

  it('refuses bad GHG inputs with the catalogue codes and stores nothing', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre');
    const track = (truckEmission: object) =>
      client.post('/api/barcode/tracking', { barcodeId: id, trackPointKey: 'carrier', forms: pickup(truckEmission) });
    expect((await track({ ...inputs, weight: 10000 })).json()).toEqual({
      errors: { 'forms.pickup.truckEmission': [1009] },
    });
    expect((await track({ transportType: 'dieselTruck4to6t', weight: 2 })).json()).toEqual({
      errors: { 'forms.pickup.truckEmission': [1000] },
    });
    expect((await track({ ...inputs, transportType: 'warpDrive' })).json()).toEqual({
      errors: { 'forms.pickup.truckEmission': [2200] },
    });
    expect((await track({ ...inputs, distance: 1.0001 })).json()).toEqual({
      errors: { 'forms.pickup.truckEmission': [1012] },
    });
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe(
      'distributionCentre',
    );
  });

  it('GET /barcode/ghg-emissions totals the present trip; an undone step leaves it', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre');
    expect(
      (await client.post('/api/barcode/tracking', { barcodeId: id, trackPointKey: 'carrier', forms: pickup(inputs) }))
        .statusCode,
    ).toBe(200);
    const journey = (await client.get(`/api/barcode/ghg-emissions?barcodeId=${id}`)).json().data;
    expect(journey).toMatchObject({
      total: 62.171,
      legs: [
        { trackPointKey: 'carrier', fieldKey: 'truckEmission', transportType: 'dieselTruck4to6t', emission: 62.171 },
      ],
    });
    const seq = journey.legs[0].seq as number;
    expect((await client.post('/api/barcode/undo-tracking', { barcodeId: id, seq })).statusCode).toBe(200);
    expect((await client.get(`/api/barcode/ghg-emissions?barcodeId=${id}`)).json().data).toEqual({
      total: 0,
      legs: [],
    });
  });
});

describe('GET /barcode/ghg-report', () => {
  const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const report = async (code: string, query: string) =>
    (await loggedIn(server, code)).get(`/api/barcode/ghg-report?projectId=${SEED.demoProject}&${query}`);

  it("sums the project's emissions by trackpoint leg and transport type for staff", async () => {
    const before = (await report('11112222', `from=${today()}&to=${today()}&utcOffset=0`)).json().data;
    for (const weight of [2, 4]) {
      const id = await activatedPallet(server);
      const client = await staff(server);
      await trackTo(client, id, 'distributionCentre');
      const res = await client.post('/api/barcode/tracking', {
        barcodeId: id,
        trackPointKey: 'carrier',
        forms: pickup({ ...inputs, weight }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = (await report('11112222', `from=${today()}&to=${today()}&utcOffset=0`)).json().data;
    // 62.171 + 124.342 (twice the weight) = 186.513 kg more on the carrier leg with this truck
    expect(Math.round((after.total - before.total) * 1000) / 1000).toBe(186.513);
    const row = after.rows.find(
      (r: { trackPointKey: string; transportType: string }) =>
        r.trackPointKey === 'carrier' && r.transportType === 'dieselTruck4to6t',
    );
    const rowBefore = before.rows.find(
      (r: { trackPointKey: string; transportType: string }) =>
        r.trackPointKey === 'carrier' && r.transportType === 'dieselTruck4to6t',
    );
    expect(row.count - (rowBefore?.count ?? 0)).toBe(2);
  });

  it('leaves out the emissions of a field configured hidden, as the detail page does', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre');
    expect(
      (await client.post('/api/barcode/tracking', { barcodeId: id, trackPointKey: 'carrier', forms: pickup(inputs) }))
        .statusCode,
    ).toBe(200);
    const carrierTotal = async () => {
      const { rows } = (await report('11112222', `from=${today()}&to=${today()}&utcOffset=0`)).json().data as {
        rows: { trackPointKey: string; emission: number }[];
      };
      return rows.filter((r) => r.trackPointKey === 'carrier').reduce((sum, r) => sum + r.emission, 0);
    };
    expect(await carrierTotal()).toBeGreaterThan(0);
    const [{ config }] = (
      await server.ctx.db.query<{
        config: {
          barcodeTypes: Record<
            string,
            {
              trackPoints: {
                key: string;
                trackPointForms: { key: string; customFields: { key: string; visibility?: string }[] }[];
              }[];
            }
          >;
        };
      }>('select config from projects where id = $1', [SEED.demoProject])
    ).rows as [{ config: never }];
    const hidden = structuredClone(config) as {
      barcodeTypes: Record<
        string,
        {
          trackPoints: {
            key: string;
            trackPointForms: { key: string; customFields: { key: string; visibility?: string }[] }[];
          }[];
        }
      >;
    };
    for (const type of Object.values(hidden.barcodeTypes)) {
      for (const form of type.trackPoints.find((p) => p.key === 'carrier')?.trackPointForms ?? []) {
        for (const field of form.customFields) if (field.key === 'truckEmission') field.visibility = 'hidden';
      }
    }
    await server.ctx.db.query('update projects set config = $2 where id = $1', [
      SEED.demoProject,
      JSON.stringify(hidden),
    ]);
    try {
      expect(await carrierTotal()).toBe(0);
    } finally {
      await server.ctx.db.query('update projects set config = $2 where id = $1', [
        SEED.demoProject,
        JSON.stringify(config),
      ]);
    }
  });

  it("is for the enterprise's staff only (403), with a range that ends after it starts (1011) and real dates (1013)", async () => {
    expect((await report('33334444', `from=${today()}&to=${today()}&utcOffset=0`)).statusCode).toBe(403);
    expect((await report('55556666', `from=${today()}&to=${today()}&utcOffset=0`)).statusCode).toBe(403);
    expect((await report('11112222', 'from=20260110&to=20260101&utcOffset=0')).json()).toEqual({
      errors: { to: [1011] },
    });
    expect((await report('11112222', 'from=20260230&to=20260301&utcOffset=0')).json()).toEqual({
      errors: { from: [1013] },
    });
  });
});
