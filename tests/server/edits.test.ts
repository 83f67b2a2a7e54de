import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { activation, address, loggedIn, newBarcode, undoLatest } from './barcode-fixtures';
import { activatedPallet, FORMS, put, staff, trackTo } from './lifecycle-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const stored = async (id: string) =>
  (
    await server.ctx.db.query<{
      activation_data: Record<string, unknown>;
      external_id: string | null;
      tracking_number: string | null;
    }>('select activation_data, external_id, tracking_number from barcodes where id = $1', [id])
  ).rows[0];
const actions = async (id: string) =>
  (
    await server.ctx.db.query<{ action: string; track_point_key: string | null }>(
      'select action, track_point_key from barcode_history where barcode_id = $1 order by seq',
      [id],
    )
  ).rows.map((r) => [r.action, r.track_point_key]);
const edit = (client: Client, id: string, extra: object = {}) =>
  put(client, '/api/barcode/activation', activation(id, extra));

describe('PUT /barcode/activation', () => {
  it('replaces the activation data, recomputes calculations, keeps hidden fields and records the edit', async () => {
    const id = await activatedPallet(server, { trackingNumber: 'TN-1' });
    await server.ctx.db.query(
      `update barcodes set activation_data = activation_data || '{"qaNotes": "checked"}' where id = $1`,
      [id],
    );
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre');
    const res = await edit(client, id, {
      trackingNumber: 'TN-2',
      externalId: 'PAL-EDIT-1',
      weight: 470,
      customFields: { ...activation('x').customFields, caseCount: 10, dosesPerCase: 50 },
    });
    expect(res.json()).toEqual({ data: true });
    const barcode = (await client.get(`/api/barcode/barcode?id=${id}`)).json().data;
    expect(barcode).toMatchObject({
      trackingNumber: 'TN-2',
      externalId: 'PAL-EDIT-1',
      currentTrackPointKey: 'distributionCentre',
    });
    expect(barcode.activationData).toMatchObject({ caseCount: 10, totalDoses: 500, weight: 470, origin: address });
    expect((await stored(id))?.activation_data.qaNotes).toBe('checked');
    expect(await actions(id)).toEqual([
      ['generated', null],
      ['activated', 'manufacturer'],
      ['tracked', 'distributionCentre'],
      ['activation-edited', 'manufacturer'],
    ]);
  });

  it('answers an edit that changes nothing with success and appends no history entry', async () => {
    const id = await activatedPallet(server, { trackingNumber: 'TN-1' });
    const client = await staff(server);
    const before = await actions(id);
    expect((await edit(client, id, { trackingNumber: 'TN-1' })).json()).toEqual({ data: true });
    expect(await actions(id)).toEqual(before);
    expect((await edit(client, id, { trackingNumber: 'TN-3' })).json()).toEqual({ data: true });
    expect((await actions(id)).at(-1)).toEqual(['activation-edited', 'manufacturer']);
  });

  it('accepts the start trackpoint unchanged, and refuses another type (2207) or another start (2205)', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    expect((await edit(client, id, { trackPointKey: 'manufacturer' })).statusCode).toBe(200);
    expect((await edit(client, id, { barcodeType: 'case' })).json()).toEqual({ errors: { barcodeType: [2207] } });
    expect((await edit(client, id, { trackPointKey: 'distributionCentre' })).json()).toEqual({
      errors: { trackPointKey: [2205] },
    });
  });

  it.each([
    [
      'fields that break their rules',
      { customFields: { ...activation('x').customFields, caseCount: 0 } },
      { 'customFields.caseCount': [1010] },
    ],
    [
      'a hidden field',
      { customFields: { ...activation('x').customFields, qaNotes: 'peek' } },
      { 'customFields.qaNotes': [2200] },
    ],
    ['missing package information the start trackpoint needs', { weight: undefined }, { $common: [3003] }],
    ['a value of the wrong type', { weight: 'heavy' }, { weight: [1001] }],
  ])('refuses %s and changes nothing', async (_name, extra, errors) => {
    const id = await activatedPallet(server);
    const before = await stored(id);
    const res = await edit(await staff(server), id, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
    expect(await stored(id)).toEqual(before);
  });

  it('refuses an external id another barcode has (2105)', async () => {
    await activatedPallet(server, { externalId: 'PAL-TAKEN' });
    const id = await activatedPallet(server);
    expect((await edit(await staff(server), id, { externalId: 'PAL-TAKEN' })).json()).toEqual({
      errors: { externalId: [2105] },
    });
  });

  it('refuses a barcode not activated (3001), unknown (2303), deactivated (3095), and other enterprises (403)', async () => {
    const client = await staff(server);
    expect((await edit(client, await newBarcode(server))).json()).toEqual({ errors: { $common: [3001] } });
    expect((await edit(client, 'AAAAAAAAAAAA')).json()).toEqual({ errors: { $common: [2303] } });
    const id = await activatedPallet(server);
    expect((await edit(await loggedIn(server, '55556666'), id)).statusCode).toBe(403);
    expect((await edit(new Client(server.app, '10.6.3.1'), id)).statusCode).toBe(401);
    await server.ctx.db.query('update barcodes set is_deactivated = true where id = $1', [id]);
    expect((await edit(client, id)).json()).toEqual({ errors: { $common: [3095] } });
  });

  it('loses no edit when two are sent at the same moment: each is saved in turn or refused with 3004', async () => {
    const id = await activatedPallet(server);
    const [a, b] = await Promise.all([
      edit(await staff(server), id, { trackingNumber: 'A-1' }),
      edit(await loggedIn(server, '77778888'), id, { trackingNumber: 'B-1' }),
    ]);
    const saved = [a, b].filter((r) => r.statusCode === 200);
    for (const refused of [a, b].filter((r) => r.statusCode !== 200))
      expect(refused.json()).toEqual({ errors: { $common: [3004] } });
    expect((await actions(id)).filter(([action]) => action === 'activation-edited')).toHaveLength(saved.length);
  });
});

