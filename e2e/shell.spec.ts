import { expect, test } from '@playwright/test';
import { SERVERS } from '../playwright.config';

/**
 * The JavaScript the first screen may transfer as sent (compressed), KB: the figure measured when
 * it was last set plus a little; docs/engineers/performance.md records the figure and the reason.
 */
const FIRST_SCREEN_TRANSFER_BUDGET_KB = 137;

test('an unknown route shows the 404 page with the project logo; Back returns to the page the user came from', async ({
  page,
}) => {
  await page.goto('/demo@1');
  await page.getByRole('link', { name: 'Register' }).click();
  // A link from a page of the app to a screen that does not exist (a full page load).
  await page.goto('/demo@1/no-such-screen', { referer: `${SERVERS.main}/demo@1/register` });
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('The item you are looking for does not exist.')).toBeVisible();
  await expect(page.locator('img[src*="project-logo"]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/demo@1\/register$/);
});

test('a 404 opened directly goes Back to the project home', async ({ page }) => {
  await page.goto('/demo@1/no-such-screen');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/demo@1$/);
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
});

test('an unknown project shows the 404 page; Back with no history goes to the start', async ({ page }) => {
  await page.goto('/nope@1');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  // The server draws this page; a tap on its Back before the client has taken it over does nothing
  // yet (a known gap, docs/engineers/architecture.md), so the tap is made again until it leads.
  await expect(async () => {
    await page
      .getByRole('button', { name: 'Back' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/$/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP' });
  test('the UI follows a Japanese browser', async ({ page }) => {
    await page.goto('/demo@1');
    await expect(page.getByRole('heading', { name: 'アクセスコードでログイン' })).toBeVisible();
    await expect(page.getByRole('button', { name: '認証' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });
});

test.describe('in Chinese', () => {
  for (const [locale, heading] of [
    ['zh-TW', '使用存取碼登入'],
    ['zh-CN', '使用访问码登录'],
  ] as const) {
    test(`the UI follows a ${locale} browser`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${SERVERS.main}/demo@1`);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await context.close();
    });
  }
});

test('the update dialog appears when the server announces a newer version; Later hides it', async ({ page }) => {
  await page.goto(`${SERVERS.update}/demo@1`);
  const dialog = page.getByRole('dialog', { name: 'New version found' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('New version is available. Please refresh.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Later' }).click();
  await expect(dialog).toBeHidden();
  // Still postponed after a reload, until UPDATE_REMINDER_DELAY_MS has passed.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'New version found' })).toHaveCount(0);
});

test('a forced upgrade has no Later and cannot be dismissed', async ({ page }) => {
  await page.goto(`${SERVERS.forced}/demo@1`);
  const dialog = page.getByRole('dialog', { name: 'New version found' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Later' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.mantine-Modal-close')).toHaveCount(0);
});

test(`the first screen downloads less than ${FIRST_SCREEN_TRANSFER_BUDGET_KB} KB of JavaScript (as sent: compressed)`, async ({
  page,
}) => {
  // The JavaScript asked for before the login screen was usable (React's handlers on its button:
  // drawn by the client, or the server's drawing hydrated): what the app loads after it (the
  // failure dialogs' and the outbox's code) waits for the screen and does not count.
  await page.addInitScript(() => {
    const check = () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Authenticate'));
      if (button && Object.keys(button).some((key) => key.startsWith('__reactProps$')))
        (window as unknown as { firstScreenAt: number }).firstScreenAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto('/demo@1');
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType !== 'fetch' && e.name.endsWith('.js'))
      .filter((e) => e.startTime <= (window as unknown as { firstScreenAt: number }).firstScreenAt)
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
  );
  console.info(`first screen JavaScript transferred: ${(bytes / 1024).toFixed(1)} KB`);
  expect(bytes).toBeGreaterThan(10_000);
  expect(bytes).toBeLessThan(FIRST_SCREEN_TRANSFER_BUDGET_KB * 1024);
});

test('a cold load asks for its project (and a scanned link for its barcode) once, started by index.html beside the app code; the app uses those answers', async ({
  page,
  context,
}) => {
  // With a session: a visitor's first screen comes drawn with these answers in it and asks for
  // neither (e2e/first-screen.spec.ts); a user's page asks as any page of another server does.
  const login = await context.request.post('/api/user/authorize', {
    data: { projectId: '0b7285aa-0000-4000-8000-000000000101', accessCode: '11112222', visitorId: 'e2e-cold-load' },
  });
  expect(login.ok()).toBe(true);
  const asked: string[] = [];
  const barcodeAsked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/barcode/project') asked.push(request.url());
    if (new URL(request.url()).pathname === '/api/barcode/barcode') barcodeAsked.push(request.url());
  });
  // A phone's network (slow 4G), so the app's code takes a while to arrive.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.goto('/demo@1/qrcode/NOSUCHBARCODE1');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const project = entries.find((e) => e.name.includes('/api/barcode/project?'));
    const barcode = entries.find((e) => e.name.includes('/api/barcode/barcode'));
    const app = entries.find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name));
    return {
      projectStart: project?.startTime ?? NaN,
      barcodeStart: barcode?.startTime ?? NaN,
      appCodeEnd: app?.responseEnd ?? NaN,
    };
  });
  // Asked while the app's code was still arriving, not after it ran; the unknown barcode's answer (404) is the page's.
  expect(timing.projectStart).toBeLessThan(timing.appCodeEnd);
  expect(timing.barcodeStart).toBeLessThan(timing.appCodeEnd);
  expect(barcodeAsked.map((url) => new URL(url).search)).toEqual(['?id=NOSUCHBARCODE1']);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.goto('/demo@1');
  await expect(page.getByTestId('staff-name')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Two loads, one request each: the app took over the answer the page had asked for.
  expect(asked.map((url) => new URL(url).search)).toEqual(['?code=demo&version=1', '?code=demo&version=1']);
});
