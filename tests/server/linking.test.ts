import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from './barcode-fixtures';
import { Client, type TestServer } from './harness';
import { staff, trackTo } from './lifecycle-fixtures';
import { activated, activatedMany, barcodeElsewhere, historyActions, startRelationsServer } from './pairing-fixtures';

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startRelationsServer();
  client = await staff(server);
});
afterAll(() => server.close());

const link = (body: object, action = 'linking') => client.post(`/api/barcode/${action}`, body);
const codes = (res: { json(): { data: { targets: { code: number | null }[] } } }) =>
  res.json().data.targets.map((t) => t.code);

describe('POST /barcode/linking and /barcode/be-linked', () => {
  it('links a case to a logger (link-to) and a logger to a case (be-linked), seen both ways', async () => {
    const [caseA, caseB] = await activatedMany(server, 'case', 2);
    const [logger1, logger2] = await activatedMany(server, 'logger', 2);
    const res = await link({ barcodeId: caseA, targetIds: [logger1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      dryRun: false,
      barcodeId: caseA,
      reserved: { count: 1, max: 2 },
      targets: [{ id: logger1, code: null, barcodeType: 'logger', externalId: null }],
    });
    expect((await link({ barcodeId: caseB, targetIds: [logger2] }, 'be-linked')).statusCode).toBe(200);

    const linked = async (id: string, path = '') =>
      (await new Client(server.app, '10.9.8.1').get(`/api/barcode/linked-barcode?id=${id}${path}`))
        .json()
        .data.map((l: { id: string; direction: string }) => [l.id, l.direction]);
    expect(await linked(caseA!)).toEqual([[logger1, 'link-to']]);
    expect(await linked(logger1!)).toEqual([[caseA, 'be-linked']]);
    expect(await linked(caseB!)).toEqual([[logger2, 'be-linked']]);
    expect(await linked(logger2!, '&path=link-to')).toEqual([[caseB, 'link-to']]);
    expect(await linked(logger2!, '&path=be-linked')).toEqual([]);

    expect((await historyActions(server, caseA!)).at(-1)).toBe('linked');
    expect((await historyActions(server, logger1!)).at(-1)).toBe('linked');
    const { rows } = await server.ctx.db.query<{ data: unknown }>(
      "select data from barcode_history where barcode_id = $1 and action = 'linked'",
      [logger1],
    );
    expect(rows[0]?.data).toEqual({ linkedBarcodeId: caseA, direction: 'be-linked' });
    expect((await client.get(`/api/barcode/barcode?id=${caseA}`)).json().data.hierarchy).toMatchObject({
      linkToCount: 1,
      beLinkedCount: 0,
      maxLinks: 2,
    });
    expect((await client.get(`/api/barcode/linking/reserved-count?barcodeId=${logger1}`)).json()).toEqual({
      data: { count: 1, max: 2 },
    });
  });

  it("a dry run answers each target's verdict and writes nothing", async () => {
    const caseA = await activated(server, 'case');
    const [logger, linkedLogger] = await activatedMany(server, 'logger', 2);
    await link({ barcodeId: caseA, targetIds: [linkedLogger] });
    const pallet = await activated(server, 'pallet');
    const before = await server.count('barcode_links');
    const res = await link({
      barcodeId: caseA,
      targetIds: [logger, logger, caseA, linkedLogger, pallet, 'NOSUCHCODE12'],
      dryRun: true,
    });
    expect(codes(res)).toEqual([null, 3017, 3016, 3083, 3081, 2303]);
    expect(await server.count('barcode_links')).toBe(before);
  });

  it('refuses a link already made the other way round (3083)', async () => {
    const caseA = await activated(server, 'case');
    const logger = await activated(server, 'logger');
    await link({ barcodeId: caseA, targetIds: [logger] });
    expect((await link({ barcodeId: logger, targetIds: [caseA] })).json()).toEqual({
      errors: { 'targetIds.0': [3083] },
    });
    expect((await link({ barcodeId: caseA, targetIds: [logger] }, 'be-linked')).json()).toEqual({
      errors: { 'targetIds.0': [3083] },
    });
  });

  it('refuses other enterprises (as unknown), projects (3082) and versions (3084), and writes nothing', async () => {
    const caseA = await activated(server, 'case');
    const ids = [
      await barcodeElsewhere(server, 'otherEnterprise'),
      await barcodeElsewhere(server, 'secure'),
      await barcodeElsewhere(server, 'demoVersion2'),
    ];
    const before = await server.count('barcode_links');
    expect((await link({ barcodeId: caseA, targetIds: ids })).json()).toEqual({
      errors: { 'targetIds.0': [2303], 'targetIds.1': [3082], 'targetIds.2': [3084] },
    });
    expect(await server.count('barcode_links')).toBe(before);
  });

  it("refuses beyond either barcode's reserved count (3085)", async () => {
    const caseA = await activated(server, 'case');
    const loggers = await activatedMany(server, 'logger', 3);
    expect((await link({ barcodeId: caseA, targetIds: loggers })).json()).toEqual({
      errors: { 'targetIds.2': [3085] },
    });
    await link({ barcodeId: caseA, targetIds: loggers.slice(0, 2) });
    const busy = loggers[0]!;
    const others = await activatedMany(server, 'case', 2);
    await link({ barcodeId: others[0], targetIds: [busy] });
    expect((await link({ barcodeId: others[1], targetIds: [busy] })).json()).toEqual({
      errors: { 'targetIds.0': [3085] },
    });
  });

  it('refuses types that cannot be linked (3081), barcodes not activated (3001) and trackpoints that prohibit linking (3080)', async () => {
    const pallet = await activated(server, 'pallet');
    const logger = await activated(server, 'logger');
    expect((await link({ barcodeId: pallet, targetIds: [logger] })).json()).toEqual({ errors: { $common: [3081] } });
    const fresh = (await client.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })).json().data
      .id as string;
    expect((await link({ barcodeId: fresh, targetIds: [logger] })).json()).toEqual({ errors: { $common: [3001] } });
    expect((await link({ barcodeId: logger, targetIds: [fresh] })).json()).toEqual({
      errors: { 'targetIds.0': [3001] },
    });
    const travelling = await activated(server, 'case');
    await trackTo(client, travelling, 'distributionCentre', 'carrier');
    expect((await link({ barcodeId: travelling, targetIds: [logger] })).json()).toEqual({
      errors: { $common: [3080] },
    });
    expect((await link({ barcodeId: logger, targetIds: [travelling] })).json()).toEqual({
      errors: { 'targetIds.0': [3080] },
    });
  });

  it('is for users of the enterprise who may add tracking; bodies are checked', async () => {
    const caseA = await activated(server, 'case');
    const logger = await activated(server, 'logger');
    expect(
      (
        await (
          await loggedIn(server, '55556666')
        ).post('/api/barcode/linking', { barcodeId: caseA, targetIds: [logger] })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await (
          await loggedIn(server, '33334444')
        ).post('/api/barcode/be-linked', { barcodeId: caseA, targetIds: [logger] })
      ).statusCode,
    ).toBe(403);
    expect((await link({ barcodeId: caseA, targetIds: Array.from({ length: 501 }, () => logger) })).json()).toEqual({
      errors: { targetIds: [1005] },
    });
    expect((await link({ barcodeId: caseA })).json()).toEqual({ errors: { targetIds: [1000] } });
    expect((await link({ barcodeId: caseA, targetIds: [logger], direction: 'up' })).json()).toEqual({
      errors: { direction: [2200] },
    });
    expect(
      (await new Client(server.app, '10.9.8.2').get('/api/barcode/linked-barcode?id=NOSUCHCODE12')).json(),
    ).toEqual({ errors: { $common: [2303] } });
    expect((await client.get(`/api/barcode/linked-barcode?id=${caseA}&path=sideways`)).json()).toEqual({
      errors: { path: [1001] },
    });
  });
});

