/**
 * Where uploads are kept (FILES_STORE, server/infra/file-storage.ts): the setting, the database
 * store's chunks, the digest checked when a file is served (a file whose bytes changed is refused
 * with 500), and the memory a server spends on large uploads streamed into the database. The
 * behaviour of the routes on either store is in files.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/error-codes';
import { filesStore, readEnvironment } from '../../server/config';
import { openPglite } from '../../server/db/database';
import { restoreBackup, writeBackup } from '../../server/ops/backup';
import { runInGroup } from '../../scripts/process-group';
import { openDatabaseFileStore, FILE_CHUNK_BYTES } from '../../server/infra/file-store-postgres';
import { loggedIn, newBarcode } from './barcode-fixtures';
import { SEED, startTestServer, VISITOR, type TestServer } from './harness';
import { PNG_BYTES, upload } from './multipart';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const keyOf = (url: string) => url.replace('/api/barcode/file/', '');

describe('FILES_STORE', () => {
  it('is postgres with DATABASE_URL and disk without, unless named; anything else stops the start', () => {
    expect(filesStore(undefined, 'postgres://db/x')).toBe('postgres');
    expect(filesStore('', 'postgres://db/x')).toBe('postgres');
    expect(filesStore(undefined, undefined)).toBe('disk');
    expect(filesStore('disk', 'postgres://db/x')).toBe('disk');
    expect(filesStore('postgres', undefined)).toBe('postgres');
    for (const bad of ['s3', 'Postgres', 'db'])
      expect(() => filesStore(bad, undefined)).toThrow(`FILES_STORE must be disk or postgres, got '${bad}'`);
  });

  it('keeps no folder for uploads kept in the database, so a backup copies none', () => {
    const data = mkdtempSync(join(tmpdir(), 'files-store-env-'));
    try {
      expect(readEnvironment({ DATA_DIR: data }).config.files).toMatchObject({
        dir: join(data, 'files'),
        store: 'disk',
      });
      expect(
        readEnvironment({ DATA_DIR: data, FILES_STORE: 'postgres', FILES_DIR: '/srv/f' }).config.files,
      ).toMatchObject({ dir: null, store: 'postgres' });
      expect(readEnvironment({ DATA_DIR: data, FILES_DIR: '/srv/f' }).config.files.dir).toBe('/srv/f');
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('files kept in the database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ files: { dir: null, maxBytes: 12 * 1024 * 1024, store: 'postgres' } });
  });
  afterAll(() => server.close());

  const chunks = async (key: string) =>
    (
      await server.ctx.db.query<{ seq: number; size: number }>(
        'select seq, length(bytes) as size from file_chunks where path = $1 order by seq',
        [key],
      )
    ).rows;

  it('are written in chunks of FILE_CHUNK_BYTES and served whole, with their digest recorded', async () => {
    const id = await newBarcode(server);
    const bytes = Buffer.alloc(2 * FILE_CHUNK_BYTES + 1000);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
    const url = (await upload(await loggedIn(server, '11112222'), id, 'scan.tiff', bytes)).json().data as string;
    expect(await chunks(keyOf(url))).toEqual([
      { seq: 0, size: FILE_CHUNK_BYTES },
      { seq: 1, size: FILE_CHUNK_BYTES },
      { seq: 2, size: 1000 },
    ]);
    const { rows } = await server.ctx.db.query('select sha256 from barcode_files where path = $1', [keyOf(url)]);
    expect(rows).toEqual([{ sha256: sha256(bytes) }]);
    const served = await server.app.inject({ url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/tiff']);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a file whose chunk changed (500, logged), and serves unchecked one recorded without a digest', async () => {
    const id = await newBarcode(server);
    const client = await loggedIn(server, '11112222');
    const url = (await upload(client, id, 'a.png', PNG_BYTES)).json().data as string;
    await server.ctx.db.query(
      // Every bit of one byte flipped: the bytes are random, so writing a fixed value could leave them as they were.
      'update file_chunks set bytes = set_byte(bytes, 19, get_byte(bytes, 19) # 255) where path = $1',
      [keyOf(url)],
    );
    const refused = await server.app.inject({ url });
    expect([refused.statusCode, refused.json()]).toEqual([500, { errors: { $common: [ErrorCode.internal] } }]);
    // A chunk gone missing changes the bytes as much.
    const other = (await upload(client, id, 'b.png', Buffer.alloc(FILE_CHUNK_BYTES + 10, 3))).json().data as string;
    await server.ctx.db.query('delete from file_chunks where path = $1 and seq = 1', [keyOf(other)]);
    expect((await server.app.inject({ url: other })).statusCode).toBe(500);
    // No chunks at all: not found, like a file gone from the folder.
    await server.ctx.db.query('delete from file_chunks where path = $1', [keyOf(other)]);
    expect((await server.app.inject({ url: other })).json()).toEqual({ errors: { $common: [404] } });
    // Files recorded before digests were have none to check against.
    await server.ctx.db.query('update barcode_files set sha256 = null where path = $1', [keyOf(url)]);
    expect((await server.app.inject({ url })).statusCode).toBe(200);
  });

  it("keeps nothing of a body that breaks off (the client's fault, 1001)", async () => {
    const store = openDatabaseFileStore(server.ctx.db);
    const file = new Readable({ read() {} });
    file.push(Buffer.alloc(FILE_CHUNK_BYTES + 5, 1));
    file.on('error', () => undefined);
    setImmediate(() => file.destroy(new Error('Unexpected end of multipart data')));
    await expect(
      store.write('AAAAAAAAAAAA/BBBBBBBBBBBBBBBB.png', { filename: 'a.png', file }, 1e6),
    ).rejects.toMatchObject({
      status: 400,
      errors: { $common: [ErrorCode.invalidFormat] },
    });
    expect(await chunks('AAAAAAAAAAAA/BBBBBBBBBBBBBBBB.png')).toEqual([]);
    expect(await store.exists('AAAAAAAAAAAA/BBBBBBBBBBBBBBBB.png')).toBe(false);
    expect(await store.read('AAAAAAAAAAAA/BBBBBBBBBBBBBBBB.png')).toBeUndefined();
  });

  it("keeps nothing when the database refuses a chunk: the server's error goes on", async () => {
    const store = openDatabaseFileStore(server.ctx.db);
    const key = 'AAAAAAAAAAAA/CCCCCCCCCCCCCCCC.png';
    await server.ctx.db.query("insert into file_chunks (path, seq, bytes) values ($1, 1, '\\x01')", [key]);
    // The second chunk collides with the row above (primary key): the first is removed again.
    const file = Readable.from([Buffer.alloc(2 * FILE_CHUNK_BYTES, 2)]);
    await expect(store.write(key, { filename: 'a.png', file }, 1e6)).rejects.not.toMatchObject({ status: 400 });
    expect(await chunks(key)).toEqual([]);
  });

  const size = 10 * 1024 * 1024;
  const piece = Buffer.alloc(64 * 1024);
  for (let i = 0; i < piece.length; i += 1) piece[i] = (i * 7) % 256;
  const expectedDigest = () => {
    const hash = createHash('sha256');
    for (let sent = 0; sent < size; sent += piece.length) hash.update(piece);
    return hash.digest('hex');
  };

  /** The server over a real socket, and a staff session's cookie for it. */
  async function listening(): Promise<{ port: number; cookie: string }> {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/user/authorize',
      remoteAddress: '10.9.0.1',
      payload: { projectId: SEED.demoProject, accessCode: '11112222', visitorId: VISITOR },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { port: (server.app.server.address() as { port: number }).port, cookie };
  }

  /** One multipart upload of 10 MB, generated as it is sent and never held whole. */
  const send = (port: number, cookie: string, barcodeId: string, n: number) =>
    new Promise<{ status: number; url: string }>((resolve, reject) => {
      const boundary = `----file-store-${n}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="barcodeId"\r\n\r\n${barcodeId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo${n}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const body = Readable.from(
        (function* () {
          yield head;
          for (let sent = 0; sent < size; sent += piece.length) yield piece;
          yield tail;
        })(),
      );
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/barcode/file',
          headers: {
            cookie,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + size + tail.length,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, url: (JSON.parse(text) as { data?: string }).data ?? text }),
          );
        },
      );
      req.on('error', reject);
      body.pipe(req);
    });

  it('take a 10 MB photo over a socket and serve it back whole', async () => {
    const { port, cookie } = await listening();
    const started = performance.now();
    const answer = await send(port, cookie, await newBarcode(server), 0);
    const uploadMs = performance.now() - started;
    expect(answer.status).toBe(200);
    const fetched = performance.now();
    const served = await fetch(`http://127.0.0.1:${port}${answer.url}`);
    const bytes = Buffer.from(await served.arrayBuffer());
    const downloadMs = performance.now() - fetched;
    expect([served.status, bytes.length, served.headers.get('content-type')]).toEqual([200, size, 'image/jpeg']);
    expect(sha256(bytes)).toBe(expectedDigest());
    console.info(
      `files in ${server.ctx.db.driver}: one 10 MB upload in ${Math.round(uploadMs)} ms, its download in ${Math.round(downloadMs)} ms`,
    );
  }, 300_000);

  // On PostgreSQL only: PGlite keeps its database in this process's memory, so there the process
  // grows by the stored bytes themselves, whatever the server does with them.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'streams 10 concurrent uploads of 10 MB each into PostgreSQL without holding them in memory',
    async () => {
      const { port, cookie } = await listening();
      const id = await newBarcode(server);
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => send(port, cookie, id, n)));
      const uploadMs = performance.now() - started;
      clearInterval(sampler);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const growthMb = (peak - before) / 1024 / 1024;
      const { rows } = await server.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from barcode_files where barcode_id = $1 and sha256 = $2',
        [id, expectedDigest()],
      );
      expect(rows[0]?.n).toBe(10);
      console.info(
        `files in PostgreSQL: 10 concurrent 10 MB uploads in ${Math.round(uploadMs)} ms, RSS growth ${growthMb.toFixed(1)} MB (from ${Math.round(before / 1024 / 1024)} MB)`,
      );
      expect(growthMb).toBeLessThan(60);
    },
    600_000,
  );
});

