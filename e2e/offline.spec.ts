/**
 * Working through a dead zone: writes made while the server cannot be reached wait in the outbox
 * (IndexedDB) and are sent later, exactly once each, in the order made, with the time they were
 * made; the app installs and its shell opens offline (service worker). Chromium's offline mode
 * (`setOffline`) stops every request, the page's reads included: the service worker answers them
 * with the last answers it kept (the shell, the screens' code, the project's configuration, and
 * what the screens read of barcodes opened online before). Where a test needs the server's reads
 * but not its writes, the API's write calls are cut (`route.abort`, what a phone sees when it has a
 * signal but no way to the server).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { expectAccessible } from './axe';
import { activatedOf } from './barcode-api';
import { SERVERS } from '../playwright.config';
import { choose, drawSignature, login, logout } from './helpers';

const STEPS = 20;
const TRACKING = '**/api/barcode/tracking';

/** Makes `count` demo pallets activated at the manufacturer, through the API with the page's session. */
async function activatedPallets(page: Page, count: number): Promise<string[]> {
  const address = {
    companyName: 'FrostLine Pharma',
    country: 'JPN',
    postalCode: '530-0001',
    prefecture: 'Osaka',
    address1: '1-1 Umeda',
    phoneNumber: '+81 6-1234-5678',
  };
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const generated = await page.request.post('/api/barcode/barcode', {
      data: { projectCode: 'demo', projectVersion: 1 },
    });
    const { id } = ((await generated.json()) as { data: { id: string } }).data;
    const activated = await page.request.post('/api/barcode/activation', {
      data: {
        barcodeId: id,
        barcodeType: 'pallet',
        origin: address,
        destination: { ...address, address1: '2-2 Namba' },
        dimension: { height: 150, width: 120, depth: 100 },
        weight: 480,
        customFields: {
          productName: 'Influenza vaccine',
          lotNumber: 'FLU-2026-1',
          expiryDate: '2027-03-31',
          storageRange: '2-8',
          caseCount: 40,
          dosesPerCase: 100,
          totalDoses: 1,
        },
      },
    });
    expect(activated.ok()).toBe(true);
    ids.push(id);
  }
  return ids;
}

/** On the barcode's tracking screen: the distribution centre's receiving form, then Add tracking. */
async function trackToDistributionCentre(page: Page, id: string): Promise<void> {
  await page.goto(`/demo@1/qrcode/${id}/track`);
  await expect(page.getByTestId('track-point')).toHaveText('Distribution centre');
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
  await page.getByRole('button', { name: 'Add tracking' }).click();
  // Queued, not failed: the toast says so and the flow ends on the detail page, no error dialog.
  await expect(page.getByText('Saved on this phone: it will be sent when there is a connection.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The server's history of a barcode: its tracking steps and their times. */
async function trackedSteps(page: Page, id: string): Promise<string[]> {
  const answer = await page.request.get(`/api/barcode/history?id=${id}`);
  const { items } = ((await answer.json()) as { data: { items: { action: string; createdAt: string }[] } }).data;
  return items.filter((entry) => entry.action === 'tracked').map((entry) => entry.createdAt);
}

/** Records each tracking POST that reached the server and was accepted (its barcode), in order. */
function recordSends(context: BrowserContext): string[] {
  const sent: string[] = [];
  context.on('requestfinished', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/barcode/tracking')) return;
    void request.response().then((response) => {
      if (response?.status() === 200) sent.push((request.postDataJSON() as { barcodeId: string }).barcodeId);
    });
  });
  return sent;
}

test('20 steps made offline survive a reload and a closed browser, and reach the server once each, in order, with their times, from two tabs and through a dropped network', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await login(page, '11112222');
  const ids = await activatedPallets(page, STEPS);
  // The phone opened each barcode online before (the service worker keeps what the screens read).
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  for (const id of ids) {
    await page.goto(`/demo@1/qrcode/${id}/track`);
    await expect(page.getByTestId('track-point')).toHaveText('Distribution centre');
    await page.goto(`/demo@1/qrcode/${id}`);
    await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  }

  // The first step: the browser goes offline with the form open; the page stays, the step is queued.
  await page.goto(`/demo@1/qrcode/${ids[0]}`);
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await expect(page.getByTestId('track-point')).toHaveText('Distribution centre');
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
  const madeFrom = Date.now();
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByText('Saved on this phone: it will be sent when there is a connection.')).toBeVisible();
  await expect(page.getByTestId('outbox-banner')).toHaveText(/Offline, 1 waiting/);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');

  // Still offline, a reload, then the other 19, each screen opened with the network off.
  await page.reload();
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  for (const id of ids.slice(1)) await trackToDistributionCentre(page, id);
  const madeUntil = Date.now();
  await page.reload();
  await expect(page.getByTestId('outbox-banner')).toHaveText(new RegExp(`Offline, ${STEPS} waiting`));

  // The browser is closed and opened again (the outbox is in IndexedDB, kept with the storage state).
  const state = await context.storageState({ indexedDB: true });
  await context.close();
  const reopened = await browser.newContext({ storageState: state, baseURL: test.info().project.use.baseURL });
  const sent = recordSends(reopened);
  // The network drops after the 5th step is sent: 3 attempts fail, then it is back.
  let passed = 0;
  let dropped = 0;
  await reopened.route(TRACKING, async (route) => {
    if (passed >= 5 && dropped < 3) {
      dropped += 1;
      await route.abort('internetdisconnected');
      return;
    }
    passed += 1;
    await route.continue();
  });
  // Two tabs on the same outbox at once.
  const [first, second] = [await reopened.newPage(), await reopened.newPage()];
  await Promise.all([first.goto('/demo@1'), second.goto('/demo@1')]);

  await expect.poll(() => sent.length, { timeout: 60_000 }).toBe(STEPS);
  expect(sent).toEqual(ids);
  await expect(first.getByTestId('outbox-banner')).toHaveCount(0);
  for (const id of ids) {
    const times = await trackedSteps(first, id);
    expect(times, `barcode ${id} tracked once`).toHaveLength(1);
    const at = Date.parse(times[0]!);
    expect(at, 'recorded at the time it was made, not when it arrived').toBeGreaterThanOrEqual(madeFrom - 1000);
    expect(at).toBeLessThanOrEqual(madeUntil);
  }
  await first.goto(`/demo@1/qrcode/${ids[STEPS - 1]}/history`);
  await expect(first.getByTestId('history-list').getByText('Tracking added')).toHaveCount(1);
  await reopened.close();
});

