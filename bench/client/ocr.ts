/**
 * `npm run bench` (OCR part): the OCR capture of the built client in Chromium (phone viewport,
 * fake camera showing a printed line), against the real server. Times from the end of the crop
 * gesture to the recognised text in the box:
 * - cold: a new browser context (nothing cached: the engine's worker, core and English model
 *   download, then start), cropping as soon as the picture is taken;
 * - cached: a new page in that context (the model comes from IndexedDB, the files from the HTTP
 *   cache, the engine starts again);
 * - warm: further crops on the same page (engine loaded; goal: a median within WARM_GOAL_MS).
 * Also the engine's start (import, worker, core, model, init: the page's 'ocr:engine-ready'
 * measure), which runs while the camera is live. Prints median and max; exits non-zero if the
 * text read is wrong.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { startBenchServer } from '../server/harness';
import { fakeCamera, writeTextFeed } from '../../e2e/fake-camera';

const PORT = Number(process.env.BENCH_OCR_PORT ?? 8193);
const RUNS = Number(process.env.BENCH_OCR_RUNS ?? 3);
const WARM_RUNS = Number(process.env.BENCH_OCR_WARM_RUNS ?? 7);
const TEXT = 'PO88231';
const WARM_GOAL_MS = 1500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Opens the OCR page and takes the picture. */
async function openAndTake(page: Page, base: string) {
  await page.goto(`${base}/demo@1/qrcode/scan-ocr`);
  const take = page.getByRole('button', { name: 'Take picture' });
  await take.waitFor();
  // Take is enabled once the camera runs.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Take picture') && !b.disabled),
  );
  await take.click();
}

/** Drags over the line of text and returns the ms until the text box holds what was read. */
async function cropAndRead(page: Page): Promise<number> {
  const box = page.getByRole('textbox', { name: 'Text read' });
  await box.fill('');
  const picture = (await page.getByTestId('ocr-picture').boundingBox())!;
  await page.mouse.move(picture.x + picture.width * 0.04, picture.y + picture.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(picture.x + picture.width * 0.96, picture.y + picture.height * 0.6, { steps: 4 });
  const started = Date.now();
  await page.mouse.up();
  await page.waitForFunction(
    () => (document.querySelector<HTMLInputElement>('[data-testid="ocr-text"]:not([disabled])')?.value ?? '') !== '',
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  const elapsed = Date.now() - started;
  const read = await box.inputValue();
  if (read !== TEXT) throw new Error(`OCR read '${read}', expected '${TEXT}'`);
  return elapsed;
}

async function main() {
  const server = await startBenchServer(PORT);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(fakeCamera.launchOptions);
    const results = {
      cold: [] as number[],
      cached: [] as number[],
      warm: [] as number[],
      startCold: [] as number[],
      startCached: [] as number[],
    };
    const engineStart = (page: Page) =>
      page.evaluate(() => Math.round(performance.getEntriesByName('ocr:engine-ready')[0]?.duration ?? NaN));
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        permissions: ['camera'],
        locale: 'en-US',
      });
      if (run === 0) await writeTextFeed(context, TEXT);
      const page = await context.newPage();
      await openAndTake(page, server.base);
      results.cold.push(await cropAndRead(page));
      results.startCold.push(await engineStart(page));
      await page.close();
      const again = await context.newPage();
      await openAndTake(again, server.base);
      results.cached.push(await cropAndRead(again));
      results.startCached.push(await engineStart(again));
      for (let i = 0; i < Math.ceil(WARM_RUNS / RUNS); i += 1) results.warm.push(await cropAndRead(again));
      await context.close();
    }
    const line = (name: string, values: number[]) =>
      `${name.padEnd(40)} median ${String(median(values)).padStart(6)} ms   max ${String(Math.max(...values)).padStart(6)} ms   (${values.length} runs)`;
    console.log(`OCR of a cropped printed line ('${TEXT}'), Chromium 390x844, crop end -> text shown`);
    console.log(line('engine start, nothing cached', results.startCold));
    console.log(line('engine start, model and files cached', results.startCached));
    console.log(line('cold (nothing cached, crop at once)', results.cold));
    console.log(line('first in a new page (model cached)', results.cached));
    console.log(line('warm (engine loaded)', results.warm));
    console.log(`goal: warm median <= ${WARM_GOAL_MS} ms: ${median(results.warm) <= WARM_GOAL_MS ? 'met' : 'NOT met'}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
