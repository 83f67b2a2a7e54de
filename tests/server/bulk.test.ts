import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activation, loggedIn, newBarcode, undoLatest } from './barcode-fixtures';
import { SEED, type Client, type TestServer } from './harness';
import { pair, staff, trackTo } from './lifecycle-fixtures';
import {
  activated,
  activatedMany,
  barcodeElsewhere,
  historyActions,
  placeOf,
  startRelationsServer,
} from './pairing-fixtures';

/**
 * Bulk tracking, skip-tracking, recycle-multiple and the user's tracking history, on the demo
 * project with the relation rules of pairing-fixtures (a pallet leaves the carrier only with
 * children) and the demo's own bulk settings (maximum 1000, the distribution centre may be
 * skipped, its stockAdjustment decreases the pallet's initialStock).
 */

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startRelationsServer();
  client = await staff(server);
});
afterAll(() => server.close());

const project = SEED.demoProject;
const DC = 'distributionCentre';
const dcForms = { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } };
const bulk = (body: object, as: Client = client) =>
  as.post('/api/barcode/tracking', { projectId: project, trackPointKey: DC, forms: dcForms, ...body });
const skip = (body: object, as: Client = client) =>
  as.post('/api/barcode/skip-tracking', { projectId: project, trackPointKey: DC, ...body });
const codesOf = (res: { json(): { data: { barcodes: { code: number | null }[] } } }) =>
  res.json().data.barcodes.map((b) => b.code);
const historyRows = () => server.count('barcode_history');

