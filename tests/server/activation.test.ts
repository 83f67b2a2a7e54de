import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { activation, address, loggedIn, newBarcode as newDemoBarcode } from './barcode-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const as = (accessCode: string) => loggedIn(server, accessCode);
const newBarcode = () => newDemoBarcode(server);

describe('POST /barcode/activation', () => {
  it('activates at the first trackpoint, computes calculations itself and records the step', async () => {
    const id = await newBarcode();
    const staff = await as('11112222');
    const res = await staff.post('/api/barcode/activation', activation(id, { trackingNumber: 'TN-1' }));
    expect(res.statusCode).toBe(200);
    const barcode = (await staff.get(`/api/barcode/barcode?id=${id}`)).json().data;
    expect(barcode).toMatchObject({
      isActivated: true,
      barcodeType: 'pallet',
      currentTrackPointKey: 'manufacturer',
      trackingNumber: 'TN-1',
    });
    expect(barcode.activationData).toMatchObject({
      productName: 'Influenza vaccine',
      totalDoses: 4000,
      weight: 480,
      origin: address,
    });
    const { rows } = await server.ctx.db.query<{ action: string; seq: number; track_point_key: string }>(
      'select action, seq, track_point_key from barcode_history where barcode_id = $1 order by seq',
      [id],
    );
    expect(rows.map((r) => [r.seq, r.action, r.track_point_key])).toEqual([
      [1, 'generated', null],
      [2, 'activated', 'manufacturer'],
    ]);
  });

  it('refuses a country that is not an ISO alpha-3 code (2201) and changes nothing', async () => {
    const id = await newBarcode();
    const staff = await as('11112222');
    const res = await staff.post(
      '/api/barcode/activation',
      activation(id, { destination: { ...address, country: 'XYZ' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { 'destination.country': [2201] } });
    expect((await staff.get(`/api/barcode/barcode?id=${id}`)).json().data.isActivated).toBe(false);
  });

  it('refuses a second activation (3002)', async () => {
    const id = await newBarcode();
    const staff = await as('11112222');
    expect((await staff.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
    expect((await staff.post('/api/barcode/activation', activation(id))).json()).toEqual({
      errors: { $common: [3002] },
    });
  });

  it('lets exactly one of two simultaneous activations through', async () => {
    const id = await newBarcode();
    const [a, b] = await Promise.all([
      (await as('11112222')).post('/api/barcode/activation', activation(id)),
      (await as('77778888')).post('/api/barcode/activation', activation(id)),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect([[3002], [3004]]).toContainEqual(loser.json().errors.$common);
    const { rows } = await server.ctx.db.query('select 1 from barcode_history where barcode_id = $1 and action = $2', [
      id,
      'activated',
    ]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [
      'custom fields that break their rules',
      {
        customFields: {
          productName: 'X',
          lotNumber: 'LOT_1',
          expiryDate: '2027-13-01',
          storageRange: 'room',
          caseCount: 0,
        },
      },
      {
        'customFields.lotNumber': [1001],
        'customFields.expiryDate': [1013],
        'customFields.storageRange': [1001],
        'customFields.caseCount': [1010],
      },
    ],
    [
      'a hidden field',
      { customFields: { ...activation('x').customFields, qaNotes: 'peek' } },
      { 'customFields.qaNotes': [2200] },
    ],
    ['a type the user type may not use', { barcodeType: 'nope' }, { barcodeType: [2207] }],
    ['an unknown start trackpoint', { trackPointKey: 'moon' }, { trackPointKey: [2200] }],
    [
      'missing package information at a trackpoint that needs it',
      { weight: undefined, dimension: undefined },
      { $common: [3003] },
    ],
    [
      'a country that is not an alpha-3 code',
      { origin: { ...address, country: 'Japan' } },
      { 'origin.country': [1001] },
    ],
  ])('refuses %s and changes nothing', async (_name, extra, errors) => {
    const id = await newBarcode();
    const res = await (await as('11112222')).post('/api/barcode/activation', activation(id, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
    const { rows } = await server.ctx.db.query<{ is_activated: boolean }>(
      'select is_activated from barcodes where id = $1',
      [id],
    );
    expect(rows[0]?.is_activated).toBe(false);
  });

  it('refuses users of another enterprise (403) and unknown barcodes (2303)', async () => {
    const id = await newBarcode();
    expect((await (await as('55556666')).post('/api/barcode/activation', activation(id))).statusCode).toBe(403);
    expect((await (await as('11112222')).post('/api/barcode/activation', activation('AAAAAAAAAAAA'))).json()).toEqual({
      errors: { $common: [2303] },
    });
  });

  it('offers barcode types by user type: a carrier may not activate a pallet (2207) but may a case', async () => {
    const registered = await new Client(server.app, '10.8.1.1').post('/api/user/carrier-user/self', {
      projectId: SEED.demoProject,
      firstName: 'Ken',
      lastName: 'Ito',
      visitorId: VISITOR,
    });
    const carrier = await as(registered.json().data.accessCode);
    const id = await newBarcode();
    expect((await carrier.post('/api/barcode/activation', activation(id))).json()).toEqual({
      errors: { barcodeType: [2207] },
    });
    const caseFields = { productName: 'Vaccine', lotNumber: 'L-1', expiryDate: '2027-01-01', storageRange: '2-8' };
    expect(
      (await carrier.post('/api/barcode/activation', activation(id, { barcodeType: 'case', customFields: caseFields })))
        .statusCode,
    ).toBe(200);
  });
});
