/**
 * `npm run bench:phone`: the app on a slow phone, against its budgets (BUDGETS below). Chromium
 * on a phone viewport with Lighthouse's slow-4G settings applied through the DevTools protocol
 * (SLOW_4G: Network.emulateNetworkConditions) and the CPU slowed 4x (CPU_SLOWDOWN:
 * Emulation.setCPUThrottlingRate), against the real server (built client in dist/, in-memory
 * database). Each run starts with an empty cache, as a phone opening a printed link for the
 * first time:
 *
 * 1. a visitor opens a barcode's tracking link: first contentful paint, largest contentful paint,
 *    the login form visible (its Authenticate button drawn, by the server or by the client) and
 *    usable (the client's handlers on it: hydrated, or drawn by the client) from navigation start;
 * 2. they log in with the keyboard: from the form's submit to the tracking form usable (the
 *    login resumes the tracking screen, its first page and button drawn);
 * 3. a visitor opens the barcode's scanned link: from navigation start to its label visible, and
 *    to the client's handlers on it;
 * 4. a logged-in user (session cookie, empty cache) opens the barcode's scanned link: from
 *    navigation start to the barcode label drawn (the server draws nothing for a session).
 *
 * Then Lighthouse (bench/measure/lighthouse-audit.ts: mobile, its own simulated slow 4G and 4x CPU) on
 * the same tracking link, as an outside audit would run it: performance and accessibility
 * scores, its LCP and its cumulative layout shift.
 *
 * BENCH_PHONE_SW=block runs the phone without the service worker, which otherwise stores every
 * screen's code ahead of need once the first screen is drawn: the two runs side by side show what
 * that storing costs the figures after it.
 *
 * Prints the median of BENCH_PHONE_RUNS (default 3) runs of each figure beside its budget, and the
 * first-load JavaScript (gzip) beside its budget; exits with 1 when a figure misses its budget.
 * Times are measured on the page's own clock, at the animation frame the element is first
 * visible (the frame is painted just after); other work on the machine slows them.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { apiClient, STAFF_ACCESS_CODE, staffCookie, staffLogin, startBenchServer } from '../server/harness';
import { FIRST_LOAD_BUDGET_BYTES, measureFirstLoad } from '../measure/bundle-size';
import { lighthouseRun, type LighthouseFigures } from '../measure/lighthouse-audit';
import { watchSelectors } from '../measure/page-watch';

const PORT = Number(process.env.BENCH_PHONE_PORT ?? 8196);
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 3);
const SERVICE_WORKERS = process.env.BENCH_PHONE_SW === 'block' ? 'block' : 'allow';

/** Lighthouse's simulated slow 4G, so the page's own figures and Lighthouse's come from one network. */
export const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;

/**
 * What the app must reach on a slow phone (ms, bytes); a miss fails the bench. FCP is the web's
 * 'good' threshold (Core Web Vitals). docs/engineers/performance.md lists every budget.
 */
const BUDGETS = {
  fcp: 1800,
  lcp: 2000,
  loginVisible: 1000,
  loginUsable: 2000,
  trackFormAfterLogin: 2000,
  detailVisible: 1200,
  // The detail page's own code comes after the shell's, which waits for the page to be painted.
  detailUsable: 2500,
  detailFromLink: 2000,
  // The build test's budget (bench/measure/bundle-size.ts), so the two never disagree.
  firstLoadGzip: FIRST_LOAD_BUDGET_BYTES,
  // Lighthouse's own figures: scores at least, its simulated LCP and its layout shift at most.
  lighthousePerformance: 98,
  lighthouseAccessibility: 100,
  lighthouseLcp: 1500,
  lighthouseCls: 0,
};

const SELECTORS = {
  login: 'form[aria-labelledby="login-title"] button[type="submit"]',
  // The tracking screen's form with its main button (the login form has one too: not that one).
  trackFormUsable: 'main:has([data-testid="track-point"]) form button[type="submit"]',
  detail: '[data-testid="barcode-label"]',
};

declare global {
  interface Window {
    benchShownAt: Record<string, number>;
    benchHydratedAt: Record<string, number>;
    benchSubmitAt?: number;
    benchLcp?: number;
  }
}

