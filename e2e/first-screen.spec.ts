import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { typeAccessCode } from './helpers';

/**
 * The first screen the server draws for a visitor (server/plugins/first-screen.ts) and the client
 * takes over (src/app/main.tsx, hydrateRoot), with the app's JavaScript held back as a slow phone
 * gets it: the screen is there before it, what the visitor types before it is kept, the same
 * elements stay (hydrated, not drawn again), nothing moves, and React reports no hydration error.
 */

/** Holds every script of the app until `release()`: the page has only what the server sent. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens `url` as the server draws it. Reading and drawing past their bound (a machine busy with
 * other tests), the server sends the plain page instead, as it should: that page is asked again.
 */
async function openDrawn(page: Page, url: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await page.goto(url, { waitUntil: 'commit' });
    if ((await response?.text())?.includes('<div id="root" data-first-screen>')) return;
  }
  throw new Error(`${url}: the server sent the plain page three times`);
}

/** Console errors and uncaught errors (React reports a hydration mismatch as one), and the layout shifts CLS counts. */
async function watch(page: Page): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      // As CLS counts them: not those right after the visitor's own input (typing).
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { errors };
}

/** An activated demo pallet, made by staff through `request` (the test's own API context: the page stays a visitor). */
async function staffPallet(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/user/authorize', {
    // The demo project's id (server/seed/seed.ts).
    data: { projectId: '0b7285aa-0000-4000-8000-000000000101', accessCode: '11112222', visitorId: 'e2e-first-screen' },
  });
  expect(login.ok()).toBe(true);
  return activatedPallet(request);
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, v) => sum + v, 0));

/** Marks an element of the drawn page; still marked after the client took over, it was hydrated, not drawn anew. */
const mark = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => ((element as unknown as { drawn: boolean }).drawn = true));
const stillMarked = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => (element as unknown as { drawn?: boolean }).drawn === true);

