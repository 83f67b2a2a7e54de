import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /barcode/project-manifest: the app installs per project', () => {
  it("answers the project's web app manifest: its name, its start URL, the app's icons and its SVG logo first", async () => {
    const res = await new Client(server.app).get('/api/barcode/project-manifest?code=demo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      id: '/demo',
      name: 'Cold-chain vaccine shipments',
      short_name: 'Cold-chain',
      start_url: '/demo',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b7285',
      background_color: '#ffffff',
    });
    expect(manifest.icons).toEqual([
      { src: `/api/barcode/project-logo/${SEED.demoProject}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('answers 2304 for a project that does not exist, 400 for a malformed code', async () => {
    const client = new Client(server.app);
    expect((await client.get('/api/barcode/project-manifest?code=nope')).json()).toEqual({
      errors: { $common: [2304] },
    });
    expect((await client.get('/api/barcode/project-manifest?code=a%20b')).statusCode).toBe(400);
  });
});
