import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from './barcode-fixtures';
import { Client, startTestServer, type TestServer } from './harness';
import { staff } from './lifecycle-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sheet = (client: Client, count: number, key?: string) =>
  client.request({
    method: 'POST',
    url: '/api/barcode/barcodes',
    payload: { projectCode: 'demo', projectVersion: 1, count },
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('POST /barcode/barcodes (a label sheet)', () => {
  it('generates N new, not activated barcodes of the project, each with its history', async () => {
    const client = await staff(server);
    const res = await sheet(client, 24);
    expect(res.statusCode, res.body).toBe(200);
    const { ids } = res.json().data;
    expect(new Set(ids).size).toBe(24);
    const barcode = (await client.get(`/api/barcode/barcode?id=${ids[23]}`)).json().data;
    expect(barcode).toMatchObject({ id: ids[23], projectCode: 'demo', isActivated: false });
    const history = (await client.get(`/api/barcode/history?id=${ids[0]}&skip=0&count=10`)).json().data;
    expect(JSON.stringify(history)).toContain('generated');
  });

  it('answers the same sheet to a request sent again with its Idempotency-Key, also when two arrive at once', async () => {
    const client = await staff(server);
    const key = `sheet-${Date.now()}`;
    const [a, b] = await Promise.all([sheet(client, 3, key), sheet(client, 3, key)]);
    const c = await sheet(client, 3, key);
    const answers = [a, b, c].filter((r) => r.statusCode === 200).map((r) => r.json().data.ids.join());
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answers).size).toBe(1);
    const { rows } = await server.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from barcodes where id = any($1::text[])',
      [c.json().data.ids],
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('refuses 0 or more than 100, users without the generate permission and other enterprises', async () => {
    const client = await staff(server);
    expect((await sheet(client, 0)).json()).toEqual({ errors: { count: [expect.any(Number)] } });
    expect((await sheet(client, 101)).statusCode).toBe(400);
    expect((await sheet(await loggedIn(server, '55556666'), 2)).statusCode).toBe(403);
    expect((await sheet(new Client(server.app), 2)).statusCode).toBe(401);
  });
});