/** Whether the client has taken the page over: its handlers answer (main.tsx sets this as it hydrates). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __sbHydrating?: boolean }).__sbHydrating);

test('a visitor types the access code before the app has loaded, and logs in after', async ({ page }) => {
  const { errors } = await watch(page);
  const release = await holdScripts(page);
  await openDrawn(page, '/demo@1');
  const first = page.getByLabel('Access code, first 4 digits');
  await expect(first).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-first-screen', '');
  await expect(page.getByRole('img', { name: 'FrostLine Pharma' })).toBeVisible();
  await mark(page, 'form[aria-labelledby="login-title"]');
  // Typed into the drawn boxes: all eight land in the first (nothing moves the focus yet).
  await typeAccessCode(page, '11112222');
  await expect(first).toHaveValue('11112222');

  release();
  await hydrated(page);
  // Taken into the form's state, and split as the form splits a paste.
  await expect(first).toHaveValue('1111');
  await expect(page.getByLabel('Access code, last 4 digits')).toHaveValue('2222');
  expect(await stillMarked(page, 'form[aria-labelledby="login-title"]')).toBe(true);
  expect(await layoutShift(page)).toBe(0);

  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByTestId('staff-name')).toHaveText('Hana Sato');
  expect(errors).toEqual([]);
});

// Keys typed on while the app's code arrives and React takes the fields over: wherever in the code
// the take-over falls, every digit lands, in order, in its box.
for (const typedBefore of [2, 4, 6]) {
  test(`an access code typed on through the take-over lands whole (${typedBefore} digits typed before the app)`, async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await openDrawn(page, '/demo@1');
    const code = '12345678';
    await page.getByLabel('Access code, first 4 digits').click();
    await page.keyboard.type(code.slice(0, typedBefore));
    release();
    await page.keyboard.type(code.slice(typedBefore), { delay: 60 });
    await hydrated(page);
    await expect(page.getByLabel('Access code, first 4 digits')).toHaveValue('1234');
    await expect(page.getByLabel('Access code, last 4 digits')).toHaveValue('5678');
  });
}

test('a submit before the app has loaded is held, not a reload, and sent once the app is there', async ({ page }) => {
  const { errors } = await watch(page);
  const release = await holdScripts(page);
  await openDrawn(page, '/demo@1');
  await typeAccessCode(page, '11112222');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  // Still the page as drawn, with what was typed: no reload to `/demo@1?`.
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByLabel('Access code, first 4 digits')).toHaveValue('11112222');
  release();
  await expect(page.getByTestId('staff-name')).toHaveText('Hana Sato');
  expect(errors).toEqual([]);
});

test('the password typed before the app has loaded is sent with a submit held for it (secure@1)', async ({
  page,
  request,
}) => {
  const { errors } = await watch(page);
  const release = await holdScripts(page);
  await openDrawn(page, '/secure@1');
  await typeAccessCode(page, '11112222');
  // The password field is drawn too, though its own code comes later still.
  await page.getByRole('textbox', { name: 'Password' }).fill('Frostline2026');
  await page.keyboard.press('Enter');
  release();
  // Right code and password: the server asks for the one-time code it sent (or sent a moment ago,
  // for an earlier test), and the field for it opens.
  await expect(page.getByLabel('One-time code')).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('Frostline2026');
  // The login is finished with the code sent: it is used up, so the next test of this user's
  // one-time-code login on this server is sent a code of its own rather than told one is pending.
  const outbox = await (await request.get('/api/dev/outbox')).json();
  const sms = (outbox.data as { channel: string; destination: string; body: string }[]).find(
    (m) => m.channel === 'sms' && m.destination.replace(/\D/g, '').endsWith('9012345678'),
  );
  await page.getByLabel('One-time code').fill(/(\d{6})/.exec(sms?.body ?? '')?.[1] ?? '');
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByTestId('staff-name')).toHaveText('Hana Sato');
  expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
});

test("a scanned link's detail page is there before the app, and the app takes it over", async ({ page, request }) => {
  const id = await staffPallet(request);

  const { errors } = await watch(page);
  const release = await holdScripts(page);
  await openDrawn(page, `/demo@1/qrcode/${id}`);
  const label = page.getByTestId('barcode-label');
  await expect(label).toBeVisible();
  await expect(page.getByTestId('barcode-id')).toHaveText(id);
  await expect(page.getByTestId('barcode-state')).toHaveText('Activated');
  await expect(page.getByTestId('activation-data')).toContainText('Influenza vaccine');
  // Only what a visitor may see: the users' field is not in the page.
  await expect(page.getByTestId('activation-data')).not.toContainText('1234');
  await mark(page, '[data-testid="barcode-label"]');

  const detailCode = page.waitForResponse(/\/assets\/detail-page-[\w-]+\.js$/);
  release();
  await hydrated(page);
  await detailCode;
  await page.waitForLoadState('networkidle');
  // The page's own code has taken its part over too, once it is here: its buttons work.
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}/trace$`));
  await page.goBack();
  await expect(label).toBeVisible();
  expect(errors).toEqual([]);
});

test('the detail page, hydrated, is the same elements the server drew', async ({ page, request }) => {
  const id = await staffPallet(request);
  const { errors } = await watch(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/^\/api\/barcode\/(project|barcode)$/.test(new URL(r.url()).pathname)) asked.push(r.url());
  });
  const release = await holdScripts(page);
  await openDrawn(page, `/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('barcode-label')).toBeVisible();
  await mark(page, '[data-testid="barcode-label"]');
  // The detail page's own code comes after the shell's: its part is hydrated once it is here.
  const detailCode = page.waitForResponse(/\/assets\/detail-page-[\w-]+\.js$/);
  release();
  await hydrated(page);
  await detailCode;
  await page.waitForLoadState('networkidle');
  expect(await stillMarked(page, '[data-testid="barcode-label"]')).toBe(true);
  expect(await layoutShift(page)).toBe(0);
  // The project and the barcode came with the page: neither index.html nor the app asked for them.
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test("a visitor on a restricted screen's link is drawn the login, and logging in resumes the screen", async ({
  page,
  request,
}) => {
  const id = await staffPallet(request);
  const { errors } = await watch(page);
  const release = await holdScripts(page);
  await openDrawn(page, `/demo/qrcode/${id}/history`);
  await expect(page.getByRole('heading', { name: 'Log in with your access code' })).toBeVisible();
  release();
  await hydrated(page);
  // The address the router would have sent the visitor to.
  await expect(page).toHaveURL(new RegExp(`/demo@1\\?name=history&id=${id}$`));
  await typeAccessCode(page, '11112222');
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}/history$`));
  expect(errors).toEqual([]);
});

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP' });
  test('the login is drawn and taken over in the visitor language', async ({ page }) => {
    const { errors } = await watch(page);
    const release = await holdScripts(page);
    await openDrawn(page, '/harbour@1');
    await expect(page.getByRole('heading', { name: 'アクセスコードでログイン' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    release();
    await hydrated(page);
    await page.getByRole('button', { name: '認証' }).click();
    await expect(page.getByRole('alert')).toHaveText('アクセスコード8桁をすべて入力してください。');
    expect(errors).toEqual([]);
  });
});

test('a logged-in user gets the plain page, whose client draws their own home', async ({ page }) => {
  const login = await page.request.post('/api/user/authorize', {
    data: { projectId: '0b7285aa-0000-4000-8000-000000000101', accessCode: '11112222', visitorId: 'e2e-first-screen' },
  });
  expect(login.ok()).toBe(true);
  const response = await page.goto('/demo@1');
  expect(await response?.text()).toContain('<div id="root"><div class="boot"');
  await expect(page.getByTestId('staff-name')).toHaveText('Hana Sato');
});
