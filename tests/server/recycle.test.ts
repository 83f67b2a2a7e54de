import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { activation, loggedIn, newBarcode, undoLatest } from './barcode-fixtures';
import { activatedPallet, deliveredPallet, FORMS, pair, staff, trackTo } from './lifecycle-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const recycle = (client: Client, barcodeId: unknown, dryRun?: unknown) =>
  client.post('/api/barcode/recycle', dryRun === undefined ? { barcodeId } : { barcodeId, dryRun });
const barcodeRow = async (id: string) =>
  (
    await server.ctx.db.query<{ revision: number; is_activated: boolean; cycle: number }>(
      'select revision, is_activated, cycle from barcodes where id = $1',
      [id],
    )
  ).rows[0];

describe('POST /barcode/recycle', () => {
  it('answers a dry run with what would be reset, and changes nothing', async () => {
    const id = await deliveredPallet(server);
    const before = await barcodeRow(id);
    const res = await recycle(await staff(server), id, true);
    expect(res.json()).toEqual({
      data: { dryRun: true, barcodeId: id, barcodeType: 'pallet', currentTrackPointKey: 'pharmacy', historySteps: 5 },
    });
    expect(await barcodeRow(id)).toEqual(before);
    expect((await server.ctx.db.query('select 1 from barcode_history where barcode_id = $1', [id])).rows).toHaveLength(
      5,
    );
  });

  it('resets a delivered barcode to not activated, keeps its history and lets it start a new trip', async () => {
    const id = await deliveredPallet(server, { trackingNumber: 'TN-9', externalId: 'PAL-RECYCLE-1' });
    const client = await staff(server);
    expect((await recycle(client, id, false)).json()).toEqual({
      data: { dryRun: false, barcodeId: id, barcodeType: 'pallet', currentTrackPointKey: 'pharmacy', historySteps: 5 },
    });
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data).toMatchObject({
      isActivated: false,
      isDeactivated: false,
      barcodeType: null,
      currentTrackPointKey: null,
      externalId: null,
      trackingNumber: null,
      activationData: null,
    });
    const history = (await client.get(`/api/barcode/history?id=${id}`)).json().data;
    expect(history.total).toBe(6);
    expect(history.items.map((e: { action: string }) => e.action)).toEqual([
      'recycled',
      'tracked',
      'tracked',
      'tracked',
      'activated',
      'generated',
    ]);
    // The external id is free again, and the old trip's steps cannot be undone.
    expect((await undoLatest(client, id)).json()).toEqual({ errors: { $common: [3008] } });
    expect(
      (await client.post('/api/barcode/activation', activation(id, { externalId: 'PAL-RECYCLE-1' }))).statusCode,
    ).toBe(200);
    expect((await undoLatest(client, id)).json()).toEqual({ errors: { $common: [3008] } });
    await trackTo(client, id, 'distributionCentre');
  });

  it('needs no dryRun flag: absent means recycle now', async () => {
    const id = await deliveredPallet(server);
    expect((await recycle(await staff(server), id)).json().data.dryRun).toBe(false);
    expect((await barcodeRow(id))?.is_activated).toBe(false);
  });

  it('refuses a barcode still travelling (3010), at its start or half-way, even as a dry run', async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    expect((await recycle(client, id, true)).json()).toEqual({ errors: { $common: [3010] } });
    await trackTo(client, id, 'distributionCentre', 'carrier');
    expect((await recycle(client, id)).json()).toEqual({ errors: { $common: [3010] } });
    expect((await barcodeRow(id))?.is_activated).toBe(true);
  });

  it('refuses a paired barcode, parent or child (3011), and a sealed one (3012)', async () => {
    const client = await staff(server);
    const [parent, child] = [await deliveredPallet(server), await deliveredPallet(server)];
    await pair(server, child, parent);
    expect((await recycle(client, parent)).json()).toEqual({ errors: { $common: [3011] } });
    expect((await recycle(client, child, true)).json()).toEqual({ errors: { $common: [3011] } });
    const sealed = await deliveredPallet(server);
    await server.ctx.db.query('update barcodes set is_sealed = true where id = $1', [sealed]);
    expect((await recycle(client, sealed)).json()).toEqual({ errors: { $common: [3012] } });
    expect((await barcodeRow(sealed))?.is_activated).toBe(true);
  });

  it('refuses a barcode not activated (3001), unknown (2303) or deactivated (3095)', async () => {
    const client = await staff(server);
    expect((await recycle(client, await newBarcode(server))).json()).toEqual({ errors: { $common: [3001] } });
    expect((await recycle(client, 'AAAAAAAAAAAA')).json()).toEqual({ errors: { $common: [2303] } });
    const id = await deliveredPallet(server);
    await server.ctx.db.query('update barcodes set is_deactivated = true where id = $1', [id]);
    expect((await recycle(client, id)).json()).toEqual({ errors: { $common: [3095] } });
  });

  it('is for users of the enterprise with the activate permission', async () => {
    const id = await deliveredPallet(server);
    expect((await recycle(new Client(server.app, '10.6.1.1'), id)).statusCode).toBe(401);
    expect((await recycle(await loggedIn(server, '55556666'), id)).statusCode).toBe(403);
    const registered = await new Client(server.app, '10.8.2.1').post('/api/user/carrier-user/self', {
      projectId: SEED.demoProject,
      firstName: 'Noactivate',
      lastName: 'Recycle',
      visitorId: VISITOR,
    });
    await server.ctx.db.query(
      `insert into project_members (project_id, user_id, can_generate_barcode, can_activate_barcode, can_add_tracking)
       select $1, id, false, false, true from users where first_name = 'Noactivate'`,
      [SEED.demoProject],
    );
    const res = await recycle(await loggedIn(server, registered.json().data.accessCode), id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { $common: [403] } });
    expect((await barcodeRow(id))?.is_activated).toBe(true);
  });

  it.each([
    ['a barcode id of the wrong type', 12, undefined, { barcodeId: [1001] }],
    ['a malformed barcode id', 'short', undefined, { barcodeId: [1001] }],
    ['a dry-run flag that is not a boolean', 'AAAAAAAAAAAA', 'yes', { dryRun: [1001] }],
  ])('refuses %s', async (_name, barcodeId, dryRun, errors) => {
    const res = await recycle(await staff(server), barcodeId, dryRun);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
  });

  it('recycles once when two staff recycle at the same moment', async () => {
    const id = await deliveredPallet(server);
    const [a, b] = await Promise.all([
      recycle(await staff(server), id),
      recycle(await loggedIn(server, '77778888'), id),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([[3004], [3001]]).toContainEqual((a.statusCode === 400 ? a : b).json().errors.$common);
    expect(
      (await server.ctx.db.query("select 1 from barcode_history where barcode_id = $1 and action = 'recycled'", [id]))
        .rows,
    ).toHaveLength(1);
    expect((await barcodeRow(id))?.cycle).toBe(1);
  });
});

describe('POST /barcode/tracking of a paired child', () => {
  it('is refused (3013): the child travels with its parent', async () => {
    const [parent, child] = [await activatedPallet(server), await activatedPallet(server)];
    await pair(server, child, parent);
    const client = await staff(server);
    expect(
      (
        await client.post('/api/barcode/tracking', {
          barcodeId: child,
          trackPointKey: 'distributionCentre',
          forms: FORMS.distributionCentre,
        })
      ).json(),
    ).toEqual({ errors: { $common: [3013] } });
    await trackTo(client, parent, 'distributionCentre');
  });
});
