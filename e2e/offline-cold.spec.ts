/**
 * A phone that never opened the screens online (a fresh browser profile): once logged in, the
 * service worker stores every staff screen's code ahead of need, so a whole round of offline work
 * draws; what waits to be sent is shown where the user looks; and on a shared phone a logout made
 * offline holds: the next user is never the previous one and never sees or sends their steps.
 * The outbox's delivery rules (exactly once, in order, through drops) are in offline.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { activatedPallet } from './barcode-api';
import { choose, login } from './helpers';

const DIST = process.env.DIST_DIR ?? 'dist';
const NOT_LOADED = 'Offline: this screen could not load.';

/** What the build told the worker to store ahead of need. */
const ahead = (): string[] =>
  (JSON.parse(readFileSync(join(DIST, 'sw-precache.json'), 'utf8')) as { ahead: string[] }).ahead;

/** Waits until the worker controls the page and has stored every file of `ahead` (in the background). */
async function storedAhead(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  const files = ahead();
  await expect
    .poll(
      () =>
        page.evaluate(async (urls) => {
          let missing = 0;
          for (const url of urls) if (!(await caches.match(url))) missing += 1;
          return missing;
        }, files),
      { timeout: 60_000, message: 'every screen stored ahead' },
    )
    .toBe(0);
}

/** A screen drew: `what` is on it, and not the notice of code that could not load. */
async function draws(page: Page, what: Locator): Promise<void> {
  await expect(what.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(NOT_LOADED)).toHaveCount(0);
}

/** Each tracking POST the server accepted, by barcode. */
function acceptedTracking(context: BrowserContext): string[] {
  const sent: string[] = [];
  context.on('requestfinished', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/barcode/tracking')) return;
    void request.response().then((response) => {
      if (response?.status() === 200) sent.push((request.postDataJSON() as { barcodeId: string }).barcodeId);
    });
  });
  return sent;
}

/** The server's tracking steps of a barcode, as the logged-in user reads them. */
async function trackedSteps(page: Page, id: string): Promise<number> {
  const answer = await page.request.get(`/api/barcode/history?id=${id}`);
  const { items } = ((await answer.json()) as { data: { items: { action: string }[] } }).data;
  return items.filter((entry) => entry.action === 'tracked').length;
}

