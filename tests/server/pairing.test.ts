import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, undoLatest } from './barcode-fixtures';
import { Client, type TestServer } from './harness';
import { formsFor, staff, trackTo } from './lifecycle-fixtures';
import {
  activated,
  activatedMany,
  barcodeElsewhere,
  historyActions,
  pairVia,
  placeOf,
  startRelationsServer,
} from './pairing-fixtures';

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startRelationsServer();
  client = await staff(server);
});
afterAll(() => server.close());

const pairing = (body: object) => client.post('/api/barcode/pairing', body);
const unpairing = (body: object) => client.post('/api/barcode/unpairing', body);

describe('POST /barcode/pairing', () => {
  it('pairs the listed cases onto a pallet at once, with history on both sides', async () => {
    const pallet = await activated(server, 'pallet');
    const cases = await activatedMany(server, 'case', 3);
    const res = await pairing({ parentId: pallet, childrenIds: cases, extras: { note: 'pallet 7' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      dryRun: false,
      parentId: pallet,
      reserved: { count: 3, max: 4 },
      children: cases.map((id) => ({ id, code: null, barcodeType: 'case', externalId: null })),
    });
    for (const id of cases)
      expect(await placeOf(server, id)).toEqual({ parent_id: pallet, current_track_point_key: 'manufacturer' });
    expect((await historyActions(server, pallet)).at(-1)).toBe('paired');
    expect((await historyActions(server, cases[0]!)).at(-1)).toBe('paired');
    const { rows } = await server.ctx.db.query<{ data: unknown }>(
      "select data from barcode_history where barcode_id = $1 and action = 'paired'",
      [cases[1]],
    );
    expect(rows[0]?.data).toEqual({ parentId: pallet, note: 'pallet 7' });
    const latest = async (id: string) =>
      (await client.get(`/api/barcode/history?id=${id}&count=1`)).json().data.items[0];
    expect(await latest(pallet)).toMatchObject({
      action: 'paired',
      trackPointKey: 'manufacturer',
      relatedBarcodeIds: cases,
    });
    expect(await latest(cases[2]!)).toMatchObject({ action: 'paired', relatedBarcodeIds: [pallet] });
    // Each side names the other as people know it, and says what it is to this barcode.
    expect(await latest(pallet)).toMatchObject({
      relatedRole: 'children',
      relatedBarcodes: cases.map((id) => ({ id, externalId: null, barcodeType: 'case' })),
    });
    expect(await latest(cases[2]!)).toMatchObject({
      relatedRole: 'parent',
      relatedBarcodes: [{ id: pallet, externalId: null, barcodeType: 'pallet' }],
    });

    const detail = (await client.get(`/api/barcode/barcode?id=${cases[0]}`)).json().data;
    expect(detail.hierarchy).toEqual({
      parentId: pallet,
      ancestorIds: [pallet],
      childrenCount: 0,
      maxChildren: 10,
      linkToCount: 0,
      beLinkedCount: 0,
      maxLinks: 2,
    });
    const parentDetail = (await client.get(`/api/barcode/barcode?id=${pallet}`)).json().data;
    expect(parentDetail.hierarchy.childrenCount).toBe(3);
    expect(parentDetail.relationActions).toEqual({
      pair: { code: null },
      unpair: { code: null },
      link: { code: 3081 },
    });
    expect((await client.get(`/api/barcode/pairing/reserved-count?barcodeId=${pallet}`)).json()).toEqual({
      data: { count: 3, max: 4 },
    });
  });

  it("a dry run answers each entry's verdict and writes nothing", async () => {
    const pallet = await activated(server, 'pallet');
    const [free, paired] = await activatedMany(server, 'case', 2);
    const other = await activated(server, 'pallet');
    await pairVia(client, other, [paired!]);
    const notActivated = (await client.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })).json()
      .data.id as string;
    const before = await server.count('barcode_history');
    const res = await pairing({
      parentId: pallet,
      childrenIds: [free, free, pallet, paired, notActivated, 'NOSUCHCODE12', other],
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.children.map((c: { code: number | null }) => c.code)).toEqual([
      null,
      3017,
      3016,
      3018,
      3001,
      2303,
      3019,
    ]);
    expect(res.json().data.reserved).toEqual({ count: 1, max: 4 });
    expect(await server.count('barcode_history')).toBe(before);
    expect(await placeOf(server, free!)).toEqual({ parent_id: null, current_track_point_key: 'manufacturer' });
  });

  it('refuses the whole list when one entry is refused, naming it, and writes nothing', async () => {
    const pallet = await activated(server, 'pallet');
    const [a, b] = await activatedMany(server, 'case', 2);
    await trackTo(client, b!, 'distributionCentre');
    const before = await server.count('barcode_history');
    const res = await pairing({ parentId: pallet, childrenIds: [a, b] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { 'childrenIds.1': [3006] } });
    expect(await server.count('barcode_history')).toBe(before);
    expect((await placeOf(server, a!)).parent_id).toBeNull();
  });

  it('refuses barcodes of another enterprise (as unknown), another project and another version', async () => {
    const pallet = await activated(server, 'pallet');
    const ids = [
      await barcodeElsewhere(server, 'otherEnterprise'),
      await barcodeElsewhere(server, 'secure'),
      await barcodeElsewhere(server, 'demoVersion2'),
    ];
    const res = await pairing({ parentId: pallet, childrenIds: ids });
    expect(res.json()).toEqual({
      errors: { 'childrenIds.0': [2303], 'childrenIds.1': [3082], 'childrenIds.2': [3084] },
    });
    const dry = (await pairing({ parentId: pallet, childrenIds: ids, dryRun: true })).json().data.children;
    expect(dry[0]).toEqual({ id: ids[0], code: 2303, barcodeType: null, externalId: null });
  });

  it('refuses a deactivated child (3095) and a deactivated parent (3095)', async () => {
    const [pallet, other] = await activatedMany(server, 'pallet', 2);
    const child = await activated(server, 'case');
    await server.ctx.db.query('update barcodes set is_deactivated = true where id = $1', [child]);
    expect((await pairing({ parentId: pallet, childrenIds: [child] })).json()).toEqual({
      errors: { 'childrenIds.0': [3095] },
    });
    await server.ctx.db.query('update barcodes set is_deactivated = true where id = $1', [other]);
    expect((await pairing({ parentId: other, childrenIds: [await activated(server, 'case')] })).json()).toEqual({
      errors: { $common: [3095] },
    });
  });

  it('refuses more children than the reserved count (3025), counting those it has', async () => {
    const pallet = await activated(server, 'pallet');
    const cases = await activatedMany(server, 'case', 5);
    await pairVia(client, pallet, cases.slice(0, 3));
    expect((await pairing({ parentId: pallet, childrenIds: cases.slice(3) })).json()).toEqual({
      errors: { 'childrenIds.1': [3025] },
    });
    await pairVia(client, pallet, cases.slice(3, 4));
  });

  it('refuses parents that cannot take children: not activated (3001), a type without children (3019), prohibited here (3021)', async () => {
    const fresh = (await client.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })).json().data
      .id as string;
    const child = await activated(server, 'case');
    expect((await pairing({ parentId: fresh, childrenIds: [child] })).json()).toEqual({ errors: { $common: [3001] } });
    const logger = await activated(server, 'logger');
    expect((await pairing({ parentId: logger, childrenIds: [child] })).json()).toEqual({ errors: { $common: [3019] } });
    const delivered = await activated(server, 'pallet');
    const box = await activated(server, 'case');
    await pairVia(client, delivered, [box]);
    await trackTo(client, delivered, 'distributionCentre', 'carrier', 'pharmacy');
    expect((await pairing({ parentId: delivered, childrenIds: [child] })).json()).toEqual({
      errors: { $common: [3021] },
    });
  });

  it('refuses loops at any depth (3024) and allows three levels', async () => {
    const [top, middle, bottom] = await activatedMany(server, 'case', 3);
    await pairVia(client, top!, [middle!]);
    await pairVia(client, middle!, [bottom!]);
    const loop = await pairing({ parentId: bottom, childrenIds: [top] });
    expect(loop.json()).toEqual({ errors: { 'childrenIds.0': [3024] } });
    expect((await client.get(`/api/barcode/barcode?id=${bottom}`)).json().data.hierarchy.ancestorIds).toEqual([
      middle,
      top,
    ]);
  });

  it('is for users of the enterprise who may add tracking (403), logged in (401)', async () => {
    const pallet = await activated(server, 'pallet');
    const child = await activated(server, 'case');
    for (const code of ['33334444', '55556666']) {
      expect(
        (await (await loggedIn(server, code)).post('/api/barcode/pairing', { parentId: pallet, childrenIds: [child] }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (
        await new Client(server.app, '10.9.9.9').post('/api/barcode/pairing', {
          parentId: pallet,
          childrenIds: [child],
        })
      ).statusCode,
    ).toBe(401);
    expect((await placeOf(server, child)).parent_id).toBeNull();
  });

  it("answers malformed bodies with the catalogue's codes: oversized lists, missing and unknown fields", async () => {
    const pallet = await activated(server, 'pallet');
    const many = Array.from({ length: 501 }, (_, i) => `C${String(i).padStart(11, '0')}`);
    expect((await pairing({ parentId: pallet, childrenIds: many })).json()).toEqual({
      errors: { childrenIds: [1005] },
    });
    expect((await pairing({ parentId: pallet, childrenIds: [] })).json()).toEqual({ errors: { childrenIds: [1000] } });
    expect((await pairing({ parentId: pallet })).json()).toEqual({ errors: { childrenIds: [1000] } });
    expect((await pairing({ parentId: 'short', childrenIds: ['X'] })).json()).toEqual({ errors: { parentId: [1001] } });
    expect((await pairing({ parentId: pallet, childrenIds: ['X'], colour: 'red' })).json()).toEqual({
      errors: { colour: [2200] },
    });
    expect((await pairing({ parentId: 'NOSUCHCODE12', childrenIds: ['X'] })).json()).toEqual({
      errors: { $common: [2303] },
    });
  });
});

describe('two staff pairing the same child at the same moment', () => {
  it('200 concurrent pairings of one child to ten parents end with exactly one parent', async () => {
    const parents = await activatedMany(server, 'pallet', 10);
    const child = await activated(server, 'case');
    const other = await staff(server);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? client : other).post('/api/barcode/pairing', { parentId: parents[i % 10], childrenIds: [child] }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect([[3018], [3004]]).toContainEqual(r.json().errors['childrenIds.0'] ?? r.json().errors.$common);
    const { parent_id: parent } = await placeOf(server, child);
    expect(parents).toContain(parent);
    expect((await historyActions(server, child)).filter((a) => a === 'paired')).toHaveLength(1);
    const { rows } = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from barcode_history where action = 'paired' and barcode_id = any($1::text[])",
      [parents],
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('children travel with their parent', () => {
  it('tracking a parent moves every descendant, each with a history entry; undo moves them back', async () => {
    const pallet = await activated(server, 'pallet');
    const [caseA, caseB, inner] = await activatedMany(server, 'case', 3);
    await pairVia(client, caseA!, [inner!]);
    await pairVia(client, pallet, [caseA!, caseB!]);
    await trackTo(client, pallet, 'distributionCentre');
    for (const id of [caseA, caseB, inner]) {
      expect((await placeOf(server, id!)).current_track_point_key).toBe('distributionCentre');
      expect((await historyActions(server, id!)).at(-1)).toBe('moved-with-parent');
    }
    const { rows } = await server.ctx.db.query<{ data: unknown }>(
      "select data from barcode_history where barcode_id = $1 and action = 'moved-with-parent'",
      [inner],
    );
    expect(rows[0]?.data).toEqual({ withParent: pallet });

    expect((await undoLatest(client, pallet)).statusCode).toBe(200);
    for (const id of [pallet, caseA, caseB, inner])
      expect((await placeOf(server, id!)).current_track_point_key).toBe('manufacturer');
    expect((await historyActions(server, inner!)).at(-1)).toBe('moved-back-with-parent');
  });

  it('a paired child is neither tracked nor undone on its own (3013)', async () => {
    const pallet = await activated(server, 'pallet');
    const child = await activated(server, 'case');
    await trackTo(client, pallet, 'distributionCentre');
    await trackTo(client, child, 'distributionCentre');
    await pairVia(client, pallet, [child]);
    const tracked = await client.post('/api/barcode/tracking', {
      barcodeId: child,
      trackPointKey: 'carrier',
      forms: { pickup: { vehicleId: 'TK-1' } },
    });
    expect(tracked.json()).toEqual({ errors: { $common: [3013] } });
    expect((await undoLatest(client, child)).json()).toEqual({ errors: { $common: [3013] } });
    expect((await placeOf(server, child)).current_track_point_key).toBe('distributionCentre');
  });

  it('mandatory pairing: a pallet leaves the carrier only with children (3020)', async () => {
    const pallet = await activated(server, 'pallet');
    await trackTo(client, pallet, 'distributionCentre', 'carrier');
    const onward = { barcodeId: pallet, trackPointKey: 'pharmacy', forms: formsFor('pharmacy', pallet) };
    expect((await client.post('/api/barcode/tracking', onward)).json()).toEqual({ errors: { $common: [3020] } });
    const child = await activated(server, 'case');
    await trackTo(client, child, 'distributionCentre', 'carrier');
    await pairVia(client, pallet, [child]);
    expect((await client.post('/api/barcode/tracking', onward)).statusCode).toBe(200);
    expect((await placeOf(server, child)).current_track_point_key).toBe('pharmacy');
  });

  it('mandatory unpairing: a case with children leaves the distribution centre only once they are unpaired (3022)', async () => {
    const [outer, inner] = await activatedMany(server, 'case', 2);
    await pairVia(client, outer!, [inner!]);
    await trackTo(client, outer!, 'distributionCentre');
    const onward = { barcodeId: outer, trackPointKey: 'carrier', forms: { pickup: { vehicleId: 'TK-1' } } };
    expect((await client.post('/api/barcode/tracking', onward)).json()).toEqual({ errors: { $common: [3022] } });
    expect((await unpairing({ parentId: outer, unpairAll: true })).statusCode).toBe(200);
    expect((await client.post('/api/barcode/tracking', onward)).statusCode).toBe(200);
    expect((await placeOf(server, inner!)).current_track_point_key).toBe('distributionCentre');
  });
});

describe('POST /barcode/unpairing', () => {
  it('unpairs the selected children, with a dry run first, and history on both sides', async () => {
    const pallet = await activated(server, 'pallet');
    const cases = await activatedMany(server, 'case', 3);
    await pairVia(client, pallet, cases);
    const before = await server.count('barcode_history');
    const dry = await unpairing({ parentId: pallet, childrenIds: [cases[1]], dryRun: true });
    expect(dry.json().data).toEqual({
      dryRun: true,
      parentId: pallet,
      reserved: { count: 2, max: 4 },
      children: [{ id: cases[1], code: null, barcodeType: 'case', externalId: null }],
    });
    expect(await server.count('barcode_history')).toBe(before);
    expect((await unpairing({ parentId: pallet, childrenIds: [cases[1]] })).statusCode).toBe(200);
    expect(await placeOf(server, cases[1]!)).toEqual({ parent_id: null, current_track_point_key: 'manufacturer' });
    expect((await historyActions(server, pallet)).at(-1)).toBe('unpaired');
    expect((await historyActions(server, cases[1]!)).at(-1)).toBe('unpaired');
    const all = await unpairing({ parentId: pallet, unpairAll: true, dryRun: true });
    expect(all.json().data.children.map((c: { id: string }) => c.id)).toEqual([cases[0], cases[2]]);
    expect((await unpairing({ parentId: pallet, unpairAll: true })).statusCode).toBe(200);
    expect((await client.get(`/api/barcode/children?id=${pallet}`)).json().data).toEqual({
      total: 0,
      childrenTotal: 0,
      items: [],
    });
    expect((await client.get(`/api/barcode/barcode?id=${pallet}`)).json().data.relationActions.unpair).toEqual({
      code: 3026,
    });
  });

  it("refuses itself (3016), duplicates (3017), unknown ids (2303), other parents' children (3026), writing nothing", async () => {
    const pallet = await activated(server, 'pallet');
    const [mine, theirs] = await activatedMany(server, 'case', 2);
    await pairVia(client, pallet, [mine!]);
    await pairVia(client, await activated(server, 'pallet'), [theirs!]);
    const res = await unpairing({ parentId: pallet, childrenIds: [mine, pallet, mine, 'NOSUCHCODE12', theirs] });
    expect(res.json()).toEqual({
      errors: { 'childrenIds.1': [3016], 'childrenIds.2': [3017], 'childrenIds.3': [2303], 'childrenIds.4': [3026] },
    });
    expect((await placeOf(server, mine!)).parent_id).toBe(pallet);
  });

  it('is refused where the trackpoint prohibits it (3023), and needs unpairAll or a list (1000)', async () => {
    const pallet = await activated(server, 'pallet');
    const child = await activated(server, 'case');
    await pairVia(client, pallet, [child]);
    await trackTo(client, pallet, 'distributionCentre', 'carrier');
    expect((await unpairing({ parentId: pallet, unpairAll: true })).json()).toEqual({ errors: { $common: [3023] } });
    expect((await unpairing({ parentId: pallet })).json()).toEqual({ errors: { childrenIds: [1000] } });
    expect((await placeOf(server, child)).parent_id).toBe(pallet);
  });
});

describe('GET /barcode/children', () => {
  it('serves the tree depth first, page by page, to anyone', async () => {
    const pallet = await activated(server, 'pallet');
    const [a, b, a1, a2] = await activatedMany(server, 'case', 4);
    await pairVia(client, a!, [a1!, a2!]);
    await pairVia(client, pallet, [a!, b!]);
    const visitor = new Client(server.app, '10.9.9.10');
    const page = (await visitor.get(`/api/barcode/children?id=${pallet}&count=3`)).json().data;
    expect(page.total).toBe(4);
    expect(page.childrenTotal).toBe(2);
    expect(
      page.items.map((i: { id: string; depth: number; parentId: string; childrenCount: number }) => [
        i.id,
        i.depth,
        i.parentId,
        i.childrenCount,
      ]),
    ).toEqual([
      [a, 1, pallet, 2],
      [a1, 2, a, 0],
      [a2, 2, a, 0],
    ]);
    const next = (await visitor.get(`/api/barcode/children?id=${pallet}&skip=3&count=3`)).json().data;
    expect(next.items.map((i: { id: string }) => i.id)).toEqual([b]);
    expect((await visitor.get(`/api/barcode/children?id=${pallet}&skip=9`)).json().data).toEqual({
      total: 4,
      childrenTotal: 2,
      items: [],
    });
    expect((await visitor.get(`/api/barcode/children?id=${pallet}&count=201`)).json()).toEqual({
      errors: { count: [1009] },
    });
  });
});

describe('recycling a paired barcode', () => {
  it('is refused for the parent and the child (3011)', async () => {
    const pallet = await activated(server, 'pallet');
    const child = await activated(server, 'case');
    await pairVia(client, pallet, [child]);
    expect((await client.post('/api/barcode/recycle', { barcodeId: pallet, dryRun: true })).json()).toEqual({
      errors: { $common: [3011] },
    });
    expect((await client.post('/api/barcode/recycle', { barcodeId: child, dryRun: true })).json()).toEqual({
      errors: { $common: [3011] },
    });
  });
});
