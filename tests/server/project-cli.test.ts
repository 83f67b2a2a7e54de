import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProjectCli } from '../../server/ops/project-cli';
import { Client, PROJECTS_DIR, startTestServer, type TestServer } from './harness';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'project-cli-'));
});
afterAll(() => server.close());

const demo = () => JSON.parse(readFileSync(join(PROJECTS_DIR, 'demo@1.json'), 'utf8'));
const run = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runProjectCli(server.ctx.db, argv, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
};
const served = async (version: number) =>
  (await new Client(server.app).get(`/api/barcode/project?code=demo&version=${version}`)).json().data;

describe("npm run project -- publish (the admin area's publish path from the command line)", () => {
  it('publishes a compatible file in place as a new revision, recorded as the command line', async () => {
    const config = demo();
    config.barcodeTypes.pallet.activationFields.push({
      key: 'ciNote',
      type: 'text',
      label: { en: 'CI note', ja: 'CIメモ', 'zh-TW': 'CI 備註', 'zh-CN': 'CI 备注' },
    });
    const file = join(dir, 'demo@1.json');
    writeFileSync(file, JSON.stringify(config));
    const { code, output } = await run('publish', file, '--note', 'from CI');
    expect(code, output).toBe(0);
    expect(output).toContain('published demo@1 revision 2');
    expect(output).toContain("Field 'ciNote' (text) added to activation of 'pallet', optional.");
    expect((await served(1)).revision).toBe(2);
    const { rows } = await server.ctx.db.query<{ mode: string; note: string; published_by_name: string }>(
      "select mode, note, published_by_name from config_revisions r join projects p on p.id = r.project_id where p.code = 'demo' and r.revision = 2",
    );
    expect(rows).toEqual([{ mode: 'inPlace', note: 'from CI', published_by_name: 'command line' }]);
    const audit = await server.ctx.db.query<{ actor_name: string }>(
      "select actor_name from audit_log where action = 'project.publish' and note = 'from CI'",
    );
    expect(audit.rows).toEqual([{ actor_name: 'command line' }]);
  });

  it('refuses a file that fails the QA check, with its JSON pointers, and changes nothing', async () => {
    const config = demo();
    config.barcodeTypes.pallet.activationFields.push({ key: 'bad', type: 'number', label: { en: 'Bad' } });
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(config));
    const { code, output } = await run('publish', file, '--project', 'demo@1');
    expect(code).toBe(1);
    expect(output).toMatch(/FAIL \/barcodeTypes\/pallet\/activationFields\/\d+\/label: missing required property 'ja'/);
    expect((await served(1)).revision).toBe(2);
  });

  it('publishes as code@N+1 with --new-version; a usage mistake exits 2', async () => {
    const file = join(dir, 'demo@1.json');
    const { code, output } = await run('publish', file, '--new-version', '--note', 'v2');
    expect(code, output).toBe(0);
    expect(output).toContain('published demo@2 revision 1');
    expect((await served(2)).version).toBe(2);
    expect((await run('publish')).code).toBe(2);
    expect((await run('publish', file, '--in-place', '--new-version')).code).toBe(2);
    expect((await run('publish', join(dir, 'nameless.json'))).code).toBe(2);
    expect((await run('publish', file, '--project', 'ghost@1')).output).toBe('no project ghost@1');
  });
});
