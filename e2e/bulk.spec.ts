import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { activatedOf as activated } from './barcode-api';
import { expectAccessible } from './axe';
import { fakeCamera, writeBarcodesFeed } from './fake-camera';
import { choose, login, startBulkScan } from './helpers';

test.use(fakeCamera);

/** A keyboard-wedge / handheld trigger read: the code's keys then Enter outside a text field, dispatched at once. */
async function pullTrigger(page: Page, code: string) {
  await page.evaluate((text) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...text, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

const receiving = { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } };

/** Tracks a barcode to the next trackpoint through the API. */
async function trackTo(
  request: APIRequestContext,
  barcodeId: string,
  trackPointKey: string,
  forms: Record<string, Record<string, unknown>>,
) {
  const res = await request.post('/api/barcode/tracking', { data: { barcodeId, trackPointKey, forms } });
  expect(res.ok(), await res.text()).toBe(true);
}

const entries = (page: Page) => page.getByTestId('scan-entry');
const status = (page: Page) => page.getByTestId('list-status');

/** Fills the distribution centre's receiving form (filled once for the whole list). */
async function fillReceiving(page: Page) {
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
}

test('bulk-track five barcodes scanned in bulk mode: one at another trackpoint blocks the submit until removed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const anchor = await activated(page.request, 'case', `BT${stamp}Z`);
  const codes = ['A', 'B', 'C', 'D', 'E'].map((s) => `BT${stamp}${s}`);
  const ids = await Promise.all(codes.map((code) => activated(page.request, 'case', code)));
  // E is already with the carrier: at a different trackpoint from the list's.
  await trackTo(page.request, ids[4]!, 'distributionCentre', receiving);
  await trackTo(page.request, ids[4]!, 'carrier', { pickup: { vehicleId: 'OSK-1234' } });
  await writeBarcodesFeed(codes, 'Code128');

  await page.goto(`/demo@1/qrcode/${anchor}`);
  await page.getByRole('button', { name: 'Bulk tracking' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${anchor}/bulk-tracking$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk tracking' })).toBeVisible();
  await expect(page.getByTestId('track-point')).toHaveText('Distribution centre');
  // The barcode it was opened from is listed first and checked.
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Ready');
  await expectAccessible(page, 'bulk tracking, one entry');

  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  const { scanner, asked } = await startBulkScan(page);
  const added = new Set<string>();
  while (added.size < codes.length) {
    await expect(asked).toBeVisible({ timeout: 30_000 });
    const code = (await asked.locator('p').first().textContent())!;
    const fresh = !added.has(code);
    await asked.getByRole('button', { name: fresh ? 'Add' : 'Skip' }).click();
    // The camera reads the next code at once and may ask about it before this check looks: what
    // is waited for is that the question about this code was answered.
    await expect(asked.filter({ hasText: code })).toHaveCount(0);
    added.add(code);
  }
  await scanner.getByRole('button', { name: 'OK' }).click();
  await expect(scanner).toHaveCount(0);

  await expect(entries(page)).toHaveCount(6);
  const wrong = entries(page).filter({ hasText: codes[4]! });
  await expect(wrong.getByTestId('verdict')).toHaveText('This barcode is at a different trackpoint.');
  await expect(status(page)).toHaveText('Barcodes that cannot be taken: 1. Remove them to continue.');
  for (const code of codes.slice(0, 4))
    await expect(entries(page).filter({ hasText: code }).getByTestId('verdict')).toHaveText('Ready');
  const next = page.getByRole('button', { name: /^Next: fill the forms/ });
  await expect(next).toBeDisabled();
  await expectAccessible(page, 'bulk tracking, a refused entry');

  await wrong.getByRole('button', { name: `Remove ${codes[4]}` }).click();
  await expect(status(page)).toHaveText('All 5 listed barcodes are ready.');
  await next.click();
  await expect(page.getByTestId('bulk-forms-for')).toContainText('5');
  await fillReceiving(page);
  await expectAccessible(page, 'bulk tracking, forms');
  await page.getByRole('button', { name: 'Add tracking (5)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText('Tracked to Distribution centre: 5 barcodes.');
  await expect(entries(page).getByTestId('verdict').filter({ hasText: 'Tracked' })).toHaveCount(5);
  await expectAccessible(page, 'bulk tracking, done');

  for (const id of [anchor, ids[0]!]) {
    await page.goto(`/demo@1/qrcode/${id}`);
    await expect(page.getByTestId('current-trackpoint')).toContainText('Distribution centre');
  }
});

test('the handheld variants through the keyboard wedge: bulk tracking and bulk skip', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const [a, , c, d] = await Promise.all(
    ['A', 'B', 'C', 'D'].map((s) => activated(page.request, 'case', `KH${stamp}${s}`)),
  );

  // Bulk tracking on a handheld terminal: no camera button, the trigger fills the list.
  await page.goto(`/demo@1/qrcode/${a}/bulk-tracking-kht`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk tracking (handheld scanner)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan with the camera' })).toHaveCount(0);
  await expect(entries(page)).toHaveCount(1);
  // The trigger's listener comes with the logged-in tools' chunk: a phone's user is not that fast.
  await page.waitForLoadState('networkidle');
  await pullTrigger(page, `KH${stamp}B`);
  await expect(entries(page)).toHaveCount(2);
  // The trigger reads a code once within its redundancy timeout: a second label of B, typed.
  await page.getByRole('textbox', { name: 'Barcode id or code' }).fill(`KH${stamp}B`);
  await page.getByRole('textbox', { name: 'Barcode id or code' }).press('Enter');
  await expect(entries(page).nth(2).getByTestId('verdict')).toHaveText('This barcode is already in the list.');
  await page.getByRole('button', { name: 'Remove the ones not ready (1)' }).click();
  await expect(status(page)).toHaveText('All 2 listed barcodes are ready.');
  await expectAccessible(page, 'bulk tracking kht');
  await page.getByRole('button', { name: 'Next: fill the forms (2)' }).click();
  await fillReceiving(page);
  await page.getByRole('button', { name: 'Add tracking (2)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText('Tracked to Distribution centre: 2 barcodes.');

  // Bulk skip: the distribution centre allows skipping; no forms; the history says who skipped.
  await page.goto(`/demo@1/qrcode/${c}/bulk-skip-tracking-kht`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk skip (handheld scanner)' })).toBeVisible();
  await expect(page.getByTestId('track-point')).toHaveText('Distribution centre');
  await page.waitForLoadState('networkidle');
  await pullTrigger(page, `KH${stamp}D`);
  // B was tracked above: it is past the distribution centre's turn.
  await pullTrigger(page, `KH${stamp}B`);
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page).nth(2).getByTestId('verdict')).not.toHaveText('Ready');
  await expect(page.getByRole('button', { name: 'Skip (3)' })).toBeDisabled();
  await entries(page)
    .nth(2)
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expectAccessible(page, 'bulk skip kht');
  await page.getByRole('button', { name: 'Skip (2)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText('Skipped to Distribution centre: 2 barcodes.');
  await expect(entries(page).getByTestId('verdict').filter({ hasText: 'Skipped' })).toHaveCount(2);
  await page.goto(`/demo@1/qrcode/${d}`);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Distribution centre');
  // Its history says the trackpoint was skipped, and by whom.
  await page.goto(`/demo@1/qrcode/${d}/history`);
  await expect(page.getByTestId('history-entry').first()).toContainText('Trackpoint skipped (no forms)');
  await expect(page.getByTestId('history-entry').first()).toContainText('Hana Sato');

  // The tracking-count page lists the user's own steps of the day, newest first: the skips, then the tracked ones.
  await page.goto('/demo@1/tracking-count');
  const steps = page.getByTestId('user-step');
  await expect(steps.filter({ hasText: `KH${stamp}D` })).toContainText('Skipped');
  await expect(steps.filter({ hasText: `KH${stamp}B` })).toContainText('Distribution centre');
  await expect(steps.filter({ hasText: `KH${stamp}B` })).not.toContainText('Skipped');
  await expect(steps.filter({ hasText: `KH${stamp}C` })).toHaveCount(1);
  await expectAccessible(page, 'tracking count with steps');
  await steps
    .filter({ hasText: `KH${stamp}D` })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${d}$`));
});

test('bulk recycle: the dry run refuses a barcode still in use; the rest are recycled after confirming', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const loggers = await Promise.all(['A', 'B', 'C'].map((s) => activated(page.request, 'logger', `RC${stamp}${s}`)));
  const reading = { reading: { loggerTemperature: 4 } };
  for (const id of loggers.slice(0, 2)) {
    for (const point of ['distributionCentre', 'carrier', 'pharmacy']) await trackTo(page.request, id, point, reading);
  }

  await page.goto(`/demo@1/qrcode/${loggers[0]}`);
  await page.getByRole('button', { name: 'Bulk recycle' }).click();
  await expect(page).toHaveURL(/\/bulk-recycle$/);
  const typed = page.getByRole('textbox', { name: 'Barcode id or code' });
  await typed.fill(`RC${stamp}B\nRC${stamp}C`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(entries(page)).toHaveCount(3);
  await expect(
    entries(page)
      .filter({ hasText: `RC${stamp}C` })
      .getByTestId('verdict'),
  ).toContainText('still in use');
  await expect(page.getByRole('button', { name: 'Recycle (3)' })).toBeDisabled();
  await expectAccessible(page, 'bulk recycle, dry run');
  await page.getByRole('button', { name: `Remove RC${stamp}C` }).click();
  await page.getByRole('button', { name: 'Recycle (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk recycle' });
  await expect(dialog).toContainText('Recycle these 2 barcodes?');
  await expectAccessible(page, 'bulk recycle, confirm');
  await dialog.getByRole('button', { name: 'Recycle (2)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText('Recycled: 2 barcodes.');
  await page.goto(`/demo@1/qrcode/${loggers[1]}`);
  await expect(page.getByTestId('barcode-state')).toHaveText('Not activated');
});

test('a recycled barcode scanned into a list is called recycled, not new', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const [recycled, delivered] = await Promise.all(
    ['A', 'B'].map((s) => activated(page.request, 'logger', `RY${stamp}${s}`)),
  );
  const reading = { reading: { loggerTemperature: 4 } };
  for (const id of [recycled!, delivered!]) {
    for (const point of ['distributionCentre', 'carrier', 'pharmacy']) await trackTo(page.request, id, point, reading);
  }
  const res = await page.request.post('/api/barcode/recycle', { data: { barcodeId: recycled } });
  expect(res.ok(), await res.text()).toBe(true);
  const generated = await page.request.post('/api/barcode/barcode', {
    data: { projectCode: 'demo', projectVersion: 1 },
  });
  const { id: unused } = (await generated.json()).data as { id: string };

  await page.goto(`/demo@1/qrcode/${delivered}/bulk-recycle`);
  const typed = page.getByRole('textbox', { name: 'Barcode id or code' });
  await typed.fill(`${recycled}\n${unused}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page).nth(1).getByTestId('verdict')).toContainText(
    'This barcode was recycled: it must be activated again before it can be tracked.',
  );
  // A barcode never activated is still called so.
  await expect(entries(page).nth(2).getByTestId('verdict')).toContainText('This barcode is not activated yet.');
});

test('stock in and out of a location: the detail page shows where and since when', async ({ page }) => {
  await login(page, '11112222');
  const caseId = await activated(page.request, 'case', `ST${Date.now() % 1_000_000}`);
  await page.goto(`/demo@1/qrcode/${caseId}`);
  await expect(page.getByTestId('stock-section')).toHaveCount(0);
  await page.getByRole('button', { name: 'Stock in' }).click();
  await expect(page).toHaveURL(/\/stock-in$/);
  // The one location available at the manufacturer is chosen already.
  await expect(page.getByTestId('location-select')).toHaveValue('Osaka plant dispatch store › Dispatch bin 01');
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Ready');
  await expectAccessible(page, 'stock in');
  await page.getByRole('button', { name: 'Stock in (1)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText(
    'Stocked in Osaka plant dispatch store › Dispatch bin 01: 1 barcodes.',
  );
  await page.getByRole('button', { name: 'Back to the barcode' }).click();
  await expect(page.getByTestId('stock-location')).toHaveText('Osaka plant dispatch store › Dispatch bin 01');
  await expect(page.getByTestId('stock-since')).toHaveText(/^Since \d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2} (AM|PM)$/);
  await expectAccessible(page, 'detail in stock');

  // Nothing the stock out sends or revalidates is refused: the browser logs no failed request.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  await page.getByRole('button', { name: 'Stock out' }).click();
  await expect(page).toHaveURL(/\/stock-out$/);
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Ready');
  await page.getByRole('button', { name: 'Stock out (1)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText(
    'Stocked out of Osaka plant dispatch store › Dispatch bin 01',
  );
  // The finished screen still names the location it stocked out of.
  await expect(page.getByTestId('location-select')).toHaveValue('Osaka plant dispatch store › Dispatch bin 01');
  await page.getByRole('button', { name: 'Back to the barcode' }).click();
  await expect(page.getByRole('button', { name: 'Stock in' })).toBeVisible();
  await expect(page.getByTestId('stock-section')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test("the adjustment widget shows the running quantity; a decrease below zero is refused with the server's message, nothing typed is lost", async ({
  page,
}) => {
  await login(page, '11112222');
  const generated = await page.request.post('/api/barcode/barcode', {
    data: { projectCode: 'demo', projectVersion: 1 },
  });
  const { id } = (await generated.json()).data as { id: string };
  const address = {
    companyName: 'FrostLine Pharma',
    country: 'JPN',
    postalCode: '530-0001',
    prefecture: 'Osaka',
    address1: '1-1 Umeda',
  };
  const activation = (stock: number) => ({
    barcodeId: id,
    barcodeType: 'pallet',
    origin: address,
    destination: address,
    dimension: { height: 150, width: 120, depth: 100 },
    weight: 480,
    customFields: {
      productName: 'Influenza vaccine',
      lotNumber: 'FLU-2026-1',
      expiryDate: '2027-03-31',
      storageRange: '2-8',
      caseCount: 40,
      initialStock: { type: 'increase', value: stock },
    },
  });
  const activated = await page.request.post('/api/barcode/activation', { data: activation(10) });
  expect(activated.ok(), await activated.text()).toBe(true);

  await page.goto(`/demo@1/qrcode/${id}/track`);
  await fillReceiving(page);
  const quantities = page.getByTestId('adjustment-quantities');
  await expect(quantities.locator('[data-quantity="initial"] td')).toHaveText('10 cases');
  await expect(quantities.locator('[data-quantity="remaining"] td')).toHaveText('10 cases');
  await page.getByRole('textbox', { name: 'Amount' }).fill('8');
  await page.getByRole('textbox', { name: 'Amount' }).blur();
  await expect(quantities.locator('[data-quantity="remaining"] td')).toHaveText('10 cases → 2 cases');
  await expectAccessible(page, 'tracking with quantities');

  // Meanwhile the stock was corrected to 2 cases: taking 8 would go below zero.
  const edited = await page.request.put('/api/barcode/activation', { data: activation(2) });
  expect(edited.ok(), await edited.text()).toBe(true);
  await page.getByRole('button', { name: 'Add tracking' }).click();
  const message = page.getByRole('dialog').filter({ hasText: 'The quantity cannot go below 0.' });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}/track$`));
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('8');
  await expect(page.getByRole('textbox', { name: 'Temperature on arrival' })).toHaveValue('5');
});
