import { expect, type Locator, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { login } from './helpers';

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
