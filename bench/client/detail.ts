/**
 * `npm run bench` (last part): the detail page of a barcode with a long history, in Chromium on a
 * phone viewport against the real server (built client in dist/, in-memory database), staff
 * logged in. Times from navigation start to the first frame showing the barcode label, the
 * activation data table, and the history page's first page of steps; each load in a new
 * browser context, so nothing comes from the HTTP cache (a phone opening a scanned link for the
 * first time), plus the detail page again in the same context (cache warm). Prints median and max.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { apiClient, distributionCentreStep, staffCookie, staffLogin, startBenchServer } from '../server/harness';
import { watchSelectors } from '../measure/page-watch';

const PORT = Number(process.env.BENCH_DETAIL_PORT ?? 8191);
const RUNS = Number(process.env.BENCH_DETAIL_RUNS ?? 5);
/** Track and undo pairs: each adds two history entries (after generate and activate). */
const TRACK_UNDO_PAIRS = 100;
const SELECTORS = {
  label: '[data-testid="barcode-label"]',
  activationData: '[data-testid="activation-data"]',
  historyList: '[data-testid="history-list"]',
};

declare global {
  interface Window {
    /** performance.now() of the first animation frame in which each watched selector was visible. */
    benchShownAt: Record<string, number>;
  }
}

/** A barcode with activation data and 2 + 2 x TRACK_UNDO_PAIRS history entries; its id and entry count. */
async function barcodeWithLongHistory(base: string): Promise<{ id: string; entries: number }> {
  const api = apiClient(base, await staffCookie(base));
  const id = await api.activatedPallet();
  for (let i = 0; i < TRACK_UNDO_PAIRS; i += 1) {
    await api.post('/barcode/tracking', distributionCentreStep(id));
    await api.post('/barcode/undo-tracking', { barcodeId: id });
  }
  const { total } = (await api.get(`/barcode/history?id=${id}&count=1`)) as { total: number };
  return { id, entries: total };
}

interface Load {
  shownAt: Record<string, number>;
  /** Encoded (transferred) body bytes of the JavaScript responses, and their content encodings. */
  jsBytes: number;
  jsFiles: number;
  encodings: Set<string>;
}

/** Opens `url` in a new page of `context` and waits until every selector has been shown. */
async function timedLoad(context: BrowserContext, url: string, selectors: string[]): Promise<Load> {
  const page = await context.newPage();
  const load: Load = { shownAt: {}, jsBytes: 0, jsFiles: 0, encodings: new Set() };
  const counting: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.endsWith('.js')) return;
    counting.push(
      (async () => {
        const { responseBodySize } = await request.sizes();
        load.jsBytes += responseBodySize;
        load.jsFiles += 1;
        load.encodings.add((await request.response())?.headers()['content-encoding'] ?? 'identity');
      })(),
    );
  });
  await page.addInitScript({ content: watchSelectors(selectors) });
  await page.goto(url);
  await page.waitForFunction((count) => Object.keys(window.benchShownAt).length === count, selectors.length, {
    timeout: 30_000,
  });
  load.shownAt = await page.evaluate(() => window.benchShownAt);
  // Chunks the page loads after its first render count towards what it transfers.
  await page.waitForLoadState('networkidle');
  await Promise.all(counting);
  await page.close();
  return load;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
const summary = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

async function newContext(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    ...(storageState ? { storageState } : {}),
  });
}

const server = await startBenchServer(PORT);
const browser = await chromium.launch(CHROMIUM);
try {
  const { id, entries } = await barcodeWithLongHistory(server.base);
  const login = await newContext(browser);
  const authorized = await login.request.post(`${server.base}/api/user/authorize`, { data: staffLogin() });
  if (!authorized.ok()) throw new Error(`login in the browser context failed: ${authorized.status()}`);
  const session = await login.storageState();
  await login.close();

  const detailUrl = `${server.base}/demo@1/qrcode/${id}`;
  const detail = [SELECTORS.label, SELECTORS.activationData];
  const cold: Load[] = [];
  const warm: Load[] = [];
  const history: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext(browser, session);
    cold.push(await timedLoad(context, detailUrl, detail));
    warm.push(await timedLoad(context, detailUrl, detail));
    await context.close();
    const historyContext = await newContext(browser, session);
    history.push(await timedLoad(historyContext, `${detailUrl}/history`, [SELECTORS.historyList]));
    await historyContext.close();
  }

  const at = (loads: Load[], selector: string) => loads.map((l) => l.shownAt[selector]!);
  const first = cold[0]!;
  console.log(
    `barcode detail page in Chromium (390x844, staff logged in), barcode with ${entries} history entries, ${RUNS} runs, navigation start to first frame showing:`,
  );
  console.log(
    `  detail, empty cache:   label ${summary(at(cold, SELECTORS.label))}; activation data ${summary(at(cold, SELECTORS.activationData))}`,
  );
  console.log(
    `  detail, warm cache:    label ${summary(at(warm, SELECTORS.label))}; activation data ${summary(at(warm, SELECTORS.activationData))}`,
  );
  console.log(`  history, empty cache:  first page of steps ${summary(at(history, SELECTORS.historyList))}`);
  console.log(
    `  JavaScript transferred for the detail page (empty cache, until the network is idle): ${(first.jsBytes / 1024).toFixed(1)} KB in ${first.jsFiles} files (content-encoding: ${[...first.encodings].join(', ')})`,
  );
} finally {
  await browser.close();
  await server.stop();
}