/** Tracks the open barcode's form to the distribution centre (the track screen is open). */
async function fillDistributionCentre(page: Page): Promise<void> {
  await expect(page.getByTestId('track-point')).toHaveText('Distribution centre', { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByText('Saved on this phone: it will be sent when there is a connection.')).toBeVisible();
}

test('a cold phone does a whole round of offline work: every screen draws, the pending step shows, and it lands once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const sent = acceptedTracking(context);
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  const generated = await page.request.post('/api/barcode/barcode', {
    data: { projectCode: 'demo', projectVersion: 1 },
  });
  const fresh = ((await generated.json()) as { data: { id: string } }).data.id;
  // Online, only the two barcodes' detail pages are opened: no other screen.
  await page.goto(`/demo@1/qrcode/${fresh}`);
  await expect(page.getByTestId('barcode-state')).toHaveText('Not activated');
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  await storedAhead(page);

  await context.setOffline(true);
  // Track: the form draws and the step is queued; the detail page shows it pending and offers no second one.
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await fillDistributionCentre(page);
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}$`));
  const pending = page.getByTestId('pending-step');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('Add tracking: Distribution centre');
  await expect(pending).toContainText('waiting to be sent');
  await expect(page.getByRole('button', { name: 'Add tracking: Distribution centre' })).toBeDisabled();
  await expect(page.locator('#track-hint')).toHaveText('A step to Distribution centre is already waiting to be sent.');
  await expect(page.getByTestId('outbox-banner')).toHaveText(/Offline, 1 waiting/);
  await expectAccessible(page, 'detail page with a pending step, offline');

  // Editing the same barcode, from its button.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/edit/);
  await draws(page, page.getByRole('heading', { level: 1, name: 'Edit barcode data' }));
  // History and trace opened by their addresses: each a cold start of the app, offline.
  await page.goto(`/demo@1/qrcode/${id}/history`);
  // Its code draws; its data, never read online, is missing, which the screen says in its own place.
  await draws(page, page.getByRole('heading', { level: 1, name: 'History' }));
  await expect(page.getByRole('main').getByRole('alert').last()).toContainText('Cannot reach the server');
  // The step waiting in the outbox leads the history, as the newest.
  await expect(page.getByTestId('history-pending')).toContainText('Made on this phone, not sent yet');
  await expect(page.getByTestId('history-pending').getByTestId('pending-step')).toContainText(
    'Add tracking: Distribution centre',
  );
  await page.goto(`/demo@1/qrcode/${id}/trace`);
  await draws(page, page.getByRole('main').getByRole('heading', { level: 1 }));

  // A reload offline (the shell from the worker), then the other barcode's activation and the scanner.
  await page.goto(`/demo@1/qrcode/${fresh}`);
  await expect(page.getByTestId('barcode-state')).toHaveText('Not activated');
  // What it shows is the phone's copy, and the banner says from when.
  await expect(page.getByTestId('offline-copy')).toContainText('Shown as this phone last loaded it, as of');
  await page.getByRole('button', { name: 'Activate' }).click();
  await draws(page, page.getByText('Vaccine case', { exact: true }));
  await page.goto('/demo@1/scan');
  await draws(page, page.getByRole('textbox', { name: 'Scanned value' }));

  // The outbox, opened cold and offline: the step, named by its trackpoint.
  await page.goto('/demo@1/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByTestId('outbox-item')).toContainText('Add tracking: Distribution centre');
  await expect(page.getByText(NOT_LOADED)).toHaveCount(0);
  await expectAccessible(page, 'outbox offline');
  for (const button of await page.getByTestId('outbox-item').getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  const link = (await page.getByTestId('outbox-banner').getByRole('link', { name: 'Outbox' }).boundingBox())!;
  expect(link.height).toBeGreaterThanOrEqual(44);
  expect(link.width).toBeGreaterThanOrEqual(44);

  // Back online: the step lands once, and the page shows it done.
  await context.setOffline(false);
  await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByTestId('outbox-banner')).toHaveCount(0, { timeout: 20_000 });
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Distribution centre');
  await expect(page.getByTestId('pending-step')).toHaveCount(0);
  expect(await trackedSteps(page, id)).toBe(1);
  expect(sent).toEqual([id]);
});

test('a refused write is counted apart from what will be sent, in red, leading to the outbox', async ({
  page,
  context,
}) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await context.route('**/api/barcode/tracking', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await fillDistributionCentre(page);
  await expect(page.getByTestId('outbox-waiting')).toHaveText(/1 waiting to be sent/);
  // Someone else tracks it meanwhile: the queued step is refused when sent.
  const other = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: id,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 4, coldChainIntact: 'yes' } },
    },
  });
  expect(other.ok()).toBe(true);
  await context.unroute('**/api/barcode/tracking');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const refused = page.getByTestId('outbox-refused');
  await expect(refused).toHaveText('1 refused: open the outbox', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
  expect(await refused.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(
    /^rgb\(2\d\d, 2\d\d, 2\d\d\)$/,
  );
  await expect(page.getByTestId('pending-step')).toHaveAttribute('data-state', 'refused');
  await refused.getByRole('link').click();
  await expect(page.getByTestId('outbox-item')).toHaveAttribute('data-state', 'refused');
});

test("a shared phone: a logout made offline holds; the next user is themself and never sees or sends the previous one's steps", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const sent = acceptedTracking(context);
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  await storedAhead(page);

  // Hana queues a step offline, then logs out offline, keeping it for when she logs in again.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await fillDistributionCentre(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('logout-unsent')).toContainText('1 of your steps are not sent yet');
  await expectAccessible(page, 'logout with unsent steps, offline');
  for (const button of await dialog.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  await dialog.getByRole('button', { name: 'Log out, keep them for when I log in again' }).click();
  await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
  await expect(page.getByTestId('staff-name')).toHaveCount(0);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/sb_session=1/);

  // The network returns: the kept logout reaches the server first; nobody is logged in, even after a reload.
  const revoked = page.waitForResponse((response) => response.url().endsWith('/api/user/logout'));
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  expect((await revoked).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
  await expect(page.getByTestId('staff-name')).toHaveCount(0);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sb_access');
  expect(sent).toEqual([]);

  // Mai logs in on the same phone: she is Mai, sees nothing waiting, and Hana's step is not sent as hers.
  await login(page, '77778888');
  await expect(page.getByTestId('staff-name')).toHaveText('Mai Suzuki');
  await expect(page.getByTestId('outbox-banner')).toHaveCount(0);
  await page.goto('/demo@1/outbox');
  await expect(page.getByText('Nothing waiting to be sent.')).toBeVisible();
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  await expect(page.getByTestId('pending-step')).toHaveCount(0);
  await page.waitForTimeout(3000);
  expect(sent).toEqual([]);
  expect(await trackedSteps(page, id)).toBe(0);

  // Mai logs out (nothing of hers waits: the plain question); Hana logs in again and her step goes, once.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog').getByTestId('logout-unsent')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
  await login(page, '11112222');
  await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(1);
  expect(await trackedSteps(page, id)).toBe(1);
});
