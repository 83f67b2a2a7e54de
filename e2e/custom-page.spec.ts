import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { login, startServer } from './helpers';

/** Payloads that try to run script from the custom page; each would set window.__xss. */
const PAYLOADS = [
  '<script>window.__xss = "script"</script>',
  '<img id="bad-img" src="x" onerror="window.__xss = \'img onerror\'">',
  '<a id="js-link" href="javascript:window.__xss = \'javascript link\'">Open the temperature log</a>',
  '<svg onload="window.__xss = \'svg onload\'"></svg>',
  '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  '<details open ontoggle="window.__xss = \'ontoggle\'"><summary>s</summary></details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = \'mxss\'">',
  '<div style="background-image: url(https://tracker.example/bg.png)">styled</div>',
  '<img src="https://tracker.example/pixel.png" alt="pixel">',
  '<link rel="stylesheet" href="https://tracker.example/a.css">',
];

const PORT = Number(process.env.E2E_PORT_BASE ?? 8181) + 7;
let stop: () => Promise<void>;

test.beforeAll(async () => {
  // A server starts slowly on a busy machine: the hook waits for it (else it would be left running).
  test.setTimeout(120_000);
  // A copy of the projects whose demo project's custom page carries the payloads.
  const dir = mkdtempSync(join(tmpdir(), 'custom-page-projects-'));
  cpSync('server/projects', dir, { recursive: true });
  const file = join(dir, 'demo@1.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const page = `<h1>Lost package?</h1><p><strong>Safe text</strong> stays.</p>${PAYLOADS.join('')}`;
  config.customHtmlPage = { html: { en: page, ja: page, 'zh-TW': page, 'zh-CN': page } };
  // This server's demo project also reports to Google Analytics (the shipped demo does not).
  config.googleAnalyticsMeasurementId = 'G-TEST1234';
  writeFileSync(file, JSON.stringify(config));
  stop = await startServer(PORT, { PROJECTS_DIR: dir });
});

test.afterAll(async () => {
  await stop();
});

test.describe.configure({ timeout: 60_000 });

test('the custom page shows its safe part under the logo, without a home button; its scripts and handlers never run', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(`http://localhost:${PORT}`)) outside.push(r.url());
  });
  await page.goto(`http://localhost:${PORT}/demo@1/html`);
  const content = page.getByTestId('custom-page');
  await expect(content.getByRole('heading', { name: 'Lost package?' })).toBeVisible();
  await expect(content.getByText('Safe text')).toBeVisible();
  await expect(page.getByRole('img', { name: 'FrostLine Pharma' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toHaveCount(0);
  await expect(
    content.locator('script, iframe, svg, style, link, [onerror], [onload], [ontoggle], [style]'),
  ).toHaveCount(0);
  await expect(content.locator('[href^="javascript" i]')).toHaveCount(0);
  await content.getByText('Open the temperature log').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // Nothing of the page's own asks another site (this server's demo also loads analytics: tested below).
  expect(outside.filter((url) => !url.startsWith('https://www.googletagmanager.com/'))).toEqual([]);
});

test("the demo project's own page shows its document, its links opening in a new tab", async ({ page }) => {
  await page.goto('/demo@1/html');
  await expect(page.getByRole('heading', { name: 'About this shipment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@frostline.example' })).toHaveAttribute('target', '_blank');
});

/** Answers gtag.js requests (this machine has no internet) with a script that counts its loads; returns the URLs asked for. */
async function fakeGtag(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__gtagLoads = (window.__gtagLoads || 0) + 1;',
    });
  });
  return asked;
}

const events = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((args) => JSON.stringify(Array.from(args as ArrayLike<unknown>))));

test('a project with a measurement id loads gtag.js after its first screen and sends page views and key actions', async ({
  page,
}) => {
  const asked = await fakeGtag(page);
  await login(page, '11112222', `http://localhost:${PORT}/demo@1`);
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagLoads?: number }).__gtagLoads)).toBe(1);
  await page.getByRole('button', { name: 'Generate new barcode' }).click();
  await expect(page).toHaveURL(/\/qrcode\/\w+$/);
  await expect.poll(() => events(page)).toContainEqual('["event","generate",{"count":1}]');
  const origin = `http://localhost:${PORT}`;
  const sent = await events(page);
  // gtag.js is told the cleaned address and referrer, so it does not read the browser's own.
  expect(sent).toContainEqual(
    `["config","G-TEST1234",{"send_page_view":false,"page_location":"${origin}/demo@1","page_referrer":""}]`,
  );
  expect(sent).toContainEqual(
    `["event","page_view",{"page_path":"/demo@1","page_location":"${origin}/demo@1","page_referrer":""}]`,
  );
  const detail = `{"page_location":"${origin}/demo@1/qrcode/:barcodeId","page_referrer":"${origin}/demo@1"}`;
  await expect
    .poll(() => events(page))
    .toContainEqual(`["event","page_view",{"page_path":"/demo@1/qrcode/:barcodeId",${detail.slice(1)}]`);
  expect(await events(page)).toContainEqual(`["set",${detail}]`);
  // No barcode id leaves the app, nor a query's words.
  const id = page.url().split('/').pop()!;
  await page.goto(`${origin}/demo@1/search?text=secret-words&page=1`);
  await expect.poll(() => events(page)).toContainEqual(expect.stringContaining('"page_path":"/demo@1/search"'));
  expect((await events(page)).join()).not.toContain(id);
  expect((await events(page)).join()).not.toContain('secret-words');
});

test('a project without a measurement id never asks for gtag.js (secure@1 here, the shipped demo project)', async ({
  page,
}) => {
  const asked = await fakeGtag(page);
  await page.goto(`http://localhost:${PORT}/secure@1`);
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await login(page, '11112222');
  await page.getByRole('button', { name: 'Generate new barcode' }).click();
  await expect(page).toHaveURL(/\/qrcode\/\w+$/);
  await page.waitForTimeout(2500);
  expect(asked).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
});
