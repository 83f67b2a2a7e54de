import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /barcode/project-html', () => {
  it("answers the demo project's page in four languages, to visitors too", async () => {
    const res = await new Client(server.app).get('/api/barcode/project-html?code=demo&version=1');
    expect(res.statusCode).toBe(200);
    const { html } = res.json().data;
    expect(Object.keys(html).sort()).toEqual(['en', 'ja', 'zh-CN', 'zh-TW']);
    expect(html.en).toContain('<h1>About this shipment</h1>');
    expect(html.ja).toContain('<h1>この荷物について</h1>');
    expect(html.en).toContain('<a href="mailto:support@frostline.example" target="_blank" rel="noopener noreferrer">');
  });

  it('answers null for a project without a page, 2304 for an unknown project', async () => {
    const client = new Client(server.app);
    expect((await client.get('/api/barcode/project-html?code=secure')).json().data).toEqual({ html: null });
    const missing = await client.get('/api/barcode/project-html?code=nosuchproject');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ $common: [2304] });
  });
});