describe('POST /barcode/undo-linking', () => {
  it('undoes a link from either side, with history on both', async () => {
    const caseA = await activated(server, 'case');
    const logger = await activated(server, 'logger');
    await link({ barcodeId: caseA, targetIds: [logger] });
    const res = await client.post('/api/barcode/undo-linking', { barcodeId: logger, linkedBarcodeId: caseA });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get(`/api/barcode/linked-barcode?id=${caseA}`)).json().data).toEqual([]);
    expect((await historyActions(server, caseA)).at(-1)).toBe('unlinked');
    expect((await historyActions(server, logger)).at(-1)).toBe('unlinked');
    const { rows } = await server.ctx.db.query<{ data: unknown }>(
      "select data from barcode_history where barcode_id = $1 and action = 'unlinked'",
      [caseA],
    );
    expect(rows[0]?.data).toEqual({ linkedBarcodeId: logger, direction: 'link-to' });
  });

  it('refuses barcodes that are not linked (3087) and itself (3016)', async () => {
    const caseA = await activated(server, 'case');
    const logger = await activated(server, 'logger');
    expect(
      (await client.post('/api/barcode/undo-linking', { barcodeId: caseA, linkedBarcodeId: logger })).json(),
    ).toEqual({ errors: { $common: [3087] } });
    expect(
      (await client.post('/api/barcode/undo-linking', { barcodeId: caseA, linkedBarcodeId: caseA })).json(),
    ).toEqual({ errors: { $common: [3016] } });
  });
});

describe('links and the trip', () => {
  it('a logger leaves the manufacturer only once linked (3086)', async () => {
    const logger = await activated(server, 'logger');
    const onward = { barcodeId: logger, trackPointKey: 'distributionCentre', forms: {} };
    expect((await client.post('/api/barcode/tracking', onward)).json()).toEqual({ errors: { $common: [3086] } });
    expect((await client.get(`/api/barcode/barcode?id=${logger}`)).json().data.currentTrackPointKey).toBe(
      'manufacturer',
    );
    await link({ barcodeId: logger, targetIds: [await activated(server, 'case')] });
    expect((await client.post('/api/barcode/tracking', onward)).statusCode).toBe(200);
  });

  it('a linked barcode cannot be recycled until its links are undone (3088)', async () => {
    const caseA = await activated(server, 'case');
    const logger = await activated(server, 'logger');
    await link({ barcodeId: caseA, targetIds: [logger] });
    await trackTo(client, caseA, 'distributionCentre', 'carrier', 'pharmacy');
    expect((await client.post('/api/barcode/recycle', { barcodeId: caseA, dryRun: true })).json()).toEqual({
      errors: { $common: [3088] },
    });
    await client.post('/api/barcode/undo-linking', { barcodeId: caseA, linkedBarcodeId: logger });
    expect((await client.post('/api/barcode/recycle', { barcodeId: caseA, dryRun: true })).statusCode).toBe(200);
  });
});
