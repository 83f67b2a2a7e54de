import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, newBarcode, secureSession } from './barcode-fixtures';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { activatedPallet, staff, trackTo } from './lifecycle-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const activity = async (client: Client, projectId = SEED.demoProject, utcOffset = 0) =>
  client.get(`/api/barcode/activity?projectId=${projectId}&utcOffset=${utcOffset}`);
const stepsAt = (data: { trackPoints: { key: string; counts: number[] }[] }, key: string) =>
  data.trackPoints.find((p) => p.key === key)?.counts ?? [];
const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

describe('GET /barcode/activity', () => {
  it("counts the project's steps per day per trackpoint and its key actions over the last 30 days", async () => {
    const client = await staff(server);
    const before = (await activity(client)).json().data;
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const id = await activatedPallet(server);
    await trackTo(client, id, 'distributionCentre', 'carrier');
    await newBarcode(server);
    const res = await activity(client);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.totals.generated - before.totals.generated).toBe(2);
    expect(after.totals.activated - before.totals.activated).toBe(1);
    expect(after.totals.tracked - before.totals.tracked).toBe(2);
    for (const key of ['manufacturer', 'distributionCentre', 'carrier']) {
      expect(stepsAt(after, key).at(-1)! - (stepsAt(before, key).at(-1) ?? 0), key).toBe(1);
    }
    // Trackpoints come in the configuration's order.
    const keys = after.trackPoints.map((p: { key: string }) => p.key);
    expect(keys.indexOf('manufacturer')).toBeLessThan(keys.indexOf('carrier'));
  });

  it('leaves out steps older than 30 days and those of other projects', async () => {
    const client = await staff(server);
    const before = (await activity(client)).json().data;
    const id = await activatedPallet(server);
    await server.ctx.db.query(
      `update barcode_history set created_at = now() - interval '40 days' where barcode_id = $1`,
      [id],
    );
    const after = (await activity(client)).json().data;
    expect(after.totals).toEqual(before.totals);
    expect(sum(stepsAt(after, 'manufacturer'))).toBe(sum(stepsAt(before, 'manufacturer')));
    const secure = (await activity(await secureSession(server), SEED.secureProject)).json().data;
    expect(secure.totals).toEqual({ generated: 0, activated: 0, tracked: 0, paired: 0 });
  });

  it("is for the project's enterprise's staff only: 403 for client users and other enterprises, 401 for visitors", async () => {
    expect((await activity(await loggedIn(server, '33334444'))).statusCode).toBe(403);
    const other = await activity(await loggedIn(server, '55556666'));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ errors: { $common: [expect.any(Number)] } });
    const visitor = await new Client(server.app).get(
      `/api/barcode/activity?projectId=${SEED.demoProject}&utcOffset=0&visitorId=${VISITOR}`,
    );
    expect([400, 401]).toContain(visitor.statusCode);
    expect((await activity(await staff(server), SEED.demoProject, 15)).statusCode).toBe(400);
  });
});
