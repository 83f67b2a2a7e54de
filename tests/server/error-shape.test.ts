import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/error-codes';
import { writeUpload } from '../../server/infra/file-storage';
import { answerClientError } from '../../server/plugins/errors';
import { MAX_JSON_DEPTH } from '../../server/plugins/validation';
import { adminClient } from './admin-fixtures';
import { loggedIn, newBarcode } from './barcode-fixtures';
import { Client, SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { formData, PNG_BYTES } from './multipart';

// Every refusal, including those made before a route runs (by the body parser, the multipart
// parser or Node's HTTP parser), answers 4xx in the catalogue's shape, never a 500 or a message.
// Requests that once answered 500 or another shape; hostile values inside valid bodies are in
// hostile-input.test.ts.
let server: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'error-shape-'));
  server = await startTestServer({ files: { dir, maxBytes: 1000 } });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const visitor = () => new Client(server.app, `198.51.100.${(n += 1)}`);
const staff = () => loggedIn(server, '11112222');
const send = (client: Client, method: 'POST' | 'PUT', url: string, payload: string, contentType = 'application/json') =>
  client.request({ method, url, payload, headers: { 'content-type': contentType } });
const common = (code: number) => ({ errors: { $common: [code] } });

/** `depth` arrays, one inside the other. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** `depth` objects, one inside the other (`{"a":{"a":1}}` is two). */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const login = { projectId: SEED.demoProject, accessCode: '11112222', visitorId: VISITOR };
/** A JSON object's text with one more member, `extra`, holding raw JSON text. */
const withExtra = (body: object, extra: string) => `${JSON.stringify(body).slice(0, -1)},"extra":${extra}}`;

describe('JSON nested deeper than MAX_JSON_DEPTH', () => {
  it('is refused with 400 (1001) before any hook walks it, on the routes visitors reach', async () => {
    for (const body of [nested(2500), nestedObjects(2500), `[${nested(2500)},1]`]) {
      for (const url of ['/api/user/authorize', '/api/admin/session', '/api/user/carrier-user/self']) {
        const res = await send(visitor(), 'POST', url, body);
        expect([url, res.statusCode, res.json()]).toEqual([url, 400, common(ErrorCode.invalidFormat)]);
      }
    }
  });

  it('is refused the same way for staff and admins, up to the largest body a route takes', async () => {
    const client = await staff();
    for (const [url, body] of [
      ['/api/barcode/activation', nested(2500)],
      ['/api/barcode/barcode', nestedObjects(2500)],
      ['/api/barcode/skip-tracking', nested(50_000)],
      ['/api/location/stock', nested(50_000)],
    ] as const) {
      const res = await send(client, 'POST', url, body);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, common(ErrorCode.invalidFormat)]);
    }
    const { client: admin } = await adminClient(server);
    const draft = await send(admin, 'PUT', '/api/admin/config/demo/1/draft', `{"config":${nested(200_000)}}`);
    expect([draft.statusCode, draft.json()]).toEqual([400, common(ErrorCode.invalidFormat)]);
  });

  it('is accepted at the limit itself: the answer is then about the content, not the depth', async () => {
    const atLimit = await send(visitor(), 'POST', '/api/user/authorize', withExtra(login, nested(MAX_JSON_DEPTH - 1)));
    expect([atLimit.statusCode, atLimit.json()]).toEqual([400, { errors: { extra: [ErrorCode.invalidKey] } }]);
    const over = await send(visitor(), 'POST', '/api/user/authorize', withExtra(login, nested(MAX_JSON_DEPTH)));
    expect([over.statusCode, over.json()]).toEqual([400, common(ErrorCode.invalidFormat)]);
    const barcode = { projectCode: 'demo', projectVersion: 1 };
    const client = await staff();
    const objects = await send(client, 'POST', '/api/barcode/barcode', withExtra(barcode, nestedObjects(63)));
    expect([objects.statusCode, objects.json()]).toEqual([400, { errors: { extra: [ErrorCode.invalidKey] } }]);
    // Brackets inside strings are text, whatever their number.
    const inText = await send(client, 'POST', '/api/barcode/barcode', withExtra(barcode, JSON.stringify(nested(5000))));
    expect(inText.json()).toEqual({ errors: { extra: [ErrorCode.invalidKey] } });
  });

  it('leaves the parser as it was: prototype keys, malformed and empty JSON are refused as before', async () => {
    for (const body of [
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"a":',
      '[1,]',
    ]) {
      const res = await send(visitor(), 'POST', '/api/user/authorize', body);
      expect([body, res.statusCode, res.json()]).toEqual([body, 400, common(ErrorCode.invalidFormat)]);
    }
    const empty = await send(visitor(), 'POST', '/api/user/authorize', '');
    expect([empty.statusCode, empty.json()]).toEqual([400, common(ErrorCode.emptyField)]);
    const good = await send(visitor(), 'POST', '/api/user/authorize', JSON.stringify(login));
    expect(good.statusCode).toBe(200);
  });
});

