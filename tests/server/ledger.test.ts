import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstBrokenLogPosition, type ExportedLog } from '../../server/infra/ledger-chain';
import { runInGroup, stopGroups } from '../../scripts/process-group';
import { SEED, startTestServer, type Client, type TestServer } from './harness';
import { loggedIn, undoLatest } from './barcode-fixtures';
import { activatedPallet, deliveredPallet, put, staff, trackTo, formsFor } from './lifecycle-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await stopGroups();
  await server.close();
});

const status = (client: Client, id: string, index?: number) =>
  client.get(`/api/barcode/ledger/status?id=${id}${index === undefined ? '' : `&index=${index}`}`);
const reconcile = (client: Client, barcodeId: string, index: number) =>
  client.post('/api/barcode/ledger/reconcile', { barcodeId, index });
const hashes = async (id: string) =>
  (
    await server.ctx.db.query<{ entry_hash: string | null }>(
      'select entry_hash from barcode_history where barcode_id = $1 order by seq',
      [id],
    )
  ).rows.map((r) => r.entry_hash);

describe('GET /barcode/ledger/status', () => {
  it('says a history written through the API is intact, up to its latest entry or the index asked', async () => {
    const id = await deliveredPallet(server);
    const client = await staff(server);
    expect((await status(client, id)).json()).toEqual({
      data: { barcodeId: id, checked: 5, lastIndex: 5, intact: true, brokenIndex: null, sealedIndex: null },
    });
    expect((await status(client, id, 2)).json().data).toMatchObject({ checked: 2, intact: true });
    expect((await status(client, id, 99)).json().data).toMatchObject({ checked: 5, intact: true });
    expect(await hashes(id)).toHaveLength(5);
    expect((await hashes(id)).every((h) => /^[0-9a-f]{64}$/.test(h ?? ''))).toBe(true);
  });

  it('reports the index of a history row edited directly in SQL, and entries before it as intact', async () => {
    const id = await deliveredPallet(server);
    const client = await staff(server);
    await server.ctx.db.query(
      `update barcode_history set data = jsonb_set(data, '{forms,receiving,receivedTemperature}', '4') where barcode_id = $1 and seq = 3`,
      [id],
    );
    expect((await status(client, id)).json().data).toMatchObject({
      intact: false,
      brokenIndex: 3,
      checked: 3,
      lastIndex: 5,
    });
    expect((await status(client, id, 2)).json().data).toMatchObject({ intact: true, brokenIndex: null });
    // Another column, another entry: a changed time is found as well.
    const other = await deliveredPallet(server);
    await server.ctx.db.query(
      "update barcode_history set created_at = created_at - interval '1 second' where barcode_id = $1 and seq = 4",
      [other],
    );
    expect((await status(client, other)).json().data).toMatchObject({ intact: false, brokenIndex: 4 });
  });

  it('reports a deleted entry at its index', async () => {
    const id = await deliveredPallet(server);
    await server.ctx.db.query('delete from barcode_history where barcode_id = $1 and seq = 2', [id]);
    expect((await status(await staff(server), id)).json().data).toMatchObject({ intact: false, brokenIndex: 2 });
  });

  it('chains entries written before the ledger existed the first time it is read, then keeps them', async () => {
    const id = await deliveredPallet(server);
    const before = await hashes(id);
    await server.ctx.db.query('update barcode_history set entry_hash = null where barcode_id = $1', [id]);
    expect((await status(await staff(server), id)).json().data).toMatchObject({ intact: true, checked: 5 });
    expect(await hashes(id)).toEqual(before);
  });

  it("is for users of the project's enterprise (403), of a barcode that exists (2303)", async () => {
    const id = await activatedPallet(server);
    expect((await status(await loggedIn(server, '55556666'), id)).json()).toEqual({ errors: { $common: [403] } });
    expect((await status(await staff(server), 'AAAAAAAAAAAA')).json()).toEqual({ errors: { $common: [2303] } });
  });
});

