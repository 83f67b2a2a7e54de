/** Helpers for tests that run the real server (`server/main.ts`) in a process of its own. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listens on now. */
export const freePort = () => new Promise<number>((resolve, reject) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  }).on('error', reject);
});

/** Resolves once the server at `base` answers (3 minutes at most: the cores are shared); fails when its process exits. */
export async function serverAnswers(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 720; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/barcode/project?code=demo`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}
