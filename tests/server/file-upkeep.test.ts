/**
 * The uploads' upkeep (server/ops/files.ts): moving the recorded uploads between the files folder
 * and the database, one checked file at a time, so a move can stop anywhere and run again; and
 * the sweep of stored bytes no upload record points to, which never takes an upload under way.
 * Last, `npm run files` as an operator types it, on an embedded database folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database';
import { digestOf, diskFileStore } from '../../server/infra/file-storage';
import { FILE_CHUNK_BYTES, openDatabaseFileStore } from '../../server/infra/file-store-postgres';
import { insertChunk } from '../../server/repositories/file-chunks';
import { MOVING_SUFFIX, moveUploads, sweepOrphanUploads } from '../../server/ops/files';
import { runInGroup, stopGroups, temporaryFolder } from '../../scripts/process-group';
import { loggedIn, newBarcode } from './barcode-fixtures';
import { PROJECTS_DIR, startServerOnDisk, startTestServer, type TestServer } from './harness';
import { PNG_BYTES, upload } from './multipart';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const keyOf = (url: string) => url.replace('/api/barcode/file/', '');
const HOUR = 60 * 60_000;
const bytesOf = (length: number, seed: number) => {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) bytes[i] = (i * seed) % 251;
  return bytes;
};

let folder: string;
let server: TestServer;
beforeEach(async () => {
  folder = temporaryFolder('sb-file-upkeep-');
  server = await startTestServer({ files: { dir: folder, maxBytes: 4 * 1024 * 1024, store: 'disk' } });
});
afterEach(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});
afterAll(() => stopGroups());

/** Uploads `contents` through the API (kept on disk), answering their keys in order. */
async function uploaded(...contents: Buffer[]): Promise<string[]> {
  const client = await loggedIn(server, '11112222');
  const id = await newBarcode(server);
  const keys: string[] = [];
  for (const content of contents) {
    const res = await upload(client, id, 'photo.png', content);
    expect(res.statusCode, res.body).toBe(200);
    keys.push(keyOf(res.json().data as string));
  }
  return keys;
}

