import { defineConfig } from '@playwright/test';
import { runMarkers } from './scripts/process-group';

/** First of the three ports the test servers use (E2E_PORT_BASE, default 8181): two checkouts can test side by side. */
const PORT = Number(process.env.E2E_PORT_BASE ?? 8181);

/** Servers the end-to-end tests run against: the real server, each on a throwaway in-memory database. */
export const SERVERS = {
  main: `http://localhost:${PORT}`,
  /** Announces a newer client version (Later allowed). */
  update: `http://localhost:${PORT + 1}`,
  /** Announces a newer version that this client must install (forced). */
  forced: `http://localhost:${PORT + 2}`,
};

/**
 * Debian's Chromium (Playwright never downloads a browser here), started without what stalls
 * it on a machine with no internet; for the tests, the fake-camera specs and the benchmarks.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-gpu',
    '--no-first-run',
    '--disable-sync',
  ],
};

/**
 * Each server's JSON log goes to .e2e-logs/server-<port>.log (the folder is emptied first);
 * e2e/server-logs.ts checks them after the run: request lines, and no demo access code or
 * password in any.
 *
 * Playwright starts each command in a process group of its own and ends the whole group after the
 * run, on Ctrl-C and when it exits (docs/engineers/process-hygiene.md). `exec` makes the server
 * itself the process Playwright waits for, in place of the shell: asked to stop (SIGTERM to the
 * group), it answers what is in flight and closes; the group gets SIGKILL if it is not gone within
 * the grace period. The run markers let scripts/check-leftover-processes.ts find it should it stay.
 */
const server = (port: number, env: Record<string, string> = {}) => ({
  command: `node -e "require('fs').mkdirSync('.e2e-logs',{recursive:true});require('fs').rmSync('.e2e-logs/server-${port}.log',{force:true})" && exec node --import tsx server/main.ts > .e2e-logs/server-${port}.log 2>&1`,
  url: `http://localhost:${port}/api/barcode/project?code=demo`,
  reuseExistingServer: false,
  timeout: 60_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    ...runMarkers(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: ':memory:',
    EXPOSE_OUTBOX: '1',
    LOG_LEVEL: 'info',
    ...env,
  },
});

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/server-logs.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: SERVERS.main,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    trace: 'off',
    launchOptions: CHROMIUM,
  },
  projects: [{ name: 'chromium-phone', use: { browserName: 'chromium' } }],
  webServer: [
    server(PORT),
    server(PORT + 1, { LATEST_CLIENT_VERSION: '1.45.0' }),
    server(PORT + 2, { LATEST_CLIENT_VERSION: '2.0.0', MIN_CLIENT_VERSION: '2.0.0' }),
  ],
});
