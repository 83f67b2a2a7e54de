/**
 * The real server as an operator runs it: its own process (`server/main.ts`), on loopback, with
 * its output kept for the test to read (the JSON log lines, the banner). The operations tests
 * (logs, SIGTERM, backup and restore, several servers) use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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
  /** Sends the signal and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();
/** Kills whatever a failed test left running (afterAll). */
export function killLeftovers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/**
 * Starts the server with `env` (PORT and HOST set here) and resolves once GET /readyz answers 200
 * (3 minutes at most: the cores are shared).
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
  running.add(child);
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${listenOn}`;
  const server: ServerProcess = {
    base,
    port: listenOn,
    child,
    exited,
    output: () => text,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  for (let i = 0; i < 720; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${text}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not start:\n${text}`);
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