describe('files kept on disk', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'file-store-disk-'));
    server = await startTestServer({ files: { dir, maxBytes: 1000, store: 'disk' } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are refused when their bytes changed on disk (500), with their digest recorded at upload', async () => {
    const id = await newBarcode(server);
    const url = (await upload(await loggedIn(server, '11112222'), id, 'a.png', PNG_BYTES)).json().data as string;
    const { rows } = await server.ctx.db.query('select sha256 from barcode_files where path = $1', [keyOf(url)]);
    expect(rows).toEqual([{ sha256: sha256(PNG_BYTES) }]);
    expect((await server.app.inject({ url })).rawPayload).toEqual(PNG_BYTES);
    writeFileSync(join(dir, keyOf(url)), Buffer.concat([PNG_BYTES, Buffer.from([0])]));
    const refused = await server.app.inject({ url });
    expect([refused.statusCode, refused.json()]).toEqual([500, { errors: { $common: [ErrorCode.internal] } }]);
  });
});

// The embedded database's backup copies its data folder, so files kept in it are in the copy; on
// PostgreSQL the backup is pg_dump's, and the command says so.
describe('backups of files kept in the database', () => {
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'carry them in the database copy, digest and all',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'file-store-backup-'));
      const server = await startTestServer({ files: { dir: null, maxBytes: 2 * FILE_CHUNK_BYTES, store: 'postgres' } });
      try {
        const id = await newBarcode(server);
        const bytes = Buffer.alloc(FILE_CHUNK_BYTES + 77, 9);
        const url = (await upload(await loggedIn(server, '11112222'), id, 'a.pdf', bytes)).json().data as string;
        const file = join(work, 'nightly.sbbackup');
        expect((await writeBackup(server.ctx.db, join(work, 'unused'), null, file, 'test')).files).toBe(0);
        await restoreBackup(file, join(work, 'restored'), null);
        const db = await openPglite(join(work, 'restored'));
        try {
          const stored = await openDatabaseFileStore(db).read(keyOf(url));
          const chunksRead: Buffer[] = [];
          for await (const chunk of stored!) chunksRead.push(chunk as Buffer);
          expect(Buffer.concat(chunksRead).equals(bytes)).toBe(true);
          const { rows } = await db.query('select sha256 from barcode_files where path = $1', [keyOf(url)]);
          expect(rows).toEqual([{ sha256: sha256(bytes) }]);
        } finally {
          await db.close();
        }
      } finally {
        await server.close();
        rmSync(work, { recursive: true, force: true });
      }
    },
    300_000,
  );

  it('are in the dump on PostgreSQL, and a folder on disk is to be copied beside it', async () => {
    const run = async (env: Record<string, string>) =>
      (
        await runInGroup(process.execPath, ['--import', 'tsx', 'server/ops/backup-cli.ts', 'backup', '/tmp/x.dump'], {
          env: { ...process.env, DATABASE_URL: 'postgres://db.invalid/barcodes', FILES_STORE: '', ...env },
          timeoutMs: 120_000,
        })
      ).output;
    const inDatabase = await run({});
    expect(inDatabase).toContain('pg_dump --format=custom');
    expect(inDatabase).toContain('The uploads are in the database (FILES_STORE=postgres): the dump holds them');
    expect(await run({ FILES_STORE: 'disk' })).toContain(
      'The uploads are on disk (FILES_STORE=disk): copy the uploads folder (FILES_DIR) beside the dump',
    );
  }, 300_000);
});
