import { expect, test, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { login } from './helpers';

/**
 * A handheld terminal's trigger: the code's keys then Enter, within milliseconds. The keys are
 * dispatched in the page at once: typed through the browser's input one by one, a machine busy
 * with other work can hold two of them further apart than any scanner would, and the listener
 * then rightly takes them for typing.
 */
async function pullTrigger(page: Page, code: string) {
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.evaluate((text) => {
    for (const key of [...text, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

test('a keyboard-wedge scan opens the scanned barcode, or offers a new one for an unknown code', async ({ page }) => {
  await login(page, '11112222');
  const externalId = `PAL-${Date.now()}`;
  const id = await activatedPallet(page.request, { externalId });

  // This product's barcode URL (printed as a QR code): its detail page.
  await pullTrigger(page, `https://labels.example.com/demo@1/qrcode/${id}`);
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));

  // A code the project already has as an external id: that barcode, nothing created.
  await page.getByRole('link', { name: 'Home' }).click();
  await pullTrigger(page, externalId);
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));

  // A GS1 Digital Link nobody has scanned: asked first, then a new barcode whose activation
  // starts with the GTIN and lot filled in.
  const link = `https://id.gs1.org/01/09506000134352/10/LOT${Date.now() % 100000}`;
  await pullTrigger(page, link);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('scanned-code')).toHaveText(link);
  await expect(dialog).toContainText('(01) GTIN: 09506000134352');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: link })).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByText('Vaccine case', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/trackpoint$/);
  // Straight to the package step (the draft keeps the type; addresses are not needed to look).
  await page.goto(page.url().replace(/\/trackpoint$/, '/package'));
  await expect(page.getByRole('textbox', { name: 'GTIN' })).toHaveValue(/09506000134352/);
  await expect(page.getByRole('textbox', { name: 'Lot number' })).toHaveValue(/^LOT/);

  // Typing in a field is typing, not a scan.
  await page.getByRole('textbox', { name: 'Product', exact: true }).click();
  await page.keyboard.type('ABCDEFG', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a user who may not generate barcodes is told an unknown code has no barcode', async ({ page }) => {
  await login(page, '77778888');
  const code = `UNKNOWN-${Date.now()}`;
  await pullTrigger(page, code);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`No barcode of this project has the code ${code}.`);
  await expect(dialog).toContainText('You do not have permission to generate barcodes.');
  await expect(page).toHaveURL(/\/demo@1$/);
});

test.describe('on a handheld terminal (DX-A600)', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 12; DX-A600 Build/01.00.000) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });

  test('home offers the handheld scan button and scanner settings (remembered on the device); the trigger opens the barcode', async ({
    page,
  }) => {
    await login(page, '11112222');
    await expect(page.getByRole('button', { name: 'Scan barcode' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Handheld scan' }).click();
    const info = page.getByText('Pull the trigger of the DX-A600 scanner to scan a barcode.');
    await expect(info).toBeVisible();
    // Handheld info messages close by themselves after HANDHELD_INFO_MS.
    await expect(info).toHaveCount(0, { timeout: 6_000 });

    const settings = page.getByRole('button', { name: 'Scanner settings' });
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await settings.click();
    await expect(page.getByRole('radio', { name: 'Center' })).toBeChecked();
    await page.getByRole('radio', { name: 'Horizontal line' }).check();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Scanner settings' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('radio', { name: 'Horizontal line' })).toBeChecked();

    const id = await activatedPallet(page.request);
    await pullTrigger(page, `https://labels.example.com/demo@1/qrcode/${id}`);
    await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
  });
});
