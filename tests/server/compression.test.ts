import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PROJECT = '/api/barcode/project?code=demo';

describe('API answers are compressed for a client that accepts it (a phone on a slow network)', () => {
  it('sends the project configuration as brotli to a browser, the same JSON once decoded, and far smaller', async () => {
    const client = new Client(server.app);
    const plain = await client.get(PROJECT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await client.request({
      method: 'GET',
      url: PROJECT,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toContain('accept-encoding');
    expect(packed.headers['content-type']).toContain('application/json');
    const decoded = brotliDecompressSync(packed.rawPayload).toString('utf8');
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('uses gzip where brotli is not accepted', async () => {
    const packed = await new Client(server.app).request({
      method: 'GET',
      url: PROJECT,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(packed.rawPayload).toString('utf8'))).toMatchObject({
      data: { barcodeTypes: expect.any(Object) },
    });
  });

  it("leaves a small answer (under the compression threshold) as it is: an error in the catalogue's shape stays readable", async () => {
    const refused = await new Client(server.app).request({
      method: 'GET',
      url: '/api/barcode/project?code=nowhere',
      headers: { 'accept-encoding': 'br' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual({ errors: { $common: [2304] } });
  });
});
