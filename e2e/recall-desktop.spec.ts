import { expect, test, type Page } from '@playwright/test';
import { activatedOf, activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { login } from './helpers';

/*
 * The recall screen on a desktop, where a recall is often handled from an office: the same trace
 * and hold as on the phone, laid out for a wide window, with nothing wider than the window and
 * the hold's dialogs usable with the keyboard.
 */
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('on a desktop a lot is traced and put on hold, nothing wider than the window', async ({ page }) => {
  // A trace, a hold with its dialog, two accessibility passes.
  test.setTimeout(90_000);
  await login(page, '11112222');
  const suffix = Date.now().toString(36).toUpperCase();
  const lot = `DSK-${suffix}`;
  const reference = `R-D-${suffix}`;
  const pallet = await activatedPallet(page.request, { lotNumber: lot });
  const inside = await activatedOf(page.request, 'case');
  const paired = await page.request.post('/api/barcode/pairing', { data: { parentId: pallet, childrenIds: [inside] } });
  expect(paired.ok(), await paired.text()).toBe(true);

  await page.goto(`/demo@1/recall?lot=${lot}`);
  await expect(page.getByTestId('recall-summary')).toContainText('2 packages implicated (1 matched the search)');
  const fitsWindow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fitsWindow()).toBe(true);
  await expectAccessible(page, 'recall result on a desktop');

  // The hold from the keyboard: the dialog takes the focus, Tab moves through its inputs.
  await page.getByRole('button', { name: 'Put on hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Put on hold for a recall' });
  await expect(dialog.getByRole('textbox', { name: 'Recall reference' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Recall reference' }).fill(reference);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await page.keyboard.type('Supplier recall of the batch');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('recall-hold-confirm')).toContainText(`Put 2 packages on hold for ${reference}?`);
  await dialog.getByRole('button', { name: 'Put 2 on hold' }).click();
  await expect(page.getByTestId('recall-hold-result')).toContainText(`2 packages put on hold for ${reference}.`);
  await expect(page.getByTestId('recall-package-hold')).toHaveCount(2);
  expect(await fitsWindow()).toBe(true);
  await expectAccessible(page, 'recall result with holds on a desktop');

  // Released again, so the demo's other specs meet these packages free.
  const released = await page.request.post('/api/recall/release', {
    data: { projectId: await projectIdOf(page), reference, reason: 'Test over' },
  });
  expect(released.ok(), await released.text()).toBe(true);
});

/** The demo project's id, as the phone's project answer gives it. */
async function projectIdOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/barcode/project?code=demo&version=1');
  return ((await res.json()) as { data: { id: string } }).data.id;
}