const chunkRows = async (key: string) =>
  (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from file_chunks where path = $1', [key]))
    .rows[0]!.n;
const inDatabase = async (key: string) => {
  const bytes = await openDatabaseFileStore(server.ctx.db).read(key);
  return bytes === undefined ? undefined : digestOf(bytes);
};
const recordedDigest = async (key: string) =>
  (await server.ctx.db.query<{ sha256: string | null }>('select sha256 from barcode_files where path = $1', [key]))
    .rows[0]?.sha256;

describe('npm run files -- move', () => {
  it('lists in a dry run, then moves each file into the database checked by its digest, and a second run finds them there', async () => {
    const large = bytesOf(2 * FILE_CHUNK_BYTES + 77, 31);
    const [a, b, gone] = await uploaded(large, PNG_BYTES, bytesOf(500, 7));
    // Uploaded before digests were recorded: the move records the digest of what it copied.
    await server.ctx.db.query('update barcode_files set sha256 = null where path = $1', [b]);
    rmSync(join(folder, gone!));

    const dry = await moveUploads(server.ctx.db, folder, 'postgres', { dryRun: true });
    expect(dry.moved.map((f) => f.path).sort()).toEqual([a, b].sort());
    expect(dry.moved.find((f) => f.path === a)?.size).toBe(large.length);
    expect(dry.missing).toEqual([gone]);
    expect(existsSync(join(folder, a!))).toBe(true);
    expect(await server.count('file_chunks')).toBe(0);

    const lines: string[] = [];
    const moved = await moveUploads(server.ctx.db, folder, 'postgres', { log: (line) => lines.push(line) });
    expect(moved).toMatchObject({ alreadyThere: 0, missing: [gone], refused: [], stopped: false });
    expect(moved.moved).toHaveLength(2);
    expect(lines).toContain(`moved ${a} (${large.length} bytes)`);
    expect(await chunkRows(a!)).toBe(3);
    expect(await inDatabase(a!)).toBe(sha256(large));
    expect(await inDatabase(b!)).toBe(sha256(PNG_BYTES));
    expect(await recordedDigest(b!)).toBe(sha256(PNG_BYTES));
    expect(existsSync(join(folder, a!))).toBe(false);
    expect(existsSync(join(folder, b!))).toBe(false);

    const again = await moveUploads(server.ctx.db, folder, 'postgres');
    expect(again).toMatchObject({ moved: [], alreadyThere: 2, missing: [gone], refused: [] });
  });

  it('stopped midway goes on where it stopped; a file still on disk after its copy committed is copied again, once', async () => {
    const contents = [bytesOf(300, 3), bytesOf(FILE_CHUNK_BYTES + 1, 5), bytesOf(900, 11)];
    const keys = await uploaded(...contents);
    let seen = 0;
    const first = await moveUploads(server.ctx.db, folder, 'postgres', { shouldStop: () => seen++ >= 1 });
    expect(first.stopped).toBe(true);
    expect(first.moved).toHaveLength(1);
    const [done] = first.moved.map((f) => f.path);
    // As if the run had stopped between the commit of its copy and the removal of the disk file.
    const index = keys.indexOf(done!);
    mkdirSync(join(folder, done!, '..'), { recursive: true });
    writeFileSync(join(folder, done!), contents[index]!);

    const rest = await moveUploads(server.ctx.db, folder, 'postgres');
    expect(rest.moved.map((f) => f.path).sort()).toEqual([...keys].sort());
    for (const [i, key] of keys.entries()) {
      expect(await inDatabase(key)).toBe(sha256(contents[i]!));
      expect(existsSync(join(folder, key))).toBe(false);
    }
    expect(await chunkRows(keys[1]!)).toBe(2);
    expect(await server.count('file_chunks')).toBe(4);
  });

  it('leaves a file whose bytes no longer match its recorded digest where it is, and says so', async () => {
    const [good, damaged] = await uploaded(bytesOf(400, 13), bytesOf(400, 17));
    writeFileSync(join(folder, damaged!), bytesOf(400, 19));
    const moved = await moveUploads(server.ctx.db, folder, 'postgres');
    expect(moved.moved.map((f) => f.path)).toEqual([good]);
    expect(moved.refused).toEqual([
      { path: damaged, reason: 'its bytes on disk do not match the digest recorded at upload' },
    ]);
    expect(existsSync(join(folder, damaged!))).toBe(true);
    expect(await chunkRows(damaged!)).toBe(0);
  });

  it('moves back to disk through a temporary name, removes the chunks only then, and refuses damaged chunks', async () => {
    const contents = [bytesOf(2 * FILE_CHUNK_BYTES, 23), bytesOf(600, 29), bytesOf(700, 37)];
    const keys = await uploaded(...contents);
    await moveUploads(server.ctx.db, folder, 'postgres');
    await server.ctx.db.query(
      "update file_chunks set bytes = decode('ff', 'hex') || substring(bytes from 2) where path = $1 and seq = 0",
      [keys[2]],
    );
    const back = await moveUploads(server.ctx.db, folder, 'disk');
    expect(back.moved.map((f) => f.path).sort()).toEqual([keys[0], keys[1]].sort());
    expect(back.refused).toEqual([
      { path: keys[2], reason: 'its bytes in the database do not match the digest recorded at upload' },
    ]);
    for (const i of [0, 1]) {
      expect(readFileSync(join(folder, keys[i]!)).equals(contents[i]!)).toBe(true);
      expect(await chunkRows(keys[i]!)).toBe(0);
    }
    expect(existsSync(join(folder, keys[2]!))).toBe(false);
    expect(existsSync(join(folder, keys[2]! + MOVING_SUFFIX))).toBe(false);
    expect(await chunkRows(keys[2]!)).toBe(1);
    const again = await moveUploads(server.ctx.db, folder, 'disk');
    expect(again).toMatchObject({ moved: [], alreadyThere: 2 });
  });
});

describe('npm run files -- sweep', () => {
  const now = () => new Date();

  it('removes unrecorded chunks untouched for the grace period, never recorded ones or an upload under way', async () => {
    const [recorded] = await uploaded(bytesOf(500, 41));
    await moveUploads(server.ctx.db, folder, 'postgres');
    const db = server.ctx.db;
    const orphan = `${recorded!.split('/')[0]}/OrphanOrphan0001.png`;
    await insertChunk(db, orphan, 0, bytesOf(FILE_CHUNK_BYTES, 43));
    await insertChunk(db, orphan, 1, bytesOf(10, 47));
    await db.query("update file_chunks set written_at = now() - interval '2 hours'");

    // An upload under way: its first chunk is in, the rest of its body has not arrived.
    const body = new PassThrough();
    const first = bytesOf(FILE_CHUNK_BYTES + 100, 53);
    const key = `${recorded!.split('/')[0]}/UnderwayUnderway.png`;
    const writing = openDatabaseFileStore(db).write(key, { filename: 'x.png', file: body }, 4 * 1024 * 1024);
    body.write(first);
    await expect.poll(() => chunkRows(key)).toBe(1);

    const dry = await sweepOrphanUploads(db, folder, { graceMs: HOUR, dryRun: true });
    expect(dry.database).toEqual([{ path: orphan, size: FILE_CHUNK_BYTES + 10 }]);
    expect(await chunkRows(orphan)).toBe(2);
    const lines: string[] = [];
    const swept = await sweepOrphanUploads(db, folder, { graceMs: HOUR, log: (line) => lines.push(line) });
    expect(swept.database.map((f) => f.path)).toEqual([orphan]);
    expect(lines[0]).toMatch(new RegExp(`^removed ${orphan} from the database \\(${FILE_CHUNK_BYTES + 10} bytes`));
    expect(await chunkRows(orphan)).toBe(0);
    expect(await chunkRows(recorded!)).toBe(1);
    expect(await chunkRows(key)).toBe(1);

    const last = bytesOf(500, 59);
    body.end(last);
    expect(await writing).toEqual({ size: first.length + 500, sha256: sha256(Buffer.concat([first, last])) });
    expect(await inDatabase(key)).toBe(sha256(Buffer.concat([first, last])));
    // Recorded or not, bytes written within the grace period stay, however the clock is asked.
    expect((await sweepOrphanUploads(db, folder, { graceMs: HOUR, now: now() })).database).toEqual([]);
    expect(await inDatabase(recorded!)).toBe(sha256(bytesOf(500, 41)));
  });

  it('removes unrecorded files and stopped moves from the folder once old, and leaves everything else', async () => {
    const [recorded] = await uploaded(bytesOf(300, 61));
    const barcode = recorded!.split('/')[0]!;
    const old = new Date(Date.now() - 2 * HOUR);
    const put = (name: string, aged: boolean) => {
      writeFileSync(join(folder, barcode, name), bytesOf(100, 67));
      if (aged) utimesSync(join(folder, barcode, name), old, old);
    };
    utimesSync(join(folder, recorded!), old, old);
    put('OrphanOrphan0002.jpg', true);
    put(`LeftLeftLeftLeft.pdf${MOVING_SUFFIX}`, true);
    put('FreshFreshFresh1.png', false);
    put('notes.txt', true);
    mkdirSync(join(folder, 'not-a-barcode'));
    writeFileSync(join(folder, 'not-a-barcode', 'OrphanOrphan0003.png'), 'x');
    utimesSync(join(folder, 'not-a-barcode', 'OrphanOrphan0003.png'), old, old);

    // An upload under way on disk: part of its body is written, the rest has not arrived.
    const body = new PassThrough();
    const key = `${barcode}/UnderwayUnderway.jpg`;
    const writing = diskFileStore({ dir: folder, close: async () => undefined }).write(
      key,
      { filename: 'x.jpg', file: body },
      4 * 1024 * 1024,
    );
    body.write(bytesOf(1000, 71));
    await expect.poll(() => existsSync(join(folder, key)) && readFileSync(join(folder, key)).length).toBe(1000);

    const dry = await sweepOrphanUploads(server.ctx.db, folder, { graceMs: HOUR, dryRun: true });
    const expected = [`${barcode}/LeftLeftLeftLeft.pdf${MOVING_SUFFIX}`, `${barcode}/OrphanOrphan0002.jpg`];
    expect(dry.disk.map((f) => f.path).sort()).toEqual(expected);
    expect(existsSync(join(folder, barcode, 'OrphanOrphan0002.jpg'))).toBe(true);
    const swept = await sweepOrphanUploads(server.ctx.db, folder, { graceMs: HOUR });
    expect(swept.disk.map((f) => f.path).sort()).toEqual(expected);
    expect(swept.disk[0]!.size).toBe(100);
    for (const gone of expected) expect(existsSync(join(folder, gone))).toBe(false);
    for (const kept of [recorded!, `${barcode}/FreshFreshFresh1.png`, `${barcode}/notes.txt`, key])
      expect(existsSync(join(folder, kept))).toBe(true);
    expect(existsSync(join(folder, 'not-a-barcode', 'OrphanOrphan0003.png'))).toBe(true);

    body.end(bytesOf(24, 73));
    expect((await writing).size).toBe(1024);
    expect(readFileSync(join(folder, key)).length).toBe(1024);
    expect(await sweepOrphanUploads(server.ctx.db, null, { graceMs: HOUR })).toEqual({ database: [], disk: [] });
  });
});

describe('npm run files (the command)', () => {
  it('moves an embedded installation’s uploads into the database and sweeps, with dry runs and usage errors', async () => {
    const data = temporaryFolder('sb-files-cli-');
    try {
      // An installation with one recorded upload on disk and one upload a crash left unrecorded.
      const onDisk = await startServerOnDisk({ dataDir: data, projectsDir: PROJECTS_DIR });
      const barcode = await newBarcode(onDisk);
      const { rows } = await onDisk.ctx.db.query<{ id: string }>('select id from users order by id limit 1');
      const key = `${barcode}/CommandCommand01.png`;
      await onDisk.ctx.db.query(
        `insert into barcode_files (id, barcode_id, user_id, path, original_name, size, content_type, sha256)
         values (gen_random_uuid(), $1, $2, $3, 'a.png', $4, 'image/png', $5)`,
        [barcode, rows[0]!.id, key, PNG_BYTES.length, sha256(PNG_BYTES)],
      );
      await onDisk.close();
      mkdirSync(join(data, 'files', barcode), { recursive: true });
      writeFileSync(join(data, 'files', key), PNG_BYTES);
      const orphan = join(data, 'files', barcode, 'CrashCrashCrash1.png');
      writeFileSync(orphan, 'left by a crash');
      const old = new Date(Date.now() - 2 * HOUR);
      utimesSync(orphan, old, old);

      const files = async (...args: string[]) => {
        const { code, stdout, stderr } = await runInGroup(
          process.execPath,
          ['--import', 'tsx', 'server/ops/files-cli.ts', ...args],
          {
            env: { ...process.env, DATA_DIR: data, DATABASE_URL: '', FILES_DIR: '', FILES_STORE: '' },
            timeoutMs: 170_000,
          },
        );
        return { code, out: stdout + stderr };
      };
      expect((await files('move')).code).toBe(2);
      expect((await files('move', '--to', 's3')).code).toBe(2);
      const grace = await files('sweep', '--grace', '0');
      expect(grace.code).toBe(2);
      expect(grace.out).toContain('--grace must be a whole number of minutes, at least 1');

      const dry = await files('move', '--to', 'postgres', '--dry-run');
      expect(dry.code, dry.out).toBe(0);
      expect(dry.out).toContain(`would move ${key} (${PNG_BYTES.length} bytes)`);
      expect(existsSync(join(data, 'files', key))).toBe(true);
      const moved = await files('move', '--to', 'postgres');
      expect(moved.code, moved.out).toBe(0);
      expect(moved.out).toContain('moved 1 file (');
      expect(moved.out).toContain('set FILES_STORE=postgres for the servers');
      expect(existsSync(join(data, 'files', key))).toBe(false);
      const sweepDry = await files('sweep', '--dry-run');
      expect(sweepDry.out).toContain(`would remove ${barcode}/CrashCrashCrash1.png`);
      expect(existsSync(orphan)).toBe(true);
      const swept = await files('sweep');
      expect(swept.code, swept.out).toBe(0);
      expect(swept.out).toContain('removed 1 unrecorded file (');
      expect(existsSync(orphan)).toBe(false);

      const db = await openPglite(data);
      try {
        const copy = await openDatabaseFileStore(db).read(key);
        expect(copy && (await digestOf(copy))).toBe(sha256(PNG_BYTES));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }, 600_000);
});
