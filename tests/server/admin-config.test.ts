import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { adminClient } from './admin-fixtures';
import { Client, startTestServer, type TestServer } from './harness';
import { activatedPallet, formsFor, staff } from './lifecycle-fixtures';

let server: TestServer;
let admin: Client;
let otherAdmin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await adminClient(server, { name: 'Aiko Mori' })).client;
  otherAdmin = (await adminClient(server, { name: 'Pat Lee' })).client;
});
afterAll(() => server.close());

const BASE = '/api/admin/config/demo/1';
const label = (en: string) => ({ en, ja: `${en} (ja)`, 'zh-TW': `${en} (zh-TW)`, 'zh-CN': `${en} (zh-CN)` });
const TEMPERATURE = {
  key: 'arrivalTemperature',
  type: 'number',
  label: {
    en: 'Temperature at arrival (C)',
    ja: '到着時温度（℃）',
    'zh-TW': '到達溫度（℃）',
    'zh-CN': '到达温度（℃）',
  },
  required: true,
};

type Config = {
  barcodeTypes: Record<
    string,
    { trackPoints: { key: string; trackPointForms: { key: string; customFields: Record<string, unknown>[] }[] }[] }
  >;
};
const receivingFields = (config: Config) =>
  config.barcodeTypes.pallet!.trackPoints.find((p) => p.key === 'distributionCentre')!.trackPointForms[0]!.customFields;
const send = (
  client: Client,
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload: object | undefined,
  etag?: number,
) => client.request({ method, url, payload, headers: etag === undefined ? {} : { 'if-match': `"${etag}"` } });
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const projectRevision = async () =>
  (await new Client(server.app).get('/api/barcode/project?code=demo&version=1')).json().data.revision as number;

