/**
 * `npm run bench:labels`: a sheet of 100 labels rendered in Chromium (390x844 phone, CPU as is
 * and slowed 4x) against the real server (built client in dist/, in-memory database), staff
 * logged in: from the Generate tap to every QR code drawn (the sheet's status says it is ready
 * to print), i.e. one POST /barcode/barcodes of 100 plus 100 QR codes drawn by zxing-wasm's
 * writer; and the same for the second sheet (writer loaded). Also checks the sheet has 100 labels.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { staffLogin, startBenchServer } from '../server/harness';

const PORT = Number(process.env.BENCH_LABELS_PORT ?? 8199);
const COUNT = 100;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const server = await startBenchServer(PORT, { kind: 'pglite' });
const browser = await chromium.launch(CHROMIUM);
try {
  console.log(`label sheet of ${COUNT} in Chromium (390x844, staff logged in; a busy machine's figures):`);
  for (const rate of [1, 4]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const authorized = await context.request.post(`${server.base}/api/user/authorize`, { data: staffLogin() });
    if (!authorized.ok()) throw new Error(`login in the browser context failed: ${authorized.status()}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(`${server.base}/demo@1/labels`);
    const label = rate === 1 ? 'CPU as is' : `CPU slowed ${rate}x`;
    for (const run of ['first sheet (QR writer loads)', 'second sheet']) {
      await page.getByRole('textbox', { name: 'Number of barcodes' }).fill(String(COUNT));
      const started = performance.now();
      await page.getByRole('button', { name: `Generate ${COUNT} barcode(s)` }).click();
      await page
        .getByTestId('label-sheet-status')
        .filter({ hasText: `${COUNT} labels on 5 A4 pages, ready to print.` })
        .waitFor({ timeout: 120_000 });
      const elapsed = performance.now() - started;
      const drawn = await page.locator('[data-testid="printable-label"] img').count();
      if (drawn !== COUNT) throw new Error(`${drawn} QR codes drawn, expected ${COUNT}`);
      console.log(`  ${run} (${label}): Generate tap to ${COUNT} labels drawn, ready to print: ${ms(elapsed)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
