/**
 * Races: many identical writes at the same moment, as a double tap, a retrying phone or several
 * staff scanning one pallet send them. Each must end in exactly one change, whatever the order
 * the database serialises them in. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const receiving = { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } };
const step = (barcodeId: string) => ({ barcodeId, trackPointKey: 'distributionCentre', forms: receiving });

async function activated(client: Client): Promise<string> {
  const id = await newBarcode(server);
  expect((await client.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
  return id;
}

/** What the barcode's history and notifications hold after the race. */
async function written(barcodeId: string) {
  const count = async (sql: string) => (await server.ctx.db.query<{ n: number }>(sql, [barcodeId])).rows[0]?.n;
  return {
    tracked: await count("select count(*)::int as n from barcode_history where barcode_id = $1 and action = 'tracked'"),
    undone: await count(
      "select count(*)::int as n from barcode_history where barcode_id = $1 and action = 'tracking-undone'",
    ),
    // distributionCentre has a route notification: one step notifies once.
    notifications: await count(
      "select count(*)::int as n from notifications where barcode_id = $1 and track_point_key = 'distributionCentre'",
    ),
  };
}

describe('concurrent tracking of one barcode', () => {
  it('200 requests without a key add one step: one is accepted, the others are told it is taken (3004 / 3005)', async () => {
    const [hana, mai] = [await loggedIn(server, '11112222'), await loggedIn(server, '77778888')];
    const id = await activated(hana);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? hana : mai).post('/api/barcode/tracking', step(id))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refusals = answers.filter((a) => a.statusCode !== 200).map((a) => JSON.stringify(a.json()));
    expect(new Set(refusals)).toEqual(
      new Set(refusals.filter((r) => r === '{"errors":{"$common":[3004]}}' || r === '{"errors":{"$common":[3005]}}')),
    );
    expect(refusals).toHaveLength(199);
    expect(await written(id)).toEqual({ tracked: 1, undone: 0, notifications: 1 });
    expect((await hana.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe(
      'distributionCentre',
    );
  });

  it('200 requests with the same Idempotency-Key add one step and all get its answer', async () => {
    const hana = await loggedIn(server, '11112222');
    const id = await activated(hana);
    const key = `race-${id}`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        hana.request({
          method: 'POST',
          url: '/api/barcode/tracking',
          payload: step(id),
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(
      Array.from({ length: 200 }, () => [200, '{"data":true}']),
    );
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(199);
    expect(await written(id)).toEqual({ tracked: 1, undone: 0, notifications: 1 });
  });
});

describe('concurrent undo of one step', () => {
  it('50 undos naming the same step take it back once and all answer success', async () => {
    const hana = await loggedIn(server, '11112222');
    const id = await activated(hana);
    expect((await hana.post('/api/barcode/tracking', step(id))).statusCode).toBe(200);
    const seq = (await hana.get(`/api/barcode/barcode?id=${id}`)).json().data.latestTrackingSeq as number;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => hana.post('/api/barcode/undo-tracking', { barcodeId: id, seq })),
    );
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(
      Array.from({ length: 50 }, () => [200, '{"data":true}']),
    );
    expect(await written(id)).toEqual({ tracked: 1, undone: 1, notifications: 1 });
    expect((await hana.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe('manufacturer');
  });

  it('50 undos with the same Idempotency-Key take the step back once', async () => {
    const hana = await loggedIn(server, '11112222');
    const id = await activated(hana);
    expect((await hana.post('/api/barcode/tracking', step(id))).statusCode).toBe(200);
    const seq = (await hana.get(`/api/barcode/barcode?id=${id}`)).json().data.latestTrackingSeq as number;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        hana.request({
          method: 'POST',
          url: '/api/barcode/undo-tracking',
          payload: { barcodeId: id, seq },
          headers: { 'idempotency-key': `undo-${id}` },
        }),
      ),
    );
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(
      Array.from({ length: 50 }, () => [200, '{"data":true}']),
    );
    expect(await written(id)).toEqual({ tracked: 1, undone: 1, notifications: 1 });
  });
});
