import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/errors.json';
import { ErrorCode } from '../../schemas/error-codes';
import { adminClient } from './admin-fixtures';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';
import type { Client } from './harness';
import { startTestServer, type TestServer } from './harness';

// Revisions and diffs compare what a configuration means: the order of its JSON keys and its
// whitespace are no change, and publishing what is in service already is refused, not kept twice.

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await adminClient(server, { name: 'Aiko Mori' })).client;
});
afterAll(() => server.close());

const BASE = '/api/admin/config/demo/1';
type Config = { barcodeTypes: { pallet: { activationFields: Record<string, unknown>[] } } };
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const withEtag = (method: 'PUT' | 'POST' | 'DELETE', url: string, etag: number, payload?: object) =>
  admin.request({ method, url, payload, headers: { 'if-match': `"${etag}"` } });
const revisions = async () => (ok(await admin.get(BASE)).revisions as { revision: number }[]).map((r) => r.revision);

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

/** Opens a draft, saves `edit` of it; resolves to the draft's etag after the save. */
async function draftWith(edit: (config: Config) => unknown, fromRevision?: number): Promise<number> {
  const draft = ok(await admin.post(`${BASE}/draft`, fromRevision === undefined ? {} : { fromRevision }));
  const saved = ok(await withEtag('PUT', `${BASE}/draft`, draft.etag, { config: edit(draft.config) }));
  return saved.etag as number;
}

describe('a configuration compared by meaning', () => {
  it('a draft with only its keys reordered reports no change and is refused as nothing to publish', async () => {
    const etag = await draftWith((config) => reversedKeys(config));
    const report = ok(await admin.get(`${BASE}/draft/report`));
    expect(report).toMatchObject({ verdict: 'inPlace', changes: [] });
    const refused = await withEtag('POST', `${BASE}/draft/publish`, etag, { mode: 'inPlace' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: { $common: [ErrorCode.nothingToPublish] } });
    expect(await revisions()).toEqual([1]);
    // The draft stays, to be changed or discarded.
    expect(ok(await admin.get(BASE)).draft).toMatchObject({ etag });
    expect((await withEtag('DELETE', `${BASE}/draft`, etag)).statusCode).toBeLessThan(300);
  });

  it('a real change after a reordering is the one change reported, and publishes', async () => {
    const etag = await draftWith((config) => {
      config.barcodeTypes.pallet.activationFields.push({
        key: 'vaultBin',
        type: 'text',
        label: { en: 'Vault bin', ja: '保管棚', 'zh-TW': '保管櫃', 'zh-CN': '保管柜' },
      });
      return reversedKeys(config);
    });
    const report = ok(await admin.get(`${BASE}/draft/report`));
    expect(report.changes.map((c: { text: string }) => c.text)).toEqual([
      "Field 'vaultBin' (text) added to activation of 'pallet', optional.",
    ]);
    expect(ok(await withEtag('POST', `${BASE}/draft/publish`, etag, { mode: 'inPlace' })).revision).toBe(2);
    // Revision 2 against revision 1 reads the same way in the history.
    const diff = ok(await admin.get(`${BASE}/diff?from=1&to=2`));
    expect(diff.changes).toHaveLength(1);
  });

  it('a roll back in place over a stored value is refused with the way out named, and that way out works', async () => {
    const staff = await loggedIn(server, '11112222');
    const barcode = await newBarcode(server);
    const base = activation(barcode);
    const stored = await staff.post('/api/barcode/activation', {
      ...base,
      customFields: { ...base.customFields, vaultBin: 'B-12' },
    });
    expect(stored.statusCode, stored.body).toBe(200);

    const refused = await admin.post(`${BASE}/rollback`, { revision: 1, mode: 'inPlace' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errors: { $common: [ErrorCode.configChangeRefused] },
      report: { verdict: 'newVersion', changes: [expect.objectContaining({ affected: 1 })] },
    });
    // The message of the refusal names both ways out: a new version, or the field hidden and
    // made optional in a draft, published in place.
    expect(en[String(ErrorCode.configChangeRefused) as keyof typeof en]).toMatch(
      /make the field optional and hidden, and publish it in place; otherwise publish \(or roll back\) as a new version/,
    );
    const etag = await draftWith((config) => {
      const field = config.barcodeTypes.pallet.activationFields.find((f) => f.key === 'vaultBin')!;
      Object.assign(field, { required: false, visibility: 'hidden' });
      return config;
    });
    expect(ok(await withEtag('POST', `${BASE}/draft/publish`, etag, { mode: 'inPlace' })).revision).toBe(3);
    const served = (await staff.get('/api/barcode/project?code=demo&version=1')).json().data as Config;
    expect(served.barcodeTypes.pallet.activationFields.find((f) => f.key === 'vaultBin')).toMatchObject({
      visibility: 'hidden',
    });
  });

  it('a roll back in place to a revision that means what is in service is nothing to publish', async () => {
    const etag = await draftWith((config) => config, 2);
    expect(ok(await withEtag('POST', `${BASE}/draft/publish`, etag, { mode: 'inPlace' })).revision).toBe(4);
    // Revision 4 is revision 2 again: rolling back to 2 changes nothing.
    const refused = await admin.post(`${BASE}/rollback`, { revision: 2, mode: 'inPlace' });
    expect(refused.json()).toEqual({ errors: { $common: [ErrorCode.nothingToPublish] } });
    expect(await revisions()).toEqual([4, 3, 2, 1]);
  });
});
