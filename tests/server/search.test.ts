import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';
import { activatedPallet, staff, trackTo } from './lifecycle-fixtures';

/** POST /barcode/search: every criterion, visibility, paging. */
let server: TestServer;
let staffUser: Client;
const ids: Record<'measles' | 'flu' | 'blank' | 'tracked', string> = { measles: '', flu: '', blank: '', tracked: '' };

const search = (client: Client, criteria: object) =>
  client.post('/api/barcode/search', { projectId: SEED.demoProject, ...criteria });
/** The ids a search finds, as staff. */
const found = async (criteria: object, client = staffUser): Promise<string[]> => {
  const res = await search(client, criteria);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: string }[]).map((i) => i.id);
};
const fields = (extra: object) => ({ customFields: { ...activation('x').customFields, ...extra } });

beforeAll(async () => {
  server = await startTestServer();
  staffUser = await staff(server);
  ids.flu = await activatedPallet(server, {
    externalId: 'EXT-FLU-0001',
    trackingNumber: 'TN-555',
    ...fields({ lotNumber: 'FLU-2026-9', internalCost: 777 }),
  });
  // A hidden field is never sent from a form; an import or an earlier configuration could hold one.
  await server.ctx.db.query(
    `update barcodes set activation_data = activation_data || '{"qaNotes": "secretword"}' where id = $1`,
    [ids.flu],
  );
  ids.measles = await activatedPallet(server, {
    externalId: 'EXT-MEA-0002',
    ...fields({ productName: 'Measles vaccine', lotNumber: 'MEA-7', caseCount: 12 }),
  });
  ids.tracked = await activatedPallet(server, fields({ productName: 'Rotavirus drops', lotNumber: 'ROT-1' }));
  await trackTo(staffUser, ids.tracked, 'distributionCentre');
  ids.blank = await newBarcode(server);
});
afterAll(() => server.close());

