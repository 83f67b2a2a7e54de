import { expect, type Locator, type Page } from '@playwright/test';
import { activatedOf, activatedPallet } from './barcode-api';
import { choose, login } from './helpers';

/**
 * Walks through a group of screens and their states, calling `check` on each (the axe check in
 * accessibility.spec.ts, the 200 % text check in text-reflow.spec.ts): one walk per group, so both
 * checks see the same screens (as visitAdminScreens in admin-server.ts does for the admin area).
 */
export type ScreenCheck = (screen: string) => Promise<void>;

/** A Mantine button that was loading has stopped, and its loader (aria-hidden) has faded out. */
async function settled(button: Locator): Promise<void> {
  await expect(button).not.toHaveAttribute('data-loading');
  await expect(button.locator('[aria-hidden="true"]')).toHaveCount(0);
}

/** Search (empty, every criterion with results, no results), the barcode list, and a client user's product picker. */
export async function visitFindScreens(page: Page, check: ScreenCheck): Promise<void> {
  await login(page, '11112222');
  await activatedPallet(page.request, { externalId: `AX${Date.now() % 1_000_000}` });
  await page.goto('/demo@1/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Barcode Search' })).toBeVisible();
  await check('search, empty');
  await page.getByRole('button', { name: 'More criteria' }).click();
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await page.getByRole('searchbox', { name: 'Words' }).fill('influenza');
  await search.click();
  await expect(page.getByTestId('barcode-label').first()).toBeVisible();
  // The button shows its loader while the answer is checked again: the screen is settled when the
  // loader has faded out (its 150 ms transition squeezes the label meanwhile).
  await settled(search);
  await check('search with results and every criterion');
  await page.getByRole('searchbox', { name: 'Words' }).fill('nothing-matches-this');
  await search.click();
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await settled(search);
  await check('search without results');
  await page.goto('/demo@1/barcode-list');
  await expect(page.getByTestId('barcode-label').first()).toBeVisible();
  await check('barcode list');

  await page.context().clearCookies();
  await login(page, '33334444');
  const generated = await page.request.post('/api/barcode/barcode', {
    data: { projectCode: 'demo', projectVersion: 1 },
  });
  const id = ((await generated.json()).data as { id: string }).id;
  await page.goto(`/demo@1/qrcode/${id}/activate/type`);
  await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
  await check('activation type step with the product picker, client user');
}

