import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { drawSignature, startServer } from './helpers';

const frame = (page: Page) => page.getByTestId('phone-frame');

async function openPlayground(page: Page, base = '') {
  await page.goto(`${base}/playground`);
  await expect(page.getByText('The configuration is valid.')).toBeVisible();
  await expect(frame(page).getByLabel('Product')).toBeVisible();
}

test('fill the demo activation form (text, mask, pattern, date, selects, numbers, calculation, adjustment, e-mail, phone) and submit', async ({
  page,
}) => {
  await openPlayground(page);
  const form = frame(page);
  await form.getByLabel('Product').fill('Influenza vaccine 0.5 mL');
  await form.getByLabel('Lot number').pressSequentially('FLU_2026-1');
  await expect(form.getByLabel('Lot number')).toHaveValue('FLU2026-1');
  await form.getByLabel('GTIN').pressSequentially('0491234567890412');
  await expect(form.getByLabel('GTIN')).toHaveValue('04912345678904');
  await form.getByLabel('Expiry date').click();
  await page
    .locator('[data-dates-dropdown], .mantine-Popover-dropdown')
    .getByRole('button', { name: /^15 / })
    .first()
    .click();
  await form.locator('input#root_storageRange').click();
  await form.getByRole('option', { name: '2–8 °C (refrigerated)' }).click();
  await form.getByLabel('Fragile').check();
  await form.getByRole('textbox', { name: 'Cases on pallet' }).fill('40');
  await form.getByRole('textbox', { name: 'Doses per case' }).fill('100');
  await expect(form.getByRole('textbox', { name: 'Total doses' })).toHaveValue('4000');
  await form.getByRole('button', { name: 'Increase Initial quantity' }).click();
  await form.getByRole('textbox', { name: 'Initial quantity' }).fill('40');
  await form.getByRole('combobox', { name: 'Notification e-mail' }).fill('qa@frostline.example');
  await form.getByRole('combobox', { name: 'Consignee phone' }).fill('+81 90-1234-5678');
  await form.getByRole('button', { name: 'Submit' }).click();
  const result = page.getByTestId('playground-result');
  await expect(result).toContainText('Accepted');
  const data = JSON.parse((await result.locator('pre, code').last().textContent()) ?? '{}');
  expect(data).toMatchObject({
    productName: 'Influenza vaccine 0.5 mL',
    lotNumber: 'FLU2026-1',
    gtin: '04912345678904',
    storageRange: '2-8',
    handling: ['fragile'],
    caseCount: 40,
    dosesPerCase: 100,
    totalDoses: 4000,
    initialStock: { type: 'increase', value: 40 },
    contactEmail: 'qa@frostline.example',
  });
  expect(data.expiryDate).toMatch(/^\d{4}-\d{2}-15$/);
});

test('validation messages in English and Japanese; a visitor sees logged-in-only fields masked', async ({ page }) => {
  await openPlayground(page);
  await frame(page).getByLabel('Lot number').fill('A');
  await frame(page).getByRole('button', { name: 'Submit' }).click();
  await expect(frame(page).getByText('This item is required.').first()).toBeVisible();
  await page.locator('label', { hasText: '日本語' }).click();
  await expect(frame(page).getByLabel('製品')).toBeVisible();
  await frame(page).getByRole('button', { name: '送信' }).click();
  await expect(frame(page).getByText('この項目は必須です。').first()).toBeVisible();
  await page.locator('label', { hasText: 'Logged in' }).click();
  await expect(frame(page).getByText('***の項目は権限設定により非表示です')).toBeVisible();
  await expect(frame(page).locator('#root_internalCost')).toHaveCount(0);
});

test('an invalid configuration names the JSON pointer, and the preview keeps the last good one', async ({ page }) => {
  await openPlayground(page);
  const editor = page.getByLabel('Configuration (JSON)');
  const config = JSON.parse(await editor.inputValue());
  config.barcodeTypes.pallet.activationFields[0].maxLenght = 3;
  await editor.fill(JSON.stringify(config, null, 2));
  await expect(
    page.getByRole('alert').filter({ hasText: '/barcodeTypes/pallet/activationFields/0/maxLenght' }),
  ).toContainText("unknown property 'maxLenght'");
  await expect(page.getByText('Showing the last valid configuration.')).toBeVisible();
  await expect(frame(page).getByLabel('Product')).toBeVisible();
});

