import { expect, test, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { fakeCamera, writeBarcodeFeed, writeTextFeed } from './fake-camera';
import { login } from './helpers';

test.use(fakeCamera);

/** GS1 mod-10 check digit of the digits given. */
const checkDigit = (body: string) => {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i -= 1, weight = 4 - weight) sum += Number(body[i]) * weight;
  return String((10 - (sum % 10)) % 10);
};
/** A new SSCC: extension digit 1, GS1 Company Prefix 0614141, a serial reference unique to this run. */
const newSscc = () => {
  const body = `10614141${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  return body + checkDigit(body);
};
const GTIN = '09506000134352';

/** A GS1-128 logistics label (SSCC, GTIN, lot, expiry with day 00) drawn by zxing-wasm's writer into the fake camera. */
async function showLogisticsLabel(sscc: string, lot: string) {
  await writeBarcodeFeed(`(00)${sscc}(01)${GTIN}(10)${lot}(17)291200`, 'Code128', 'gs1');
}

async function scanWithCamera(page: Page) {
  await page.goto('/demo@1/scan');
  await page.locator('label').filter({ hasText: '1D' }).click();
}

test('a GS1-128 logistics label becomes a barcode known by its SSCC, its GTIN, lot and expiry prefilled in the activation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, '11112222');
  const sscc = newSscc();
  const lot = `L${Date.now() % 100000}`;
  await showLogisticsLabel(sscc, lot);
  await scanWithCamera(page);
  // The scanner shows the element strings in their printed form (FNC1 / GS read as AI boundaries).
  await expect(page.getByRole('textbox', { name: 'Scanned value' })).toHaveValue(
    `(00)${sscc}(01)${GTIN}(10)${lot}(17)291200`,
    { timeout: 20_000 },
  );
  await page.getByRole('button', { name: 'OK' }).click();

  const dialog = page.getByRole('dialog', { name: 'New barcode' });
  await expect(dialog.getByTestId('scanned-code')).toHaveText(sscc);
  const data = dialog.getByRole('list', { name: 'GS1 data' });
  await expect(data.getByRole('listitem')).toHaveText([
    `(00) SSCC: ${sscc}`,
    `(01) GTIN: ${GTIN}`,
    `(10) BATCH/LOT: ${lot}`,
    '(17) USE BY or EXPIRY: 291200',
  ]);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: sscc })).toBeVisible();

  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByText('Vaccine pallet', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/trackpoint$/);
  await page.goto(page.url().replace(/\/trackpoint$/, '/package'));
  await expect(page.getByRole('textbox', { name: 'GTIN' })).toHaveValue(GTIN);
  await expect(page.getByRole('textbox', { name: 'Lot number' })).toHaveValue(lot);
  // Day 00: the last day of the month (GS1 General Specifications 7.12).
  await expect(page.getByLabel('Expiry date')).toHaveText('2029/12/31');
});

test('scanning the label of a pallet the project has by its SSCC opens that barcode', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, '11112222');
  const sscc = newSscc();
  const id = await activatedPallet(page.request, { externalId: sscc });
  await showLogisticsLabel(sscc, 'FLU-2026-1');
  await scanWithCamera(page);
  await expect(page.getByRole('textbox', { name: 'Scanned value' })).toHaveValue(new RegExp(`^\\(00\\)${sscc}`), {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
});

test('GS1 data that breaks the rules is refused, saying which AI and why', async ({ page, context }) => {
  await login(page, '11112222');
  // Typed in the scanner's value box (the camera sees no code): the bracketed form with a wrong GTIN check digit.
  await writeTextFeed(context, 'NO CODE');
  await page.goto('/demo@1/scan');
  await page.getByRole('textbox', { name: 'Scanned value' }).fill('(01)09506000134353(10)ABC');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: /breaks GS1's rules/ })).toContainText(
    '(01) GTIN has a wrong check digit: probably a misread',
  );
});
