import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PROJECTS_DIR, startTestServer, type TestServer } from './harness';
import { importProjectFile } from '../../server/services/project-files';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'projects-'));
  cpSync(PROJECTS_DIR, dir, { recursive: true });
  // The watcher as an operator who asked for files to be published (PROJECT_FILES=publish) meets it.
  server = await startTestServer({}, dir, true, undefined, 'publish');
});
afterAll(() => server.close());

const demoFile = () => join(dir, 'demo@1.json');
const readDemo = () => JSON.parse(readFileSync(demoFile(), 'utf8'));
const activationKeys = async () => {
  const res = await new Client(server.app).get('/api/barcode/project?code=demo&version=1');
  return (res.json().data.barcodeTypes.pallet.activationFields as { key: string }[]).map((f) => f.key);
};
const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met within 5 s');
};

describe('project configuration files', () => {
  it('an edited file is served without a restart', async () => {
    const config = readDemo();
    config.barcodeTypes.pallet.activationFields.push({
      key: 'batchRemark',
      type: 'text',
      label: { en: 'Remark', ja: '備考', 'zh-TW': '備註', 'zh-CN': '备注' },
    });
    writeFileSync(demoFile(), JSON.stringify(config));
    await eventually(async () => (await activationKeys()).includes('batchRemark'));
  });

  it('an edited form is what the server validates from then on (no form compiled before the edit is reused)', async () => {
    const staff = await loggedIn(server, '11112222');
    expect((await staff.post('/api/barcode/activation', activation(await newBarcode(server)))).statusCode).toBe(200);
    const config = readDemo();
    config.barcodeTypes.pallet.activationFields.push({
      key: 'sealNumber',
      type: 'text',
      required: true,
      label: { en: 'Seal', ja: '封印番号', 'zh-TW': '封條號碼', 'zh-CN': '封条号码' },
    });
    writeFileSync(demoFile(), JSON.stringify(config));
    await eventually(async () => (await activationKeys()).includes('sealNumber'));
    const refused = await staff.post('/api/barcode/activation', activation(await newBarcode(server)));
    expect(refused.json()).toEqual({ errors: { 'customFields.sealNumber': [1000] } });
  });

  it('an invalid edit is refused and the last good configuration keeps being served', async () => {
    const config = readDemo();
    config.barcodeTypes.pallet.activationFields.push({ key: 'broken', type: 'number', label: { en: 'B' } });
    writeFileSync(demoFile(), JSON.stringify(config));
    const result = await importProjectFile(server.ctx.db, demoFile());
    expect(result?.status).toBe('invalid');
    expect(result?.problems).toContainEqual(
      expect.objectContaining({
        pointer: expect.stringMatching(/\/activationFields\/\d+\/label$/),
        key: 'required',
        message: "missing required property 'ja'",
      }),
    );
    const keys = await activationKeys();
    expect(keys).toContain('batchRemark');
    expect(keys).not.toContain('broken');
  });

  it('a file that is not JSON changes nothing', async () => {
    writeFileSync(demoFile(), '{ "barcodeTypes": ');
    expect((await importProjectFile(server.ctx.db, demoFile()))?.status).toBe('invalid');
    expect(await activationKeys()).toContain('batchRemark');
  });

  it('a file for a project that does not exist is reported and ignored', async () => {
    const other = join(dir, 'ghost@3.json');
    cpSync(join(PROJECTS_DIR, 'demo@1.json'), other);
    expect((await importProjectFile(server.ctx.db, other))?.status).toBe('unknown-project');
  });
});
