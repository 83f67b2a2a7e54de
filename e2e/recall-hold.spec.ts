import { expect, test, type APIRequestContext } from '@playwright/test';
import { activatedOf, activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { login } from './helpers';

/*
 * A recall's hold on a phone (the default 390 px viewport): a staff user with the recall
 * permission traces a lot, puts what it implicates on hold after reading the dry run's words,
 * sees which recall holds each package, reads the hold on a held package's detail and in its
 * history, is refused its tracking with the recall named, and releases the recall.
 */

async function ok(request: APIRequestContext, path: string, data: object): Promise<void> {
  const res = await request.post(path, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a lot is put on hold, its packages say so and refuse tracking naming the recall, then it is released', async ({
  page,
}) => {
  // A trace, two dialogs, a detail, a refused tracking and a history, with accessibility passes.
  test.setTimeout(90_000);
  await login(page, '11112222');
  const suffix = Date.now().toString(36).toUpperCase();
  const lot = `HLD-${suffix}`;
  const reference = `R-${suffix}`;
  // A pallet of its own lot, a case paired onto it and a logger linked to it: three packages.
  const pallet = await activatedPallet(page.request, { lotNumber: lot });
  const inside = await activatedOf(page.request, 'case');
  const logger = await activatedOf(page.request, 'logger');
  await ok(page.request, '/api/barcode/pairing', { parentId: pallet, childrenIds: [inside] });
  await ok(page.request, '/api/barcode/linking', { barcodeId: logger, targetIds: [pallet] });

  await page.goto(`/demo@1/recall?lot=${lot}`);
  await expect(page.getByTestId('recall-summary')).toContainText('3 packages implicated (1 matched the search)');
  const card = (id: string) => page.locator(`[data-testid="recall-package"][data-barcode-id="${id}"]`);
  await expect(page.getByTestId('recall-package-hold')).toHaveCount(0);

  // The reference and the reason are asked, each required, the problem said under its input.
  await page.getByRole('button', { name: 'Put on hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Put on hold for a recall' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Recall reference' })).toHaveAccessibleDescription(
    /Enter the recall reference\./,
  );
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Enter a reason\./);
  await expectAccessible(page, 'hold form with its problems');
  await dialog.getByRole('textbox', { name: 'Recall reference' }).fill(reference);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Temperature excursion at the plant');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The dry run in words; nothing is held yet.
  await expect(dialog.getByTestId('recall-hold-confirm')).toContainText(`Put 3 packages on hold for ${reference}?`);
  await expectAccessible(page, 'hold confirmation');
  await expect(page.getByTestId('recall-package-hold')).toHaveCount(0);

  // A double tap is one hold.
  const holds: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/recall/hold')) holds.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Put 3 on hold' }).dblclick();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('recall-hold-result')).toContainText(`3 packages put on hold for ${reference}.`);
  expect(holds).toHaveLength(1);

  // Every row says so, and the recall is listed as in force.
  for (const id of [pallet, inside, logger])
    await expect(card(id).getByTestId('recall-package-hold')).toContainText(`On hold: ${reference}`);
  const inForce = page.locator(`[data-testid="recall-in-force"][data-reference="${reference}"]`);
  await expect(inForce).toContainText('3 packages on hold');
  await expect(inForce).toContainText('Reason: Temperature excursion at the plant');
  await expectAccessible(page, 'recall result with holds');

  // The held logger's detail says which recall holds it, why, who and when, near the top.
  await card(logger).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${logger}$`));
  const notice = page.getByTestId('hold-notice');
  await expect(notice).toContainText(`On hold for recall ${reference}`);
  await expect(notice).toContainText('Reason: Temperature excursion at the plant');
  await expect(notice).toContainText('Put on hold by');
  const box = await notice.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'barcode detail on hold');

  // Offline, the phone's copy of the detail (kept by the service worker) still says so.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  await page.reload();
  await expect(notice).toContainText(`On hold for recall ${reference}`);
  await page.context().setOffline(true);
  await page.reload();
  await expect(notice).toContainText(`On hold for recall ${reference}`);
  await expect(notice).toContainText('Reason: Temperature excursion at the plant');
  await page.context().setOffline(false);

  // Tracking it on is refused, naming the recall.
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await page.getByRole('button', { name: 'Add tracking', exact: true }).click();
  await expect(page.getByTestId('message-dialog-body')).toContainText(
    `On hold for a recall: this package (or one it carries) can go only to a quarantine or return point. (recall ${reference})`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

  // Its history names the recall of the hold.
  await page.goto(`/demo@1/qrcode/${logger}/history`);
  const held = page.getByTestId('history-entry').filter({ hasText: 'Put on hold' });
  await expect(held.getByTestId('history-recall')).toHaveText(
    `Recall ${reference}: Temperature excursion at the plant`,
  );

  // One package released from its row: the others stay held.
  await page.goto(`/demo@1/recall?lot=${lot}`);
  await card(inside)
    .getByRole('button', { name: /^Release / })
    .click();
  const release = page.getByRole('dialog', { name: 'Release from hold' });
  await expect(release).toContainText(`from ${reference}?`);
  await release.getByRole('textbox', { name: 'Reason' }).fill('Sealed case, not exposed');
  await release.getByRole('button', { name: 'Release', exact: true }).click();
  await expect(release).toHaveCount(0);
  await expect(page.getByTestId('recall-hold-result')).toContainText(`1 package released from ${reference}.`);
  await expect(card(inside).getByTestId('recall-package-hold')).toHaveCount(0);
  await expect(card(pallet).getByTestId('recall-package-hold')).toContainText(`On hold: ${reference}`);
  await expect(inForce).toContainText('2 packages on hold');

  // Release all: the reason asked, the question in words; the rows and the list follow.
  await inForce.getByRole('button', { name: 'Release all' }).click();
  await expect(release).toContainText(`Release all 2 packages on hold for ${reference}?`);
  await release.getByRole('button', { name: 'Release all' }).click();
  await expect(release.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Enter a reason\./);
  await expectAccessible(page, 'release with its problem');
  await release.getByRole('textbox', { name: 'Reason' }).fill('Tested: within range');
  await release.getByRole('button', { name: 'Release all' }).click();
  await expect(release).toHaveCount(0);
  await expect(page.getByTestId('recall-hold-result')).toContainText(`2 packages released from ${reference}.`);
  await expect(page.getByTestId('recall-package-hold')).toHaveCount(0);
  await expect(inForce).toHaveCount(0);

  // The detail's notice is gone, and the history says it was released.
  await page.goto(`/demo@1/qrcode/${logger}`);
  await expect(page.getByRole('button', { name: 'Add tracking: Distribution centre' })).toBeVisible();
  await expect(page.getByTestId('hold-notice')).toHaveCount(0);
  await page.goto(`/demo@1/qrcode/${logger}/history`);
  await expect(
    page.getByTestId('history-entry').filter({ hasText: 'Released from hold' }).getByTestId('history-recall'),
  ).toHaveText(`Recall ${reference}: Tested: within range`);
});