describe('POST /barcode/ledger/reconcile', () => {
  it('seals the chain up to the index: the log holds its head, and a repeat answers the same seal', async () => {
    const id = await deliveredPallet(server);
    const client = await staff(server);
    const first = await reconcile(client, id, 5);
    expect(first.statusCode, first.body).toBe(200);
    const seal = first.json().data;
    expect(seal).toMatchObject({
      barcodeId: id,
      sealedIndex: 5,
      seal: { barcodeId: id, seq: 5, projectId: SEED.demoProject },
    });
    expect(seal.seal.entryHash).toBe((await hashes(id))[4]);
    expect((await reconcile(client, id, 5)).json().data).toEqual(seal);
    expect((await reconcile(client, id, 3)).json().data).toEqual(seal);
    expect((await server.ctx.db.query('select 1 from ledger_log where barcode_id = $1', [id])).rows).toHaveLength(1);
    expect((await status(client, id)).json().data).toMatchObject({ intact: true, sealedIndex: 5 });
  });

  it('seals once when many requests race, and the project log stays one chain', async () => {
    const ids = [await deliveredPallet(server), await deliveredPallet(server)];
    const client = await staff(server);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reconcile(client, ids[i % 2] as string, 4)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    for (const id of ids)
      expect((await server.ctx.db.query('select 1 from ledger_log where barcode_id = $1', [id])).rows).toHaveLength(1);
    const log = (await client.get(`/api/barcode/ledger/log?projectId=${SEED.demoProject}`)).json().data as ExportedLog;
    expect(firstBrokenLogPosition(log)).toBeNull();
  });

  it('refuses to recycle a sealed barcode (3012), to undo or edit a sealed step (2000), and SQL cannot change a sealed entry', async () => {
    const client = await staff(server);
    const id = await activatedPallet(server);
    await trackTo(client, id, 'distributionCentre');
    expect((await reconcile(client, id, 3)).statusCode).toBe(200);
    expect((await undoLatest(client, id)).json()).toEqual({ errors: { $common: [2000] } });
    expect(
      (
        await put(client, '/api/barcode/tracking', {
          barcodeId: id,
          trackPointKey: 'distributionCentre',
          forms: formsFor('distributionCentre', id),
        })
      ).json(),
    ).toEqual({ errors: { $common: [2000] } });
    await trackTo(client, id, 'carrier', 'pharmacy');
    expect((await client.post('/api/barcode/recycle', { barcodeId: id })).json()).toEqual({
      errors: { $common: [3012] },
    });
    // Entries after the seal still change as usual.
    expect((await undoLatest(client, id)).statusCode).toBe(200);
    await expect(
      server.ctx.db.query("update barcode_history set action = 'x' where barcode_id = $1 and seq = 2", [id]),
    ).rejects.toThrow(/sealed/);
    await expect(
      server.ctx.db.query('delete from barcode_history where barcode_id = $1 and seq = 3', [id]),
    ).rejects.toThrow(/sealed/);
    expect((await status(client, id)).json().data).toMatchObject({ intact: true, sealedIndex: 3 });
  });

  it('refuses a broken chain (3100), an index past the history (1011), non-staff (403) and other enterprises (403)', async () => {
    const id = await deliveredPallet(server);
    const client = await staff(server);
    expect((await reconcile(client, id, 6)).json()).toEqual({ errors: { index: [1011] } });
    expect((await reconcile(await loggedIn(server, '33334444'), id, 5)).json()).toEqual({ errors: { $common: [403] } });
    expect((await reconcile(await loggedIn(server, '55556666'), id, 5)).json()).toEqual({ errors: { $common: [403] } });
    await server.ctx.db.query(
      "update barcode_history set track_point_key = 'pharmacy' where barcode_id = $1 and seq = 4",
      [id],
    );
    expect((await reconcile(client, id, 5)).json()).toEqual({ errors: { $common: [3100] } });
    // Before the break it can still be sealed.
    expect((await reconcile(client, id, 3)).statusCode).toBe(200);
    expect(await server.count('ledger_log')).toBeGreaterThan(0);
  });
});

describe('the project log', () => {
  it('is append-only: no update, delete or truncate', async () => {
    const id = await deliveredPallet(server);
    expect((await reconcile(await staff(server), id, 5)).statusCode).toBe(200);
    await expect(
      server.ctx.db.query("update ledger_log set entry_hash = 'x' where barcode_id = $1", [id]),
    ).rejects.toThrow(/append-only/);
    await expect(server.ctx.db.query('delete from ledger_log where barcode_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(server.ctx.db.query('truncate ledger_log')).rejects.toThrow(/append-only/);
  });

  it('exports a chain a third party checks, and a changed export fails at the row changed', async () => {
    const client = await staff(server);
    for (let i = 0; i < 3; i += 1)
      expect((await reconcile(client, await deliveredPallet(server), 5)).statusCode).toBe(200);
    const log = (await client.get(`/api/barcode/ledger/log?projectId=${SEED.demoProject}`)).json().data as ExportedLog;
    expect(log.entries.length).toBeGreaterThanOrEqual(3);
    expect(firstBrokenLogPosition(log)).toBeNull();
    const tampered = {
      ...log,
      entries: log.entries.map((e, i) => (i === 1 ? { ...e, entryHash: 'f'.repeat(64) } : e)),
    };
    expect(firstBrokenLogPosition(tampered)).toBe(2);
    expect(firstBrokenLogPosition({ ...log, entries: log.entries.slice(1) })).toBe(1);
    expect(
      (await (await loggedIn(server, '55556666')).get(`/api/barcode/ledger/log?projectId=${SEED.demoProject}`))
        .statusCode,
    ).toBe(403);

    // The verification command of docs/engineers/standards.md, as a third party runs it on the downloaded answer.
    const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    const verify = async (name: string, content: unknown) => {
      writeFileSync(join(dir, name), JSON.stringify(content));
      const { code, stdout } = await runInGroup(
        process.execPath,
        ['--import', 'tsx', 'scripts/ledger-verify.ts', join(dir, name)],
        { timeoutMs: 120_000 },
      );
      return { code, out: stdout };
    };
    expect(await verify('log.json', { data: log })).toEqual({
      code: 0,
      out: expect.stringMatching(/^intact: \d+ seals/),
    });
    expect(await verify('tampered.json', tampered)).toEqual({
      code: 1,
      out: expect.stringContaining('broken at position 2'),
    });
    expect((await verify('other.json', { hello: 1 })).code).toBe(2);
  });
});

describe('concurrent writers of one barcode', () => {
  it('chain correctly: tracking, undo and ledger reads racing leave an intact chain with every entry hashed', async () => {
    const [hana, mai] = [await staff(server), await loggedIn(server, '77778888')];
    const id = await activatedPallet(server);
    const body = { barcodeId: id, trackPointKey: 'distributionCentre', forms: formsFor('distributionCentre', id) };
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? hana : mai).post('/api/barcode/tracking', body)),
      ...Array.from({ length: 10 }, () => status(hana, id)),
    ]);
    await Promise.all([
      undoLatest(hana, id),
      undoLatest(mai, id),
      status(mai, id),
      hana.post('/api/barcode/tracking', body),
      status(hana, id),
    ]);
    expect((await hashes(id)).every((h) => h !== null)).toBe(true);
    expect((await status(hana, id)).json().data).toMatchObject({ intact: true, brokenIndex: null });
  });
});
