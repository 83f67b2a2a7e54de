import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PROJECTS_DIR, SEED, startTestServer, type TestServer } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';
import { activatedPallet, pair, staff, trackTo } from './lifecycle-fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkProjectConfig } from '@renderer/config-check';
import { fillTemplate } from '../../server/rules/message-template';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Notification {
  barcodeId: string;
  barcode: string;
  subject: string;
  body: string;
  displayedDateTime: string;
  mobileAlertDurationByMinutes: number | null;
}
const notifications = async (
  client: Client,
  id: string,
): Promise<{ current: Notification[]; descendants: Notification[] }> =>
  (await client.get(`/api/barcode/barcode-notifications?id=${id}`)).json().data;
const outboxFor = async (id: string) =>
  (
    await server.ctx.db.query<{ channel: string; destination: string; subject: string | null; body: string }>(
      "select channel, destination, subject, body from outbox where body like '%' || $1 || '%' or subject like '%' || $1 || '%' order by channel",
      [id],
    )
  ).rows;

describe('route notifications', () => {
  it('are stored and sent by e-mail and SMS when a barcode reaches a trackpoint that has one', async () => {
    const id = await activatedPallet(server, { externalId: 'PAL-NOTE-1' });
    const client = await staff(server);
    expect((await notifications(client, id)).current).toEqual([]);
    await trackTo(client, id, 'distributionCentre');
    const { current, descendants } = await notifications(client, id);
    expect(descendants).toEqual([]);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      barcodeId: id,
      barcode: 'PAL-NOTE-1',
      subject: `Vaccine pallet ${id} arrived at Distribution centre`,
      mobileAlertDurationByMinutes: 720,
    });
    expect(current[0]?.body).toContain('Product: Influenza vaccine<br>Lot: FLU-2026-1');
    expect(Math.abs(Date.parse(current[0]?.displayedDateTime ?? '') - Date.now())).toBeLessThan(60_000);
    expect(await outboxFor(id)).toEqual([
      { channel: 'email', destination: 'qa@frostline.example', subject: current[0]?.subject, body: current[0]?.body },
      { channel: 'sms', destination: '+819011112222', subject: null, body: current[0]?.subject },
    ]);
    // The carrier trackpoint has no route notification; the pharmacy one has no alert duration.
    await trackTo(client, id, 'carrier', 'pharmacy');
    const after = (await notifications(client, id)).current;
    expect(after.map((n) => [n.subject, n.mobileAlertDurationByMinutes])).toEqual([
      [`Vaccine pallet ${id} delivered to the pharmacy`, null],
      [`Vaccine pallet ${id} arrived at Distribution centre`, 720],
    ]);
  });

  it('are sent on activation at a start trackpoint that has one', async () => {
    const id = await newBarcode(server);
    expect(
      (
        await (
          await staff(server)
        ).post('/api/barcode/activation', activation(id, { trackPointKey: 'distributionCentre' }))
      ).statusCode,
    ).toBe(200);
    expect((await notifications(await staff(server), id)).current).toHaveLength(1);
  });

  it('are not sent when the step is refused', async () => {
    const id = await activatedPallet(server);
    const res = await (
      await staff(server)
    ).post('/api/barcode/tracking', { barcodeId: id, trackPointKey: 'distributionCentre', forms: { receiving: {} } });
    expect(res.statusCode).toBe(400);
    expect(await outboxFor(id)).toEqual([]);
    expect((await notifications(await staff(server), id)).current).toEqual([]);
  });

  it("escape the barcode's values but take the template verbatim (the client sanitises it)", async () => {
    const path = '{barcodeTypes,pallet,trackPoints,1,routeNotification,body}';
    const template = '<script>alert("xss")</script><p>{{field.productName}}</p>';
    const original = (
      await server.ctx.db.query<{ body: string }>('select config #>> $2 as body from projects where id = $1', [
        SEED.demoProject,
        path,
      ])
    ).rows[0]?.body;
    await server.ctx.db.query('update projects set config = jsonb_set(config, $2, to_jsonb($3::text)) where id = $1', [
      SEED.demoProject,
      path,
      template,
    ]);
    try {
      const id = await activatedPallet(server, {
        customFields: { ...activation('x').customFields, productName: '<img src=x onerror=alert(1)>' },
      });
      await trackTo(await staff(server), id, 'distributionCentre');
      expect((await notifications(await staff(server), id)).current[0]?.body).toBe(
        '<script>alert("xss")</script><p>&lt;img src=x onerror=alert(1)&gt;</p>',
      );
    } finally {
      await server.ctx.db.query(
        'update projects set config = jsonb_set(config, $2, to_jsonb($3::text)) where id = $1',
        [SEED.demoProject, path, original],
      );
    }
  });

  it("of a recycled barcode's previous trip are no longer shown", async () => {
    const id = await activatedPallet(server);
    const client = await staff(server);
    await trackTo(client, id, 'distributionCentre', 'carrier', 'pharmacy');
    expect((await notifications(client, id)).current).toHaveLength(2);
    expect((await client.post('/api/barcode/recycle', { barcodeId: id })).statusCode).toBe(200);
    expect((await notifications(client, id)).current).toEqual([]);
    expect((await client.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
    await trackTo(client, id, 'distributionCentre');
    expect((await notifications(client, id)).current).toHaveLength(1);
  });

  it('include those of every barcode paired under it, newest first', async () => {
    const client = await staff(server);
    const [parent, child, grandchild, other] = [
      await activatedPallet(server),
      await activatedPallet(server, { externalId: 'PAL-CHILD' }),
      await activatedPallet(server),
      await activatedPallet(server),
    ];
    await trackTo(client, child, 'distributionCentre');
    await trackTo(client, grandchild, 'distributionCentre');
    await trackTo(client, other, 'distributionCentre');
    await pair(server, child, parent);
    await pair(server, grandchild, child);
    const tree = await notifications(client, parent);
    expect(tree.current).toEqual([]);
    expect(tree.descendants.map((n) => [n.barcodeId, n.barcode])).toEqual([
      [grandchild, grandchild],
      [child, 'PAL-CHILD'],
    ]);
    expect((await notifications(client, child)).descendants.map((n) => n.barcodeId)).toEqual([grandchild]);
  });

  it('are for users of the enterprise only', async () => {
    const id = await activatedPallet(server);
    expect(
      (await new Client(server.app, '10.6.2.1').get(`/api/barcode/barcode-notifications?id=${id}`)).statusCode,
    ).toBe(401);
    expect(
      (await (await loggedIn(server, '55556666')).get(`/api/barcode/barcode-notifications?id=${id}`)).statusCode,
    ).toBe(403);
    expect(
      (await (await loggedIn(server, '33334444')).get(`/api/barcode/barcode-notifications?id=${id}`)).statusCode,
    ).toBe(200);
    expect((await (await staff(server)).get('/api/barcode/barcode-notifications?id=AAAAAAAAAAAA')).json()).toEqual({
      errors: { $common: [2303] },
    });
    expect((await (await staff(server)).get('/api/barcode/barcode-notifications?id=x')).json()).toEqual({
      errors: { id: [1001] },
    });
    expect((await (await staff(server)).get('/api/barcode/barcode-notifications')).json()).toEqual({
      errors: { id: [1000] },
    });
  });
});

