import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './admin-fixtures';
import { Client, PROJECTS_DIR, startServerOnDisk, type TestServer } from './harness';
import type { ProjectFilesMode } from '../../server/services/project-files';

// The database is the source of truth once a project is in it: the files of the projects folder
// seed a project, and are read again only when their content changed since they were last read.
// Each test restarts a server on the same embedded database folder, as an operator's restart does.

let dataDir: string;
let projectsDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'project-files-data-'));
  projectsDir = mkdtempSync(join(tmpdir(), 'project-files-'));
  cpSync(PROJECTS_DIR, projectsDir, { recursive: true });
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(projectsDir, { recursive: true, force: true });
});

const BASE = '/api/admin/config/secure/1';
const secureFile = () => join(projectsDir, 'secure@1.json');
type Field = { key: string };
type Config = { barcodeTypes: Record<string, { activationFields: Field[] }> };
const readSecure = (): Config => JSON.parse(readFileSync(secureFile(), 'utf8'));
const box = (config: Config) => config.barcodeTypes.controlledBox!;
const optionalField = (key: string) => ({
  key,
  type: 'text',
  label: { en: `${key} (en)`, ja: `${key} (ja)`, 'zh-TW': `${key} (zh-TW)`, 'zh-CN': `${key} (zh-CN)` },
});
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The same value with every object's keys in reverse order. */
const reversedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversedKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reversedKeys(v)]),
        )
      : value;

/** Starts a server on the folder, runs `use`, stops it; resolves to the start's [config] log lines. */
async function withServer(
  use: (server: TestServer) => Promise<void>,
  projectFiles: ProjectFilesMode = 'draft',
): Promise<string[]> {
  const lines: string[] = [];
  const server = await startServerOnDisk({ dataDir, projectsDir, projectFiles, log: (line) => lines.push(line) });
  try {
    await use(server);
  } finally {
    await server.close();
  }
  return lines.filter((line) => line.startsWith('[config]'));
}

/** What the admin area shows: the revision in service, each kept revision, the draft. */
async function state(server: TestServer) {
  const { client } = await adminClient(server);
  const history = ok(await client.get(BASE));
  const served = (await new Client(server.app).get('/api/barcode/project?code=secure&version=1')).json().data;
  const draft = history.draft ? ok(await client.get(`${BASE}/draft`)) : null;
  return {
    revision: history.revision as number,
    revisions: (history.revisions as { revision: number; mode: string; publishedBy: string }[]).map(
      (r) => `${r.revision} ${r.mode} ${r.publishedBy}`,
    ),
    fields: (box(served).activationFields as Field[]).map((f) => f.key),
    draft: draft && {
      savedBy: draft.savedBy as string,
      basedOn: draft.basedOnRevision as number,
      fields: box(draft.config).activationFields.map((f) => f.key),
    },
  };
}

