import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { activatedPallet } from './barcode-api';
import { login } from './helpers';

// The project's own decoder (the scanner's decode worker uses zxing-wasm's reader), here in Node.
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm').buffer as ArrayBuffer,
  },
});

test("a sheet of 24 labels: generated once, laid out 3 x 8, every QR code in a screenshot decodes to its barcode's address", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1000, height: 1300 });
  await login(page, '11112222');
  await page.getByRole('button', { name: 'Print barcode labels' }).click();
  await page.getByRole('textbox', { name: 'Number of barcodes' }).fill('24');
  await page.getByRole('button', { name: 'Generate 24 barcodes' }).click();
  await expect(page.getByTestId('label-sheet-status')).toHaveText('24 labels on 1 A4 page, ready to print.');
  const labels = page.getByTestId('printable-label');
  await expect(labels).toHaveCount(24);
  const ids = await labels.evaluateAll((els) => els.map((el) => el.getAttribute('data-barcode-id') ?? ''));
  expect(new Set(ids).size).toBe(24);
  // 3 columns: the fourth label starts the second row, under the first.
  const [first, fourth] = [await labels.nth(0).boundingBox(), await labels.nth(3).boundingBox()];
  expect(Math.round(fourth!.x)).toBe(Math.round(first!.x));
  expect(fourth!.y).toBeGreaterThan(first!.y);

  // Each label as the screen draws it, screenshotted and decoded: its QR code is its own barcode's address.
  for (const [i, id] of ids.entries()) {
    const read = await readBarcodes(new Uint8Array(await labels.nth(i).screenshot()), { formats: ['QRCode'] });
    expect(
      read.map((r) => r.text),
      id,
    ).toEqual([`${baseURL}/demo@1/qrcode/${id}`]);
  }
  // The generated barcodes exist (not activated yet).
  const one = await page.request.get(`/api/barcode/barcode?id=${ids[0]}`);
  expect((await one.json()).data).toMatchObject({ id: ids[0], isActivated: false });
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the sheet's preview shows its three columns whole at ${viewport.width} px, and no id is broken`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await login(page, '11112222');
    await page.getByRole('button', { name: 'Print barcode labels' }).click();
    await page.getByRole('textbox', { name: 'Number of barcodes' }).fill('1');
    await page.getByRole('button', { name: 'Generate 1 barcode' }).click();
    await expect(page.getByTestId('label-sheet-status')).toHaveText('1 label on 1 A4 page, ready to print.');
    await page.getByRole('textbox', { name: 'Number of barcodes' }).fill('6');
    await page.getByRole('button', { name: 'Generate 6 barcodes' }).click();
    await expect(page.getByTestId('label-sheet-status')).toHaveText('6 labels on 1 A4 page, ready to print.');
    const sheet = page.getByTestId('label-sheet');
    const frame = await page.locator('.label-sheet-scroll').boundingBox();
    const box = await sheet.boundingBox();
    // The whole sheet (three 70 mm columns) is inside its frame and the screen: nothing to scroll to.
    expect(box!.x).toBeGreaterThanOrEqual(frame!.x - 1);
    expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    const labels = page.getByTestId('printable-label');
    const [first, third] = [await labels.nth(0).boundingBox(), await labels.nth(2).boundingBox()];
    expect(third!.y).toBe(first!.y);
    expect(third!.x + third!.width).toBeLessThanOrEqual(viewport.width);
    // Each id on one line: its text makes one line box (whatever the preview's scale).
    const lines = await page.locator('.label-id').evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines).toEqual([1, 1, 1, 1, 1, 1]);
  });
}

test("the detail page's 62 x 40 mm label keeps the id on one line", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await page.getByRole('button', { name: 'Show printable label' }).click();
  const idLine = page.getByTestId('printable-label').locator('.label-id');
  await expect(idLine).toHaveText(id);
  const { height, lineHeight, overflow } = await idLine.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    overflow: el.scrollWidth > el.clientWidth,
  }));
  expect(Math.round(height / lineHeight)).toBe(1);
  expect(overflow).toBe(false);
});

test("the detail page's printable label shows the QR code of the barcode's address, its type and id", async ({
  page,
  baseURL,
}) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await page.getByRole('button', { name: 'Show printable label' }).click();
  const label = page.getByTestId('printable-label');
  await expect(label).toContainText(id);
  await expect(label).toContainText('Vaccine pallet');
  await expect(label).toContainText('Influenza vaccine');
  const qr = label.getByRole('img');
  await expect(qr).toHaveAttribute('alt', `${baseURL}/demo@1/qrcode/${id}`);
  const read = await readBarcodes(new Uint8Array(await qr.screenshot()), { formats: ['QRCode'] });
  expect(read[0]?.text).toBe(`${baseURL}/demo@1/qrcode/${id}`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
});

test('the activity chart shows the steps just made, with its table', async ({ page }) => {
  await login(page, '11112222');
  await activatedPallet(page.request);
  await page.getByRole('button', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expect(page.getByTestId('activity-chart')).toBeVisible();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const bar = page.locator(`[data-day="${today}"]`);
  expect(Number(await bar.getAttribute('data-steps'))).toBeGreaterThanOrEqual(1);
  const table = page.getByRole('table', { name: /Steps per day by trackpoint/ });
  await expect(table.getByRole('columnheader', { name: 'Manufacturer' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: today })).toBeVisible();
  expect(Number(await page.getByTestId('activity-total-activated').textContent())).toBeGreaterThanOrEqual(1);
});
