/**
 * A tracking step sent from the outbox after it was made: with its Made-At header the history
 * shows the time it was made, not the time it arrived; a repeat with the same Idempotency-Key adds
 * nothing; a malformed Made-At is 400 (ErrorCode.invalidFormat on Made-At), never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const step = (barcodeId: string) => ({
  barcodeId,
  trackPointKey: 'distributionCentre',
  forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
});

describe('POST /barcode/tracking with Made-At', () => {
  it('records the step at the time it was made, once however often it is sent', async () => {
    const client = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    expect((await client.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
    // Activated four hours ago, tracked offline three hours ago, sent now.
    await server.ctx.db.query(
      "update barcode_history set created_at = now() - interval '4 hours' where barcode_id = $1",
      [id],
    );
    const madeAt = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    const headers = { 'idempotency-key': `outbox-${id}`, 'made-at': madeAt };
    for (let i = 0; i < 3; i += 1) {
      const res = await client.request({ method: 'POST', url: '/api/barcode/tracking', payload: step(id), headers });
      expect([res.statusCode, res.json()]).toEqual([200, { data: true }]);
    }
    const history = (await client.get(`/api/barcode/history?id=${id}`)).json().data as {
      items: { action: string; createdAt: string }[];
    };
    const tracked = history.items.filter((entry) => entry.action === 'tracked');
    expect(tracked).toHaveLength(1);
    expect(new Date(tracked[0]!.createdAt).toISOString()).toBe(madeAt);
  });

  it('records a step without Made-At at the time it arrived', async () => {
    const client = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    await client.post('/api/barcode/activation', activation(id));
    const before = Date.now();
    expect((await client.post('/api/barcode/tracking', step(id))).statusCode).toBe(200);
    const { rows } = await server.ctx.db.query<{ created_at: Date }>(
      "select created_at from barcode_history where barcode_id = $1 and action = 'tracked'",
      [id],
    );
    expect(new Date(rows[0]!.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('never files a step before the latest entry of its barcode, and refuses one made over a week ago', async () => {
    const client = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    await client.post('/api/barcode/activation', activation(id));
    const week = { 'made-at': new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString() };
    const old = await client.request({
      method: 'POST',
      url: '/api/barcode/tracking',
      payload: step(id),
      headers: week,
    });
    expect([old.statusCode, old.json()]).toEqual([400, { errors: { 'Made-At': [1011] } }]);
    // Made-At an hour before the activation: recorded at the activation's time, not before it.
    const res = await client.request({
      method: 'POST',
      url: '/api/barcode/tracking',
      payload: step(id),
      headers: { 'made-at': new Date(Date.now() - 60 * 60_000).toISOString() },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await server.ctx.db.query<{ action: string; created_at: Date }>(
      'select action, created_at from barcode_history where barcode_id = $1 order by seq',
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(['generated', 'activated', 'tracked']);
    expect(new Date(rows[2]!.created_at).getTime()).toBe(new Date(rows[1]!.created_at).getTime());
  });

  it('refuses a malformed Made-At with 400, 1001 on Made-At, and writes nothing', async () => {
    const client = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    await client.post('/api/barcode/activation', activation(id));
    const res = await client.request({
      method: 'POST',
      url: '/api/barcode/tracking',
      payload: step(id),
      headers: { 'made-at': 'last tuesday' },
    });
    expect([res.statusCode, res.json()]).toEqual([400, { errors: { 'Made-At': [1001] } }]);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe('manufacturer');
  });
});