// Each test starts the server once or more on a loaded machine: a first start migrates and seeds.
describe('project files and restarts', { timeout: 180_000 }, () => {
  it('the first start seeds the projects from their files and logs nothing about them', async () => {
    const lines = await withServer(async (server) => {
      expect(await state(server)).toMatchObject({ revision: 1, revisions: ['1 initial '], draft: null });
    });
    expect(lines).toEqual([]);
  });

  it('a restart after an admin published in place keeps that revision in service and makes none', async () => {
    await withServer(async (server) => {
      const { client } = await adminClient(server, { name: 'Aiko Mori' });
      const draft = ok(await client.post(BASE + '/draft', {}));
      box(draft.config).activationFields.push(optionalField('vaultBin'));
      const saved = ok(
        await client.request({
          method: 'PUT',
          url: `${BASE}/draft`,
          payload: { config: draft.config },
          headers: { 'if-match': '"1"' },
        }),
      );
      const published = ok(
        await client.request({
          method: 'POST',
          url: `${BASE}/draft/publish`,
          payload: { mode: 'inPlace' },
          headers: { 'if-match': `"${saved.etag}"` },
        }),
      );
      expect(published.revision).toBe(2);
    });
    for (const projectFiles of ['draft', 'publish'] as const) {
      const lines = await withServer(async (server) => {
        expect(await state(server)).toEqual({
          revision: 2,
          revisions: ['2 inPlace Aiko Mori', '1 initial '],
          fields: ['substance', 'quantity', 'witnessSignature', 'vaultBin'],
          draft: null,
        });
      }, projectFiles);
      expect(lines, projectFiles).toEqual([]);
    }
  });

  it('a file with only its keys reordered and its layout changed is no change', async () => {
    writeFileSync(secureFile(), JSON.stringify(reversedKeys(readSecure())));
    const lines = await withServer(async (server) => {
      expect(await state(server)).toMatchObject({
        revision: 2,
        revisions: ['2 inPlace Aiko Mori', '1 initial '],
        draft: null,
      });
    }, 'publish');
    expect(lines).toEqual([]);
  });

  it('a file changed since it was last read becomes the draft, once; the revision in service stays', async () => {
    const config = readSecure();
    box(config).activationFields.push(optionalField('sealColour'));
    writeFileSync(secureFile(), JSON.stringify(config, null, 2));
    const lines = await withServer(async (server) => {
      expect(await state(server)).toEqual({
        revision: 2,
        revisions: ['2 inPlace Aiko Mori', '1 initial '],
        fields: ['substance', 'quantity', 'witnessSignature', 'vaultBin'],
        // The file holds what it held when the project was seeded, plus the new field: publishing
        // the draft would remove vaultBin, as its compatibility check will say.
        draft: {
          savedBy: 'file secure@1.json',
          basedOn: 2,
          fields: ['substance', 'quantity', 'witnessSignature', 'sealColour'],
        },
      });
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      '[config] secure@1.json: changed since it was last read; saved as the draft of secure@1',
    );
    expect(lines[0]).toContain("Field 'vaultBin' removed");
    expect(await withServer(async () => undefined)).toEqual([]);
  });

  it('to be published, a changed file is not published over a later admin revision: it becomes the draft, with a warning', async () => {
    const config = readSecure();
    box(config).activationFields.push(optionalField('sealWeight'));
    writeFileSync(secureFile(), JSON.stringify(config));
    const lines = await withServer(async (server) => {
      const now = await state(server);
      expect(now).toMatchObject({ revision: 2, revisions: ['2 inPlace Aiko Mori', '1 initial '] });
      expect(now.draft?.fields).toContain('sealWeight');
    }, 'publish');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[config\] WARNING secure@1\.json: NOT PUBLISHED although PROJECT_FILES=publish: revision 2 of secure@1 in service \(published by Aiko Mori at /,
    );
  });

  it("an admin's draft is never replaced by a file: the file waits, with a warning at each start", async () => {
    await withServer(async (server) => {
      const { client } = await adminClient(server, { name: 'Pat Lee' });
      const draft = ok(await client.get(`${BASE}/draft`));
      ok(
        await client.request({
          method: 'PUT',
          url: `${BASE}/draft`,
          payload: { config: draft.config },
          headers: { 'if-match': `"${draft.etag}"` },
        }),
      );
    });
    const config = readSecure();
    box(config).activationFields.push(optionalField('sealShape'));
    writeFileSync(secureFile(), JSON.stringify(config));
    for (let start = 0; start < 2; start += 1) {
      const lines = await withServer(async (server) => {
        const now = await state(server);
        expect(now.draft?.savedBy).toBe('Pat Lee');
        expect(now.draft?.fields).not.toContain('sealShape');
        expect(now.revision).toBe(2);
      }, 'publish');
      expect(lines).toEqual([
        expect.stringMatching(/^\[config\] WARNING secure@1\.json: changed .* NOT IMPORTED: .*saved by Pat Lee/),
      ]);
    }
  });

  it('once what is in service is what the file last held, a changed file is published when the operator asked for it', async () => {
    // The admin throws their draft away: at the next start the file, still changed since it was
    // last read, becomes the draft, again with the warning (revision 2 is not what it held).
    await withServer(async (server) => {
      const { client } = await adminClient(server);
      const draft = ok(await client.get(`${BASE}/draft`));
      const res = await client.request({
        method: 'DELETE',
        url: `${BASE}/draft`,
        headers: { 'if-match': `"${draft.etag}"` },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
    const first = await withServer(async (server) => {
      const now = await state(server);
      expect(now.revision).toBe(2);
      expect(now.draft).toMatchObject({ savedBy: 'file secure@1.json' });
      expect(now.draft?.fields).toContain('sealShape');
    }, 'publish');
    expect(first).toEqual([expect.stringContaining('NOT PUBLISHED')]);
    // After the file's draft is published in place, the file and the revision in service agree.
    await withServer(async (server) => {
      const { client } = await adminClient(server);
      const draft = ok(await client.get(`${BASE}/draft`));
      ok(
        await client.request({
          method: 'POST',
          url: `${BASE}/draft/publish`,
          payload: { mode: 'inPlace' },
          headers: { 'if-match': `"${draft.etag}"` },
        }),
      );
    });
    const config = readSecure();
    box(config).activationFields.push(optionalField('sealBatch'));
    writeFileSync(secureFile(), JSON.stringify(config));
    const lines = await withServer(async (server) => {
      const now = await state(server);
      expect(now.revision).toBe(4);
      expect(now.revisions[0]).toBe('4 file command line');
      expect(now.fields).toContain('sealBatch');
      expect(now.draft).toBeNull();
    }, 'publish');
    expect(lines).toEqual([
      expect.stringContaining(
        "[config] secure@1.json: changed since it was last read; published as revision 4 of secure@1 (PROJECT_FILES=publish):\n  Field 'sealBatch' (text) added",
      ),
    ]);
    expect(await withServer(async (server) => expect((await state(server)).revision).toBe(4), 'publish')).toEqual([]);
  });
});