/**
 * Also notes the first form submit, the latest largest-contentful-paint candidate, and when each
 * selector's element first carries React's handlers (`benchHydratedAt`): React DOM puts its props
 * on an element as it draws it or hydrates it, so a drawn page's form counts once the client has
 * taken it over, a client-drawn one as it appears.
 */
const watch = (selectors: string[]) =>
  watchSelectors(
    selectors,
    `
  document.addEventListener('submit', () => { window.benchSubmitAt ??= performance.now(); }, true);
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.benchLcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.benchHydratedAt = {};
  const withHandlers = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  const checkHydrated = () => {
    for (const selector of selectors) {
      if (window.benchHydratedAt[selector] !== undefined) continue;
      const element = document.querySelector(selector);
      if (element && withHandlers(element)) window.benchHydratedAt[selector] = performance.now();
    }
    if (Object.keys(window.benchHydratedAt).length < selectors.length) requestAnimationFrame(checkHydrated);
  };
  requestAnimationFrame(checkHydrated);
`,
  );

async function throttledPage(context: BrowserContext, selectors: string[]): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript({ content: watch(selectors) });
  return page;
}

const shown = (page: Page, selector: string) =>
  page
    .waitForFunction((s) => window.benchShownAt[s], selector, { timeout: 60_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);

const hydrated = (page: Page, selector: string) =>
  page
    .waitForFunction((s) => window.benchHydratedAt[s], selector, { timeout: 60_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);

interface Run {
  fcp: number;
  lcp: number;
  loginVisible: number;
  loginUsable: number;
  trackFormAfterLogin: number;
  detailVisible: number;
  detailUsable: number;
  detailFromLink: number;
}

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
    serviceWorkers: SERVICE_WORKERS,
    ...(storageState ? { storageState } : {}),
  });
}

