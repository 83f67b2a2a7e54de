/**
 * Durability: the real server (`node --import tsx server/main.ts`) on an on-disk PGlite
 * (DATA_DIR in a temporary folder) is killed with SIGKILL while tracking steps are being written;
 * after a restart on the same folder every step it acknowledged (HTTP 200) is there. Nothing may
 * depend on a clean shutdown: no flush at exit, no buffered write after the answer.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, distributionCentreStep, staffCookie } from '../../bench/server/harness';
import { startGroup, stopGroups, temporaryFolder, type GroupProcess } from '../../scripts/process-group';
import { freePort, serverAnswers } from './server-process';

const dataDir = temporaryFolder('sb-durability-');
afterAll(async () => {
  await stopGroups();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server on the folder and resolves once it answers (3 minutes at most: the cores are shared). */
async function start(port: number): Promise<GroupProcess> {
  const server = startGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '' },
    stdio: 'ignore',
  });
  await serverAnswers(`http://127.0.0.1:${port}`, server.child);
  return server;
}

/** kill -9 of the server's whole process group, resolved once nothing of it is left. */
const killed = async (server: GroupProcess) => {
  await server.stop({ signal: 'SIGKILL' });
};

describe('kill -9 of a server on an on-disk PGlite', () => {
  it('loses no acknowledged write', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await start(port);
    const cookie = await staffCookie(base);
    const api = apiClient(base, cookie);
    const pallets: string[] = [];
    for (let i = 0; i < 40; i += 1) pallets.push(await api.activatedPallet());

    // 40 steps sent 8 at a time; the server is killed as soon as 25 are acknowledged, so some are in flight.
    const acknowledged: string[] = [];
    let next = 0;
    let killing: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < pallets.length && !killing) {
          const id = pallets[next++]!;
          try {
            await api.post('/barcode/tracking', distributionCentreStep(id));
            acknowledged.push(id);
            if (acknowledged.length === 25) killing = killed(server);
          } catch {
            // cut off by the kill: not acknowledged, may or may not have been written
          }
        }
      }),
    );
    await killing;
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    server = await start(port);
    const after = apiClient(base, await staffCookie(base));
    const places = await Promise.all(
      acknowledged.map(
        async (id) =>
          ((await after.get(`/barcode/barcode?id=${id}`)) as { currentTrackPointKey: string }).currentTrackPointKey,
      ),
    );
    expect(places).toEqual(acknowledged.map(() => 'distributionCentre'));
    // Every pallet made before the kill is there too (their generation and activation were acknowledged).
    const activated = await Promise.all(
      pallets.map(
        async (id) => ((await after.get(`/barcode/barcode?id=${id}`)) as { isActivated: boolean }).isActivated,
      ),
    );
    expect(activated.every(Boolean)).toBe(true);
    await killed(server);
  }, 600_000);
});
