import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { fakeCamera, writeTextFeed } from './fake-camera';
import { login } from './helpers';

// The screens that need the camera (a fake one: Chromium plays a generated video); see accessibility.spec.ts.
test.use(fakeCamera);

test('the scanner and the OCR scan page', async ({ page }) => {
  await login(page, '11112222');
  // Printed text, no barcode: the scanner stays on its first screen while it is checked.
  await writeTextFeed(page.context(), 'PO88231');
  await page.getByRole('button', { name: 'Scan barcode' }).click();
  await expect(page.getByRole('dialog', { name: 'Scan barcode' })).toBeVisible();
  await expectAccessible(page, 'scanner');
  await page.goto('/demo@1/qrcode/scan-ocr');
  const dialog = page.getByRole('dialog', { name: 'Read text' });
  await expect(dialog.getByText('Point the camera at the text, then take a picture.')).toBeVisible();
  await expectAccessible(page, 'OCR scan page');
  await dialog.getByRole('button', { name: 'Take picture' }).click();
  await expect(dialog.getByText('Drag over the text you want to read.')).toBeVisible();
  await expectAccessible(page, 'OCR scan page, picture taken');
});
