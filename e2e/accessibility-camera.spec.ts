import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, expectAccessible } from './axe';
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

/**
 * axe on the open modal alone: behind it the scanner's OK button spins while the scan is handled
 * (an endless animation, so expectAccessible's wait for transitions would never end).
 */
async function expectModalAccessible(page: Page, name: string) {
  await page.waitForTimeout(500);
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .include('section[role="dialog"][aria-modal="true"]')
    .analyze();
  expect
    .soft(
      violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${name}: accessibility violations`,
    )
    .toEqual([]);
}

test('the new-barcode dialog listing GS1 data, and the refusal of invalid GS1 data', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  await writeTextFeed(page.context(), 'NO CODE');
  await page.goto('/demo@1/scan');
  await page
    .getByRole('textbox', { name: 'Scanned value' })
    .fill(`(01)09506000134352(10)A11Y${Date.now() % 100000}(17)291231`);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'New barcode' }).getByRole('list', { name: 'GS1 data' })).toBeVisible();
  await expectModalAccessible(page, 'new barcode with GS1 data');
  await page.getByRole('dialog', { name: 'New barcode' }).getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/demo@1/scan');
  await page.getByRole('textbox', { name: 'Scanned value' }).fill('(17)291301');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: /breaks GS1's rules/ })).toBeVisible();
  await expectModalAccessible(page, 'invalid GS1 data refused');
});
