import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from './helpers';

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
  // A copy of the projects whose demo project's custom page carries the payloads.
  const dir = mkdtempSync(join(tmpdir(), 'custom-page-projects-'));
  cpSync('server/projects', dir, { recursive: true });
  const file = join(dir, 'demo@1.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const page = `<h1>Lost package?</h1><p><strong>Safe text</strong> stays.</p>${PAYLOADS.join('')}`;
  config.customHtmlPage = { html: { en: page, ja: page, 'zh-TW': page, 'zh-CN': page } };
  writeFileSync(file, JSON.stringify(config));
  stop = await startServer(PORT, { PROJECTS_DIR: dir });
});

test.afterAll(async () => {
  await stop();
});

test('the custom page shows its safe part under the logo, without a home button; its scripts and handlers never run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
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
  await expect(content.locator('script, iframe, svg, style, link, [onerror], [onload], [ontoggle], [style]')).toHaveCount(0);
  await expect(content.locator('[href^="javascript" i]')).toHaveCount(0);
  await content.getByText('Open the temperature log').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(outside).toEqual([]);
});

test('the demo project\'s own page shows its document, its links opening in a new tab', async ({ page }) => {
  await page.goto('/demo@1/html');
  await expect(page.getByRole('heading', { name: 'About this shipment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@frostline.example' })).toHaveAttribute('target', '_blank');
});