test('a configuration edited on disk is served without a restart; an invalid edit keeps the last good form', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-projects-'));
  cpSync('server/projects', dir, { recursive: true });
  const port = 8184;
  // An edited file is published only when the operator asks for it (otherwise it becomes a draft).
  const stop = await startServer(port, { PROJECTS_DIR: dir, PROJECT_FILES: 'publish' });
  try {
    const file = join(dir, 'demo@1.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.barcodeTypes.pallet.activationFields.push({
      key: 'palletLabelNote',
      type: 'text',
      label: { en: 'Pallet label note', ja: 'パレットラベル備考', 'zh-TW': '棧板標籤備註', 'zh-CN': '托盘标签备注' },
    });
    writeFileSync(file, JSON.stringify(config, null, 2));
    await expect
      .poll(async () =>
        JSON.stringify(await (await fetch(`http://127.0.0.1:${port}/api/barcode/project?code=demo`)).json()),
      )
      .toContain('palletLabelNote');
    await openPlayground(page, `http://127.0.0.1:${port}`);
    await expect(frame(page).getByLabel('Pallet label note')).toBeVisible();

    config.barcodeTypes.pallet.activationFields.push({ key: 'broken', type: 'number', label: { en: 'Broken' } });
    writeFileSync(file, JSON.stringify(config, null, 2));
    await page.waitForTimeout(1000);
    await openPlayground(page, `http://127.0.0.1:${port}`);
    await expect(frame(page).getByLabel('Pallet label note')).toBeVisible();
    await expect(frame(page).getByLabel('Broken')).toHaveCount(0);
  } finally {
    await stop();
  }
});

/** A small PNG (a 40x30 teal rectangle), made in the page so no binary lives in the repo. */
async function pngFile(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 30;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#0b7285';
      ctx.fillRect(0, 0, 40, 30);
    }
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('sign on the pad, add a delivery photo and submit the pharmacy delivery form (files stay local)', async ({
  page,
}) => {
  await openPlayground(page);
  await page.getByRole('combobox', { name: 'Form' }).click();
  await page.getByRole('option', { name: 'pharmacy/delivery' }).click();
  const form = frame(page);
  await form.getByLabel('Received by').fill('Yuki Mori');
  await form.getByRole('button', { name: 'Sign' }).click();
  await drawSignature(page);
  await expect(form.getByRole('img', { name: 'Signature' })).toBeVisible();
  await form
    .getByTestId('root_deliveryPhotos-file-input')
    .setInputFiles({ name: 'dock.png', mimeType: 'image/png', buffer: await pngFile(page) });
  await expect(form.getByText('1 / 3')).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  const result = page.getByTestId('playground-result');
  await expect(result).toContainText('Accepted');
  const data = JSON.parse((await result.locator('pre, code').last().textContent()) ?? '{}');
  expect(data.receiverName).toBe('Yuki Mori');
  expect(data.receiverSignature).toMatch(/^blob:/);
  // Scaled and saved as JPEG before "upload".
  expect(data.deliveryPhotos).toEqual([{ name: 'dock.jpg', url: expect.stringMatching(/^blob:/) }]);
});

test("the calculation review shows the formula's inputs and result before submit", async ({ page }) => {
  await openPlayground(page);
  const form = frame(page);
  await form.getByRole('textbox', { name: 'Cases on pallet' }).fill('12');
  await form.getByRole('button', { name: 'Calculation review' }).click();
  const review = form.getByTestId('calculation-review');
  await expect(review.getByRole('row', { name: 'Cases on pallet 12' })).toBeVisible();
  await expect(review.getByRole('row', { name: 'Doses per case (empty)' })).toBeVisible();
  await expect(review.getByTestId('calculation-review-result')).toHaveText('fill in every input first');
  await form.getByRole('textbox', { name: 'Doses per case' }).fill('25');
  await form.getByRole('button', { name: 'Calculation review' }).click();
  await expect(review.getByRole('row', { name: 'Doses per case 25' })).toBeVisible();
  await expect(review.getByTestId('calculation-review-result')).toHaveText('300');
  // The formula in the words of the form, not its keys.
  await expect(review).toContainText('Formula: Cases on pallet * Doses per case');
  await expect(review).not.toContainText('caseCount');
});
