/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--replace]`
 * (docs/operators/backup-and-restore.md), for the embedded database under DATA_DIR and the uploads:
 * with FILES_STORE=disk the folder FILES_DIR (by default DATA_DIR/files), with FILES_STORE=postgres
 * the database itself, so its copy holds them. On PostgreSQL (DATABASE_URL) they print the pg_dump /
 * pg_restore commands, and say whether the uploads folder has to be copied beside the dump.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readEnvironment } from '../config';
import { openPglite } from '../db/database';
import packageJson from '../../package.json' with { type: 'json' };
import { fileSize, restoreBackup, writeBackup, type BackupManifest } from './backup';
import { REQUEST_FILE, resultFile, servePidOf } from './backup-signal';

const [command, target, ...flags] = process.argv.slice(2);
const env = readEnvironment();
const filesDir = env.config.files.dir;
const filesInDatabase = env.config.files.store === 'postgres';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const describe = (m: BackupManifest) =>
  `${filesInDatabase ? 'uploads inside the database (FILES_STORE=postgres)' : `${m.files} uploaded files outside the data folder`}, database copy ${Math.round(m.databaseBytes / 1024)} KB, taken ${m.createdAt} (version ${m.appVersion})`;

if (command !== 'backup' && command !== 'restore') fail('usage: backup <file> | restore <file> [--replace]', 2);
if (!target) fail(`usage: npm run ${command} -- <file>`, 2);
const file = resolve(target);
if (env.databaseUrl) {
  const uploads = filesInDatabase
    ? 'The uploads are in the database (FILES_STORE=postgres): the dump holds them'
    : command === 'backup'
      ? 'The uploads are on disk (FILES_STORE=disk): copy the uploads folder (FILES_DIR) beside the dump'
      : 'The uploads are on disk (FILES_STORE=disk): put the uploads folder (FILES_DIR) back';
  fail(
    command === 'backup'
      ? `DATABASE_URL is set: back PostgreSQL up with its own tools, e.g.\n  pg_dump --format=custom --file=${file} "$DATABASE_URL"\n${uploads} (docs/operators/backup-and-restore.md).`
      : `DATABASE_URL is set: restore PostgreSQL with its own tools, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}\n${uploads} (docs/operators/backup-and-restore.md).`,
    2,
  );
}
if (env.dataDir === ':memory:') fail('DATA_DIR is :memory:: nothing to back up or restore', 2);

const started = performance.now();
const pid = servePidOf(env.dataDir);
if (command === 'backup') {
  let manifest: BackupManifest;
  if (pid) {
    // The server owns the folder: it takes the backup itself (consistent, no stop).
    const id = randomUUID();
    writeFileSync(join(env.dataDir, REQUEST_FILE), JSON.stringify({ id, file }));
    process.kill(pid, 'SIGUSR2');
    const answer = join(env.dataDir, resultFile(id));
    const deadline = Date.now() + 10 * 60_000;
    while (!existsSync(answer)) {
      if (Date.now() > deadline) fail('the server did not answer the backup request within 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = JSON.parse(readFileSync(answer, 'utf8')) as {
      ok: boolean;
      manifest?: BackupManifest;
      error?: string;
    };
    rmSync(answer, { force: true });
    if (!result.ok || !result.manifest) fail(`backup failed in the server (pid ${pid}): ${result.error ?? 'unknown'}`);
    manifest = result.manifest;
  } else {
    const db = await openPglite(env.dataDir);
    try {
      manifest = await writeBackup(db, env.dataDir, filesDir, file, packageJson.version);
    } finally {
      await db.close();
    }
  }
  console.log(
    `backup written: ${file} (${Math.round((await fileSize(file)) / 1024)} KB, ${Math.round(performance.now() - started)} ms${pid ? `, taken by the running server ${pid}` : ''}): ${describe(manifest)}`,
  );
} else {
  if (pid) fail(`a server (pid ${pid}) is running on ${env.dataDir}: stop it first (SIGTERM), then restore`);
  const { manifest, movedAside } = await restoreBackup(file, env.dataDir, filesDir, {
    replace: flags.includes('--replace'),
  });
  for (const dir of movedAside) console.log(`moved aside (not deleted): ${dir}`);
  console.log(`restored into ${env.dataDir} in ${Math.round(performance.now() - started)} ms: ${describe(manifest)}`);
}
