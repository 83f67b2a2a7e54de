import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode, undoLatest } from './barcode-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const staff = () => loggedIn(server, '11112222');
async function activated(): Promise<string> {
  const id = await newBarcode(server);
  expect((await (await staff()).post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
  return id;
}
const receiving = { receiving: { receivedTemperature: 5.04, coldChainIntact: 'yes' } };
const track = async (
  client: Client,
  barcodeId: string,
  trackPointKey: string,
  forms: object = {},
  extra: object = {},
) => client.post('/api/barcode/tracking', { barcodeId, trackPointKey, forms, ...extra });

describe('POST /barcode/tracking', () => {
  it("moves the barcode to the next trackpoint with that trackpoint's forms, rounded by their rules", async () => {
    const id = await activated();
    const client = await staff();
    expect((await track(client, id, 'distributionCentre', receiving)).statusCode).toBe(200);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe(
      'distributionCentre',
    );
    const { rows } = await server.ctx.db.query<{ data: { forms: { receiving: { receivedTemperature: number } } } }>(
      "select data from barcode_history where barcode_id = $1 and action = 'tracked'",
      [id],
    );
    expect(rows[0]?.data.forms.receiving.receivedTemperature).toBe(5);
  });

  it('refuses the same trackpoint twice (3005), a skipped one (3006) and tracking past the end (3007)', async () => {
    const id = await activated();
    const client = await staff();
    await track(client, id, 'distributionCentre', receiving);
    expect((await track(client, id, 'distributionCentre', receiving)).json()).toEqual({ errors: { $common: [3005] } });
    expect((await track(client, id, 'pharmacy')).json()).toEqual({ errors: { $common: [3006] } });
    expect((await track(client, id, 'carrier', { pickup: { vehicleId: 'TK-1' } })).statusCode).toBe(200);
    expect(
      (
        await track(client, id, 'pharmacy', {
          delivery: { receiverName: 'Yuki', receiverSignature: `/api/barcode/file/${id}/AAAAAAAAAAAAAAAA.png` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await track(client, id, 'manufacturer')).json()).toEqual({ errors: { $common: [3007] } });
  });

  it('answers form errors per form and field, and changes nothing', async () => {
    const id = await activated();
    const res = await track(await staff(), id, 'distributionCentre', {
      receiving: { coldChainIntact: 'maybe' },
      bogus: {},
    });
    expect(res.json()).toEqual({
      errors: {
        'forms.bogus': [2200],
        'forms.receiving.receivedTemperature': [1000],
        'forms.receiving.coldChainIntact': [1001],
      },
    });
    expect((await (await staff()).get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe(
      'manufacturer',
    );
  });

  it('needs an activated barcode (3001) and the add-tracking permission (403)', async () => {
    const fresh = await newBarcode(server);
    expect((await track(await staff(), fresh, 'distributionCentre', receiving)).json()).toEqual({
      errors: { $common: [3001] },
    });
    const id = await activated();
    expect((await track(await loggedIn(server, '33334444'), id, 'distributionCentre', receiving)).statusCode).toBe(403);
    expect((await track(await loggedIn(server, '55556666'), id, 'distributionCentre', receiving)).statusCode).toBe(403);
  });

  it('adds one step when two staff track the same barcode at the same moment', async () => {
    const id = await activated();
    const [a, b] = await Promise.all([
      track(await staff(), id, 'distributionCentre', receiving),
      track(await loggedIn(server, '77778888'), id, 'distributionCentre', receiving),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([[3004], [3005]]).toContainEqual((a.statusCode === 400 ? a : b).json().errors.$common);
    const { rows } = await server.ctx.db.query(
      "select 1 from barcode_history where barcode_id = $1 and action = 'tracked'",
      [id],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('GET /barcode/history', () => {
  it('lists the steps newest first with trackpoint and staff, paged', async () => {
    const id = await activated();
    const client = await staff();
    await track(client, id, 'distributionCentre', receiving);
    const page = (await client.get(`/api/barcode/history?id=${id}&skip=0&count=2`)).json().data;
    expect(page.total).toBe(3);
    expect(
      page.items.map((e: { seq: number; action: string; trackPointKey: string; staffName: string }) => [
        e.seq,
        e.action,
        e.trackPointKey,
        e.staffName,
      ]),
    ).toEqual([
      [3, 'tracked', 'distributionCentre', 'Hana Sato'],
      [2, 'activated', 'manufacturer', 'Hana Sato'],
    ]);
    const rest = (await client.get(`/api/barcode/history?id=${id}&skip=2&count=2`)).json().data.items;
    expect(rest.map((e: { action: string }) => e.action)).toEqual(['generated']);
    expect(Date.parse(page.items[0].createdAt)).not.toBeNaN();
    // A tracking step says what was stored from its forms (rounded by their rules).
    expect(page.items[0].forms).toEqual({ receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } });
    expect(page.items[1].forms).toBeUndefined();
  });

  it('is for users of the enterprise only', async () => {
    const id = await activated();
    expect((await new Client(server.app, '10.6.0.1').get(`/api/barcode/history?id=${id}`)).statusCode).toBe(401);
    expect((await (await loggedIn(server, '55556666')).get(`/api/barcode/history?id=${id}`)).statusCode).toBe(403);
    expect((await (await staff()).get(`/api/barcode/history?id=${id}&count=500`)).json()).toEqual({
      errors: { count: [1009] },
    });
  });
});

describe('POST /barcode/undo-tracking', () => {
  const undo = undoLatest;

  it('takes back the latest step for whoever added it, keeping the history append-only', async () => {
    const id = await activated();
    const client = await staff();
    await track(client, id, 'distributionCentre', receiving);
    expect((await undo(await loggedIn(server, '77778888'), id)).json()).toEqual({ errors: { $common: [3009] } });
    expect((await undo(client, id)).statusCode).toBe(200);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe('manufacturer');
    const actions = (await client.get(`/api/barcode/history?id=${id}`))
      .json()
      .data.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['tracking-undone', 'tracked', 'activated', 'generated']);
    // Nothing left to undo: activation is not a tracking step.
    expect((await undo(client, id)).json()).toEqual({ errors: { $common: [3008] } });
    // The trackpoint can be tracked again.
    expect((await track(client, id, 'distributionCentre', receiving)).statusCode).toBe(200);
  });

  it('takes back only the step it names: a repeat, a stale name or 20 at once undo one step', async () => {
    const id = await activated();
    const client = await staff();
    await track(client, id, 'distributionCentre', receiving);
    await track(client, id, 'carrier', { pickup: { vehicleId: 'TK-1' } });
    const seq = (await client.get(`/api/barcode/barcode?id=${id}`)).json().data.latestTrackingSeq as number;
    const at = async () =>
      (await client.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/barcode/undo-tracking', { barcodeId: id, seq })),
    );
    expect(answers.map((a) => a.json())).toEqual(Array.from({ length: 20 }, () => ({ data: true })));
    expect(await at()).toBe('distributionCentre');
    expect((await client.post('/api/barcode/undo-tracking', { barcodeId: id, seq })).json()).toEqual({ data: true });
    expect(await at()).toBe('distributionCentre');
    // A name that is not the latest step takes nothing back.
    expect((await client.post('/api/barcode/undo-tracking', { barcodeId: id, seq: seq + 5 })).json()).toEqual({
      errors: { $common: [3008] },
    });
    expect(await at()).toBe('distributionCentre');
    const undone = await server.ctx.db.query(
      "select 1 from barcode_history where barcode_id = $1 and action = 'tracking-undone'",
      [id],
    );
    expect(undone.rows).toHaveLength(1);
    // An undo must name its step.
    expect((await client.post('/api/barcode/undo-tracking', { barcodeId: id })).json()).toEqual({
      errors: { seq: [1000] },
    });
  });

  it('refuses a barcode without tracking (3008), unknown barcodes (2303) and another enterprise (403)', async () => {
    const id = await activated();
    expect((await undo(await staff(), id)).json()).toEqual({ errors: { $common: [3008] } });
    expect((await undo(await staff(), 'AAAAAAAAAAAA')).json()).toEqual({ errors: { $common: [2303] } });
    expect((await undo(await loggedIn(server, '55556666'), id)).statusCode).toBe(403);
  });
});
