import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidate } from '../../scripts/validate/run';
import { adminClient } from './admin-fixtures';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';

/** Projects created and set from the admin area. */
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await adminClient(server)).client;
});
afterAll(() => server.close());

const newProject = (code: string, extra: object = {}) => ({
  code,
  name: `Project ${code}`,
  barcodeReaderType: 'camera',
  languages: ['en', 'ja'],
  allowUserSelfRegister: false,
  ...extra,
});
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');

describe('a new project', () => {
  it('starts at version 1 with a configuration that passes the QA check, and is served to the app', async () => {
    const res = await admin.post(
      '/api/admin/projects',
      newProject('coldroom', { logo: { contentType: 'image/png', base64: PNG } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      code: 'coldroom',
      latestVersion: 1,
      languages: ['en', 'ja'],
      hasLogo: true,
      allowUserSelfRegister: false,
    });
    const served = (await new Client(server.app).get('/api/barcode/project?code=coldroom&version=1')).json().data;
    expect(served).toMatchObject({ code: 'coldroom', version: 1, enterpriseId: SEED.enterprise });
    const { rows } = await server.ctx.db.query<{ config: unknown }>(
      "select config from projects where code = 'coldroom'",
    );
    const folder = mkdtempSync(join(tmpdir(), 'sb-qa-'));
    const file = join(folder, 'coldroom@1.json');
    writeFileSync(file, JSON.stringify(rows[0]!.config));
    const lines: string[] = [];
    try {
      expect(
        runValidate([file], (line) => lines.push(line)),
        lines.join('\n'),
      ).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const [entry] = (await admin.get('/api/admin/audit-log?action=project.create&target=coldroom')).json().data.items;
    expect(entry).toMatchObject({ before: null, after: { code: 'coldroom', version: 1, languages: ['en', 'ja'] } });
  });

  it('is configured like any other: its draft opens, is saved and published, and staff work in it', async () => {
    const created = await admin.post('/api/admin/projects', newProject('fieldwork'));
    expect(created.statusCode, created.body).toBe(200);
    const base = '/api/admin/config/fieldwork/1';
    // Its first revision is the template it started with, published by the admin who made it.
    const history = (await admin.get(base)).json().data;
    expect(history).toMatchObject({ code: 'fieldwork', version: 1, revision: 1, draft: null });
    expect(history.revisions).toMatchObject([{ revision: 1, mode: 'initial', publishedBy: expect.any(String) }]);
    const opened = await admin.post(`${base}/draft`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const draft = opened.json().data;
    expect(draft).toMatchObject({ basedOnRevision: 1, etag: 1, problems: [] });
    const served = (await new Client(server.app).get('/api/barcode/project?code=fieldwork&version=1')).json().data;
    expect(draft.config.barcodeTypes).toEqual(served.barcodeTypes);

    const config = structuredClone(draft.config);
    const receiving = config.barcodeTypes.package.trackPoints[1].trackPointForms[0];
    receiving.customFields.push({
      key: 'condition',
      type: 'text',
      label: { en: 'Condition', ja: '状態', 'zh-TW': '狀態', 'zh-CN': '状态' },
      maxLength: 100,
    });
    const saved = await admin.request({
      method: 'PUT',
      url: `${base}/draft`,
      payload: { config },
      headers: { 'if-match': '"1"' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ etag: 2, problems: [] });
    const published = await admin.request({
      method: 'POST',
      url: `${base}/draft/publish`,
      payload: { mode: 'inPlace', note: 'Condition at receiving' },
      headers: { 'if-match': '"2"' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ code: 'fieldwork', version: 1, revision: 2 });

    // Staff of the enterprise log in on its page and see its landing page with the published form.
    const { rows } = await server.ctx.db.query<{ id: string }>("select id from projects where code = 'fieldwork'");
    const staff = new Client(server.app, '10.31.0.1');
    const login = await staff.post('/api/user/authorize', {
      projectId: rows[0]!.id,
      accessCode: '11112222',
      visitorId: VISITOR,
    });
    expect(login.statusCode, login.body).toBe(200);
    const landing = await staff.get('/api/barcode/project?code=fieldwork');
    expect(landing.statusCode).toBe(200);
    expect(landing.json().data).toMatchObject({
      code: 'fieldwork',
      version: 1,
      revision: 2,
      projectPermission: {
        generateBarcodePermission: { canEdit: true },
        activateBarcodePermission: { canEdit: true },
        addTrackingPermission: { canEdit: true },
      },
    });
    const fields = landing.json().data.barcodeTypes.package.trackPoints[1].trackPointForms[0].customFields;
    expect(fields.map((f: { key: string }) => f.key)).toEqual(['note', 'condition']);
    expect((await staff.get('/api/barcode/project-html?code=fieldwork')).statusCode).toBe(200);
  });

  it('leaves nothing behind when its code is taken: no project and no revision', async () => {
    const revisionsBefore = await server.count('config_revisions');
    const projectsBefore = await server.count('projects');
    expect((await admin.post('/api/admin/projects', newProject('Demo'))).json()).toEqual({ errors: { code: [2102] } });
    expect(await server.count('config_revisions')).toBe(revisionsBefore);
    expect(await server.count('projects')).toBe(projectsBefore);
  });

  it('made before creation kept its first revision, gets it from the migration and can then be configured', async () => {
    expect((await admin.post('/api/admin/projects', newProject('older'))).statusCode).toBe(200);
    await server.ctx.db.query(
      "delete from config_revisions where project_id = (select id from projects where code = 'older')",
    );
    expect((await admin.post('/api/admin/config/older/1/draft', {})).json()).toEqual({ errors: { $common: [2319] } });
    const migration = readFileSync(
      fileURLToPath(new URL('../../server/db/migrations/017_admin_project_revisions.sql', import.meta.url)),
      'utf8',
    );
    const revisionsBefore = await server.count('config_revisions');
    await server.ctx.db.exec(migration);
    // Only the project without a revision got one.
    expect(await server.count('config_revisions')).toBe(revisionsBefore + 1);
    const draft = await admin.post('/api/admin/config/older/1/draft', {});
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ basedOnRevision: 1, problems: [] });
  });

  it('refuses a taken code (2102), a reserved one (2206) and a logo that is not what it says (1001)', async () => {
    expect((await admin.post('/api/admin/projects', newProject('demo'))).json()).toEqual({ errors: { code: [2102] } });
    expect((await admin.post('/api/admin/projects', newProject('DEMO'))).json()).toEqual({ errors: { code: [2102] } });
    expect((await admin.post('/api/admin/projects', newProject('admin'))).json()).toEqual({ errors: { code: [2206] } });
    const fake = { contentType: 'image/png', base64: Buffer.from('<svg onload="x"></svg>').toString('base64') };
    expect((await admin.post('/api/admin/projects', newProject('fakelogo', { logo: fake }))).json()).toEqual({
      errors: { logo: [1001] },
    });
  });

  it('two admins creating the same code at once: one wins, the other gets 2102', async () => {
    const second = (await adminClient(server)).client;
    const [a, b] = await Promise.all([
      admin.post('/api/admin/projects', newProject('race')),
      second.post('/api/admin/projects', newProject('race')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json()).toEqual({ errors: { code: [2102] } });
    const { rows } = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from projects where code = 'race'",
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('lists searched and paged', async () => {
    const all = (await admin.get('/api/admin/projects?count=100')).json().data;
    expect(all.items.map((p: { code: string }) => p.code)).toEqual(
      expect.arrayContaining(['demo', 'secure', 'coldroom']),
    );
    const found = (await admin.get('/api/admin/projects?search=coldroom')).json().data;
    expect(found.items.map((p: { code: string }) => p.code)).toEqual(['coldroom']);
    const page = (await admin.get('/api/admin/projects?count=1&skip=1')).json().data;
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(all.total);
  });
});

describe('self-registration', () => {
  it('refused by an admin: a carrier can register no more (3060); allowed again, they can', async () => {
    const register = () =>
      new Client(server.app, '10.30.0.1').post('/api/user/carrier-user/self', {
        projectId: SEED.demoProject,
        firstName: 'Kai',
        lastName: 'Ono',
        visitorId: VISITOR,
      });
    const off = await admin.request({
      method: 'PUT',
      url: '/api/admin/projects/demo/self-registration',
      payload: { allow: false },
    });
    expect(off.json().data.allowUserSelfRegister).toBe(false);
    expect((await register()).json()).toEqual({ errors: { $common: [3060] } });
    await admin.request({ method: 'PUT', url: '/api/admin/projects/demo/self-registration', payload: { allow: true } });
    expect((await register()).statusCode).toBe(200);
    const entries = (await admin.get('/api/admin/audit-log?action=project.self-registration&projectCode=demo')).json()
      .data.items;
    expect(entries.map((e: { after: unknown }) => e.after)).toEqual([
      { allowUserSelfRegister: true },
      { allowUserSelfRegister: false },
    ]);
  });
});

describe("a project's logo", () => {
  it('is changed for every version and served at once, refused when it is not what it says, and removed', async () => {
    expect((await admin.post('/api/admin/projects', newProject('logoroom'))).statusCode).toBe(200);
    const { rows } = await server.ctx.db.query<{ id: string }>("select id from projects where code = 'logoroom'");
    const url = `/api/barcode/project-logo/${rows[0]!.id}`;
    expect((await new Client(server.app).get(url)).statusCode).toBe(404);

    const set = await admin.request({
      method: 'PUT',
      url: '/api/admin/projects/logoroom/logo',
      payload: { logo: { contentType: 'image/png', base64: PNG } },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ code: 'logoroom', hasLogo: true });
    const served = await new Client(server.app).get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Like every API answer, never stored by a browser: phones see a new logo at their next look.
    expect(served.headers['cache-control']).toBe('no-store');
    expect(
      (await new Client(server.app).get('/api/barcode/project?code=logoroom&version=1')).json().data.customLogoImageUrl,
    ).toBe(url);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>').toString('base64');
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: '/api/admin/projects/logoroom/logo',
          payload: { logo: { contentType: 'image/svg+xml', base64: svg } },
        })
      ).statusCode,
    ).toBe(200);
    const changed = await new Client(server.app).get(url);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-type']).toBe('image/svg+xml');

    const fake = { contentType: 'image/png', base64: Buffer.from('not a png at all').toString('base64') };
    expect(
      (
        await admin.request({ method: 'PUT', url: '/api/admin/projects/logoroom/logo', payload: { logo: fake } })
      ).json(),
    ).toEqual({ errors: { logo: [1001] } });
    expect((await new Client(server.app).get(url)).headers['content-type']).toBe('image/svg+xml');

    expect(
      (await admin.request({ method: 'PUT', url: '/api/admin/projects/logoroom/logo', payload: { logo: null } })).json()
        .data.hasLogo,
    ).toBe(false);
    expect((await new Client(server.app).get(url)).statusCode).toBe(404);
    const entries = (await admin.get('/api/admin/audit-log?action=project.logo&target=logoroom')).json().data.items as {
      after: { hasLogo: boolean };
    }[];
    expect(entries.map((e) => e.after.hasLogo).sort()).toEqual([false, true, true]);
  });

  it("is changed only by the project's admins: a project admin of another project gets 403", async () => {
    const other = await adminClient(server, { role: 'project', projectCodes: ['secure'] });
    expect(
      (await other.client.request({ method: 'PUT', url: '/api/admin/projects/demo/logo', payload: { logo: null } }))
        .statusCode,
    ).toBe(403);
    expect((await new Client(server.app).get(`/api/barcode/project-logo/${SEED.demoProject}`)).statusCode).toBe(200);
  });
});
