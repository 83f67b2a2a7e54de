import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, type TestServer } from './harness';
import { activation, address, loggedIn, newBarcode, secureSession, undoLatest } from './barcode-fixtures';
import { activatedPallet, pair, staff, trackTo } from './lifecycle-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /barcode/tracking-count', () => {
  const count = (client: Client, query: string) => client.get(`/api/barcode/tracking-count?${query}`);
  const at = (id: string, trackPointKey: string, time: string) =>
    server.ctx.db.query(
      "update barcode_history set created_at = $3 where barcode_id = $1 and track_point_key = $2 and action = 'tracked'",
      [id, trackPointKey, time],
    );
  let limited: Client;

  beforeAll(async () => {
    // Mai (7777-8888) tracks three steps and undoes one; Hana tracks one. Times are set in 2020.
    limited = await loggedIn(server, '77778888');
    const [a, b] = [await activatedPallet(server), await activatedPallet(server)];
    await trackTo(limited, a, 'distributionCentre');
    await trackTo(limited, b, 'distributionCentre', 'carrier');
    expect((await undoLatest(limited, b)).statusCode).toBe(200);
    const c = await activatedPallet(server);
    await trackTo(await staff(server), c, 'distributionCentre');
    await at(a, 'distributionCentre', '2020-03-10T15:30:00Z');
    await at(b, 'distributionCentre', '2020-03-10T14:59:00Z');
    await at(b, 'carrier', '2020-03-10T16:00:00Z');
    await at(c, 'distributionCentre', '2020-03-10T16:00:00Z');
  });

  it.each([
    ['20200311', 9, 1],
    ['20200310', 9, 1],
    ['20200310', 0, 2],
    ['20200310', -4.5, 2],
    ['20200309', 0, 0],
  ])("counts the caller's steps not undone on %s at UTC%+d: %d", async (date, utcOffset, expected) => {
    const res = await count(limited, `date=${date}&projectId=${SEED.demoProject}&utcOffset=${utcOffset}`);
    expect(res.json()).toEqual({
      data: { date: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`, count: expected },
    });
  });

  it('counts only the project asked for', async () => {
    // Hana's one step is in demo@1; her session proved secure@1's login too.
    const hana = await secureSession(server);
    const on = async (projectId: string) =>
      (await count(hana, `date=20200310&projectId=${projectId}&utcOffset=0`)).json().data.count as number;
    expect(await on(SEED.demoProject)).toBe(1);
    expect(await on(SEED.secureProject)).toBe(0);
  });

  it.each([
    ['a day that does not exist', 'date=20200231&utcOffset=0', { date: [1013] }],
    ['a date with dashes', 'date=2020-03-10&utcOffset=0', { date: [1001] }],
    ['an offset beyond +14', 'date=20200310&utcOffset=15', { utcOffset: [1009] }],
    ['an offset that is not a number', 'date=20200310&utcOffset=nine', { utcOffset: [1001] }],
    ['no date', 'utcOffset=0', { date: [1000] }],
  ])('refuses %s', async (_name, query, errors) => {
    expect((await count(limited, `${query}&projectId=${SEED.demoProject}`)).json()).toEqual({ errors });
  });

  it('refuses an unknown project (2304), another enterprise (403) and visitors (401)', async () => {
    expect(
      (await count(limited, 'date=20200310&utcOffset=0&projectId=0b7285aa-0000-4000-8000-00000000ffff')).json(),
    ).toEqual({ errors: { $common: [2304] } });
    expect((await count(limited, 'date=20200310&utcOffset=0&projectId=nope')).json()).toEqual({
      errors: { projectId: [1001] },
    });
    expect(
      (await count(await loggedIn(server, '55556666'), `date=20200310&utcOffset=0&projectId=${SEED.demoProject}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await count(new Client(server.app, '10.6.4.1'), `date=20200310&utcOffset=0&projectId=${SEED.demoProject}`))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /barcode/children and /barcode/children/value', () => {
  let parent: string;
  let first: string;
  let second: string;
  const visitor = () => new Client(server.app, '10.6.4.2');

  beforeAll(async () => {
    parent = await activatedPallet(server);
    first = await activatedPallet(server, {
      externalId: 'CHILD-1',
      customFields: { ...activation('x').customFields, internalCost: 900 },
    });
    second = await newBarcode(server);
    await server.ctx.db.query(
      `update barcodes set activation_data = activation_data || '{"qaNotes": "secret"}' where id = $1`,
      [first],
    );
    await pair(server, first, parent);
    await pair(server, second, parent);
  });

  it('lists the barcodes paired under one, to anyone', async () => {
    expect((await visitor().get(`/api/barcode/children?id=${parent}`)).json()).toEqual({
      data: {
        total: 2,
        childrenTotal: 2,
        items: [
          {
            id: first,
            parentId: parent,
            depth: 1,
            childrenCount: 0,
            barcodeType: 'pallet',
            isActivated: true,
            currentTrackPointKey: 'manufacturer',
            externalId: 'CHILD-1',
          },
          {
            id: second,
            parentId: parent,
            depth: 1,
            childrenCount: 0,
            barcodeType: null,
            isActivated: false,
            currentTrackPointKey: null,
            externalId: null,
          },
        ],
      },
    });
    expect((await visitor().get(`/api/barcode/children?id=${first}`)).json()).toEqual({
      data: { total: 0, childrenTotal: 0, items: [] },
    });
  });

  it('refuses unknown (2303) and malformed ids', async () => {
    expect((await visitor().get('/api/barcode/children?id=AAAAAAAAAAAA')).json()).toEqual({
      errors: { $common: [2303] },
    });
    expect((await visitor().get('/api/barcode/children?id=A')).json()).toEqual({ errors: { id: [1001] } });
    expect((await visitor().get('/api/barcode/children/value?id=AAAAAAAAAAAA&key=productName')).json()).toEqual({
      errors: { $common: [2303] },
    });
    expect((await visitor().get(`/api/barcode/children/value?id=${parent}&key=1x`)).json()).toEqual({
      errors: { key: [1001] },
    });
    expect((await visitor().get(`/api/barcode/children/value?id=${parent}`)).json()).toEqual({
      errors: { key: [1000] },
    });
  });

  it.each([
    ['a visible field, to a visitor', null, 'productName', 'Influenza vaccine'],
    ['a built-in field, to a visitor', null, 'weight', 480],
    ['a visible-when-logged-in field, to a visitor', null, 'internalCost', null],
    ['a visible-when-logged-in field, to another enterprise', '55556666', 'internalCost', null],
    ['a visible-when-logged-in field, to the enterprise', '11112222', 'internalCost', 900],
    ['a hidden field, even to the enterprise', '11112222', 'qaNotes', null],
    ['a key no field has', '11112222', 'nothing', null],
  ])("gives each child's value of %s", async (_name, accessCode, key, value) => {
    const client = accessCode ? await loggedIn(server, accessCode) : visitor();
    const numeric = typeof value === 'number';
    expect((await client.get(`/api/barcode/children/value?id=${parent}&key=${key}`)).json()).toEqual({
      data: {
        values: [
          { barcodeId: first, value },
          { barcodeId: second, value: null },
        ],
        sum: numeric ? value : null,
        numericCount: numeric ? 1 : 0,
      },
    });
  });
});

describe('GET /user/address', () => {
  const addresses = async (client: Client) =>
    (await client.get('/api/user/address')).json().data as {
      addressBook: (typeof address)[];
      history: (typeof address)[];
    };
  const place = (n: number) => ({ ...address, address1: `${n} Chome` });

  it("gives the staff user's saved addresses", async () => {
    const { addressBook } = await addresses(await staff(server));
    expect(addressBook.map((a) => a.companyName)).toEqual([
      'FrostLine Pharma Osaka Plant',
      'FrostLine Kanto Distribution Centre',
    ]);
    expect(addressBook[0]).toMatchObject({ country: 'JPN', prefecture: 'Osaka' });
  });

  it("gives the distinct addresses of the user's activations, most recently used first, at most 20", async () => {
    const client = await loggedIn(server, '33334444');
    expect(await addresses(client)).toEqual({ addressBook: [], history: [] });
    const activate = async (origin: object, destination: object) =>
      expect(
        (await client.post('/api/barcode/activation', activation(await newBarcode(server), { origin, destination })))
          .statusCode,
      ).toBe(200);
    await activate(place(1), place(2));
    await activate(place(3), place(1));
    const history = (await addresses(client)).history;
    expect(history).toHaveLength(3);
    expect(history.slice(0, 2)).toEqual(expect.arrayContaining([place(3), place(1)]));
    expect(history[2]).toEqual(place(2));
    for (let n = 10; n < 20; n += 1) await activate(place(n * 2), place(n * 2 + 1));
    const many = (await addresses(client)).history;
    expect(many).toHaveLength(20);
    expect(many.slice(0, 2)).toEqual(expect.arrayContaining([place(38), place(39)]));
  });

  it('is for logged-in users only', async () => {
    expect((await new Client(server.app, '10.6.4.3').get('/api/user/address')).statusCode).toBe(401);
  });
});
