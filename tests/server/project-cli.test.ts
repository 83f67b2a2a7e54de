import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProjectCli } from '../../server/ops/project-cli';
import { PID_FILE } from '../../server/ops/backup-signal';
import { sameMeaning } from '../../server/rules/config-diff';
import { runInGroup, startGroup, stopGroups, temporaryFolder } from '../../scripts/process-group';
import { Client, PROJECTS_DIR, startTestServer, type TestServer } from './harness';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'project-cli-'));
});
const dataDir = temporaryFolder('sb-project-cli-');
afterAll(async () => {
  await server.close();
  await stopGroups();
  rmSync(dataDir, { recursive: true, force: true });
});

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

describe('npm run project -- export, and publishing what is in service', () => {
  it('export writes the revision in service; publishing that file again is nothing to publish (exit 0)', async () => {
    const file = join(dir, 'exported.json');
    const { code, output } = await run('export', 'demo@1', '--out', file);
    expect(code, output).toBe(0);
    expect(output).toBe(`exported demo@1 revision 2 to ${file}`);
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    const { rows } = await server.ctx.db.query<{ config: unknown }>(
      "select config from projects where code = 'demo' and version = 1",
    );
    expect(sameMeaning(exported, rows[0]?.config)).toBe(true);
    expect(exported.barcodeTypes.pallet.activationFields.map((f: { key: string }) => f.key)).toContain('ciNote');
    const again = await run('publish', file, '--project', 'demo@1');
    expect(again).toEqual({ code: 0, output: 'nothing to publish: demo@1 revision 2 in service means the same' });
    expect((await served(1)).revision).toBe(2);
    expect((await run('export', 'ghost@1')).output).toBe('no project ghost@1');
    expect((await run('export')).code).toBe(2);
    expect((await run('export', 'demo@1', '--note', 'x')).code).toBe(2);
  });
});

/** `npm run project -- ...` as an operator types it, on the embedded database in `dataDir`. */
async function project(...args: string[]): Promise<{ code: number | null; out: string }> {
  const { code, stdout, stderr } = await runInGroup(
    process.execPath,
    ['--import', 'tsx', 'server/ops/project-cli-main.ts', ...args],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeoutMs: 170_000 },
  );
  return { code, out: stdout + stderr };
}

describe('npm run project as a process', () => {
  it('exports the configuration in service of a database to a file', async () => {
    const file = join(dir, 'from-process.json');
    const done = await project('export', 'secure@1', '--out', file);
    expect(done.code, done.out).toBe(0);
    expect(done.out).toContain(`exported secure@1 revision 1 to ${file}`);
    const seeded = JSON.parse(readFileSync(join(PROJECTS_DIR, 'secure@1.json'), 'utf8'));
    expect(sameMeaning(JSON.parse(readFileSync(file, 'utf8')), seeded)).toBe(true);
  }, 300_000);

  it('prints its help while a server holds the embedded database, and still refuses to open it', async () => {
    // A process that looks like the server to the pid check (its command line names main.ts).
    const fakeServer = startGroup(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'server/main.ts']);
    writeFileSync(join(dataDir, PID_FILE), String(fakeServer.pid));
    try {
      for (const ask of ['--help', '-h']) {
        const help = await project(ask);
        expect(help.code, help.out).toBe(0);
        expect(help.out).toContain('usage: npm run project -- publish <file.json>');
        expect(help.out).toContain('npm run project -- export <code>@<version> [--out <file>]');
      }
      const refused = await project('export', 'demo@1');
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('the server is running on');
    } finally {
      await fakeServer.stop();
      rmSync(join(dataDir, PID_FILE), { force: true });
    }
  }, 300_000);
});