test('a write the server refuses on replay stays in the outbox with its reason, for the user to retry or discard', async ({
  page,
  context,
}) => {
  await login(page, '11112222');
  const [id] = await activatedPallets(page, 1);
  await context.route(TRACKING, (route) => route.abort('internetdisconnected'));
  await trackToDistributionCentre(page, id!);
  // Meanwhile someone else tracks the barcode to the distribution centre.
  const other = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: id,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 4, coldChainIntact: 'yes' } },
    },
  });
  expect(other.ok()).toBe(true);
  await context.unroute(TRACKING);
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Send now' }).click();
  const item = page.getByTestId('outbox-item');
  await expect(item).toHaveAttribute('data-state', 'refused');
  await expect(item.getByTestId('outbox-refusal')).toContainText('Refused:');
  await expect(item).toContainText(`Barcode ${id}`);
  await expect(item).toContainText('Add tracking');
  await expectAccessible(page, 'outbox with a refused write');
  // It stays after a reload; discarding asks first.
  await page.reload();
  await expect(page.getByTestId('outbox-item')).toHaveAttribute('data-state', 'refused');
  await page.getByTestId('outbox-item').getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('outbox-item')).toHaveCount(1);
  await page.getByTestId('outbox-item').getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  await expect(page.getByText('Nothing waiting to be sent.')).toBeVisible();
});