describe('configuration drafts, publish, diff and roll back', () => {
  let palletAtManufacturer: string;
  let historyBefore: unknown;

  it('a project starts at revision 1, announced in the project and in the project-revision header', async () => {
    const res = await new Client(server.app).get('/api/barcode/project?code=demo&version=1');
    expect(res.json().data.revision).toBe(1);
    expect(res.headers['project-revision']).toBe('1');
    const history = ok(await admin.get(BASE));
    expect(history).toMatchObject({ code: 'demo', version: 1, revision: 1, draft: null });
    expect(history.revisions).toEqual([expect.objectContaining({ revision: 1, mode: 'initial' })]);
    palletAtManufacturer = await activatedPallet(server);
    historyBefore = (
      await (await staff(server)).get(`/api/barcode/history?id=${palletAtManufacturer}&skip=0&count=50`)
    ).json().data;
  });

  it('one draft at a time, from a published revision; a save needs If-Match', async () => {
    const draft = ok(await send(admin, 'POST', `${BASE}/draft`, {}));
    expect(draft).toMatchObject({ basedOnRevision: 1, etag: 1, savedBy: 'Aiko Mori', problems: [] });
    expect((await send(otherAdmin, 'POST', `${BASE}/draft`, {})).json()).toEqual({ errors: { $common: [3096] } });
    const missing = await send(admin, 'PUT', `${BASE}/draft`, { config: draft.config });
    expect(missing.statusCode).toBe(428);
    expect((await send(admin, 'POST', `${BASE}/draft`, { fromRevision: 7 })).json()).toEqual({
      errors: { $common: [2319] },
    });
  });

  it('two admins saving the same draft: the second gets 412 with who saved meanwhile; at once, one wins', async () => {
    const draft = ok(await admin.get(`${BASE}/draft`));
    receivingFields(draft.config).push(TEMPERATURE);
    const first = await send(admin, 'PUT', `${BASE}/draft`, { config: draft.config }, draft.etag);
    expect(ok(first).etag).toBe(2);
    expect(first.headers.etag).toBe('"2"');
    const stale = await send(otherAdmin, 'PUT', `${BASE}/draft`, { config: draft.config }, draft.etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ errors: { $common: [3097] }, savedBy: 'Aiko Mori', etag: 2 });

    const race = await Promise.all(
      [admin, otherAdmin].map((c) => send(c, 'PUT', `${BASE}/draft`, { config: draft.config }, 2)),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    expect(ok(await admin.get(`${BASE}/draft`)).etag).toBe(3);
  });

  it('test trackings against the draft use its form and never touch real data', async () => {
    const barcodesBefore = await server.count('barcode_history');
    const refused = ok(
      await send(admin, 'POST', `${BASE}/draft/tests`, {
        barcodeType: 'pallet',
        form: 'distributionCentre/receiving',
        data: { receivedTemperature: 5, coldChainIntact: 'yes' },
      }),
    );
    expect(refused).toMatchObject({ valid: false, errors: { arrivalTemperature: [1000] } });
    const passed = ok(
      await send(admin, 'POST', `${BASE}/draft/tests`, {
        barcodeType: 'pallet',
        form: 'distributionCentre/receiving',
        data: { receivedTemperature: 5, coldChainIntact: 'yes', arrivalTemperature: 4 },
      }),
    );
    expect(passed).toMatchObject({ valid: true, data: { arrivalTemperature: 4 } });
    expect(ok(await admin.get(`${BASE}/draft/tests`))).toHaveLength(2);
    expect(await server.count('barcode_history')).toBe(barcodesBefore);
    expect(
      (
        await send(admin, 'POST', `${BASE}/draft/tests`, { barcodeType: 'pallet', form: 'nowhere/none', data: {} })
      ).json(),
    ).toEqual({ errors: { form: [2200] } });
  });

  it('the report names the added field; publishing in place gives revision 2 and erases the test entries', async () => {
    const report = ok(await admin.get(`${BASE}/draft/report?language=en`));
    expect(report.verdict).toBe('inPlace');
    expect(report.changes.map((c: { text: string }) => c.text)).toEqual([
      "Field 'arrivalTemperature' (number) added to form 'receiving' of trackpoint 'distributionCentre' of 'pallet', required for steps made from now on.",
    ]);
    const published = ok(
      await send(admin, 'POST', `${BASE}/draft/publish`, { mode: 'inPlace', note: 'Arrival temperature' }, 3),
    );
    expect(published).toMatchObject({ code: 'demo', version: 1, revision: 2 });
    expect(await projectRevision()).toBe(2);
    expect(await server.count('config_test_entries')).toBe(0);
    expect((await admin.get(`${BASE}/draft`)).statusCode).toBe(404);
  });

  it('a phone learns of the publish on its next request; a tracking without the new field is refused; stored history is unchanged', async () => {
    const phone = await staff(server);
    const read = await phone.get(`/api/barcode/barcode?id=${palletAtManufacturer}`);
    expect(read.headers['project-revision']).toBe('2');
    const project = (await phone.get('/api/barcode/project?code=demo&version=1')).json().data;
    expect(receivingFields(project).map((f) => f.key)).toContain('arrivalTemperature');

    const body = {
      barcodeId: palletAtManufacturer,
      trackPointKey: 'distributionCentre',
      forms: formsFor('distributionCentre', palletAtManufacturer),
    };
    for (const headers of [{}, { 'config-revision': '2' }]) {
      const refused = await phone.request({ method: 'POST', url: '/api/barcode/tracking', payload: body, headers });
      expect(refused.json()).toEqual({ errors: { 'forms.receiving.arrivalTemperature': [1000] } });
    }
    expect(
      (
        await phone.request({
          method: 'POST',
          url: '/api/barcode/tracking',
          payload: body,
          headers: { 'config-revision': '9' },
        })
      ).json(),
    ).toEqual({ errors: { $common: [3099] } });
    expect(
      (
        await phone.request({
          method: 'POST',
          url: '/api/barcode/tracking',
          payload: body,
          headers: { 'config-revision': 'two' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await phone.get(`/api/barcode/history?id=${palletAtManufacturer}&skip=0&count=50`)).json().data).toEqual(
      historyBefore,
    );

    // A form of revision 1 still open after the publish: a step made on it now is checked by the
    // current rules (the phone is told, and its form reloads) ...
    const madeAfter = await phone.request({
      method: 'POST',
      url: '/api/barcode/tracking',
      payload: body,
      headers: { 'config-revision': '1' },
    });
    expect(madeAfter.json()).toEqual({ errors: { 'forms.receiving.arrivalTemperature': [1000] } });
    expect(madeAfter.headers['project-revision']).toBe('2');
    // ... one made on it before the publish and sent later (queued offline) by revision 1's rules.
    const revision2 = ok(await admin.get(`${BASE}/revisions/2`));
    const before = new Date(new Date(revision2.publishedAt as string).getTime() - 1000).toISOString();
    const madeBefore = await phone.request({
      method: 'POST',
      url: '/api/barcode/tracking',
      payload: body,
      headers: { 'config-revision': '1', 'made-at': before },
    });
    expect(madeBefore.statusCode, madeBefore.body).toBe(200);
  });

  it('the diff between any two revisions names the added field, in four languages', async () => {
    for (const [language, word] of [
      ['en', 'arrivalTemperature'],
      ['ja', '到着'],
      ['zh-TW', '新增'],
      ['zh-CN', '添加'],
    ] as const) {
      const diff = ok(await admin.get(`${BASE}/diff?from=1&to=2&language=${language}`));
      expect(diff.changes[0].change).toMatchObject({ kind: 'fieldAdded', field: 'arrivalTemperature' });
      if (language !== 'ja') expect(diff.changes[0].text).toContain(word);
    }
    expect((await admin.get(`${BASE}/diff?from=1&to=5`)).json()).toEqual({ errors: { $common: [2319] } });
  });

  it('a type change number -> date on a field with values is refused with an explanation', async () => {
    const pallet = await activatedPallet(server);
    const tracked = await (
      await staff(server)
    ).post('/api/barcode/tracking', {
      barcodeId: pallet,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes', arrivalTemperature: 6 } },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const draft = ok(await send(admin, 'POST', `${BASE}/draft`, {}));
    const fields = receivingFields(draft.config);
    const index = fields.findIndex((f) => f.key === 'receivedTemperature');
    fields[index] = { key: 'receivedTemperature', type: 'date', label: label('Received on') };
    // The excursion reason's rule compares the temperature with numbers: as a date it asks on the cold chain alone.
    const reason = fields.find((f) => f.key === 'excursionReason');
    if (reason) reason.relevant = "coldChainIntact == 'no'";
    ok(await send(admin, 'PUT', `${BASE}/draft`, { config: draft.config }, draft.etag));
    const refused = await send(admin, 'POST', `${BASE}/draft/publish`, { mode: 'newVersion' }, draft.etag + 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: { $common: [3098] }, report: { verdict: 'refused' } });
    const change = refused.json().report.changes[0];
    expect(change.text).toMatch(
      /Field 'receivedTemperature' .* changed type from number to date\. Stored records affected: [1-9]\d*; their values cannot be read as the new type/,
    );
    expect(await projectRevision()).toBe(2);
    ok(await send(admin, 'DELETE', `${BASE}/draft`, undefined, draft.etag + 1));
  });

  it('a draft failing the QA check is not published, with the problems at their JSON pointers', async () => {
    const draft = ok(await send(admin, 'POST', `${BASE}/draft`, {}));
    receivingFields(draft.config).push({ key: 'broken', type: 'number', label: { en: 'Broken' } });
    const saved = ok(await send(admin, 'PUT', `${BASE}/draft`, { config: draft.config }, draft.etag));
    expect(saved.problems).toContainEqual(
      expect.objectContaining({ pointer: expect.stringMatching(/customFields\/\d+\/label$/), key: 'required' }),
    );
    const refused = await send(admin, 'POST', `${BASE}/draft/publish`, { mode: 'inPlace' }, saved.etag);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().problems.length).toBeGreaterThan(0);
    ok(await send(admin, 'DELETE', `${BASE}/draft`, undefined, saved.etag));
  });

  it('roll back publishes revision 1 again as revision 3: the earlier form is back', async () => {
    const rolled = ok(
      await send(admin, 'POST', `${BASE}/rollback`, {
        revision: 1,
        mode: 'newVersion',
        note: 'back to the first form',
      }),
    );
    // The arrival temperature now has a stored value: removing it in place would leave that record unmatched.
    expect(rolled).toMatchObject({ code: 'demo', version: 2, revision: 1 });
    const v2 = (await new Client(server.app).get('/api/barcode/project?code=demo&version=2')).json().data;
    expect(receivingFields(v2).map((f) => f.key)).not.toContain('arrivalTemperature');
    expect(await projectRevision()).toBe(2);
    // A staff member of demo@1 is a member of demo@2 too.
    expect(
      (
        await server.ctx.db.query(
          "select count(*)::int as n from project_members m join projects p on p.id = m.project_id where p.code = 'demo' and p.version = 2",
        )
      ).rows[0],
    ).toEqual({ n: expect.any(Number) });
  });

  it('roll back in place when nothing stored is affected', async () => {
    const base = '/api/admin/config/demo/2';
    const draft = ok(await send(admin, 'POST', `${base}/draft`, {}));
    receivingFields(draft.config).push({ ...TEMPERATURE, key: 'probe', required: false, label: label('Probe') });
    ok(await send(admin, 'PUT', `${base}/draft`, { config: draft.config }, 1));
    expect(ok(await send(admin, 'POST', `${base}/draft/publish`, { mode: 'inPlace' }, 2)).revision).toBe(2);
    const rolled = ok(await send(admin, 'POST', `${base}/rollback`, { revision: 1, mode: 'inPlace' }));
    expect(rolled).toMatchObject({ version: 2, revision: 3 });
    const history = ok(await admin.get(base));
    expect(history.revisions.map((r: { revision: number; mode: string }) => `${r.revision}:${r.mode}`)).toEqual([
      '3:rollback',
      '2:inPlace',
      '1:newVersion',
    ]);
    const v2 = (await new Client(server.app).get('/api/barcode/project?code=demo&version=2')).json().data;
    expect(receivingFields(v2).map((f) => f.key)).not.toContain('probe');
  });

  it('every step is in the audit log', async () => {
    const log = ok(await admin.get('/api/admin/audit-log?projectCode=demo&count=100'));
    const actions = (log.items as { action: string }[]).map((e) => e.action);
    for (const action of [
      'draft.create',
      'draft.save',
      'draft.test',
      'project.publish',
      'draft.discard',
      'project.rollback',
    ])
      expect(actions).toContain(action);
    const publish = (
      log.items as { action: string; after: { revision: number; changes: string[] }; note: string }[]
    ).find((e) => e.action === 'project.publish' && e.note === 'Arrival temperature');
    expect(publish?.after.revision).toBe(2);
    expect(publish?.after.changes[0]).toContain('arrivalTemperature');
  });

  it('a staff user calling an admin configuration route gets 403', async () => {
    const phone = await staff(server);
    expect((await phone.get(BASE)).statusCode).toBe(403);
    expect((await send(phone, 'POST', `${BASE}/draft`, {})).statusCode).toBe(403);
  });
});
