import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProjectConfig } from '../../renderer/config-check';
import { productsOf } from '../../server/rules/products';
import { Client, PROJECTS_DIR, SEED, startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';
import { put } from './lifecycle-fixtures';

/** GET /barcode/products and the product an activation records. */
let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  client = await loggedIn(server, '33334444');
});
afterAll(() => server.close());

const demoConfig = () => JSON.parse(readFileSync(join(PROJECTS_DIR, 'demo@1.json'), 'utf8'));

describe('GET /barcode/products', () => {
  it("lists the project's products to a client user, with names in four languages and their defaults", async () => {
    const res = await client.get('/api/barcode/products');
    expect(res.statusCode).toBe(200);
    const products = res.json().data;
    expect(products.map((p: { code: string }) => p.code)).toEqual(['FLU-QIV-10', 'MMR-1', 'DILUENT-5']);
    expect(Object.keys(products[0].name).sort()).toEqual(['en', 'ja', 'zh-CN', 'zh-TW']);
    expect(products[0].defaults).toEqual({
      productName: 'Influenza vaccine',
      gtin: '04912345000019',
      storageRange: '2-8',
    });
    expect((await client.get(`/api/barcode/products?projectId=${SEED.demoProject}`)).json().data).toEqual(products);
  });

  it('answers staff and carriers 403 (client users only), a visitor 401, another enterprise 403', async () => {
    expect((await (await loggedIn(server, '11112222')).get('/api/barcode/products')).json()).toEqual({
      errors: { $common: [403] },
    });
    expect((await new Client(server.app).get('/api/barcode/products')).statusCode).toBe(401);
    const other = await (await loggedIn(server, '55556666')).get('/api/barcode/products');
    expect(other.statusCode).toBe(403);
  });

  it('answers 403 for a project of another enterprise and 2304 for an unknown one', async () => {
    expect((await client.get('/api/barcode/products?projectId=0b7285aa-0000-4000-8000-00000000ffff')).json()).toEqual({
      errors: { $common: [2304] },
    });
  });
});

describe('an activation with a product', () => {
  it('records the code a client user picked and shows it with the barcode', async () => {
    const id = await newBarcode(server);
    const res = await client.post('/api/barcode/activation', activation(id, { productCode: 'MMR-1' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.activationData.productCode).toBe('MMR-1');
  });

  it('refuses an unknown product with 2305 and writes nothing', async () => {
    const id = await newBarcode(server);
    const before = await server.count('barcode_history');
    const res = await client.post('/api/barcode/activation', activation(id, { productCode: 'NOPE' }));
    expect(res.json()).toEqual({ errors: { productCode: [2305] } });
    expect(await server.count('barcode_history')).toBe(before);
  });

  it('refuses a product from staff (403): products are for client users', async () => {
    const id = await newBarcode(server);
    expect(
      (
        await (
          await loggedIn(server, '11112222')
        ).post('/api/barcode/activation', activation(id, { productCode: 'MMR-1' }))
      ).statusCode,
    ).toBe(403);
  });

  it('computes calculations itself: a prefilled total is replaced by the formula', async () => {
    const id = await newBarcode(server);
    const body = activation(id, { productCode: 'FLU-QIV-10' });
    await client.post('/api/barcode/activation', {
      ...body,
      customFields: { ...body.customFields, totalDoses: 999999 },
    });
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.activationData.totalDoses).toBe(4000);
  });

  it('keeps the product when staff edit the activation', async () => {
    const id = await newBarcode(server);
    await client.post('/api/barcode/activation', activation(id, { productCode: 'MMR-1' }));
    const staff = await loggedIn(server, '11112222');
    const edit = activation(id);
    const res = await put(staff, '/api/barcode/activation', {
      ...edit,
      trackPointKey: 'manufacturer',
      customFields: { ...edit.customFields, lotNumber: 'EDITED-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = (await staff.get(`/api/barcode/barcode?id=${id}`)).json().data.activationData;
    expect(data).toMatchObject({ productCode: 'MMR-1', lotNumber: 'EDITED-1' });
  });
});

describe('product configuration', () => {
  it('refuses a product code used twice, saying why in words rather than by its code', () => {
    const config = demoConfig();
    config.products.push({ ...config.products[0] });
    const problems = checkProjectConfig(config);
    expect(problems).toEqual([expect.objectContaining({ pointer: '/products/3/code', key: 'productTwice' })]);
    expect(problems[0]!.message).toContain('unique in a project');
    expect(problems[0]!.message).not.toContain('2103');
  });

  it("lists a product's package type only where it sets one", () => {
    const config = demoConfig();
    config.products[0].barcodeType = 'case';
    const [packed, plain] = productsOf(config);
    expect(packed).toMatchObject({ code: config.products[0].code, barcodeType: 'case' });
    expect(plain).not.toHaveProperty('barcodeType');
  });

  it('refuses defaults for a calculation or an unknown field', () => {
    const config = demoConfig();
    config.products[0].defaults = { totalDoses: 5, nonsense: 'x' };
    expect(checkProjectConfig(config).map((p) => p.pointer)).toEqual([
      '/products/0/defaults/totalDoses',
      '/products/0/defaults/nonsense',
    ]);
  });

  it('accepts the demo products', () => {
    expect(checkProjectConfig(demoConfig())).toEqual([]);
  });
});
