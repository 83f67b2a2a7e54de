import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTS_DIR, startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

/**
 * A configuration written outside the project: a licence number typed through the mask
 * 'aa-9999'. Its compiled pattern once held '\-', an invalid regular expression under the
 * `u` flag ajv uses: the server imported the configuration and every activation of the type
 * failed. The literal is now kept as it is.
 */
let server: TestServer;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'projects-mask-'));
  cpSync(PROJECTS_DIR, dir, { recursive: true });
  const file = join(dir, 'demo@1.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.barcodeTypes.pallet.activationFields.push({
    key: 'driverLicence',
    type: 'text',
    mask: 'aa-9999',
    label: { en: 'Driver licence', ja: '運転免許', 'zh-TW': '駕照', 'zh-CN': '驾照' },
  });
  writeFileSync(file, JSON.stringify(config));
  server = await startTestServer({}, dir);
});
afterAll(() => server.close());

describe('a text field masked with a literal dash', () => {
  it('is imported and accepts a value typed through its mask', async () => {
    const project = (await (await loggedIn(server, '11112222')).get('/api/barcode/project?code=demo&version=1')).json()
      .data;
    expect(project.barcodeTypes.pallet.activationFields.map((f: { key: string }) => f.key)).toContain('driverLicence');
    const id = await newBarcode(server);
    const staff = await loggedIn(server, '11112222');
    const base = activation(id);
    const res = await staff.post('/api/barcode/activation', {
      ...base,
      customFields: { ...base.customFields, driverLicence: 'AB-1234' },
    });
    expect(res.statusCode).toBe(200);
    expect((await staff.get(`/api/barcode/barcode?id=${id}`)).json().data.activationData.driverLicence).toBe('AB-1234');
  });

  it('refuses a value that does not fit the mask (1001)', async () => {
    const id = await newBarcode(server);
    const base = activation(id);
    const res = await (
      await loggedIn(server, '11112222')
    ).post('/api/barcode/activation', { ...base, customFields: { ...base.customFields, driverLicence: 'AB1234' } });
    expect(res.json()).toEqual({ errors: { 'customFields.driverLicence': [1001] } });
  });
});
