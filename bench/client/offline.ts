/**
 * `npm run bench:offline`, after `npm run build`: what the service worker precaches (files, bytes
 * as stored and as sent compressed), what it then stores ahead of need (every staff screen's code
 * and the barcode decoder) and how long that takes on slow 4G (SLOW_4G, applied to the worker
 * itself through the DevTools protocol) from the first screen drawn, the storage the origin then
 * uses, and the time the shell takes to open with the network off after a first visit (Chromium,
 * phone viewport, the real server with the built client and an in-memory database): from the
 * reload's start to the login form's Authenticate button drawn. Prints the median of
 * BENCH_OFFLINE_RUNS (default 5) reloads. BENCH_DIST: another build than dist/. What staff can do
 * offline: docs/staff/offline.md.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { startBenchServer } from '../server/harness';

/** Lighthouse's simulated slow 4G, as bench/client/phone.ts applies it (that module runs its bench when imported). */
const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 8197);
const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);
const DIST = process.env.BENCH_DIST ?? 'dist';

const precache = JSON.parse(readFileSync(join(DIST, 'sw-precache.json'), 'utf8')) as {
  version: string;
  files: string[];
  bytes: number;
  ahead: string[];
  aheadBytes: number;
};
const sentSize = (urls: string[]) =>
  urls.reduce((sum, url) => {
    const file = join(DIST, url.slice(1));
    return sum + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `service worker ${precache.version}: precaches ${precache.files.length} files, ${kb(precache.bytes)} as stored, ${kb(sentSize(precache.files))} as sent (brotli)`,
);
console.log(
  `then stores ahead ${precache.ahead.length} files, ${kb(precache.aheadBytes)} as stored, ${kb(sentSize(precache.ahead))} as sent (brotli)`,
);

/**
 * Slow 4G for the service worker itself (its own DevTools target: the page's network emulation
 * does not reach it), through the browser's session and the target's (non-flat) session.
 */
async function throttleServiceWorkers(browser: Browser): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string }[];
  };
  for (const target of targetInfos.filter((t) => t.type === 'service_worker')) {
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as {
      sessionId: string;
    };
    let id = 0;
    const send = (method: string, params: object) =>
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: (id += 1), method, params }) });
    await send('Network.enable', {});
    await send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  }
}

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
  // Stored ahead on slow 4G: the page and the worker throttled, from the first screen to the last file kept.
  const storing = await context.newPage();
  const cdp = await context.newCDPSession(storing);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  // What the first visit stored (unthrottled) goes, with the HTTP cache: a phone's first time.
  await storing.goto('/demo@1');
  while (
    await storing.evaluate(async (urls) => {
      for (const url of urls) if (!(await caches.match(url))) return true;
      return false;
    }, precache.ahead)
  )
    await storing.waitForTimeout(200);
  await cdp.send('Network.clearBrowserCache');
  await storing.evaluate(async () => {
    for (const name of await caches.keys())
      if (name !== 'sb-api' && !name.startsWith('sb-shell-')) await caches.delete(name);
  });
  await throttleServiceWorkers(browser);
  const startedAhead = performance.now();
  await storing.goto('/demo@1');
  await storing.getByRole('button', { name: 'Authenticate' }).waitFor();
  const firstScreen = performance.now() - startedAhead;
  const missing = () =>
    storing.evaluate(async (urls) => {
      let count = 0;
      for (const url of urls) if (!(await caches.match(url))) count += 1;
      return count;
    }, precache.ahead);
  while ((await missing()) > 0) {
    if (performance.now() - startedAhead > 300_000) throw new Error('not stored ahead in 5 minutes');
    await storing.waitForTimeout(200);
  }
  const storedAhead = performance.now() - startedAhead;
  console.log(
    `stored ahead on slow 4G: first screen drawn at ${firstScreen.toFixed(0)} ms, every file kept at ${storedAhead.toFixed(0)} ms`,
  );
  const estimate = await storing.evaluate(() => navigator.storage.estimate());
  console.log(`storage used by the origin: ${kb(estimate.usage ?? 0)}`);
  await storing.close();

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