describe('refusals of the transport, before any route runs', () => {
  it('413 for a body over the limit', async () => {
    const res = await send(visitor(), 'POST', '/api/user/authorize', withExtra(login, `"${'x'.repeat(20_000)}"`));
    expect([res.statusCode, res.json()]).toEqual([413, common(ErrorCode.lengthMoreThan)]);
  });

  it('415 for a body that is not JSON, or JSON declared in another charset', async () => {
    for (const type of ['text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded']) {
      const res = await send(visitor(), 'POST', '/api/user/authorize', JSON.stringify(login), type);
      expect([type, res.statusCode, res.json()]).toEqual([type, 415, common(ErrorCode.invalidFormat)]);
    }
  });

  it('404 for an unknown route or a method a route does not take', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['PUT', '/api/user/authorize'],
      ['DELETE', '/api/barcode/project'],
    ] as const) {
      const res = await visitor().request({ method, url });
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 404, common(ErrorCode.notFound)]);
    }
  });
});

describe("refusals of Node's HTTP parser, over a real socket", () => {
  let port = 0;
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as { port: number }).port;
  });

  /** Sends raw request text and reads the answer until the server closes the connection. */
  function exchange(request: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      // The server may reset the connection while the rest of the request is still being sent.
      socket.on('error', (error) => (text ? undefined : reject(error)));
      socket.on('close', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
      });
    });
  }

  it('431 for header fields or a URL over the limit', async () => {
    const header = await exchange(
      `GET /api/barcode/project?code=demo HTTP/1.1\r\nHost: localhost\r\nX-Large: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const url = await exchange(
      `GET /api/barcode/project?code=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    for (const res of [header, url]) {
      expect(res.status).toBe(431);
      expect(res.headers).toContain('content-type: application/json');
      expect(JSON.parse(res.body)).toEqual(common(ErrorCode.headersTooLarge));
    }
  });

  it('400 for a request the parser cannot read', async () => {
    const res = await exchange('NOT AN HTTP REQUEST\r\n\r\n');
    expect([res.status, JSON.parse(res.body)]).toEqual([400, common(ErrorCode.invalidFormat)]);
  });

  it('the same shape, and the catalogue code, for a request that does not arrive in time', () => {
    let written = '';
    let destroyed = false;
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => (written += text),
      destroy: () => (destroyed = true),
    } as unknown as Socket;
    answerClientError(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    const [head = '', body = ''] = written.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect([JSON.parse(body), destroyed]).toEqual([common(ErrorCode.requestTimeout), true]);
  });
});