test('the network dropping at each step of the journey leaves no blank screen and no lost input', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await login(page, '11112222');
  const [id] = await activatedPallets(page, 1);
  const header = page.getByRole('button', { name: 'Logout' });

  // Home: generating a barcode needs the server; offline it says so, in the page.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Generate new barcode' }).click();
  await expect(page.getByText('Cannot reach the server. Check your connection and try again.')).toBeVisible();
  await expect(header).toBeVisible();
  await context.setOffline(false);
  await page.keyboard.press('Escape');

  // Detail, then history offline: its code or its data cannot load; either way the screen says
  // so inside the shell (header kept) with a button that tries again once back online.
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'History' }).click();
  // With its code stored ahead, the history and its ledger check each say so: one or two alerts.
  await expect(page.getByRole('main').getByRole('alert').first()).toBeVisible({ timeout: 15_000 });
  await expect(header).toBeVisible();
  await expect(page.getByTestId('outbox-banner')).toHaveText(/Offline/);
  await context.setOffline(false);
  // Back online: the screen's own Try again (or, when the barcode's read failed meanwhile, the
  // barcode's Retry, then Try again) brings the history.
  await expect(async () => {
    const retry = page
      .getByRole('main')
      .getByRole('button', { name: /^(Try again|Retry)$/ })
      .first();
    // The screen also fetches again by itself when the network returns, which can take the button
    // away between this check and the click: a click left waiting for it would outlast the retries.
    if (await retry.isVisible()) await retry.click({ timeout: 2000 }).catch(() => undefined);
    await expect(page.getByTestId('history-entry').filter({ hasText: 'Activated' })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to the barcode' }).click();

  // Tracking: what was typed stays on screen while the network is gone, and the step is queued, not lost.
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await context.setOffline(true);
  await choose(page, 'Cold chain intact', 'Yes');
  await expect(page.getByRole('textbox', { name: 'Temperature on arrival' })).toHaveValue('5');
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByText('Saved on this phone: it will be sent when there is a connection.')).toBeVisible();
  await expect(header).toBeVisible();

  // Back online the step is sent by itself (the online event), and the detail shows it.
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-banner')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('current-trackpoint')).toContainText('Distribution centre');
});

/** Width and height of a PNG file (its IHDR chunk). */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test('the app is installable and, after a first visit, its shell opens with the network off', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.goto('/demo@1');
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();

  // Chromium's installability criteria, checked one by one (Lighthouse is not available here):
  // a linked manifest with a name, a short name, a start URL, a standalone display and PNG icons
  // of 192 and 512 pixels that load ...
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const answer = await page.request.get(href!);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes?: string; type: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Cold-chain vaccine shipments',
    short_name: 'Cold-chain',
    start_url: '/demo',
    display: 'standalone',
    theme_color: '#0b7285',
  });
  // The project's logo (an SVG) first.
  expect(manifest.icons[0]).toMatchObject({
    src: expect.stringMatching(/^\/api\/barcode\/project-logo\//) as unknown,
    sizes: 'any',
    type: 'image/svg+xml',
  });
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
    expect(icon, `a ${size} px icon`).toBeDefined();
    const bytes = await (await page.request.get(icon!.src)).body();
    expect(pngSize(bytes)).toEqual([size, size]);
  }
  // ... and a service worker with a fetch handler that controls the page and the start URL.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  // Chromium's own verdict, the one Lighthouse's installable-manifest audit read (Lighthouse 12
  // dropped that audit with its PWA category): no installability error, in a browser profile on
  // disk as a phone's is (a test context is off the record: Chromium never installs from one).
  const dir = mkdtempSync(join(tmpdir(), 'sb-install-'));
  const phone = await openPhone(dir);
  try {
    const tab = phone.pages()[0] ?? (await phone.newPage());
    await tab.goto('/demo@1');
    await expect.poll(() => tab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const cdp = await phone.newCDPSession(tab);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId))
      .toEqual([]);
  } finally {
    await phone.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const startUrl = await page.request.get(manifest.start_url);
  expect(startUrl.ok()).toBe(true);
  // The worker keeps the project's configuration the page read before it was there.
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await caches.open('sb-api')).keys()).map((r) => new URL(r.url).pathname)),
    )
    .toContain('/api/barcode/project');

  // Offline: a reload draws the app (the login form), not the browser's offline page.
  await context.setOffline(true);
  const started = Date.now();
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  test.info().annotations.push({ type: 'shell opened offline (ms)', description: String(Date.now() - started) });
  // The start URL too (a new tab of the installed app).
  await page.goto(manifest.start_url);
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await context.setOffline(false);
});

/** The permissions in the project answers the service worker keeps (Cache Storage 'sb-api'), one per kept answer. */
const keptPermissions = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('sb-api');
    const answers = (await cache.keys()).filter((request) => new URL(request.url).pathname === '/api/barcode/project');
    return Promise.all(
      answers.map(async (request) =>
        JSON.stringify(
          ((await (await cache.match(request))!.json()) as { data: { projectPermission?: unknown } }).data
            .projectPermission ?? null,
        ),
      ),
    );
  });