describe('PUT /barcode/tracking', () => {
  const editTracking = (client: Client, barcodeId: string, trackPointKey: string, forms: object) =>
    put(client, '/api/barcode/tracking', { barcodeId, trackPointKey, forms });

  it('corrects the forms of the latest step for whoever added it, leaving the barcode where it is', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre');
    expect(
      (
        await editTracking(client, id, 'distributionCentre', {
          receiving: { receivedTemperature: 6.04, coldChainIntact: 'no', excursionReason: 'doorOpen' },
        })
      ).json(),
    ).toEqual({ data: true });
    const { rows } = await server.ctx.db.query<{
      seq: number;
      data: { editedSeq: number; forms: { receiving: Record<string, unknown> } };
    }>("select seq, data from barcode_history where barcode_id = $1 and action = 'tracking-edited'", [id]);
    expect(rows[0]?.data).toEqual({
      editedSeq: 3,
      forms: { receiving: { receivedTemperature: 6, coldChainIntact: 'no', excursionReason: 'doorOpen' } },
    });
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.currentTrackPointKey).toBe(
      'distributionCentre',
    );
    // The edited step can still be undone.
    expect((await undoLatest(client, id)).statusCode).toBe(200);
  });

  it('refuses another user (3009), another trackpoint (3006), no step to edit (3014) and bad forms', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    expect((await editTracking(client, id, 'manufacturer', {})).json()).toEqual({ errors: { $common: [3014] } });
    await trackTo(client, id, 'distributionCentre');
    expect(
      (
        await editTracking(await loggedIn(server, '77778888'), id, 'distributionCentre', FORMS.distributionCentre ?? {})
      ).json(),
    ).toEqual({ errors: { $common: [3009] } });
    expect((await editTracking(client, id, 'carrier', FORMS.carrier ?? {})).json()).toEqual({
      errors: { $common: [3006] },
    });
    expect(
      (await editTracking(client, id, 'distributionCentre', { receiving: { coldChainIntact: 'maybe' } })).json(),
    ).toEqual({ errors: { 'forms.receiving.receivedTemperature': [1000], 'forms.receiving.coldChainIntact': [1001] } });
    expect((await undoLatest(client, id)).statusCode).toBe(200);
    expect((await editTracking(client, id, 'manufacturer', {})).json()).toEqual({ errors: { $common: [3014] } });
    expect((await actions(id)).some(([action]) => action === 'tracking-edited')).toBe(false);
  });

  it('refuses a barcode not activated (3001), unknown (2303), and users without the add-tracking permission (403)', async () => {
    const client = await staff(server);
    expect((await editTracking(client, await newBarcode(server), 'manufacturer', {})).json()).toEqual({
      errors: { $common: [3001] },
    });
    expect((await editTracking(client, 'AAAAAAAAAAAA', 'manufacturer', {})).json()).toEqual({
      errors: { $common: [2303] },
    });
    const id = await activatedPallet(server);
    await trackTo(client, id, 'distributionCentre');
    expect(
      (await editTracking(await loggedIn(server, '33334444'), id, 'distributionCentre', FORMS.distributionCentre ?? {}))
        .statusCode,
    ).toBe(403);
    expect(
      (await editTracking(await loggedIn(server, '55556666'), id, 'distributionCentre', FORMS.distributionCentre ?? {}))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /barcode/history', () => {
  it('says on each tracking step whether it was undone', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre');
    await undoLatest(client, id);
    await trackTo(client, id, 'distributionCentre');
    const items = (await client.get(`/api/barcode/history?id=${id}`)).json().data.items;
    expect(items.map((e: { action: string; undone?: boolean }) => [e.action, e.undone])).toEqual([
      ['tracked', false],
      ['tracking-undone', undefined],
      ['tracked', true],
      ['activated', undefined],
      ['generated', undefined],
    ]);
  });
});
