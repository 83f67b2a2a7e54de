import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, startTestServer, type TestServer, type Client } from './harness';
import { activation, loggedIn, newBarcode } from './barcode-fixtures';
import { formData, PNG_BYTES } from './multipart';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let n = 0;
const newKey = () => `key-${Date.now()}-${(n += 1)}`;
const send = (client: Client, method: 'POST' | 'PUT', url: string, payload: object, key: string) =>
  client.request({ method, url, payload, headers: { 'idempotency-key': key } });
const generate = { projectCode: 'demo', projectVersion: 1 };
const historyOf = async (id: string, action: string) =>
  (await server.ctx.db.query('select 1 from barcode_history where barcode_id = $1 and action = $2', [id, action])).rows
    .length;

describe('Idempotency-Key on write requests', () => {
  it('answers a repeat with the first answer, status and body, and writes nothing more', async () => {
    const client = await loggedIn(server, '11112222');
    const key = newKey();
    const before = await server.count('barcodes');
    const first = await send(client, 'POST', '/api/barcode/barcode', generate, key);
    const again = await send(client, 'POST', '/api/barcode/barcode', generate, key);
    expect(first.statusCode).toBe(200);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await server.count('barcodes')).toBe(before + 1);
    // Without a key, or with another one, the same body is a new request.
    expect((await send(client, 'POST', '/api/barcode/barcode', generate, newKey())).json()).not.toEqual(first.json());
    expect(await server.count('barcodes')).toBe(before + 2);
  });

  it('answers a repeat of a refused request with the same refusal', async () => {
    const client = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    const key = newKey();
    const first = await send(client, 'POST', '/api/barcode/undo-tracking', { barcodeId: id, seq: 1 }, key);
    expect(first.json()).toEqual({ errors: { $common: [3008] } });
    const again = await send(client, 'POST', '/api/barcode/undo-tracking', { barcodeId: id, seq: 1 }, key);
    expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
  });

  it('refuses the same key with another body or URL with 409 (3015), writing nothing', async () => {
    const client = await loggedIn(server, '11112222');
    const key = newKey();
    expect((await send(client, 'POST', '/api/barcode/barcode', generate, key)).statusCode).toBe(200);
    const before = await server.count('barcodes');
    const other = await send(client, 'POST', '/api/barcode/barcode', { ...generate, externalId: 'IDEM-1' }, key);
    expect([other.statusCode, other.json()]).toEqual([409, { errors: { $common: [3015] } }]);
    const id = await newBarcode(server);
    const elsewhere = await send(client, 'POST', '/api/barcode/activation', activation(id), key);
    expect(elsewhere.statusCode).toBe(409);
    expect(await server.count('barcodes')).toBe(before + 1);
    expect((await client.get(`/api/barcode/barcode?id=${id}`)).json().data.isActivated).toBe(false);
  });

  it('is ignored by the session calls: a repeated login or refresh with a key sets new session cookies each time', async () => {
    const client = await loggedIn(server, '11112222');
    const sessionCookies = (res: { cookies: { name: string; value: string }[] }) =>
      res.cookies.filter((c) => c.name === 'sb_access' || c.name === 'sb_refresh').map((c) => c.value);
    const login = { projectId: SEED.demoProject, accessCode: '33334444', visitorId: 'visitor-idem-session' };
    const key = newKey();
    const keysBefore = await server.count('idempotency_keys');
    // Logged in as one user, a login with a key as another: the session changes owner.
    const first = await send(client, 'POST', '/api/user/authorize', login, key);
    const again = await send(client, 'POST', '/api/user/authorize', login, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(sessionCookies(again)).toHaveLength(2);
    expect(sessionCookies(again)).not.toEqual(sessionCookies(first));
    // A refresh with a key rotates the tokens each time: a stored answer would set no cookie.
    const refreshKey = newKey();
    const refreshed = await send(
      client,
      'POST',
      '/api/user/refresh-token',
      { visitorId: 'visitor-idem-session' },
      refreshKey,
    );
    const refreshedAgain = await send(
      client,
      'POST',
      '/api/user/refresh-token',
      { visitorId: 'visitor-idem-session' },
      refreshKey,
    );
    expect([refreshed.statusCode, refreshedAgain.statusCode]).toEqual([200, 200]);
    expect(refreshedAgain.headers['idempotent-replayed']).toBeUndefined();
    expect(sessionCookies(refreshedAgain)).toHaveLength(2);
    expect(sessionCookies(refreshedAgain)).not.toEqual(sessionCookies(refreshed));
    expect(await server.count('idempotency_keys')).toBe(keysBefore);
  });

  it("keeps keys per user: another user's same key is a request of its own", async () => {
    const key = newKey();
    const a = await send(await loggedIn(server, '11112222'), 'POST', '/api/barcode/barcode', generate, key);
    const b = await send(await loggedIn(server, '33334444'), 'POST', '/api/barcode/barcode', generate, key);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.id).not.toBe(b.json().data.id);
  });

  it('makes 50 identical activation edits sent at once one edit', async () => {
    const client = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    expect((await client.post('/api/barcode/activation', activation(id))).statusCode).toBe(200);
    const edit = activation(id, { trackingNumber: 'TN-IDEM' });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send(client, 'PUT', '/api/barcode/activation', edit, key)),
    );
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
      Array.from({ length: 50 }, () => [200, { data: true }]),
    );
    expect(await historyOf(id, 'activation-edited')).toBe(1);
  });

  it('forgets an answer after a day: the key then starts afresh', async () => {
    const client = await loggedIn(server, '11112222');
    const key = newKey();
    const first = await send(client, 'POST', '/api/barcode/barcode', generate, key);
    await server.ctx.db.query("update idempotency_keys set expires_at = now() - interval '1 second' where key = $1", [
      key,
    ]);
    const later = await send(client, 'POST', '/api/barcode/barcode', generate, key);
    expect(later.statusCode).toBe(200);
    expect(later.json().data.id).not.toBe(first.json().data.id);
  });

  it('refuses a malformed key (1001) and ignores the header on requests without a session', async () => {
    const client = await loggedIn(server, '11112222');
    const bad = await send(client, 'POST', '/api/barcode/barcode', generate, 'a b');
    expect(bad.json()).toEqual({ errors: { 'Idempotency-Key': [1001] } });
    const visitor = await send(
      new (client.constructor as new (app: TestServer['app']) => Client)(server.app),
      'POST',
      '/api/barcode/barcode',
      generate,
      newKey(),
    );
    expect(visitor.statusCode).toBe(401);
  });

  it("stores an upload sent twice with its key once, though each send has its own multipart boundary (the outbox's repeat)", async () => {
    const client = await loggedIn(server, '11112222');
    const id = await newBarcode(server);
    const key = newKey();
    const sendFile = (content: Buffer) => {
      const form = formData([
        { name: 'barcodeId', value: id },
        { name: 'file', filename: 'signature.png', content, type: 'image/png' },
      ]);
      return client.request({
        method: 'POST',
        url: '/api/barcode/file',
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': key },
      });
    };
    const first = await sendFile(PNG_BYTES);
    const again = await sendFile(PNG_BYTES);
    expect(first.statusCode).toBe(200);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect((await server.ctx.db.query('select 1 from barcode_files where barcode_id = $1', [id])).rows).toHaveLength(1);
    // Another file (another size) with the same key: 409.
    expect((await sendFile(Buffer.concat([PNG_BYTES, PNG_BYTES]))).statusCode).toBe(409);
  });
});