describe('POST /barcode/file with a broken multipart body', () => {
  const multipart = (client: Client, payload: string, boundary = 'x') =>
    send(client, 'POST', '/api/barcode/file', payload, `multipart/form-data; boundary=${boundary}`);
  const field = (id: string) => `--x\r\nContent-Disposition: form-data; name="barcodeId"\r\n\r\n${id}\r\n`;
  const filePart =
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
  const stored = (id: string) => (existsSync(join(dir, id)) ? readdirSync(join(dir, id)) : []);

  it('answers 400 (1001) when the body ends inside the file, and keeps nothing of it', async () => {
    const id = await newBarcode(server);
    const client = await staff();
    const before = await server.count('barcode_files');
    for (const tail of ['partial file bytes', 'partial file bytes\r\n--x', 'partial file bytes\r\n--', '']) {
      const res = await multipart(client, `${field(id)}${filePart}${tail}`);
      expect([tail, res.statusCode, res.json()]).toEqual([tail, 400, common(ErrorCode.invalidFormat)]);
    }
    const headerUnfinished = await multipart(client, `${field(id)}--x\r\nContent-Disposition: form-data; name="file"`);
    expect([headerUnfinished.statusCode, headerUnfinished.json()]).toEqual([400, common(ErrorCode.invalidFormat)]);
    expect(stored(id)).toEqual([]);
    expect(await server.count('barcode_files')).toBe(before);
  });

  it('answers 4xx in the same shape for malformed part headers', async () => {
    const id = await newBarcode(server);
    const client = await staff();
    // Lines that are no header at all: the part has no name, so the file is missing.
    const nameless = await multipart(client, `${field(id)}--x\r\n${'garbage'.repeat(20)}\r\n\r\nbytes\r\n--x--\r\n`);
    expect([nameless.statusCode, nameless.json()]).toEqual([400, { errors: { File: [ErrorCode.emptyField] } }]);
    const unnamed = await multipart(
      client,
      `${field(id)}--x\r\nContent-Disposition: form-data\r\n\r\nbytes\r\n--x--\r\n`,
    );
    expect([unnamed.statusCode, unnamed.json()]).toEqual([400, common(ErrorCode.invalidFormat)]);
    const proto = await multipart(
      client,
      `${field(id)}--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n--x--\r\n`,
    );
    // @fastify/multipart refuses such a field name itself, like such a key in JSON.
    expect([proto.statusCode, proto.json()]).toEqual([400, common(ErrorCode.invalidKey)]);
    expect(stored(id)).toEqual([]);
  });

  it('answers 413 (1005) for more files than the route reads, and keeps none', async () => {
    const id = await newBarcode(server);
    const { payload, headers } = formData([
      { name: 'barcodeId', value: id },
      { name: 'file', filename: 'a.png', content: PNG_BYTES, type: 'image/png' },
      { name: 'file', filename: 'b.png', content: PNG_BYTES, type: 'image/png' },
    ]);
    const res = await (await staff()).request({ method: 'POST', url: '/api/barcode/file', payload, headers });
    expect([res.statusCode, res.json()]).toEqual([413, common(ErrorCode.lengthMoreThan)]);
    expect(stored(id)).toEqual([]);
  });

  it('answers 415 (1001) for a body that is not multipart', async () => {
    const client = await staff();
    for (const type of ['multipart/mixed; boundary=x', 'application/json']) {
      const res = await send(client, 'POST', '/api/barcode/file', '{}', type);
      expect([type, res.statusCode, res.json()]).toEqual([type, 415, common(ErrorCode.invalidFormat)]);
    }
  });
});

describe('writeUpload: whose fault a broken copy is', () => {
  const target = () => join(mkdtempSync(join(dir, 'write-')), 'a.png');

  it("a body that breaks off is the client's (400, 1001), and nothing is left on disk", async () => {
    const path = target();
    const file = new Readable({ read() {} });
    file.push(PNG_BYTES);
    // @fastify/multipart listens for a part's errors from the start, before the route reads it.
    file.on('error', () => undefined);
    setImmediate(() => file.destroy(new Error('Unexpected end of multipart data')));
    await expect(writeUpload(path, { filename: 'a.png', file }, 1000)).rejects.toMatchObject({
      status: 400,
      errors: common(ErrorCode.invalidFormat).errors,
    });
    expect(existsSync(path)).toBe(false);
  });

  it('a body that breaks off at any moment of the copy leaves nothing, however the open and the error fall', async () => {
    // The write stream opens its file on the thread pool: an open landing after the removal once
    // left the file behind now and then.
    const paths: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      const path = target();
      const file = new Readable({ read() {} });
      file.on('error', () => undefined);
      file.push(PNG_BYTES);
      const breakOff = () => file.destroy(new Error('Unexpected end of multipart data'));
      if (i % 3 === 0) breakOff();
      else if (i % 3 === 1) process.nextTick(breakOff);
      else setImmediate(breakOff);
      await expect(writeUpload(path, { filename: 'a.png', file }, 1000)).rejects.toMatchObject({ status: 400 });
      paths.push(path);
    }
    await new Promise((done) => setTimeout(done, 50));
    expect(paths.filter((path) => existsSync(path))).toEqual([]);
  });

  it("a file that cannot be written is the server's: its own error goes on (and answers 500)", async () => {
    const path = target();
    await writeUpload(path, { filename: 'a.png', file: Readable.from([PNG_BYTES]) }, 1000);
    // Stored names are never reused: writing to an existing one fails on the disk's side.
    await expect(
      writeUpload(path, { filename: 'a.png', file: Readable.from([PNG_BYTES]) }, 1000),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    expect(existsSync(path)).toBe(true);
  });
});