test("a logout forgets the project answers the worker kept with the user's permissions, the start URL's included", async ({
  page,
}) => {
  await page.goto('/demo@1');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await login(page, '11112222');
  // The installed app's start URL (the project by code alone) is kept too.
  await page.goto('/demo');
  await expect(page.getByTestId('staff-name')).toBeVisible();
  await page.goto('/demo@1');
  await expect(page.getByTestId('staff-name')).toBeVisible();
  await expect
    .poll(
      async () => (await keptPermissions(page)).filter((permission) => permission.includes('"canEdit":true')).length,
    )
    .toBe(2);
  await logout(page);
  // What is kept now is the visitor's answer the page read again, nothing of the staff user's.
  await expect.poll(() => keptPermissions(page)).not.toEqual([]);
  expect((await keptPermissions(page)).filter((permission) => permission.includes('"canEdit":true'))).toEqual([]);
});

/**
 * Barcodes tracked to the distribution centre beside the one delivered with a signature and a
 * photo, in the test of files below (a constant: 3 keeps it under a minute on a busy 2-core
 * machine; the 20-step test above covers the count).
 */
const STEPS_WITH_FILES = 3;
const FILE = '**/api/barcode/file';

/** A PNG drawn by the page (a real image the photo field accepts). */
const pngFile = async (page: Page) =>
  Buffer.from(
    (
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 40;
        canvas.height = 30;
        const ctx = canvas.getContext('2d');
        if (ctx) {
          ctx.fillStyle = '#0b7285';
          ctx.fillRect(0, 0, 40, 30);
        }
        return canvas.toDataURL('image/png');
      })
    ).split(',')[1]!,
    'base64',
  );

/** A browser whose profile (IndexedDB, the service worker, cookies) is kept on disk in `dir`: closed and opened again, it is the same phone. */
const openPhone = (dir: string) =>
  chromium.launchPersistentContext(dir, { ...test.info().project.use, baseURL: test.info().project.use.baseURL });

