/**
 * `npm run bench` (part): the children page (`.../children`) of a pallet with 1,000 children, in
 * Chromium on a phone viewport against the real server (built client in dist/, in-memory
 * database), staff logged in. Times from navigation start to the first frame showing the tree's
 * first page (50 rows, tree order), each load in a new browser context (empty HTTP cache), and
 * from a click on the last page's button to the frame showing its rows. Goal: under 1 s.
 * The demo project is served with a pallet reserving 1,000 children (the demo's own 24 would not
 * allow the tree), from a temporary projects folder.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import type { ProjectConfig } from '../../schemas/project-config';
import { CHROMIUM } from '../../playwright.config';
import {
  apiClient,
  madeConcurrently,
  staffCookie,
  staffLogin,
  startBenchServer,
  type ApiClient,
} from '../server/harness';

const PORT = Number(process.env.BENCH_CHILDREN_PORT ?? 8197);
const RUNS = Number(process.env.BENCH_CHILDREN_RUNS ?? 5);
const CHILDREN = 1000;
/** Pairing requests take at most 500 children (RELATION_LIST_MAX). */
const PAIR_BATCH = 500;
const CONNECTIONS = 10;
const ROW = '[data-testid="child-row"]';

function benchProjectsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-children-'));
  cpSync('server/projects', dir, { recursive: true });
  const config = JSON.parse(readFileSync(join(dir, 'demo@1.json'), 'utf8')) as ProjectConfig;
  config.barcodeTypes.pallet!.pairing = { childTypes: ['case'], maxChildren: CHILDREN };
  writeFileSync(join(dir, 'demo@1.json'), JSON.stringify(config));
  return dir;
}

/** `count` cases generated and activated at manufacturer, `CONNECTIONS` at a time. */
const activatedCases = (api: ApiClient, count: number) =>
  madeConcurrently(count, CONNECTIONS, (n) => api.activatedCase(`CASE-${String(n).padStart(4, '0')}`));

declare global {
  interface Window {
    /** performance.now() of the first animation frame showing `n` rows of the tree, once `benchWatch(n)` is called. */
    benchRowsAt?: number;
    benchWatch?: (rows: number, firstText?: string) => void;
  }
}

/**
 * Runs before the page's scripts: on every animation frame, notes when the tree shows `rows`
 * rows (and, after a page change, a first row other than `firstText`). rAF callbacks run just
 * before the frame is painted: time to first render on the page's own clock.
 */
const watchRows = `
  window.benchWatch = (rows, firstText) => {
    window.benchRowsAt = undefined;
    const check = () => {
      const found = document.querySelectorAll(${JSON.stringify(ROW)});
      if (found.length === rows && found[0].checkVisibility() && (firstText === undefined || found[0].textContent !== firstText)) {
        window.benchRowsAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  window.benchWatch(50);
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
const summary = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`;

async function newContext(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    storageState,
  });
}

const dir = benchProjectsDir();
const server = await startBenchServer(PORT, { kind: 'pglite' }, { PROJECTS_DIR: dir });
const browser = await chromium.launch(CHROMIUM);
try {
  const api = apiClient(server.base, await staffCookie(server.base));
  const preparing = performance.now();
  const pallet = await api.activatedPallet();
  const cases = await activatedCases(api, CHILDREN);
  for (let i = 0; i < cases.length; i += PAIR_BATCH)
    await api.post('/barcode/pairing', { parentId: pallet, childrenIds: cases.slice(i, i + PAIR_BATCH) });
  const { total } = (await api.get(`/barcode/children?id=${pallet}&count=1`)) as { total: number };
  if (total !== CHILDREN) throw new Error(`the pallet has ${total} children`);
  console.log(
    `children page in Chromium (390x844, staff logged in), a pallet with ${total} children (prepared in ${((performance.now() - preparing) / 1000).toFixed(1)} s), ${RUNS} runs:`,
  );

  const login = await browser.newContext();
  const authorized = await login.request.post(`${server.base}/api/user/authorize`, { data: staffLogin() });
  if (!authorized.ok()) throw new Error(`login in the browser context failed: ${authorized.status()}`);
  const session = await login.storageState();
  await login.close();

  const firstPage: number[] = [];
  const lastPage: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext(browser, session);
    const page = await context.newPage();
    await page.addInitScript({ content: watchRows });
    await page.goto(`${server.base}/demo@1/qrcode/${pallet}/children`);
    await page.waitForFunction(() => window.benchRowsAt !== undefined, undefined, { timeout: 30_000 });
    firstPage.push(await page.evaluate(() => window.benchRowsAt!));
    // The last page (1,000 / 50 = page 20): from the click to the frame showing its rows.
    const firstText = await page.locator(ROW).first().textContent();
    const clickedAt = await page.evaluate((text) => {
      window.benchWatch!(50, text ?? undefined);
      return performance.now();
    }, firstText);
    await page.getByRole('button', { name: 'Last page' }).click();
    await page.waitForFunction(() => window.benchRowsAt !== undefined, undefined, { timeout: 30_000 });
    lastPage.push(await page.evaluate((at) => window.benchRowsAt! - at, clickedAt));
    await context.close();
  }
  console.log(`  navigation start to the first page of the tree (50 rows), empty cache: ${summary(firstPage)}`);
  console.log(`  'Last page' clicked to its 50 rows shown: ${summary(lastPage)}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
