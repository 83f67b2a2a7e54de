import { expect, test } from '@playwright/test';
import { SERVERS } from '../playwright.config';
import { activatedPallet } from './barcode-api';
import { fakeCamera, writeBarcodeFeed as writeFeed, writeBarcodesFeed } from './fake-camera';
import { login, newCasePackageStep, startBulkScan } from './helpers';

test.use(fakeCamera);

test('Scan barcode: the camera reads a QR code of this product and OK opens that barcode', async ({ page }) => {
  const outside: string[] = [];
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(SERVERS.main)) outside.push(r.url());
    if (r.url().endsWith('.wasm')) wasm.push(r.url());
  });
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await writeFeed(`https://labels.example.com/demo@1/qrcode/${id}`, 'QRCode');
  await page.getByRole('button', { name: 'Scan barcode' }).click();
  await expect(page).toHaveURL(/\/demo@1\/scan$/);
  await expect(page.getByRole('banner')).toHaveCount(0);
  const value = page.getByRole('textbox', { name: 'Scanned value' });
  await expect(value).toHaveValue(`https://labels.example.com/demo@1/qrcode/${id}`, { timeout: 20_000 });
  await expect(page.getByTestId('scan-outline').locator('polygon')).toHaveAttribute('stroke', '#12b886');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
  await expect(page.getByTestId('barcode-state')).toHaveText('Activated');
  // The scan is in this tab's scanned-barcodes list, linking to its barcode.
  await page.getByRole('button', { name: 'Scanned barcodes' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}/scanned-barcodes$`));
  await expect(
    page.getByTestId('scanned-list').getByRole('link', { name: `https://labels.example.com/demo@1/qrcode/${id}` }),
  ).toHaveAttribute('href', `/demo@1/qrcode/${id}`);
  // The decoder's wasm came from this server: nothing from a CDN.
  expect(wasm.length).toBeGreaterThan(0);
  expect(outside).toEqual([]);
});

test('a one-dimensional code that is new to the project becomes a new barcode once confirmed', async ({ page }) => {
  await login(page, '11112222');
  const code = `CASE${Date.now() % 1_000_000}`;
  await writeFeed(code, 'Code128');
  await page.goto('/demo@1/scan');
  await page.locator('label').filter({ hasText: '1D' }).click();
  await expect(page.getByRole('textbox', { name: 'Scanned value' })).toHaveValue(code, { timeout: 20_000 });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('scanned-code')).toHaveText(code);
  await page.getByRole('dialog', { name: 'New barcode' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: code })).toBeVisible();
});

