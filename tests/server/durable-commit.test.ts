/**
 * Durable commits (docs/operators/postgresql.md): the real server on an on-disk PGlite, run under
 * `strace`, fsyncs before it acknowledges a write. Each activation acknowledged (HTTP 200) is
 * preceded by at least one fsync of the write-ahead log: the count of fsync/fdatasync calls the
 * server process made grows with every acknowledged write. Without the change (PGlite's `-F`
 * and NODEFS's missing fsync) the count stays 0. Needs strace (Linux; Debian:
 * `apt-get install -y strace`, which .ci/run does): without it the test is skipped with a note,
 * except in CI (`CI` set), where it fails rather than passing unseen.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, staffCookie } from '../../bench/server/harness';
import { startGroup, stopGroups, temporaryFolder } from '../../scripts/process-group';
import { freePort, serverAnswers } from './server-process';

const dataDir = temporaryFolder('sb-durable-commit-');
// Outside the data folder, which holds the database's own files only.
const traceDir = temporaryFolder('sb-durable-commit-trace-');
const traceFile = join(traceDir, 'fsyncs.strace');
// strace and the server it traces share a process group: ending the group ends both (SIGKILL of
// strace alone would leave the server running, detached from it).
afterAll(async () => {
  await stopGroups();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(traceDir, { recursive: true, force: true });
});

/** fsync and fdatasync calls that returned 0, as strace logged them so far. */
const syncCalls = () =>
  readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter((line) => /\b(fsync|fdatasync)\(\d+\)\s+= 0/.test(line)).length;

const hasStrace = spawnSync('strace', ['-V']).status === 0;
if (!hasStrace && !process.env.CI)
  console.warn('durable-commit.test.ts skipped: strace is not installed (apt-get install -y strace)');

describe('an acknowledged write on the embedded database', () => {
  it.runIf(hasStrace || process.env.CI)(
    'is fsynced before the answer',
    async () => {
      expect(hasStrace, 'strace is needed to count the fsyncs').toBe(true);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const traced = startGroup(
        'strace',
        [
          '-f',
          '-qq',
          '-e',
          'trace=fsync,fdatasync',
          '-o',
          traceFile,
          process.execPath,
          '--import',
          'tsx',
          'server/main.ts',
        ],
        {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            WORKERS: '1',
          },
          stdio: 'ignore',
        },
      );
      await serverAnswers(base, traced.child);
      const api = apiClient(base, await staffCookie(base));
      for (let i = 0; i < 5; i += 1) {
        const before = syncCalls();
        const { id } = (await api.post('/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })) as {
          id: string;
        };
        // strace writes each call's line when the call returns, i.e. before the answer was sent.
        expect(syncCalls(), `fsyncs before generating barcode ${i + 1} was acknowledged`).toBeGreaterThan(before);
        expect(id).toMatch(/./);
      }
      await traced.stop();
    },
    300_000,
  );
});
