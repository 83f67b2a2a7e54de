import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './admin-fixtures';
import { SEED, startTestServer, type Client, type TestServer } from './harness';

// The audit log screen lists its entries newest first, by the time each action happened.

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await adminClient(server, { name: 'Aiko Mori' })).client;
});
afterAll(() => server.close());

interface Entry {
  id: string;
  at: string;
  action: string;
  targetId: string;
}
const page = async (query: string) =>
  (await admin.get(`/api/admin/audit-log?${query}`)).json().data as { items: Entry[]; total: number };

/** Newest first: each entry's time is not after the one before it, and within one instant the higher number first. */
function expectNewestFirst(items: Entry[]) {
  for (let i = 1; i < items.length; i += 1) {
    const [newer, older] = [items[i - 1]!, items[i]!];
    const order = Date.parse(newer.at) - Date.parse(older.at) || Number(newer.id) - Number(older.id);
    expect(order, `${newer.id} (${newer.at}) before ${older.id} (${older.at})`).toBeGreaterThan(0);
  }
}

describe('the audit log, newest first', () => {
  it('lists more than ten entries newest first, across pages, the latest action at the top', async () => {
    for (let i = 0; i < 12; i += 1) await adminClient(server, { login: `ordered.${i}` });
    const all = await page('count=100');
    expect(all.total).toBeGreaterThan(10);
    expect(Number(all.items[0]!.id)).toBeGreaterThanOrEqual(10);
    expect(all.items[0]).toMatchObject({ action: 'admin.create' });
    expectNewestFirst(all.items);
    const pages = [...(await page('count=5&skip=0')).items, ...(await page('count=5&skip=5')).items];
    expect(pages.map((e) => e.id)).toEqual(all.items.slice(0, 10).map((e) => e.id));
  });

  it('orders by when the action happened, also when a later number holds an earlier time', async () => {
    // An entry's time is when its transaction began, its number when it was written: a publish that
    // began first and wrote last has the higher number and the earlier time. Twelve such entries,
    // an hour ahead so they are the newest, each numbered after the one with the next later time.
    const start = Date.now() + 3_600_000;
    for (let i = 0; i < 12; i += 1)
      await server.ctx.db.query(
        `insert into audit_log (at, actor_name, enterprise_id, project_code, action, target_type, target_id)
         values ($1, 'command line', $2, 'demo', 'project.publish', 'project', $3)`,
        [new Date(start - i * 1000).toISOString(), SEED.enterprise, `late-${i}`],
      );
    const { items } = await page('count=12&action=project.publish');
    expect(items.map((e) => e.targetId)).toEqual(Array.from({ length: 12 }, (_, i) => `late-${i}`));
    expectNewestFirst((await page('count=100')).items);
  });
});
