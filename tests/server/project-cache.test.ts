/**
 * The per-process project cache (server/infra/project-cache.ts) never serves a configuration
 * that another process has replaced: here the replacement is written to the database directly,
 * as another worker's reload or an operator's SQL would, and the very next request of this
 * process validates with it. Also: WORKERS is read as docs/operators/environment.md says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerCount } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// A broken cold chain with its reason: any reading in range is accepted (the demo refuses 25 °C with the chain intact).
const step = (barcodeId: string, receivedTemperature: number) => ({
  barcodeId,
  trackPointKey: 'distributionCentre',
  forms: { receiving: { receivedTemperature, coldChainIntact: 'no', excursionReason: 'doorOpen' } },
});

describe('project cache', () => {
  it('sees a configuration changed in the database by someone else at the next request', async () => {
    const staff = await loggedIn(server, '11112222');
    const [first, second] = [await newBarcode(server), await newBarcode(server)];
    for (const id of [first, second])
      expect((await staff.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
    // 25 °C is within the configured -30..30: accepted, and the project is now cached.
    expect((await staff.post('/api/barcode/tracking', step(first, 25))).statusCode).toBe(200);

    // Another process narrows the range to -30..8 (a reload writes the row; nothing tells this process).
    await server.ctx.db.query(
      `update projects set config = jsonb_set(config, '{barcodeTypes,pallet,trackPoints,1,trackPointForms,0,customFields,0,max}', '8'::jsonb)
        where code = 'demo' and version = 1`,
    );
    const refused = await staff.post('/api/barcode/tracking', step(second, 25));
    expect(refused.json()).toEqual({ errors: { 'forms.receiving.receivedTemperature': [expect.any(Number)] } });
    expect((await staff.post('/api/barcode/tracking', step(second, 5))).statusCode).toBe(200);
  });

  it('hands out frozen projects, so no request can change what the others read', async () => {
    const staff = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    expect((await staff.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
    const { rows } = await server.ctx.db.query<{ id: string; stamp: string }>(
      "select id, xmin::text as stamp from projects where code = 'demo' and version = 1",
    );
    const cached = server.ctx.projects.get(rows[0]!.id, rows[0]!.stamp);
    expect(cached).toBeDefined();
    expect(Object.isFrozen(cached!.config.barcodeTypes)).toBe(true);
  });
});

describe('WORKERS', () => {
  it('defaults to one per core on PostgreSQL and to one on PGlite, where more is refused', () => {
    expect(workerCount(undefined, 'postgres://db/x', 4)).toBe(4);
    expect(workerCount('', undefined, 4)).toBe(1);
    expect(workerCount('2', 'postgres://db/x', 4)).toBe(2);
    expect(workerCount('1', undefined, 4)).toBe(1);
    expect(() => workerCount('2', undefined, 4)).toThrow(/DATABASE_URL/);
    expect(() => workerCount('0', 'postgres://db/x', 4)).toThrow(/WORKERS/);
    expect(() => workerCount('two', 'postgres://db/x', 4)).toThrow(/WORKERS/);
  });
});
