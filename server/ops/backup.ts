import { open, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';

import { dirname, join, relative, resolve, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database';

/**
 * Backups of the embedded database (docs/operators/backup-and-restore.md). One file holds:
 * - `database.tgz`: PGlite's copy of its whole data folder, taken consistently (Database.snapshot:
 *   a checkpoint, then the copy while no statement or transaction runs);
 * - `files/<barcode>/<name>`: every uploaded file, copied after the database, so every file a
 *   row of the copy names is there (an upload writes its file before its row);
 * - `manifest.json`: when, which version, how many files.
 * The format is this program's own, deliberately plain: a first line `smart-barcode-backup 1`,
 * then per entry a line of JSON `{"name", "size"}` followed by that many bytes, and a last line
 * `{"end":true}`. Nothing in it is compressed twice (the database copy is gzipped already,
 * uploads are images and PDFs).
 */
const MAGIC = 'smart-barcode-backup 1\n';

export interface BackupManifest {
  createdAt: string;
  appVersion: string;
  files: number;
  databaseBytes: number;
}

export interface BackupEntry {
  name: string;
  bytes: Uint8Array;
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Is `inner` the folder `outer` or inside it? */
const isInside = (outer: string, inner: string) => {
  const rel = relative(resolve(outer), resolve(inner));
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..');
};

/**
 * Writes a backup of a running (or just opened) PGlite database and its uploads folder to `file`
 * (through a temporary file renamed at the end: a half-written backup never has the name).
 * Uploads inside the data folder are in the database copy already and are not copied twice.
 */
export async function writeBackup(
  db: Database,
  dataDir: string,
  filesDir: string | null,
  file: string,
  appVersion: string,
): Promise<BackupManifest> {
  if (!db.snapshot)
    throw new Error(
      'backup: this database has no snapshot (PostgreSQL: use pg_dump, docs/operators/backup-and-restore.md)',
    );
  const database = await db.snapshot();
  const temporary = `${file}.partial`;
  await mkdir(dirname(resolve(file)), { recursive: true });
  const out = await open(temporary, 'w');
  try {
    const put = async (name: string, bytes: Uint8Array) => {
      await out.write(`${JSON.stringify({ name, size: bytes.length })}\n`);
      await out.write(bytes);
    };
    await out.write(MAGIC);
    await put('database.tgz', database);
    let count = 0;
    if (filesDir && !isInside(dataDir, filesDir)) {
      for await (const path of walk(filesDir)) {
        await put(`files/${relative(filesDir, path).split(sep).join('/')}`, await readFile(path));
        count += 1;
      }
    }
    const manifest: BackupManifest = {
      createdAt: new Date().toISOString(),
      appVersion,
      files: count,
      databaseBytes: database.length,
    };
    await put('manifest.json', new TextEncoder().encode(JSON.stringify(manifest)));
    await out.write('{"end":true}\n');
    await out.sync();
  } finally {
    await out.close();
  }
  await rename(temporary, file);
  return (await readBackup(file)).manifest;
}

/** Reads a backup file whole (entries and manifest); throws on anything that is not one, or is cut short. */
export async function readBackup(file: string): Promise<{ entries: BackupEntry[]; manifest: BackupManifest }> {
  const data = await readFile(file);
  if (data.subarray(0, MAGIC.length).toString('utf8') !== MAGIC)
    throw new Error(`${file} is not a smart-barcode backup`);
  let at = MAGIC.length;
  const entries: BackupEntry[] = [];
  for (;;) {
    const end = data.indexOf(10, at);
    if (end < 0) throw new Error(`${file} is cut short: no end mark`);
    const header = JSON.parse(data.subarray(at, end).toString('utf8')) as {
      name?: string;
      size?: number;
      end?: boolean;
    };
    at = end + 1;
    if (header.end) break;
    if (typeof header.name !== 'string' || !Number.isSafeInteger(header.size) || at + (header.size ?? 0) > data.length)
      throw new Error(`${file} is damaged at byte ${at}`);
    entries.push({ name: header.name, bytes: data.subarray(at, at + (header.size ?? 0)) });
    at += header.size ?? 0;
  }
  const manifest = entries.find((e) => e.name === 'manifest.json');
  if (!manifest || !entries.some((e) => e.name === 'database.tgz'))
    throw new Error(`${file} has no database or no manifest`);
  return { entries, manifest: JSON.parse(new TextDecoder().decode(manifest.bytes)) as BackupManifest };
}

/** Does the folder hold anything? */
async function hasContent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Restores a backup into `dataDir` (and the uploads into `filesDir` when it is outside it). The
 * server must be stopped. A folder that holds data is never deleted: with `replace` it is moved
 * aside to `<folder>.before-restore-<time>`; without, the restore stops.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  filesDir: string | null,
  options: { replace?: boolean } = {},
): Promise<{ manifest: BackupManifest; movedAside: string[] }> {
  const { entries, manifest } = await readBackup(file);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  const separateFiles = filesDir && !isInside(dataDir, filesDir) ? filesDir : null;
  for (const dir of [dataDir, separateFiles]) {
    if (!dir || !(await hasContent(dir))) continue;
    if (!options.replace)
      throw new Error(
        `${dir} is not empty: stop the server and run the restore with --replace (the folder is moved aside, not deleted)`,
      );
    const aside = `${dir}.before-restore-${stamp}`;
    await rename(dir, aside);
    movedAside.push(aside);
  }
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const database = entries.find((e) => e.name === 'database.tgz')!;
  // PGlite unpacks its own copy into the new folder and starts on it once (recovery, if any, runs now).
  const pglite = new PGlite(dataDir, { loadDataDir: new Blob([new Uint8Array(database.bytes)]) });
  await pglite.waitReady;
  await pglite.query('select 1');
  await pglite.close();
  if (separateFiles) {
    for (const entry of entries.filter((e) => e.name.startsWith('files/'))) {
      const target = resolve(separateFiles, entry.name.slice('files/'.length));
      if (!isInside(separateFiles, target))
        throw new Error(`backup entry ${entry.name} points outside the uploads folder`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, entry.bytes);
    }
  }
  return { manifest, movedAside };
}

/** The size of a file in bytes (reports). */
export const fileSize = async (file: string): Promise<number> => (await stat(file)).size;