async function oneRun(
  browser: Browser,
  base: string,
  barcodeId: string,
  session: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Run> {
  const visitor = await newContext(browser);
  const page = await throttledPage(visitor, [SELECTORS.login, SELECTORS.trackFormUsable]);
  await page.goto(`${base}/demo@1/qrcode/${barcodeId}/track`, { waitUntil: 'commit' });
  const loginVisible = await shown(page, SELECTORS.login);
  const loginUsable = await hydrated(page, SELECTORS.login);
  // LCP is final once the user acts: read it before typing.
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  // A new observer with buffered entries: the one watching since the start may not have been
  // called yet (its callbacks wait behind the page's own work).
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(window.benchLcp ?? NaN), 2000);
      }),
  );
  await page.getByLabel('Access code, first 4 digits').focus();
  await page.keyboard.type(STAFF_ACCESS_CODE);
  await page.keyboard.press('Enter');
  const trackShown = await shown(page, SELECTORS.trackFormUsable);
  const submitAt = await page.evaluate(() => window.benchSubmitAt ?? NaN);
  await visitor.close();

  const reader = await newContext(browser);
  const scanned = await throttledPage(reader, [SELECTORS.detail]);
  await scanned.goto(`${base}/demo@1/qrcode/${barcodeId}`, { waitUntil: 'commit' });
  const detailVisible = await shown(scanned, SELECTORS.detail);
  const detailUsable = await hydrated(scanned, SELECTORS.detail);
  await reader.close();

  const user = await newContext(browser, session);
  const detailPage = await throttledPage(user, [SELECTORS.detail]);
  await detailPage.goto(`${base}/demo@1/qrcode/${barcodeId}`);
  const detailFromLink = await shown(detailPage, SELECTORS.detail);
  await user.close();
  return {
    fcp,
    lcp,
    loginVisible,
    loginUsable,
    trackFormAfterLogin: trackShown - submitAt,
    detailVisible,
    detailUsable,
    detailFromLink,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

const server = await startBenchServer(PORT);
const browser = await chromium.launch(CHROMIUM);
try {
  const api = apiClient(server.base, await staffCookie(server.base));
  // Activated at the manufacturer: its next trackpoint (distribution centre) has a form.
  const barcodeId = await api.activatedPallet();
  const login = await newContext(browser);
  const authorized = await login.request.post(`${server.base}/api/user/authorize`, { data: staffLogin() });
  if (!authorized.ok()) throw new Error(`login in the browser context failed: ${authorized.status()}`);
  const session = await login.storageState();
  await login.close();

  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(browser, server.base, barcodeId, session));

  const audits: LighthouseFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) audits.push(await lighthouseRun(`${server.base}/demo@1/qrcode/${barcodeId}/track`));

  // The client the server serves (DIST_DIR, as for the server itself).
  const firstLoad = measureFirstLoad(process.env.DIST_DIR ?? 'dist').totalGzipBytes;
  const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;
  // [name, value, budget, format, whether a higher value is better]
  const rows: [string, number, number, (v: number) => string, boolean?][] = [
    ['first contentful paint (tracking link, visitor)', median(runs.map((r) => r.fcp)), BUDGETS.fcp, seconds],
    ['largest contentful paint (tracking link, visitor)', median(runs.map((r) => r.lcp)), BUDGETS.lcp, seconds],
    [
      'login form visible (from navigation start)',
      median(runs.map((r) => r.loginVisible)),
      BUDGETS.loginVisible,
      seconds,
    ],
    [
      'login form usable (hydrated; from navigation start)',
      median(runs.map((r) => r.loginUsable)),
      BUDGETS.loginUsable,
      seconds,
    ],
    [
      'first tracking form usable after login (from submit)',
      median(runs.map((r) => r.trackFormAfterLogin)),
      BUDGETS.trackFormAfterLogin,
      seconds,
    ],
    [
      'barcode detail from a scanned link visible (visitor)',
      median(runs.map((r) => r.detailVisible)),
      BUDGETS.detailVisible,
      seconds,
    ],
    [
      'barcode detail from a scanned link usable (visitor, hydrated)',
      median(runs.map((r) => r.detailUsable)),
      BUDGETS.detailUsable,
      seconds,
    ],
    [
      'barcode detail from a scanned link (logged in, empty cache)',
      median(runs.map((r) => r.detailFromLink)),
      BUDGETS.detailFromLink,
      seconds,
    ],
    ['first-load JavaScript (gzip)', firstLoad, BUDGETS.firstLoadGzip, (v) => `${(v / 1024).toFixed(1)} KB`],
    [
      'Lighthouse performance (tracking link, mobile)',
      median(audits.map((a) => a.performance)),
      BUDGETS.lighthousePerformance,
      String,
      true,
    ],
    [
      'Lighthouse accessibility',
      median(audits.map((a) => a.accessibility)),
      BUDGETS.lighthouseAccessibility,
      String,
      true,
    ],
    [
      'Lighthouse largest contentful paint (simulated)',
      median(audits.map((a) => a.lcpMs)),
      BUDGETS.lighthouseLcp,
      seconds,
    ],
    [
      'Lighthouse cumulative layout shift (highest of the runs)',
      Math.max(...audits.map((a) => a.cumulativeLayoutShift)),
      BUDGETS.lighthouseCls,
      (v) => v.toFixed(3),
    ],
  ];
  console.log(
    `slow 4G (${SLOW_4G.latency} ms RTT, 1.6 Mbit/s down, 750 kbit/s up), CPU x${CPU_SLOWDOWN}, 390x844 phone, empty cache, median of ${RUNS} runs:`,
  );
  let missed = 0;
  for (const [name, value, budget, format, higherIsBetter] of rows) {
    const ok = higherIsBetter ? value >= budget : value <= budget;
    if (!ok) missed += 1;
    console.log(
      `  ${ok ? 'ok  ' : 'MISS'} ${name.padEnd(62)} ${format(value).padStart(9)}   budget ${higherIsBetter ? '>= ' : ''}${format(budget)}`,
    );
  }
  console.log(
    `  runs: ${runs
      .map((r) =>
        Object.values(r)
          .map((v) => v.toFixed(0))
          .join('/'),
      )
      .join('  ')} (fcp/lcp/login visible/login usable/track/visitor detail visible/usable/user detail ms)`,
  );
  for (const [i, a] of audits.entries()) {
    console.log(
      `  Lighthouse run ${i + 1}: performance ${a.performance}, accessibility ${a.accessibility}, FCP ${a.fcpMs.toFixed(0)} ms, LCP ${a.lcpMs.toFixed(0)} ms, TBT ${a.totalBlockingMs.toFixed(0)} ms, CLS ${a.cumulativeLayoutShift.toFixed(3)}`,
    );
    if (a.failing.length > 0) console.log(`    below full marks: ${a.failing.join('; ')}`);
  }
  if (missed > 0) {
    console.log(`${missed} figure(s) over budget`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