describe('POST /barcode/compile-message', () => {
  const compile = (client: Client, barcodeId: string, template: unknown) =>
    client.post('/api/barcode/compile-message', { barcodeId, template });

  it('fills the template for the barcode at its current trackpoint, with what a visitor may see only', async () => {
    const id = await activatedPallet(server, {
      externalId: 'PAL-MSG-1',
      customFields: { ...activation('x').customFields, internalCost: 1200, handling: ['fragile', 'dry'] },
    });
    await server.ctx.db.query(
      `update barcodes set activation_data = activation_data || '{"qaNotes": "secret"}' where id = $1`,
      [id],
    );
    const template =
      '<b>{{externalId}}</b> {{barcodeType}} at {{trackPoint}} ({{trackPointKey}}): {{field.productName}} [{{field.handling}}] ' +
      'cost={{field.internalCost}} qa={{field.qaNotes}} none={{field.nothing}} {{ unknownThing }} {{field.origin}}';
    const res = await compile(await staff(server), id, template);
    expect(res.json()).toEqual({
      data:
        '<b>PAL-MSG-1</b> Vaccine pallet at Manufacturer (manufacturer): Influenza vaccine [fragile, dry] ' +
        'cost= qa= none= {{ unknownThing }} FrostLine Pharma 1-1 Umeda Osaka 530-0001 JPN +81 6-1234-5678',
    });
  });

  it('escapes the values it fills in', async () => {
    const id = await activatedPallet(server, {
      customFields: { ...activation('x').customFields, productName: '"Tom & Jerry" <b>' },
    });
    expect((await compile(await staff(server), id, '<i>{{field.productName}}</i>')).json().data).toBe(
      '<i>&quot;Tom &amp; Jerry&quot; &lt;b&gt;</i>',
    );
  });

  it('works for a barcode not activated yet (no type, no trackpoint)', async () => {
    const id = await newBarcode(server);
    expect((await compile(await staff(server), id, '{{barcodeId}}|{{barcodeType}}|{{trackPoint}}')).json().data).toBe(
      `${id}||`,
    );
  });

  it('is for users of the enterprise only, and checks its input', async () => {
    const id = await activatedPallet(server);
    expect((await compile(new Client(server.app, '10.6.2.2'), id, 'x')).statusCode).toBe(401);
    expect((await compile(await loggedIn(server, '55556666'), id, 'x')).statusCode).toBe(403);
    expect((await compile(await staff(server), 'AAAAAAAAAAAA', 'x')).json()).toEqual({ errors: { $common: [2303] } });
    expect((await compile(await staff(server), id, 42)).json()).toEqual({ errors: { template: [1001] } });
    expect((await compile(await staff(server), id, 'x'.repeat(4001))).json()).toEqual({ errors: { template: [1005] } });
  });
});