test('a delivery with a signature and a photo made offline survives a reload and a restarted browser; its files reach the server first, then the steps, each once, in order, with their times, through a dropped network', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'sb-phone-'));
  try {
    let phone = await openPhone(dir);
    let page = phone.pages()[0] ?? (await phone.newPage());
    await login(page, '11112222');
    const ids = await activatedPallets(page, STEPS_WITH_FILES + 1);
    // The last pallet goes to the carrier, so its next step is the pharmacy's delivery (signature and photos).
    const delivered = ids[STEPS_WITH_FILES]!;
    for (const [trackPointKey, forms] of [
      ['distributionCentre', { receiving: { receivedTemperature: 4, coldChainIntact: 'yes' } }],
      ['carrier', { pickup: { vehicleId: 'OSK-1234' } }],
    ] as const) {
      expect(
        (
          await page.request.post('/api/barcode/tracking', { data: { barcodeId: delivered, trackPointKey, forms } })
        ).ok(),
      ).toBe(true);
    }
    // The server out of reach for writes (reads still answer: the screens load), while the steps are made.
    await phone.route(TRACKING, (route) => route.abort('internetdisconnected'));
    await phone.route(FILE, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    const madeFrom = Date.now();
    for (const id of ids.slice(0, STEPS_WITH_FILES)) await trackToDistributionCentre(page, id);
    await page.goto(`/demo@1/qrcode/${delivered}/track`);
    await expect(page.getByTestId('track-point')).toHaveText('Pharmacy');
    await page.getByRole('textbox', { name: 'Received by' }).fill('K. Tanaka');
    await page.getByRole('button', { name: 'Sign' }).click();
    await drawSignature(page);
    // Kept on the phone: the form shows the signature, not an upload error.
    await expect(page.getByRole('img', { name: 'Signature' })).toBeVisible();
    await page
      .getByTestId('root_deliveryPhotos-file-input')
      .setInputFiles({ name: 'dock.png', mimeType: 'image/png', buffer: await pngFile(page) });
    await expect(page.getByText('1 / 3')).toBeVisible();
    await expect(page.getByText('Upload failed')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add tracking' }).click();
    await expect(page.getByText('Saved on this phone: it will be sent when there is a connection.')).toBeVisible();
    const madeUntil = Date.now();
    const waiting = STEPS_WITH_FILES + 3;
    await page.reload();
    await expect(page.getByTestId('outbox-banner')).toHaveText(new RegExp(`${waiting} waiting`));
    await page.getByRole('link', { name: 'Outbox' }).click();
    await expect(page.getByTestId('outbox-item').filter({ hasText: 'File upload (photo, signature)' })).toHaveCount(2);

    // The browser is closed and started again on the same profile.
    await phone.close();
    phone = await openPhone(dir);
    // Every write that reaches the server and is carried out (not a replay), in order.
    const written: string[] = [];
    let deliveryBody = '';
    // (The upload whose answer is lost is counted where it reaches the server, in the route below.)
    phone.on('requestfinished', (request) => {
      void request.response().then((response) => {
        if (request.method() !== 'POST' || response?.status() !== 200 || response.headers()['idempotent-replayed'])
          return;
        if (request.url().endsWith('/api/barcode/file')) written.push('file');
        if (!request.url().endsWith('/api/barcode/tracking')) return;
        const { barcodeId } = request.postDataJSON() as { barcodeId: string };
        written.push(barcodeId);
        if (barcodeId === delivered) deliveryBody = request.postData() ?? '';
      });
    });
    // The network drops twice: before the 2nd step gets through, and after the first file reached
    // the server but before its answer came back (the outbox sends it again with its key).
    let sends = 0;
    let lostAnswer = false;
    const flaky = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sends += 1;
      if (sends === 2) return route.abort('internetdisconnected');
      if (route.request().url().endsWith('/api/barcode/file') && !lostAnswer) {
        lostAnswer = true;
        const answer = await route.fetch();
        if (answer.status() === 200 && !answer.headers()['idempotent-replayed']) written.push('file');
        return route.abort('internetdisconnected');
      }
      return route.continue();
    };
    await phone.route(TRACKING, flaky);
    await phone.route(FILE, flaky);
    page = phone.pages()[0] ?? (await phone.newPage());
    await page.goto('/demo@1');

    await expect.poll(() => written.length, { timeout: 90_000 }).toBe(waiting);
    expect(written).toEqual([...ids.slice(0, STEPS_WITH_FILES), 'file', 'file', delivered]);
    await expect(page.getByTestId('outbox-banner')).toHaveCount(0);
    for (const id of ids) {
      // Newest first; the delivered pallet has its two earlier steps (made through the API) after it.
      const times = await trackedSteps(page, id);
      expect(times, `barcode ${id} tracked once while offline`).toHaveLength(id === delivered ? 3 : 1);
      expect(Date.parse(times[0]!), 'recorded at the time it was made').toBeGreaterThanOrEqual(madeFrom - 1000);
      expect(Date.parse(times[0]!)).toBeLessThanOrEqual(madeUntil);
    }
    // The delivery named the stored files (their URLs, not the phone's stand-ins), and they load.
    expect(deliveryBody).not.toContain('blob:');
    const urls = [...new Set(deliveryBody.match(/\/api\/barcode\/file\/[^"\\]+/g) ?? [])];
    expect(urls).toHaveLength(2);
    // (The photo is scaled, as JPEG, before it is stored; the signature is a PNG.)
    for (const url of urls)
      expect((await page.request.get(url)).headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);
    await page.goto(`/demo@1/qrcode/${delivered}/history`);
    await expect(page.getByTestId('history-list').getByText('Tracking added')).toHaveCount(3);
    await phone.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const QUEUED = 'Saved on this phone: it will be sent when there is a connection.';
const detail = (id: string) => `/demo@1/qrcode/${id}`;
/** The barcode as the server has it now (its JSON, for a text check). */
const serverBarcode = async (page: Page, id: string) =>
  JSON.stringify(await (await page.request.get(`/api/barcode/barcode?id=${id}`)).json());

/**
 * The lifecycle's other writes, each with the network dropped at the moment it is sent: how to
 * make a barcode ready for it, how to open its screen and type its input (online), how to send
 * it, and what the server holds once it is through.
 */
const LIFECYCLE_DROPS: {
  name: string;
  prepare(page: Page): Promise<string>;
  open(page: Page, id: string): Promise<void>;
  send(page: Page): Promise<void>;
  arrived(page: Page, id: string): Promise<boolean>;
}[] = [
  {
    name: 'activation',
    prepare: async (page) =>
      (
        (await (
          await page.request.post('/api/barcode/barcode', { data: { projectCode: 'demo', projectVersion: 1 } })
        ).json()) as { data: { id: string } }
      ).data.id,
    open: async (page, id) => {
      await page.goto(detail(id));
      await page.getByRole('button', { name: 'Activate' }).click();
      await page.getByText('Temperature logger', { exact: true }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/activate\/trackpoint$/);
      await page.getByRole('button', { name: 'Next' }).click();
      for (const [step, address1] of [
        ['origin', '1-1 Umeda'],
        ['destination', '2-2 Namba'],
      ] as const) {
        await expect(page).toHaveURL(new RegExp(`/activate/${step}$`));
        await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('');
        await page.getByRole('textbox', { name: 'Company name' }).fill('FrostLine Pharma');
        await choose(page, 'Country', 'Japan (JPN)');
        await page.getByRole('textbox', { name: 'Address line 1' }).fill(address1);
        await page.getByRole('button', { name: 'Next' }).click();
      }
      await expect(page).toHaveURL(/\/activate\/package$/);
      const serial = page.getByRole('textbox', { name: 'Serial number' });
      await serial.fill('TL-OFFLINE-1');
    },
    send: (page) => page.getByRole('button', { name: 'Activate' }).click(),
    arrived: async (page, id) => (await serverBarcode(page, id)).includes('TL-OFFLINE-1'),
  },
  {
    name: 'edit',
    prepare: async (page) => (await activatedPallets(page, 1))[0]!,
    open: async (page, id) => {
      await page.goto(`${detail(id)}/edit`);
      await page.getByRole('textbox', { name: 'Lot number' }).fill('FLU-EDITED-7');
    },
    send: (page) => page.getByRole('button', { name: 'Save' }).click(),
    arrived: async (page, id) => (await serverBarcode(page, id)).includes('FLU-EDITED-7'),
  },
  {
    name: 'undo',
    prepare: async (page) => {
      const [id] = await activatedPallets(page, 1);
      const tracked = await page.request.post('/api/barcode/tracking', {
        data: {
          barcodeId: id,
          trackPointKey: 'distributionCentre',
          forms: { receiving: { receivedTemperature: 4, coldChainIntact: 'yes' } },
        },
      });
      expect(tracked.ok()).toBe(true);
      return id!;
    },
    open: async (page, id) => {
      await page.goto(detail(id));
      await expect(page.getByTestId('current-trackpoint')).toContainText('Distribution centre');
      await page.getByRole('button', { name: 'Undo last tracking' }).click();
      // The confirmation's code arrives after the page (detail-actions.tsx): the drop is while sending.
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    send: (page) => page.getByRole('dialog').getByRole('button', { name: 'Undo last tracking' }).click(),
    arrived: async (page, id) =>
      (await trackedSteps(page, id)).length === 1 && (await serverBarcode(page, id)).includes('"manufacturer"'),
  },
  {
    name: 'recycle',
    // A logger at the end of its trip (only an arrived barcode may be recycled).
    prepare: async (page) => {
      const id = await activatedOf(page.request, 'logger');
      for (const trackPointKey of ['distributionCentre', 'carrier', 'pharmacy']) {
        const tracked = await page.request.post('/api/barcode/tracking', {
          data: { barcodeId: id, trackPointKey, forms: { reading: { loggerTemperature: 5 } } },
        });
        expect(tracked.ok(), await tracked.text()).toBe(true);
      }
      return id;
    },
    open: async (page, id) => {
      await page.goto(detail(id));
      // The dry run (what recycling will do) needs the server: asked while online.
      await page.getByRole('button', { name: 'Recycle', exact: true }).click();
      await expect(page.getByTestId('recycle-plan')).toBeVisible();
    },
    send: (page) => page.getByRole('dialog').getByRole('button', { name: 'Recycle' }).click(),
    arrived: async (page, id) => (await serverBarcode(page, id)).includes('"isActivated":false'),
  },
];

for (const step of LIFECYCLE_DROPS) {
  test(`the network dropping while the ${step.name} is sent: no blank screen, nothing typed lost, the write sent once back online`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await login(page, '11112222');
    const id = await step.prepare(page);
    await step.open(page, id);
    await context.setOffline(true);
    await step.send(page);
    // Queued, not failed: the shell (header) stays, the toast says so, no error dialog.
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('outbox-banner')).toHaveText(/Offline, 1 waiting/);
    expect(await step.arrived(page, id)).toBe(false);
    // Back online the outbox sends it by itself; the server then holds what was typed.
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-banner')).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(() => step.arrived(page, id), { timeout: 10_000 }).toBe(true);
  });
}

/**
 * The update dialog's Update with a service worker in control: it asks for the newest worker and
 * reloads (a new worker found waiting is told to take over first: apply-update.ts). (Chromium
 * does not let the test serve a changed sw.js to registration.update(), so the hand-over itself
 * is not played here; the reload under a controlling worker is.)
 */
test('a forced update reloads a page that a service worker controls, into the current version', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${SERVERS.forced}/demo@1`);
  const dialog = page.getByRole('dialog', { name: 'New version found' });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await reloaded;
  expect(
    await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type),
  ).toBe('reload');
  // The page came from the network (pages are network first), and the server still forces: the dialog is back.
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});
