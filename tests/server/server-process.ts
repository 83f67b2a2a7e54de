/**
 * The real server as an operator runs it: its own process (`server/main.ts`), on loopback, with
 * its output kept for the test to read (the JSON log lines, the banner). The operations tests
 * (logs, SIGTERM, backup and restore, several servers) use it.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { startGroup, stopGroups } from '../../scripts/process-group';

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      })
      .on('error', reject);
  });

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /**
   * Sends the signal to the server's process group, SIGKILL after its shutdown time has passed;
   * resolves with its exit code once nothing of the group is left.
   */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Ends every process this test file started that is still running (a failed test's) and resolves
 * once they are gone: await it in afterAll.
 */
export const killLeftovers = (): Promise<void> => stopGroups();

/**
 * Starts the server with `env` (PORT and HOST set here) in a process group of its own
 * (scripts/process-group.ts) and resolves once GET /readyz answers 200 (3 minutes at most: the
 * cores are shared).
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const started = startGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      WORKERS: '',
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = `http://127.0.0.1:${listenOn}`;
  // A stopping server answers the requests in flight for up to SHUTDOWN_TIMEOUT_MS, then closes its database.
  const graceMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000) + 30_000;
  const server: ServerProcess = {
    base,
    port: listenOn,
    child: started.child,
    exited: started.exited,
    output: started.output,
    stop: (signal = 'SIGTERM') => started.stop({ signal, graceMs }),
  };
  for (let i = 0; i < 720; i += 1) {
    if (started.child.exitCode !== null) {
      await started.stop();
      throw new Error(`server exited with ${started.child.exitCode}:\n${started.output()}`);
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`server did not start:\n${started.output()}`);
}
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
