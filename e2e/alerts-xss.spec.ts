import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { login, startServer } from './helpers';

/** Payloads that try to run script from a notification body; each would set window.__xss. */
const PAYLOADS = [
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img onerror\'">',
  '<a id="js-link" href="javascript:window.__xss = \'javascript link\'">Open the temperature log</a>',
  '<svg><script>window.__xss = "svg script"</script></svg>',
  '<svg onload="window.__xss = \'svg onload\'"></svg>',
  '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  '<details open ontoggle="window.__xss = \'ontoggle\'"><summary>s</summary></details>',
  '<form action="javascript:window.__xss = \'form\'"><button id="xss-submit">Go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = \'mxss\'">',
  '<div style="background-image: url(javascript:window.__xss = \'css\')">styled</div>',
  '<object data="javascript:window.__xss = \'object\'"></object>',
  '<img src="https://tracker.example/pixel.png" alt="pixel">',
  // Other sites disguised as this site's paths: a tab the URL parser drops, an encoded backslash.
  '<img src="/&#x09;/tracker.example/tab.png" alt="tab">',
  '<img src="/&#x5C;tracker.example/backslash.png" alt="backslash">',
];

const PORT = 8184;
let stop: () => Promise<void>;

test.beforeAll(async () => {
  // A copy of the demo project whose distribution-centre alert carries the payloads.
  const dir = mkdtempSync(join(tmpdir(), 'xss-projects-'));
  cpSync('server/projects', dir, { recursive: true });
  const file = join(dir, 'demo@1.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.barcodeTypes.pallet.trackPoints[1].routeNotification = {
    subject: '<b>Arrived</b> {{barcodeId}}',
    body: `<p><strong>Safe text</strong> stays.</p>${PAYLOADS.join('')}`,
  };
  writeFileSync(file, JSON.stringify(config));
  stop = await startServer(PORT, { PROJECTS_DIR: dir });
});

test.afterAll(async () => {
  await stop();
});

test.use({ baseURL: `http://localhost:${PORT}` });

test('XSS payloads in an alert body stay inert; the safe part is shown', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(`http://localhost:${PORT}`)) outside.push(r.url());
  });
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  const tracked = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: id,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
    },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);

  await page.goto(`/demo@1/qrcode/${id}`);
  const alerts = page.getByTestId('alerts-current');
  // The subject is text: its markup is shown, never interpreted.
  await alerts.getByText(`<b>Arrived</b> ${id}`).click();
  const body = alerts.locator('.alert-body');
  await expect(body.getByText('Safe text')).toBeVisible();
  await expect(body.locator('strong')).toHaveText('Safe text');
  await expect(body.locator('script, iframe, object, embed, svg, math, form, style, details')).toHaveCount(0);
  expect(
    await body.evaluate((el) =>
      [...el.querySelectorAll('*')]
        .flatMap((n) => [...n.attributes].map((a) => a.name))
        .filter((n) => n.startsWith('on') || n === 'style'),
    ),
  ).toEqual([]);
  // The link lost its javascript: URL; clicking it runs nothing.
  const link = body.getByText('Open the temperature log');
  expect(await link.getAttribute('href')).toBeNull();
  await link.click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // No image from another site: an alert cannot make the phone call out.
  expect(await body.locator('img[src]').evaluateAll((images) => images.map((i) => i.getAttribute('src')))).toEqual([]);
  expect(outside).toEqual([]);
});
