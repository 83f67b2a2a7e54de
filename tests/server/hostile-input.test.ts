import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

// Requests a probe of the server answered with 500 (or accepted when it should not have): each
// must get a catalogue answer and write nothing.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const visitor = () => new Client(server.app, '198.51.100.7');
const staff = () => loggedIn(server, '11112222');
const rawPost = (client: Client, url: string, payload: string, contentType = 'application/json') =>
  client.request({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('keys named like Object prototype properties', () => {
  it('are unknown keys (2200), never a 500, in queries, bodies and custom fields', async () => {
    const query = await visitor().get('/api/barcode/project?code=demo&toString=1');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ errors: { toString: [2200] } });
    const body = await visitor().post('/api/user/authorize', {
      projectId: SEED.demoProject,
      accessCode: '11112222',
      visitorId: VISITOR,
      constructor: 1,
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ errors: { constructor: [2200] } });
    const id = await newBarcode(server);
    const client = await staff();
    const fields = { ...activation(id).customFields, toString: 'x', __proto__: 'y', hasOwnProperty: 1 };
    const res = await client.request({
      method: 'POST',
      url: '/api/barcode/activation',
      payload: JSON.stringify({ ...activation(id), customFields: fields }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ 'customFields.toString': [2200], 'customFields.hasOwnProperty': [2200] });
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.isActivated).toBe(false);
  });
});

describe('NUL bytes, lone surrogates and non-finite numbers', () => {
  it('are refused with 1001 on the field, in bodies and queries, before anything is written', async () => {
    const client = await staff();
    const before = await server.count('barcodes');
    const nul = await rawPost(
      client,
      '/api/barcode/barcode',
      '{"projectCode":"demo","projectVersion":1,"externalId":"a\\u0000b"}',
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ errors: { externalId: [1001] } });
    const query = await client.get('/api/barcode/barcode?projectCode=demo&externalId=%00');
    expect(query.json()).toEqual({ errors: { externalId: [1001] } });
    const id = await newBarcode(server);
    const surrogate = await rawPost(
      client,
      '/api/barcode/activation',
      JSON.stringify(activation(id)).replace('1-1 Umeda', '\\ud800'),
    );
    expect(surrogate.json()).toEqual({ errors: { 'origin.address1': [1001] } });
    const huge = await rawPost(
      client,
      '/api/barcode/activation',
      JSON.stringify(activation(id)).replace('"caseCount":40', '"caseCount":1e309'),
    );
    expect(huge.json()).toEqual({ errors: { 'customFields.caseCount': [1001] } });
    const key = await rawPost(
      client,
      '/api/barcode/activation',
      JSON.stringify(activation(id, { customFields: { 'a\\u0000': 1 } })).replace('a\\\\u0000', 'a\\u0000'),
    );
    expect(key.statusCode).toBe(400);
    expect(await server.count('barcodes')).toBe(before + 1);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.isActivated).toBe(false);
  });
});

describe('POST /barcode/file with a malformed multipart body', () => {
  it('answers 400 with 1001, never a 500', async () => {
    const client = await staff();
    const broken = await rawPost(client, '/api/barcode/file', '--x\r\nbroken', 'multipart/form-data; boundary=x');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ errors: { $common: [1001] } });
    const noBoundary = await rawPost(client, '/api/barcode/file', '--x\r\nbroken', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ errors: { $common: [1001] } });
  });
});

describe('transport', () => {
  it('refuses JSON in a charset other than UTF-8 with 415 (1001)', async () => {
    const res = await rawPost(
      visitor(),
      '/api/user/authorize',
      JSON.stringify({ projectId: SEED.demoProject, accessCode: '11112222', visitorId: VISITOR }),
      'application/json; charset=utf-16',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ errors: { $common: [1001] } });
    const utf8 = await rawPost(
      visitor(),
      '/api/user/authorize',
      JSON.stringify({ projectId: SEED.demoProject, accessCode: '11112222', visitorId: VISITOR }),
      'application/json; charset=UTF-8',
    );
    expect(utf8.statusCode).toBe(200);
  });

  it('sends X-Content-Type-Options: nosniff on every answer', async () => {
    for (const res of [
      await visitor().get('/api/barcode/project?code=demo'),
      await visitor().get('/api/nothing-here'),
      await visitor().get('/api/user/profile'),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('configured forms', () => {
  it('refuse a required text field holding only white space (1000)', async () => {
    const client = await staff();
    for (const blank of ['', ' ', '\t']) {
      const id = await newBarcode(server);
      const res = await client.post(
        '/api/barcode/activation',
        activation(id, { customFields: { ...activation(id).customFields, productName: blank } }),
      );
      expect(res.json()).toEqual({ errors: { 'customFields.productName': [1000] } });
    }
  });
});
