// `npm run dev`: the API server (embedded database under ./data) and Vite's dev server with /api
// proxied to it. Ctrl-C stops both, and the command waits until they have ended. The API server runs
// in a process group of its own (scripts/process-group.ts), so that stopping it also stops the
// server `node --watch` runs in a child process of its own; Vite stays in the terminal's group, as
// its keyboard shortcuts read the terminal (a process outside that group would be stopped by it).
import { spawn } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';

const { GRACE_MS, startGroup, stopGroups } = await tsImport('./process-group.ts', import.meta.url);

const apiPort = process.env.API_PORT ?? '8080';
// Not marked as a test run's: a developer's server is no leftover (scripts/check-leftover-processes.ts).
const api = startGroup(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
  stdio: 'inherit',
  unmarked: true,
  env: {
    ...process.env,
    PORT: apiPort,
    EXPOSE_OUTBOX: process.env.EXPOSE_OUTBOX ?? '1',
    OUTBOX_CONSOLE: process.env.OUTBOX_CONSOLE ?? '1',
  },
});
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
  stdio: 'inherit',
  env: { ...process.env, API_PROXY_TARGET: `http://localhost:${apiPort}` },
});
const viteExited = new Promise((resolve) => vite.once('exit', resolve));

let stopping;
/** Stops both (Vite: SIGTERM, SIGKILL after the grace period) and exits once both have ended. */
const stop = (exitCode) =>
  (stopping ??= (async () => {
    process.exitCode ??= exitCode;
    const viteKill = setTimeout(() => vite.kill('SIGKILL'), GRACE_MS);
    if (vite.exitCode === null && vite.signalCode === null) vite.kill('SIGTERM');
    await Promise.all([stopGroups(), viteExited]);
    clearTimeout(viteKill);
    process.exit();
  })());
process.on('SIGINT', () => stop(130));
process.on('SIGTERM', () => stop(143));
process.on('SIGHUP', () => stop(129));
void api.exited.then((code) => stop(code ?? 1));
void viteExited.then((code) => stop(code ?? 1));