describe('POST /barcode/tracking with barcodeIds (bulk)', () => {
  it('tracks every listed barcode in one request, with its forms, the note and a step each', async () => {
    const ids = await activatedMany(server, 'pallet', 3);
    const res = await bulk({ barcodeIds: ids, extras: { note: 'dock 4' } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      dryRun: false,
      trackPointKey: DC,
      readyCount: 3,
      descendantsMoved: 0,
      maxCount: 1000,
    });
    expect(data.barcodes).toEqual(
      ids.map((id) => ({
        id,
        code: null,
        barcodeType: 'pallet',
        externalId: null,
        currentTrackPointKey: DC,
        childrenCount: 0,
      })),
    );
    for (const id of ids) expect((await placeOf(server, id)).current_track_point_key).toBe(DC);
    const { rows } = await server.ctx.db.query<{ data: { forms: unknown; note: string }; user_id: string }>(
      "select data, user_id from barcode_history where barcode_id = $1 and action = 'tracked'",
      [ids[1]],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data).toMatchObject({
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
      note: 'dock 4',
    });
    // The distribution centre's route notification, as a single step sends it: one per barcode tracked.
    const notified = await server.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from notifications where barcode_id = any($1) and track_point_key = $2',
      [ids, DC],
    );
    expect(notified.rows[0]?.n).toBe(3);
    // Each step is an ordinary step: it can be undone alone.
    expect((await undoLatest(client, ids[0]!)).statusCode).toBe(200);
    expect((await placeOf(server, ids[0]!)).current_track_point_key).toBe('manufacturer');
  });

  it("a dry run answers each barcode's verdict and writes nothing", async () => {
    const [ready, atDc, paired, parent] = await activatedMany(server, 'pallet', 4);
    const child = await activated(server, 'case');
    await pair(server, child, parent!);
    await trackTo(client, atDc!, DC);
    const notActivated = await newBarcode(server);
    const [otherEnterprise, otherVersion, secure] = [
      await barcodeElsewhere(server, 'otherEnterprise'),
      await barcodeElsewhere(server, 'demoVersion2'),
      await barcodeElsewhere(server, 'secure'),
    ];
    const before = await historyRows();
    const ids = [
      ready!,
      'NOSUCHBARCODE',
      ready!,
      notActivated,
      child,
      atDc!,
      otherEnterprise,
      otherVersion,
      secure,
      paired!,
    ];
    const res = await bulk({ barcodeIds: ids, dryRun: true, forms: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(codesOf(res)).toEqual([null, 2303, 3017, 3001, 3013, 3005, 2303, 3084, 3082, null]);
    expect(res.json().data.readyCount).toBe(2);
    // Another enterprise's barcode is not described.
    expect(res.json().data.barcodes[6]).toMatchObject({
      barcodeType: null,
      externalId: null,
      currentTrackPointKey: null,
    });
    expect(await historyRows()).toBe(before);
    expect((await placeOf(server, ready!)).current_track_point_key).toBe('manufacturer');
  });

  it('all or nothing: one refused barcode refuses the request, naming each failing barcode and why', async () => {
    const [a, b, c] = await activatedMany(server, 'pallet', 3);
    await trackTo(client, c!, DC, 'carrier');
    const before = await historyRows();
    const res = await bulk({ barcodeIds: [a, b, c, 'UNKNOWN00000'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { 'barcodeIds.2': [3006], 'barcodeIds.3': [2303] } });
    expect(await historyRows()).toBe(before);
    expect((await placeOf(server, a!)).current_track_point_key).toBe('manufacturer');
  });

  it("refuses bad input with the catalogue's codes before reading anything", async () => {
    const [a] = await activatedMany(server, 'pallet', 1);
    const before = await historyRows();
    const empty = await bulk({ barcodeIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['barcodeIds']);
    const over = await bulk({ barcodeIds: Array.from({ length: 1001 }, (_, i) => `B${String(i).padStart(11, '0')}`) });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ maxCount: 1000, errors: { barcodeIds: [3089] } });
    expect((await bulk({ barcodeIds: [a], barcodeId: a })).json()).toEqual({ errors: { barcodeIds: [1001] } });
    expect(
      (await client.post('/api/barcode/tracking', { barcodeIds: [a], trackPointKey: DC, forms: dcForms })).json(),
    ).toEqual({ errors: { projectId: [1000] } });
    expect((await client.post('/api/barcode/tracking', { trackPointKey: DC, forms: dcForms })).json()).toEqual({
      errors: { barcodeId: [1000] },
    });
    expect(
      (
        await client.post('/api/barcode/tracking', { barcodeId: a, trackPointKey: DC, forms: dcForms, dryRun: true })
      ).json(),
    ).toEqual({ errors: { dryRun: [2200] } });
    expect((await bulk({ barcodeIds: [a], projectId: 'not-a-uuid' })).statusCode).toBe(400);
    expect(
      (await bulk({ barcodeIds: [a], forms: { receiving: { receivedTemperature: 'warm' } } })).json().errors,
    ).toHaveProperty(['forms.receiving.receivedTemperature']);
    expect(await historyRows()).toBe(before);
  });

  it('checks the permission: 403 per barcode without add-tracking, 403 for the request outside the enterprise', async () => {
    const [a] = await activatedMany(server, 'pallet', 1);
    const clientUser = await loggedIn(server, '33334444');
    expect(codesOf(await bulk({ barcodeIds: [a], dryRun: true }, clientUser))).toEqual([403]);
    const refused = await bulk({ barcodeIds: [a] }, clientUser);
    expect(refused.json()).toEqual({ errors: { 'barcodeIds.0': [403] } });
    const outsider = await loggedIn(server, '55556666');
    const res = await bulk({ barcodeIds: [a], dryRun: true }, outsider);
    expect(res.statusCode).toBe(403);
  });

  it('a paired parent carries its children; a mandatory pairing at the trackpoint left is checked for each barcode', async () => {
    const [parent] = await activatedMany(server, 'pallet', 1);
    const cases = await activatedMany(server, 'case', 2);
    for (const id of cases) await pair(server, id, parent!);
    const res = await bulk({ barcodeIds: [parent] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ descendantsMoved: 2, barcodes: [{ id: parent, childrenCount: 2 }] });
    for (const id of cases)
      expect(await placeOf(server, id)).toEqual({ parent_id: parent, current_track_point_key: DC });
    expect((await historyActions(server, cases[0]!)).at(-1)).toBe('moved-with-parent');

    // Pairing is mandatory at the carrier for pallets (relationsConfig): a pallet without children cannot leave it.
    const [alone] = await activatedMany(server, 'pallet', 1);
    await trackTo(client, alone!, DC, 'carrier');
    await trackTo(client, parent!, 'carrier');
    const pharmacy = { trackPointKey: 'pharmacy', forms: {} };
    expect(codesOf(await bulk({ barcodeIds: [parent, alone], dryRun: true, ...pharmacy }))).toEqual([null, 3020]);
  });

  it('refuses a decrease below zero for the barcode it concerns (3092)', async () => {
    const stocked = await activated(server, 'pallet', {
      customFields: { ...activation('x').customFields, initialStock: { type: 'increase', value: 10 } },
    });
    const [empty] = await activatedMany(server, 'pallet', 1);
    const forms = { receiving: { ...dcForms.receiving, stockAdjustment: { type: 'decrease', value: 5 } } };
    const res = await bulk({ barcodeIds: [stocked, empty], forms });
    expect(res.json()).toEqual({ errors: { 'barcodeIds.1': [3092] } });
    expect(await bulk({ barcodeIds: [stocked], forms }).then((r) => r.statusCode)).toBe(200);
    const detail = (await client.get(`/api/barcode/barcode?id=${stocked}`)).json().data;
    expect(detail.quantities).toMatchObject([
      { key: 'initialStock', initial: 10, increase: 0, decrease: 5, remaining: 5, quantity: 5, type: 'decrease' },
    ]);
  });

  it('two bulk requests naming the same barcode at once end in one consistent state', async () => {
    const [shared, onlyA, onlyB] = await activatedMany(server, 'pallet', 3);
    const [first, second] = await Promise.all([
      bulk({ barcodeIds: [onlyA, shared] }),
      bulk({ barcodeIds: [shared, onlyB] }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const loser = first.statusCode === 400 ? first : second;
    expect([3004, 3005]).toContain(Object.values(loser.json().errors as Record<string, number[]>)[0]?.[0]);
    const { rows } = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from barcode_history where barcode_id = $1 and action = 'tracked'",
      [shared],
    );
    expect(rows[0]?.n).toBe(1);
    // The loser's other barcode was not tracked either.
    const loserOnly = first.statusCode === 400 ? onlyA : onlyB;
    expect((await placeOf(server, loserOnly!)).current_track_point_key).toBe('manufacturer');
  });
});

describe('repeating a bulk write', () => {
  it('with the same Idempotency-Key: the first answer again, nothing written twice', async () => {
    const ids = await activatedMany(server, 'pallet', 2);
    const send = () =>
      client.request({
        method: 'POST',
        url: '/api/barcode/tracking',
        headers: { 'idempotency-key': `bulk-${ids[0]}` },
        payload: { projectId: project, trackPointKey: DC, forms: dcForms, barcodeIds: ids },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const before = await historyRows();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await historyRows()).toBe(before);
  });
});

describe('POST /barcode/skip-tracking', () => {
  it('moves the barcodes past a trackpoint that allows it; history says skipped and by whom', async () => {
    const ids = await activatedMany(server, 'pallet', 2);
    const res = await skip({ barcodeIds: ids, extras: { note: 'cross-dock' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.readyCount).toBe(2);
    const entry = (await client.get(`/api/barcode/history?id=${ids[0]}&count=1`)).json().data.items[0];
    expect(entry).toMatchObject({ action: 'tracked', trackPointKey: DC, skipped: true, staffName: 'Hana Sato' });
    // The next step goes on from there, with its forms.
    await trackTo(client, ids[0]!, 'carrier');
  });

  it('refuses a trackpoint that does not allow skipping (3091), and the list checks of bulk tracking', async () => {
    const [atDc] = await activatedMany(server, 'pallet', 1);
    await trackTo(client, atDc!, DC);
    const before = await historyRows();
    expect(codesOf(await skip({ barcodeIds: [atDc, atDc], trackPointKey: 'carrier', dryRun: true }))).toEqual([
      3091, 3017,
    ]);
    expect((await skip({ barcodeIds: [atDc], trackPointKey: 'carrier' })).json()).toEqual({
      errors: { 'barcodeIds.0': [3091] },
    });
    expect(await historyRows()).toBe(before);
  });
});

describe('POST /barcode/recycle-multiple', () => {
  const recycle = (body: object) => client.post('/api/barcode/recycle-multiple', { projectId: project, ...body });
  // Cases: pallets leave the carrier only with children here, loggers the manufacturer only with a link.
  const delivered = async () => {
    const id = await activated(server, 'case');
    await trackTo(client, id, DC, 'carrier', 'pharmacy');
    return id;
  };

  it('checks with a dry run, then recycles every barcode at once', async () => {
    const ids = [await delivered(), await delivered()];
    const dry = await recycle({ barcodeIds: ids, dryRun: true });
    expect(codesOf(dry)).toEqual([null, null]);
    expect((await placeOf(server, ids[0]!)).current_track_point_key).toBe('pharmacy');
    const res = await recycle({ barcodeIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    for (const id of ids) {
      expect(await placeOf(server, id)).toEqual({ parent_id: null, current_track_point_key: null });
      expect((await historyActions(server, id)).at(-1)).toBe('recycled');
    }
  });

  it('refuses as a single recycle does: in use, paired, not activated; nothing recycled', async () => {
    const done = await delivered();
    const [travelling, parent] = await activatedMany(server, 'pallet', 2);
    const child = await activated(server, 'case');
    await pair(server, child, parent!);
    const res = await recycle({ barcodeIds: [done, travelling, parent, await newBarcode(server)] });
    expect(res.json()).toEqual({ errors: { 'barcodeIds.1': [3010], 'barcodeIds.2': [3011], 'barcodeIds.3': [3001] } });
    expect((await placeOf(server, done)).current_track_point_key).toBe('pharmacy');
  });

  it("a recycled barcode listed again is refused as not activated with the reason 'recycled', in every list", async () => {
    const recycled = await delivered();
    expect((await recycle({ barcodeIds: [recycled] })).statusCode).toBe(200);
    const fresh = await newBarcode(server);
    const reasons = (
      res: { json(): { data: Record<string, { code: number | null; reason?: string }[]> } },
      list: string,
    ) => res.json().data[list]!.map((b) => [b.code, b.reason ?? null]);
    const expected = [
      [3001, 'recycled'],
      [3001, null],
    ];
    expect(reasons(await bulk({ barcodeIds: [recycled, fresh], dryRun: true }), 'barcodes')).toEqual(expected);
    expect(reasons(await recycle({ barcodeIds: [recycled, fresh], dryRun: true }), 'barcodes')).toEqual(expected);
    const [parent] = await activatedMany(server, 'pallet', 1);
    const pairing = await client.post('/api/barcode/pairing', {
      parentId: parent,
      childrenIds: [recycled, fresh],
      dryRun: true,
    });
    expect(pairing.statusCode, pairing.body).toBe(200);
    expect(reasons(pairing, 'children')).toEqual(expected);
  });

  it('a recycled barcode is refused as recycled by the real request too, and when tracked alone', async () => {
    const recycled = await delivered();
    expect((await recycle({ barcodeIds: [recycled] })).statusCode).toBe(200);
    const fresh = await newBarcode(server);
    const refusal = {
      errors: { 'barcodeIds.0': [3001], 'barcodeIds.1': [3001] },
      reasons: { 'barcodeIds.0': 'recycled' },
    };
    expect((await bulk({ barcodeIds: [recycled, fresh] })).json()).toEqual(refusal);
    expect((await skip({ barcodeIds: [recycled, fresh] })).json()).toEqual(refusal);
    expect((await recycle({ barcodeIds: [recycled, fresh] })).json()).toEqual(refusal);
    const [parent] = await activatedMany(server, 'pallet', 1);
    const pairing = await client.post('/api/barcode/pairing', { parentId: parent, childrenIds: [fresh, recycled] });
    expect(pairing.json()).toEqual({
      errors: { 'childrenIds.0': [3001], 'childrenIds.1': [3001] },
      reasons: { 'childrenIds.1': 'recycled' },
    });
    const alone = (barcodeId: string) =>
      client.post('/api/barcode/tracking', { barcodeId, trackPointKey: DC, forms: dcForms });
    expect((await alone(recycled)).json()).toEqual({ errors: { $common: [3001] }, reasons: { $common: 'recycled' } });
    expect((await alone(fresh)).json()).toEqual({ errors: { $common: [3001] } });
  });
});

describe('GET /barcode/user-tracking-history', () => {
  it("lists the caller's own steps of the day, newest first, skips marked", async () => {
    const other = await loggedIn(server, '77778888');
    const [mine, skipped, theirs] = await activatedMany(server, 'pallet', 3);
    await trackTo(client, mine!, DC);
    await skip({ barcodeIds: [skipped] });
    await trackTo(other, theirs!, DC);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const res = await client.get(
      `/api/barcode/user-tracking-history?date=${today}&projectId=${project}&utcOffset=0&count=2`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.items.map((i: { barcodeId: string; skipped: boolean }) => [i.barcodeId, i.skipped])).toEqual([
      [skipped, true],
      [mine, false],
    ]);
    const all = (
      await client.get(`/api/barcode/user-tracking-history?date=${today}&projectId=${project}&utcOffset=0&count=200`)
    ).json().data;
    expect(all.total).toBe(all.items.length);
    expect(all.items.some((i: { barcodeId: string }) => i.barcodeId === theirs)).toBe(false);
    expect(
      (await client.get(`/api/barcode/user-tracking-history?date=20260230&projectId=${project}&utcOffset=0`)).json(),
    ).toEqual({ errors: { date: [1013] } });
  });
});

describe('single tracking quantities', () => {
  it('refuses a decrease below zero on the field, and the detail shows the running quantity', async () => {
    const id = await activated(server, 'pallet', {
      customFields: { ...activation('x').customFields, initialStock: { type: 'increase', value: 40 } },
    });
    const step = (value: number) =>
      client.post('/api/barcode/tracking', {
        barcodeId: id,
        trackPointKey: DC,
        forms: { receiving: { ...dcForms.receiving, stockAdjustment: { type: 'decrease', value } } },
      });
    expect((await step(41)).json()).toEqual({ errors: { 'forms.receiving.stockAdjustment': [3092] } });
    expect((await step(30)).statusCode).toBe(200);
    const detail = (await client.get(`/api/barcode/barcode?id=${id}`)).json().data;
    expect(detail.quantities).toEqual([
      {
        key: 'initialStock',
        initial: 40,
        increase: 0,
        decrease: 30,
        remaining: 10,
        quantity: 30,
        type: 'decrease',
        adjustedAt: expect.any(String),
      },
    ]);
    expect((await undoLatest(client, id)).statusCode).toBe(200);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.quantities[0]).toMatchObject({
      decrease: 0,
      remaining: 40,
      quantity: null,
    });
    // Visitors see neither quantities nor stock.
    const visitor = (await server.app.inject({ url: `/api/barcode/barcode?id=${id}` })).json().data;
    expect(visitor).not.toHaveProperty('quantities');
    expect(visitor).not.toHaveProperty('stock');
  });
});
