/**
 * `npm run files -- move --to postgres|disk [--dry-run]` and
 * `npm run files -- sweep [--grace <minutes>] [--dry-run]` (docs/operators/upgrades.md): moves the
 * recorded uploads between the files folder (FILES_DIR, by default DATA_DIR/files) and the
 * database, and removes stored bytes that no upload record points to, on the database the
 * environment names (DATABASE_URL, else PGlite under DATA_DIR). On PGlite the server must not be
 * running on the same folder; on PostgreSQL the servers may run (each file moves on its own).
 */
import { parseArgs } from 'node:util';
import { filesFolder, readEnvironment } from '../config';
import { pendingMigrations } from '../db/migrate';
import { FILE_STORES, type FileStoreKind } from '../infra/file-storage';
import { openDatabase } from '../start';
import { servePidOf } from './backup-signal';
import { moveUploads, sweepOrphanUploads } from './files';

const USAGE = `usage: npm run files -- move --to ${FILE_STORES.join('|')} [--dry-run]
       npm run files -- sweep [--grace <minutes>] [--dry-run]`;

/** Bytes younger than this are never swept by default: far longer than any upload takes between two writes. */
const DEFAULT_GRACE_MINUTES = 60;

const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
if (command !== 'move' && command !== 'sweep') fail(USAGE, 2);
const { values } = (() => {
  try {
    return parseArgs({
      args: rest,
      options: { to: { type: 'string' }, grace: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
})();
const dryRun = values['dry-run'] === true;
const to = values.to as FileStoreKind | undefined;
if (command === 'move' && (to === undefined || !FILE_STORES.includes(to))) fail(USAGE, 2);
if (command === 'move' && values.grace !== undefined) fail(`--grace belongs to sweep\n${USAGE}`, 2);
if (command === 'sweep' && values.to !== undefined) fail(`--to belongs to move\n${USAGE}`, 2);
const graceMinutes = values.grace === undefined ? DEFAULT_GRACE_MINUTES : Number(values.grace);
if (!Number.isSafeInteger(graceMinutes) || graceMinutes < 1)
  fail(`--grace must be a whole number of minutes, at least 1 (got ${values.grace})`, 2);

const env = readEnvironment();
if (!env.databaseUrl && env.dataDir === ':memory:') fail('DATA_DIR is :memory:: no uploads to move or sweep', 2);
if (!env.databaseUrl && servePidOf(env.dataDir))
  fail(
    `the server is running on ${env.dataDir} (PGlite belongs to one process): stop it first, or use DATABASE_URL`,
    2,
  );
const folder = filesFolder(process.env, env.dataDir);

const db = await openDatabase(env);
try {
  const pending = await pendingMigrations(db);
  if (pending.length > 0)
    fail(`the database is not migrated (${pending.join(', ')}): start the server of this version once first`);
  if (command === 'move') {
    if (folder === null) fail('no uploads folder: set FILES_DIR', 2);
    const started = performance.now();
    // Ctrl-C: the file under way is finished (or rolled back), then the move stops; run it again to go on.
    let stop = false;
    process.once('SIGINT', () => {
      stop = true;
      console.log('stopping after the file under way (run the command again to go on)');
    });
    const summary = await moveUploads(db, folder, to!, {
      dryRun,
      shouldStop: () => stop,
      log: (line) => console.log(line),
    });
    const bytes = summary.moved.reduce((sum, f) => sum + f.size, 0);
    const where = to === 'postgres' ? `from ${folder} into the database` : `from the database into ${folder}`;
    console.log(
      `${dryRun ? 'would move' : 'moved'} ${counted(summary.moved.length, 'file')} (${Math.round(bytes / 1024)} KB) ${where}` +
        ` in ${Math.round(performance.now() - started)} ms; ${summary.alreadyThere} already there` +
        (summary.stopped ? '; stopped before the end' : ''),
    );
    for (const path of summary.missing) console.warn(`missing from both stores (answered 404 already): ${path}`);
    for (const { path, reason } of summary.refused) console.error(`not moved: ${path}: ${reason}`);
    if (!dryRun && env.config.files.store !== to)
      console.warn(
        `FILES_STORE is ${env.config.files.store} here: set FILES_STORE=${to} for the servers and restart them, or they look for the uploads in the other store`,
      );
    if (summary.refused.length > 0) process.exitCode = 1;
  } else {
    const summary = await sweepOrphanUploads(db, folder, {
      graceMs: graceMinutes * 60_000,
      dryRun,
      log: (line) => console.log(line),
    });
    const found = [...summary.database, ...summary.disk];
    const bytes = found.reduce((sum, f) => sum + f.size, 0);
    console.log(
      `${dryRun ? 'would remove' : 'removed'} ${counted(found.length, 'unrecorded file')} (${Math.round(bytes / 1024)} KB)` +
        ` untouched for ${graceMinutes} minutes: ${summary.database.length} in the database, ${summary.disk.length} in ${folder ?? 'no folder'}`,
    );
  }
} finally {
  await db.close();
}
