/**
 * The barcode list in Chromium (390x844, staff logged in, the built client served by
 * the reference server, PGlite in memory): the time from opening `/demo@1/barcode-list` to its
 * first page of labels drawn, with the screen's code and strings already cached (a user coming
 * back to it) and on the first visit of a fresh context (its chunk loaded too); then how long
 * scrolling to the end of what is loaded takes to bring the next page.
 *
 * Run: npm run build, then npm run bench:search (its second part), or this file alone.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { apiClient, madeConcurrently, staffCookie, staffLogin, startBenchServer } from '../server/harness';

const PORT = Number(process.env.BENCH_LIST_PORT ?? 8199);
const COUNT = Number(process.env.BENCH_LIST_COUNT ?? 300);
const RUNS = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

const server = await startBenchServer(PORT, { kind: 'pglite' });
const browser = await chromium.launch(CHROMIUM);
try {
  const api = apiClient(server.base, await staffCookie(server.base));
  const preparing = performance.now();
  await madeConcurrently(COUNT, 10, () => api.activatedCase());
  console.log(
    `barcode list in Chromium (390x844, staff), ${COUNT} activated cases (prepared in ${((performance.now() - preparing) / 1000).toFixed(1)} s):`,
  );

  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const authorized = await context.request.post(`${server.base}/api/user/authorize`, { data: staffLogin() });
    if (!authorized.ok()) throw new Error(`login failed: ${authorized.status()}`);
    const page = await context.newPage();
    await page.goto(`${server.base}/demo@1`);
    await page.getByTestId('staff-name').waitFor();
    // First visit: the list's chunk and strings load with its first page (a client-side navigation, as from a link).
    let started = performance.now();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/demo@1/barcode-list');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('barcode-label').first().waitFor();
    cold.push(performance.now() - started);
    // Back home and again: the code is there, the first page is asked for afresh.
    await page.goBack();
    await page.getByTestId('staff-name').waitFor();
    started = performance.now();
    await page.goForward();
    await page.getByTestId('barcode-label').first().waitFor();
    warm.push(performance.now() - started);
    if (run === RUNS - 1) {
      const status = page.getByTestId('list-status');
      started = performance.now();
      for (let i = 0; i < 50 && (await status.textContent()) === '30 barcodes shown'; i += 1)
        await page.mouse.wheel(0, 2000);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="list-status"]')?.textContent !== '30 barcodes shown',
      );
      console.log(
        `  scrolling to the end of the first page until the second is shown: ${ms(performance.now() - started)}`,
      );
    }
    await context.close();
  }
  console.log(
    `  first page drawn, first visit (chunk + strings + page): p50 ${ms(percentile(cold, 0.5))}, p95 ${ms(percentile(cold, 0.95))}`,
  );
  console.log(
    `  first page drawn, returning with Back and Forward (code and page cached, asked again behind): p50 ${ms(percentile(warm, 0.5))}, p95 ${ms(percentile(warm, 0.95))}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
