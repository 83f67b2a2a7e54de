/**
 * `npm run bench:offline`, after `npm run build`: what the service worker precaches (files, bytes
 * as stored and as sent compressed), and the time the shell takes to open with the network off
 * after a first visit (Chromium, phone viewport, the real server with the built client and an
 * in-memory database): from the reload's start to the login form's Authenticate button drawn.
 * Prints the median of BENCH_OFFLINE_RUNS (default 5) reloads. What staff can do offline:
 * docs/staff/offline.md.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { startBenchServer } from '../server/harness';

const PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 8197);
const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);
const DIST = 'dist';

const precache = JSON.parse(readFileSync(join(DIST, 'sw-precache.json'), 'utf8')) as {
  version: string;
  files: string[];
  bytes: number;
};
const sent = precache.files.reduce((sum, url) => {
  const file = join(DIST, url.slice(1));
  return sum + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `service worker ${precache.version}: precaches ${precache.files.length} files, ${kb(precache.bytes)} as stored, ${kb(sent)} as sent (brotli)`,
);

const server = await startBenchServer(PORT);
const browser = await chromium.launch(CHROMIUM);
try {
  const context = await browser.newContext({
    baseURL: server.base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto('/demo@1');
  await page.getByRole('button', { name: 'Authenticate' }).waitFor();
  // Installed, controlling, and the project's configuration kept.
  const ready = () =>
    page.evaluate(
      async () =>
        navigator.serviceWorker.controller !== null && (await (await caches.open('sb-api')).keys()).length > 0,
    );
  for (let waited = 0; !(await ready()); waited += 250) {
    if (waited > 30_000) throw new Error('the service worker did not take over in 30 s');
    await page.waitForTimeout(250);
  }
  await context.setOffline(true);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await page.reload();
    await page.getByRole('button', { name: 'Authenticate' }).waitFor();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `shell opened offline (reload to login form drawn): median ${median.toFixed(0)} ms of ${RUNS} (${times.map((t) => t.toFixed(0)).join(', ')} ms)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
