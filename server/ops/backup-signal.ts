import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database';
import { writeBackup } from './backup';

/**
 * A running server on an embedded database takes its own backups, so they are consistent without
 * stopping it: `npm run backup` finds the server's pid in `<DATA_DIR>/server.pid`, writes what it
 * wants into `backup-request.json` and sends SIGUSR2; the server writes the backup (PGlite pauses
 * statements for the snapshot only, about as long as copying the folder takes) and answers in
 * `backup-result-<id>.json`. A second process may never open the same PGlite folder.
 */
export const PID_FILE = 'server.pid';
export const REQUEST_FILE = 'backup-request.json';
export const resultFile = (id: string) => `backup-result-${id}.json`;

export interface BackupRequest {
  id: string;
  file: string;
}

export function servePidOf(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8'));
    if (!Number.isSafeInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    // A pid file left by a server that was killed may name a process that took the number since:
    // SIGUSR2 would end it. Where /proc tells (Linux), the process must be this server.
    if (existsSync('/proc/self/cmdline')) {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/main\.(js|ts)/.test(command)) return null;
    }
    return pid;
  } catch {
    return null;
  }
}

/** Writes the pid file and answers backup requests until the returned function is called. */
export function answerBackupRequests(
  db: Database,
  dataDir: string,
  filesDir: string | null,
  appVersion: string,
  log: (line: string) => void,
): () => void {
  writeFileSync(join(dataDir, PID_FILE), String(process.pid));
  let busy = false;
  const onSignal = () => {
    if (busy) return;
    const path = join(dataDir, REQUEST_FILE);
    if (!existsSync(path)) return;
    busy = true;
    let request: BackupRequest;
    try {
      request = JSON.parse(readFileSync(path, 'utf8')) as BackupRequest;
      rmSync(path, { force: true });
    } catch (error) {
      busy = false;
      log(`backup request unreadable: ${(error as Error).message}`);
      return;
    }
    const started = performance.now();
    writeBackup(db, dataDir, filesDir, request.file, appVersion)
      .then(
        (manifest) => {
          log(`backup written to ${request.file} in ${Math.round(performance.now() - started)} ms`);
          writeFileSync(join(dataDir, resultFile(request.id)), JSON.stringify({ ok: true, manifest }));
        },
        (error: unknown) => {
          log(`backup to ${request.file} failed: ${(error as Error).message}`);
          writeFileSync(
            join(dataDir, resultFile(request.id)),
            JSON.stringify({ ok: false, error: (error as Error).message }),
          );
        },
      )
      .finally(() => {
        busy = false;
      });
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(join(dataDir, PID_FILE), { force: true });
  };
}
