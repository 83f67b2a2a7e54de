import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loginProjectOf, startTestServer, type TestServer, VISITOR } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let n = 0;
async function as(accessCode: string | null): Promise<Client> {
  const client = new Client(server.app, `10.9.0.${(n += 1)}`);
  if (accessCode)
    expect(
      (
        await client.post('/api/user/authorize', {
          projectId: loginProjectOf(accessCode),
          accessCode,
          visitorId: VISITOR,
        })
      ).statusCode,
    ).toBe(200);
  return client;
}
const generate = (client: Client, extra: object = {}) =>
  client.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1, ...extra });

describe('POST /barcode/barcode', () => {
  it('generates a barcode for staff with the permission, and records it in the history', async () => {
    const res = await generate(await as('11112222'));
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    expect(id).toMatch(/^[A-Za-z0-9]{12}$/);
    const { rows } = await server.ctx.db.query<{ action: string; seq: number }>(
      'select action, seq from barcode_history where barcode_id = $1',
      [id],
    );
    expect(rows).toEqual([{ action: 'generated', seq: 1 }]);
  });

  it('lets client users generate even without the staff permission', async () => {
    expect((await generate(await as('33334444'))).statusCode).toBe(200);
  });

  it.each([
    ['staff without the generate permission', '77778888', 403, { $common: [403] }],
    ['a user of another enterprise', '55556666', 403, { $common: [403] }],
    ['a visitor', null, 401, { $common: [2003] }],
  ])('refuses %s and writes nothing', async (_who, code, status, errors) => {
    const before = await server.count('barcodes');
    const res = await generate(await as(code));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ errors });
    expect(await server.count('barcodes')).toBe(before);
  });

  it.each([
    ['a version that is not a number', { projectVersion: '1' }, { projectVersion: [1001] }],
    ['an unknown property', { admin: true }, { admin: [2200] }],
    ['an unknown project', { projectCode: 'ghost' }, { $common: [2304] }],
    ['an empty external id', { externalId: '' }, { externalId: [1000] }],
  ])('refuses %s with a clear 400', async (_name, extra, errors) => {
    const res = await generate(await as('11112222'), extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
  });

  it('refuses an external id the project already has (2105)', async () => {
    const staff = await as('11112222');
    expect((await generate(staff, { externalId: 'SSCC-0001' })).statusCode).toBe(200);
    expect((await generate(staff, { externalId: 'SSCC-0001' })).json()).toEqual({ errors: { $common: [2105] } });
  });
});

describe('GET /barcode/barcode', () => {
  it('shows a new barcode to anyone, not yet activated', async () => {
    const { id } = (await generate(await as('11112222'), { externalId: 'SSCC-0002' })).json().data;
    const res = await (await as(null)).get(`/api/barcode/barcode?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      isActivated: false,
      isDeactivated: false,
      projectCode: 'demo',
      projectVersion: 1,
      externalId: 'SSCC-0002',
      activationData: null,
    });
    const byExternal = await (await as(null)).get('/api/barcode/barcode?projectCode=demo&externalId=SSCC-0002');
    expect(byExternal.json().data.id).toBe(id);
  });

  it.each([
    ['an unknown id', '?id=AAAAAAAAAAAA'],
    ['a malformed id', '?id=../../etc'],
    ['an unknown external id', '?projectCode=demo&externalId=nope'],
  ])('answers 2303 for %s', async (_name, query) => {
    expect((await (await as(null)).get(`/api/barcode/barcode${query}`)).json()).toEqual({
      errors: { $common: [2303] },
    });
  });

  it('shows each viewer only the activation fields they may see; hidden fields never', async () => {
    const { id } = (await generate(await as('11112222'))).json().data;
    await server.ctx.db.query(
      "update barcodes set barcode_type = 'pallet', is_activated = true, activation_data = $2 where id = $1",
      [id, JSON.stringify({ productName: 'Vaccine', internalCost: 1200, qaNotes: 'recall risk', weight: 80 })],
    );
    const seen = async (code: string | null) =>
      (await (await as(code)).get(`/api/barcode/barcode?id=${id}`)).json().data.activationData;
    expect(await seen(null)).toEqual({ productName: 'Vaccine', weight: 80 });
    expect(await seen('55556666')).toEqual({ productName: 'Vaccine', weight: 80 });
    expect(await seen('11112222')).toEqual({ productName: 'Vaccine', internalCost: 1200, weight: 80 });
  });
});