describe('search criteria', () => {
  it('finds by barcode type, newest first', async () => {
    expect(await found({ barcodeType: 'pallet' })).toEqual([ids.tracked, ids.measles, ids.flu]);
    expect(await found({ barcodeType: 'logger' })).toEqual([]);
  });

  it('finds by current trackpoint', async () => {
    expect(await found({ trackPointKey: 'distributionCentre' })).toEqual([ids.tracked]);
    expect(await found({ trackPointKey: 'manufacturer' })).toEqual([ids.measles, ids.flu]);
  });

  it('finds activated or not activated barcodes', async () => {
    const notActivated = await found({ isActivated: false });
    expect(notActivated).toContain(ids.blank);
    expect(notActivated).not.toContain(ids.flu);
    expect(await found({ isActivated: true })).toEqual([ids.tracked, ids.measles, ids.flu]);
  });

  it('finds by activation and last-step dates (the trigger keeps both)', async () => {
    const { rows } = await server.ctx.db.query<{ activated_at: Date; last_step_at: Date }>(
      'select activated_at, last_step_at from barcodes where id = $1',
      [ids.tracked],
    );
    expect(rows[0]!.last_step_at.getTime()).toBeGreaterThan(rows[0]!.activated_at.getTime());
    await server.ctx.db.query(
      "update barcodes set activated_at = '2025-01-10T00:00:00Z', last_step_at = '2025-02-10T00:00:00Z' where id = $1",
      [ids.flu],
    );
    expect(await found({ activatedFrom: '2025-01-09T00:00:00Z', activatedTo: '2025-01-11T00:00:00Z' })).toEqual([
      ids.flu,
    ]);
    expect(await found({ lastStepFrom: '2025-02-01T00:00:00Z', lastStepTo: '2025-02-28T00:00:00Z' })).toEqual([
      ids.flu,
    ]);
    expect(await found({ activatedFrom: '2025-02-01T00:00:00Z', activatedTo: '2025-02-28T00:00:00Z' })).toEqual([]);
    const later = await found({ activatedFrom: '2025-06-01T00:00:00Z' });
    expect(later).toEqual([ids.tracked, ids.measles]);
  });

  it('refuses a date range that ends before it starts (1006)', async () => {
    const res = await search(staffUser, { activatedFrom: '2025-02-01T00:00:00Z', activatedTo: '2025-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { activatedTo: [1006] } });
  });

  it('finds by exact external id and tracking number', async () => {
    expect(await found({ externalId: 'EXT-MEA-0002' })).toEqual([ids.measles]);
    expect(await found({ externalId: 'EXT-MEA' })).toEqual([]);
    expect(await found({ trackingNumber: 'TN-555' })).toEqual([ids.flu]);
  });

  it('finds by an activation field value: words of a text field, a number exactly', async () => {
    expect(await found({ fields: [{ key: 'lotNumber', value: 'MEA-7' }] })).toEqual([ids.measles]);
    expect(await found({ fields: [{ key: 'productName', value: 'meas' }] })).toEqual([ids.measles]);
    expect(await found({ fields: [{ key: 'productName', value: 'vaccine' }] })).toEqual([ids.measles, ids.flu]);
    expect(await found({ fields: [{ key: 'caseCount', value: '12' }] })).toEqual([ids.measles]);
    expect(await found({ fields: [{ key: 'caseCount', value: '1' }] })).toEqual([]);
    // The words must be in that field: 'measles' is a product, not a lot number.
    expect(await found({ fields: [{ key: 'lotNumber', value: 'measles' }] })).toEqual([]);
  });

  it('finds by free text over ids and visible fields, words combined across fields', async () => {
    expect(await found({ text: 'measles' })).toEqual([ids.measles]);
    expect(await found({ text: 'rota ROT-1' })).toEqual([ids.tracked]);
    expect(await found({ text: '555' })).toEqual([ids.flu]);
    expect(await found({ text: ids.blank })).toEqual([ids.blank]);
    expect(await found({ text: 'vaccine osaka' })).toEqual([ids.measles, ids.flu]);
  });

  it('combines criteria (all must hold)', async () => {
    expect(
      await found({ text: 'vaccine', trackPointKey: 'manufacturer', fields: [{ key: 'lotNumber', value: 'FLU' }] }),
    ).toEqual([ids.flu]);
  });

  it("titles each label by the type's listViewTitleLabelField and shows no activation data", async () => {
    const items = (await search(staffUser, { externalId: 'EXT-MEA-0002' })).json().data.items;
    expect(items).toEqual([
      expect.objectContaining({
        id: ids.measles,
        barcodeType: 'pallet',
        title: 'Measles vaccine',
        currentTrackPointKey: 'manufacturer',
        isActivated: true,
      }),
    ]);
    expect(JSON.stringify(items)).not.toContain('MEA-7');
  });
});

describe('visibility', () => {
  it('never searches a hidden field, by text or by key', async () => {
    const { rows } = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from barcodes where activation_data->>'qaNotes' = 'secretword'",
    );
    expect(rows[0]!.n).toBe(1);
    expect(await found({ text: 'secretword' })).toEqual([]);
    expect(await found({ fields: [{ key: 'qaNotes', value: 'secretword' }] })).toEqual([]);
  });

  it("searches a field visible when logged in, for the project's enterprise", async () => {
    expect(await found({ fields: [{ key: 'internalCost', value: '777' }] })).toEqual([ids.flu]);
  });

  it('answers a visitor 401 and a user of another enterprise 403, with nothing found', async () => {
    const visitor = await new Client(server.app).post('/api/barcode/search', {
      projectId: SEED.demoProject,
      text: 'vaccine',
    });
    expect(visitor.statusCode).toBe(401);
    const other = await search(await loggedIn(server, '55556666'), { text: 'vaccine' });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(ids.flu);
  });

  it('answers 2304 for an unknown project', async () => {
    const res = await staffUser.post('/api/barcode/search', { projectId: '0b7285aa-0000-4000-8000-00000000ffff' });
    expect(res.json()).toEqual({ errors: { $common: [2304] } });
  });
});

describe('paging', () => {
  it('pages newest first with hasMore, no barcode twice', async () => {
    const all = await found({ count: 50 });
    expect(all.length).toBeGreaterThanOrEqual(4);
    const pages: string[] = [];
    let skip = 0;
    for (;;) {
      const data = (await search(staffUser, { count: 2, skip })).json().data;
      pages.push(...(data.items as { id: string }[]).map((i) => i.id));
      expect(data.items.length).toBeLessThanOrEqual(2);
      if (!data.hasMore) break;
      skip += 2;
    }
    expect(pages).toEqual(all);
  });

  it('refuses a page larger than 50', async () => {
    expect((await search(staffUser, { count: 51 })).statusCode).toBe(400);
  });
});