test("a text field's reader button fills it from the scanner", async ({ page }) => {
  await login(page, '11112222');
  await writeFeed('LOT-4711', 'Code128');
  await newCasePackageStep(page);
  await page.getByRole('button', { name: 'Scan a barcode into this field' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan barcode' });
  await expect(scanner.getByRole('textbox', { name: 'Scanned value' })).toHaveValue('LOT-4711', { timeout: 20_000 });
  await scanner.getByRole('button', { name: 'OK' }).click();
  await expect(scanner).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Lot number' })).toHaveValue('LOT-4711');
});

test('a photo-only field takes its picture in the photo dialog: take, retake, OK uploads a PNG', async ({ page }) => {
  await login(page, '11112222');
  await writeFeed('PHOTO', 'QRCode');
  const id = await activatedPallet(page.request);
  // Carrier has the photo-only field (load photos): track to the distribution centre first.
  const tracked = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: id,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
    },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  await page.goto(`/demo@1/qrcode/${id}/track`);
  await page.getByRole('button', { name: 'Take photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take a photo' });
  // The field's framing overlay is drawn over the live camera.
  await expect(dialog.locator('img[src="/overlays/pallet-load.svg"]')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Take' }).click();
  await expect(dialog.getByTestId('photo-captured')).toBeVisible();
  await dialog.getByRole('button', { name: 'Retake' }).click();
  await dialog.getByRole('button', { name: 'Take' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  const photo = page.getByRole('img', { name: /^[A-Za-z0-9]{16}\.(png|jpe?g)$/ });
  await expect(photo).toBeVisible();
  expect(await photo.getAttribute('src')).toMatch(
    new RegExp(`^/api/barcode/file/${id}/[A-Za-z0-9]{16}\\.(png|jpe?g)$`),
  );
});

test("the frame a barcode was scanned from is its tracking form's scan image; without a scan the form says why", async ({
  page,
}) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  const tracked = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: id,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
    },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  // Opened without a scan: no frame to upload, so the scan-frame field shows its warning.
  await page.goto(`/demo@1/qrcode/${id}/track`);
  await expect(
    page.getByText(
      'No scan image: this barcode was not scanned with the camera for this tracking, so there is no image to add.',
    ),
  ).toBeVisible();
  // Scanned: the frame the code was read from is uploaded into 'Seal scan'.
  await writeFeed(`https://labels.example.com/demo@1/qrcode/${id}`, 'QRCode');
  await page.goto('/demo@1/scan');
  await expect(page.getByRole('textbox', { name: 'Scanned value' })).toHaveValue(new RegExp(id), { timeout: 20_000 });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
  await page.getByRole('button', { name: /^Add tracking/ }).click();
  const frame = page.getByRole('img', { name: /^[A-Za-z0-9]{16}\.jpg$/ });
  await expect(frame).toBeVisible();
  expect(await frame.getAttribute('src')).toMatch(new RegExp(`^/api/barcode/file/${id}/[A-Za-z0-9]{16}\\.jpg$`));
  await expect(
    page.getByText(
      'No scan image: this barcode was not scanned with the camera for this tracking, so there is no image to add.',
    ),
  ).toHaveCount(0);
});

test('bulk mode: each code read asks to be appended with the project delimiter; leaving bulk mode with a value asks, then clears', async ({
  page,
}) => {
  // Each question waits for the fake camera to read the next code: slow on a busy machine.
  test.setTimeout(120_000);
  await login(page, '11112222');
  await writeBarcodesFeed(['CASE-A1', 'CASE-B2'], 'Code128');
  await newCasePackageStep(page);
  await page.getByRole('button', { name: 'Scan a barcode into this field' }).click();
  const { scanner, value, asked } = await startBulkScan(page);
  /** Answers the next question; returns the code it was about (its question closes first). */
  const answer = async (button: 'Add' | 'Skip') => {
    await expect(asked).toBeVisible({ timeout: 20_000 });
    const code = (await asked.locator('p').first().textContent())!;
    await asked.getByRole('button', { name: button }).click();
    // The other code's question may follow within one camera frame: wait for this one to go.
    await expect(asked.filter({ hasText: code })).toHaveCount(0);
    return code;
  };
  // A skipped code is not added; then two codes are added with the project's first delimiter.
  // (The feed alternates the two codes; a code read while a question is open is ignored.)
  await answer('Skip');
  await expect(value).toHaveValue('');
  const first = await answer('Add');
  await expect(value).toHaveValue(first);
  const second = await answer('Add');
  expect([first, second].sort()).toEqual(['CASE-A1', 'CASE-B2']);
  await expect(value).toHaveValue(`${first},${second}`);
  // Leaving bulk mode: declined keeps it on with the value, confirmed clears.
  await scanner.getByRole('switch', { name: 'Bulk scan' }).click();
  await scanner
    .getByRole('alert')
    .filter({ hasText: 'Turn bulk scan off?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(scanner.getByRole('switch', { name: 'Bulk scan' })).toBeChecked();
  await expect(value).toHaveValue(/,/);
  await scanner.getByRole('switch', { name: 'Bulk scan' }).click();
  await scanner
    .getByRole('alert')
    .filter({ hasText: 'Turn bulk scan off?' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(scanner.getByRole('switch', { name: 'Bulk scan' })).not.toBeChecked();
  await expect(value).not.toHaveValue(/,/);
});