/** The history's ledger check, the seal dialog, a sealed history and the detail page's EPCIS download, as staff. */
export async function visitLedgerScreens(page: Page, check: ScreenCheck): Promise<void> {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}/history`);
  await expect(page.getByTestId('ledger-status')).toHaveText('Verified: 2 entries intact.');
  await check('history with the ledger check');
  await page.getByRole('button', { name: 'Seal history' }).click();
  await expect(page.getByRole('dialog', { name: 'Seal this history?' })).toBeVisible();
  await check('seal dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Seal' }).click();
  await expect(page.getByText('Sealed in the project ledger up to entry 2.')).toBeVisible();
  // The dialog's closing transition is over (its buttons shrink as it fades).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await check('history, sealed');
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByRole('button', { name: 'Download EPCIS 2.0' })).toBeVisible();
  await check('detail with the EPCIS download');
}

/**
 * Recall: the start form (empty, refused in words, by place and time), a trace of a pallet with a
 * paired case and a linked logger with its two downloads, its hold (the form, the confirmation, the
 * rows on hold with the recalls in force, the release), a download refused offline, a start that
 * matches nothing, a trace offline; and the screen of a user without the permission.
 */
export async function visitRecallScreens(page: Page, check: ScreenCheck): Promise<void> {
  await login(page, '11112222');
  const pallet = await activatedPallet(page.request);
  const inside = await activatedOf(page.request, 'case');
  const logger = await activatedOf(page.request, 'logger');
  const paired = await page.request.post('/api/barcode/pairing', { data: { parentId: pallet, childrenIds: [inside] } });
  expect(paired.ok(), await paired.text()).toBe(true);
  const linked = await page.request.post('/api/barcode/linking', { data: { barcodeId: logger, targetIds: [pallet] } });
  expect(linked.ok(), await linked.text()).toBe(true);

  await page.goto('/demo@1/recall');
  await expect(page.getByText('Enter what to recall and tap Trace.')).toBeVisible();
  await check('recall, start form');
  const trace = page.getByRole('button', { name: 'Trace' });
  await trace.click();
  await expect(page.getByText('Enter a lot number.')).toBeVisible();
  await check('recall, start form refused');
  await choose(page, 'Start from', 'Place and time');
  await expect(page.getByLabel('Until', { exact: true })).toBeVisible();
  await check('recall, start by place and time');

  await choose(page, 'Start from', 'Barcode');
  await page.getByRole('textbox', { name: 'Barcode ID' }).fill(pallet);
  await trace.click();
  await expect(page.getByTestId('recall-summary')).toContainText('3 packages implicated (1 matched the search)');
  await expect(page.getByRole('button', { name: 'Download EPCIS 2.0 document (JSON-LD)' })).toBeVisible();
  await check('recall, result with its downloads');

  // A hold: its form with the problems said, the dry run's words, the rows and the recalls in
  // force, the release dialog; released again so the walk's later screens hold no recall.
  const reference = `R-WALK-${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: 'Put on hold' }).click();
  const hold = page.getByRole('dialog', { name: 'Put on hold for a recall' });
  await hold.getByRole('button', { name: 'Continue' }).click();
  await expect(hold.getByText('Enter a reason.')).toBeVisible();
  await check('recall, hold form refused');
  await hold.getByRole('textbox', { name: 'Recall reference' }).fill(reference);
  await hold.getByRole('textbox', { name: 'Reason' }).fill('Temperature excursion');
  await hold.getByRole('button', { name: 'Continue' }).click();
  await expect(hold.getByTestId('recall-hold-confirm')).toContainText(`Put 3 packages on hold for ${reference}?`);
  await check('recall, hold confirmation');
  await hold.getByRole('button', { name: 'Put 3 on hold' }).click();
  await expect(page.getByTestId('recall-package-hold')).toHaveCount(3);
  const inForce = page.locator(`[data-testid="recall-in-force"][data-reference="${reference}"]`);
  await expect(inForce).toBeVisible();
  await check('recall, packages on hold and the recalls in force');
  await inForce.getByRole('button', { name: 'Release all' }).click();
  const release = page.getByRole('dialog', { name: 'Release from hold' });
  await release.getByRole('textbox', { name: 'Reason' }).fill('Tested: within range');
  await check('recall, release dialog');
  await release.getByRole('button', { name: 'Release all' }).click();
  await expect(page.getByTestId('recall-package-hold')).toHaveCount(0);
  await page.getByTestId('recall-hold-result').getByRole('button').click();

  await page.context().setOffline(true);
  const epcis = page.getByRole('button', { name: 'Download EPCIS 2.0 document (JSON-LD)' });
  await epcis.click();
  await expect(page.getByTestId('recall-download-epcis').getByRole('alert')).toBeVisible();
  await settled(epcis);
  await check('recall, a download without a connection');
  await page.getByRole('textbox', { name: 'Barcode ID' }).fill(inside);
  await trace.click();
  await expect(page.getByTestId('recall-error')).toBeVisible();
  await check('recall, a trace without a connection');
  await page.context().setOffline(false);

  await page.getByRole('textbox', { name: 'Barcode ID' }).fill('ZZZZZZZZZZZZ');
  await trace.click();
  await expect(page.getByTestId('recall-empty')).toBeVisible();
  await check('recall, nothing found');

  await page.context().clearCookies();
  await login(page, '77778888');
  await page.goto('/demo@1/recall');
  await expect(page.getByTestId('recall-refused')).toBeVisible();
  await check('recall, refused to a user without the permission');
}
