import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STORES } from '../../server/infra/file-storage';
import { Client, startTestServer, type TestServer } from './harness';
import { loggedIn, newBarcode } from './barcode-fixtures';
import { formData, PNG_BYTES, upload } from './multipart';

const MAX_BYTES = 1000;
const URL_PATTERN = /^\/api\/barcode\/file\/([A-Za-z0-9]{12})\/([A-Za-z0-9]{16})\.([a-z]+)$/;
const remove = (client: Client, filePath: string) =>
  client.request({ method: 'DELETE', url: '/api/barcode/file', payload: { filePath } });

// The same behaviour whichever store keeps the bytes (FILES_STORE): a folder, or the database.
describe.each(FILE_STORES)('FILES_STORE=%s', (store) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'files-test-'));
    server = await startTestServer({ files: { dir, maxBytes: MAX_BYTES, store } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const staff = () => loggedIn(server, '11112222');
  const keyOf = (url: string) => url.replace(/^.*\/api\/barcode\/file\//, '');
  /** The bytes the store keeps for a file's URL, undefined when it keeps none. */
  async function storedBytes(url: string): Promise<Buffer | undefined> {
    if (store === 'disk') {
      const path = join(dir, keyOf(url));
      return existsSync(path) ? readFileSync(path) : undefined;
    }
    const { rows } = await server.ctx.db.query<{ bytes: Uint8Array }>(
      'select bytes from file_chunks where path = $1 order by seq',
      [keyOf(url)],
    );
    return rows.length === 0 ? undefined : Buffer.concat(rows.map((r) => Buffer.from(r.bytes)));
  }
  /** The stored names the store keeps for a barcode. */
  async function storedFiles(barcodeId: string): Promise<string[]> {
    if (store === 'disk') return existsSync(join(dir, barcodeId)) ? readdirSync(join(dir, barcodeId)) : [];
    const { rows } = await server.ctx.db.query<{ name: string }>(
      "select distinct split_part(path, '/', 2) as name from file_chunks where split_part(path, '/', 1) = $1",
      [barcodeId],
    );
    return rows.map((r) => r.name);
  }

  describe('POST /barcode/file', () => {
    it("stores the file under a random name in the barcode's folder, records it and answers its URL", async () => {
      const id = await newBarcode(server);
      const res = await upload(await staff(), id, '../../Photo of pallet.PNG', PNG_BYTES);
      expect(res.statusCode).toBe(200);
      const url = res.json().data as string;
      const [, barcodeId, , extension] = URL_PATTERN.exec(url) ?? [];
      expect([barcodeId, extension]).toEqual([id, 'png']);
      expect(await storedBytes(url)).toEqual(PNG_BYTES);
      const { rows } = await server.ctx.db.query<{ original_name: string; size: string; content_type: string }>(
        'select original_name, size::integer as size, content_type, sha256 from barcode_files where barcode_id = $1',
        [id],
      );
      expect(rows).toEqual([
        {
          original_name: 'Photo of pallet.PNG',
          size: PNG_BYTES.length,
          content_type: 'image/png',
          sha256: createHash('sha256').update(PNG_BYTES).digest('hex'),
        },
      ]);
    });

    it('takes files of up to the limit exactly, from users who may activate or track', async () => {
      const id = await newBarcode(server);
      expect((await upload(await staff(), id, 'sheet.xlsx', Buffer.alloc(MAX_BYTES, 1))).statusCode).toBe(200);
      // The client user may activate but not track; the limited staff user may do both.
      expect((await upload(await loggedIn(server, '33334444'), id, 'a.txt', 'text')).statusCode).toBe(200);
      expect((await upload(await loggedIn(server, '77778888'), id, 'b.csv', 'a,b')).statusCode).toBe(200);
      expect(await storedFiles(id)).toHaveLength(3);
    });

    it('refuses an empty file (1014) and a file over the limit (1015, with the limit), keeping nothing', async () => {
      const id = await newBarcode(server);
      const client = await staff();
      expect((await upload(client, id, 'empty.png', Buffer.alloc(0))).json()).toEqual({ errors: { File: [1014] } });
      const over = await upload(client, id, 'big.png', Buffer.alloc(MAX_BYTES + 1, 1));
      expect([over.statusCode, over.json()]).toEqual([400, { errors: { File: [1015] }, maxBytes: MAX_BYTES }]);
      // Declared far over the limit: answered before the body is read.
      const huge = await upload(client, id, 'huge.png', Buffer.alloc(200 * 1024, 1));
      expect([huge.statusCode, huge.json()]).toEqual([400, { errors: { File: [1015] }, maxBytes: MAX_BYTES }]);
      expect(await storedFiles(id)).toEqual([]);
      expect((await server.ctx.db.query('select 1 from barcode_files where barcode_id = $1', [id])).rows).toEqual([]);
    });

    it('accepts only allowlisted extensions (1001 otherwise), whatever type the upload claims', async () => {
      const id = await newBarcode(server);
      const client = await staff();
      for (const name of ['page.html', 'logo.svg', 'run.png.exe', 'README', 'photo.png ', '.png']) {
        expect((await upload(client, id, name, 'x', 'image/png')).json(), name).toEqual({ errors: { File: [1001] } });
      }
      expect(await storedFiles(id)).toEqual([]);
    });

    it('needs barcodeId before the file, one file, and no other fields', async () => {
      const id = await newBarcode(server);
      const client = await staff();
      const post = (parts: Parameters<typeof formData>[0]) =>
        client.request({ method: 'POST', url: '/api/barcode/file', ...formData(parts) });
      const file = { name: 'file', filename: 'a.png', content: PNG_BYTES };
      expect((await post([file, { name: 'barcodeId', value: id }])).json()).toEqual({ errors: { barcodeId: [1000] } });
      expect((await post([{ name: 'barcodeId', value: id }])).json()).toEqual({ errors: { File: [1000] } });
      expect((await post([{ name: 'barcodeId', value: 'x/../../etc' }, file])).json()).toEqual({
        errors: { barcodeId: [1001] },
      });
      expect((await post([{ name: 'barcodeId', value: id }, { name: 'note', value: 'hi' }, file])).json()).toEqual({
        errors: { note: [2200] },
      });
      expect((await client.post('/api/barcode/file', { barcodeId: id })).statusCode).toBe(415);
      expect(await storedFiles(id)).toEqual([]);
    });

    it("is for logged-in users of the barcode's enterprise with a right to change it", async () => {
      const id = await newBarcode(server);
      expect((await upload(new Client(server.app, '10.8.0.1'), id, 'a.png', PNG_BYTES)).json()).toEqual({
        errors: { $common: [2003] },
      });
      expect((await upload(await loggedIn(server, '55556666'), id, 'a.png', PNG_BYTES)).statusCode).toBe(403);
      expect((await upload(await staff(), 'AAAAAAAAAAAA', 'a.png', PNG_BYTES)).json()).toEqual({
        errors: { $common: [2303] },
      });
      const client = await loggedIn(server, '33334444');
      await server.ctx.db.query(
        `insert into project_members (project_id, user_id, can_generate_barcode, can_activate_barcode, can_add_tracking)
       select project_id, user_id, false, false, false from sessions order by created_at desc limit 1`,
      );
      expect((await upload(client, id, 'a.png', PNG_BYTES)).statusCode).toBe(403);
      await server.ctx.db.query(
        'delete from project_members where can_activate_barcode = false and can_add_tracking = false',
      );
      await server.ctx.db.query('update barcodes set is_deactivated = true where id = $1', [id]);
      expect((await upload(await staff(), id, 'a.png', PNG_BYTES)).json()).toEqual({ errors: { $common: [3095] } });
      expect(await storedFiles(id)).toEqual([]);
    });
  });

  describe('GET /barcode/file/:barcodeId/:name', () => {
    it('serves images inline and other kinds as downloads, typed by extension, to anyone with the URL', async () => {
      const id = await newBarcode(server);
      const client = await staff();
      const image = (await upload(client, id, 'pallet.jpg', PNG_BYTES, 'text/html')).json().data as string;
      const res = await new Client(server.app, '10.8.0.2').get(image);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(PNG_BYTES);
      expect(res.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' });
      expect(res.headers['content-disposition']).toMatch(/^inline;/);
      const pdf = (await upload(client, id, 'Prüfbericht (1).pdf', '%PDF-1.7', 'text/html')).json().data as string;
      const download = await client.get(pdf);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Pr_fbericht _1_.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20%281%29.pdf`,
      );
    });

    it('never leaves the files folder: traversal in any spelling is refused, unknown files are 404', async () => {
      const id = await newBarcode(server);
      const url = (await upload(await staff(), id, 'a.png', PNG_BYTES)).json().data as string;
      const name = url.split('/').pop() as string;
      const client = new Client(server.app, '10.8.0.3');
      for (const path of [
        `/api/barcode/file/${id}/..%2F..%2Fpackage.json`,
        `/api/barcode/file/${id}/%2e%2e%2f${name}`,
        `/api/barcode/file/%2e%2e/${name}`,
        `/api/barcode/file/${id}/..%5C..%5Cpackage.json`,
        `/api/barcode/file/${id}/%2Fetc%2Fpasswd`,
        `/api/barcode/file/${id}/${name}%00.png`,
        `/api/barcode/file/../../package.json`,
        `/api/barcode/file/${id}/../${id}/${name}x`,
        `/api/barcode/file/${id}/AAAAAAAAAAAAAAAA.png`,
        `/api/barcode/file/${id}/%2F${dir.replace(/\//g, '%2F')}%2F${id}%2F${name}`,
      ]) {
        const res = await client.get(path);
        // Refused by the parameter patterns (400) or matching no stored file (404): never a file.
        expect([400, 404], path).toContain(res.statusCode);
        expect(Object.keys(res.json()), path).toEqual(['errors']);
      }
      expect((await client.get(`/api/barcode/file/${id}/AAAAAAAAAAAAAAAA.png`)).json()).toEqual({
        errors: { $common: [404] },
      });
      expect((await client.get(`/api/barcode/file/${id}/${name}`)).statusCode).toBe(200);
    });
  });

  describe('DELETE /barcode/file', () => {
    it("removes the caller's own upload: row, file and URL", async () => {
      const id = await newBarcode(server);
      const client = await staff();
      const url = (await upload(client, id, 'a.png', PNG_BYTES)).json().data as string;
      expect((await remove(client, url)).json()).toEqual({ data: true });
      expect(await storedBytes(url)).toBeUndefined();
      expect((await client.get(url)).statusCode).toBe(404);
      expect((await remove(client, url)).json()).toEqual({ errors: { $common: [404] } });
    });

    it("refuses someone else's upload (403), visitors (401) and saved files (2000), deleting nothing", async () => {
      const id = await newBarcode(server);
      const url = (await upload(await staff(), id, 'a.png', PNG_BYTES)).json().data as string;
      expect((await remove(await loggedIn(server, '77778888'), url)).statusCode).toBe(403);
      expect((await remove(await loggedIn(server, '55556666'), url)).statusCode).toBe(403);
      expect((await remove(new Client(server.app, '10.8.0.4'), url)).statusCode).toBe(401);
      await server.ctx.db.query(
        `insert into barcode_history (barcode_id, seq, action, data) values ($1, 99, 'tracked', $2)`,
        [id, JSON.stringify({ forms: { photos: [`https://example.com${url}`] } })],
      );
      expect((await remove(await staff(), url)).json()).toEqual({ errors: { $common: [2000] } });
      expect(await storedBytes(url)).toEqual(PNG_BYTES);
    });

    it("refuses anything but a stored file's URL with 2200, deleting nothing", async () => {
      const id = await newBarcode(server);
      const client = await staff();
      const url = (await upload(client, id, 'a.png', PNG_BYTES)).json().data as string;
      const name = url.split('/').pop() as string;
      const before = await server.count('barcode_files');
      for (const filePath of [
        '../../package.json',
        `/api/barcode/file/${id}/../${id}/${name}`,
        `/api/barcode/file/${id}/..%2F${name}`,
        '/etc/passwd',
        `/api/barcode/file/${id}\\..\\${name}`,
        `C:\\data\\files\\${id}\\${name}`,
        `${dir}/${id}/${name}`,
        `/api/barcode/file/${id}/${name}/..`,
        `/api/barcode/file/${id}/${name}?x=1`,
        `file:///api/barcode/file/${id}/${name}`,
      ]) {
        expect((await remove(client, filePath)).json(), filePath).toEqual({ errors: { filePath: [2200] } });
      }
      expect(await server.count('barcode_files')).toBe(before);
      expect(await storedBytes(url)).toEqual(PNG_BYTES);
      // The URL as the client resolved it against the API's origin is understood.
      expect((await remove(client, `https://barcode.example.com${url}`)).json()).toEqual({ data: true });
    });
  });
});

describe('uploads with DATA_DIR=:memory:', () => {
  it('go to a temporary folder removed at close, and may be far larger than JSON bodies', async () => {
    const memory = await startTestServer();
    let folder: string | undefined;
    try {
      const id = await newBarcode(memory);
      const res = await upload(await loggedIn(memory, '11112222'), id, 'scan.tiff', Buffer.alloc(256 * 1024, 7));
      expect(res.statusCode).toBe(200);
      expect((await memory.app.inject({ url: res.json().data })).rawPayload.length).toBe(256 * 1024);
      folder = readdirSync(tmpdir())
        .map((d) => join(tmpdir(), d))
        .find((d) => d.includes('smart-barcode-files-') && existsSync(join(d, id)));
      expect(folder).toBeDefined();
    } finally {
      await memory.close();
    }
    expect(existsSync(folder as string)).toBe(false);
  });
});
