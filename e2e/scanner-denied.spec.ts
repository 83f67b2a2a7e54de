import { expect, test } from '@playwright/test';
import { CHROMIUM } from '../playwright.config';
import { login } from './helpers';

// A camera exists (Chromium's fake device) but the user has not allowed it: headless Chromium
// without the fake permission prompt refuses camera access.
test.use({
  permissions: [],
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, '--use-fake-device-for-media-stream'] },
});

test('camera access refused: the scanner and the OCR capture say how to allow it', async ({ page }) => {
  await login(page, '11112222');
  await page.getByRole('button', { name: 'Scan barcode' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please allow access your camera device.' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/demo@1$/);
  await page.goto('/demo@1/qrcode/scan-ocr');
  await expect(page.getByRole('alert').filter({ hasText: 'Please allow access your camera device.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take picture' })).toBeDisabled();
});