describe('fillTemplate', () => {
  it('escapes in HTML, not in plain text, and keeps unknown placeholders', () => {
    expect(fillTemplate('{{a}} {{ a }} {{b}} {{field.c}}', { a: '<&>' }, true)).toBe(
      '&lt;&amp;&gt; &lt;&amp;&gt; {{b}} ',
    );
    expect(fillTemplate('{{a}}', { a: '<&>' }, false)).toBe('<&>');
  });
});

describe('routeNotification in a project configuration', () => {
  const demo = () => JSON.parse(readFileSync(join(PROJECTS_DIR, 'demo@1.json'), 'utf8'));

  it('is accepted as configured in demo@1', () => {
    expect(checkProjectConfig(demo())).toEqual([]);
  });

  it('refuses a body over 4000 characters, a duration that is not a whole number of minutes and unknown options', () => {
    const config = demo();
    const point = config.barcodeTypes.pallet.trackPoints[1];
    point.routeNotification = {
      ...point.routeNotification,
      body: 'x'.repeat(4001),
      mobileAlertDurationByMinutes: 1.5,
      sound: 'loud',
    };
    const pointers = checkProjectConfig(config).map((p) => p.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/barcodeTypes/pallet/trackPoints/1/routeNotification/body',
        '/barcodeTypes/pallet/trackPoints/1/routeNotification/mobileAlertDurationByMinutes',
      ]),
    );
    expect(pointers.length).toBeGreaterThanOrEqual(3);
  });
});
