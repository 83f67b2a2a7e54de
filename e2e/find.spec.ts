import { expect, test, type APIRequestContext } from '@playwright/test';
import { choose, login } from './helpers';

/*
 * Finding barcodes: search by an activation field value and open the result, the barcode list
 * loading more as it scrolls, a client user's product prefilling the activation.
 */

const address = {
  companyName: 'FrostLine Pharma',
  country: 'JPN',
  postalCode: '530-0001',
  prefecture: 'Osaka',
  address1: '1-1 Umeda',
};

/** A demo case generated and activated through the API with this product name. */
async function caseNamed(request: APIRequestContext, productName: string): Promise<string> {
  const generated = await request.post('/api/barcode/barcode', { data: { projectCode: 'demo', projectVersion: 1 } });
  const { id } = (await generated.json()).data as { id: string };
  const res = await request.post('/api/barcode/activation', {
    data: {
      barcodeId: id,
      barcodeType: 'case',
      origin: address,
      destination: { ...address, address1: '2-2 Namba' },
      dimension: { height: 30, width: 40, depth: 30 },
      weight: 12,
      customFields: { productName, lotNumber: 'FIND-1', expiryDate: '2027-03-31', storageRange: '2-8' },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return id;
}

test('search by an activation field value from the home button, then open the result', async ({ page }) => {
  await login(page, '11112222');
  const word = `Zoster${Date.now() % 1_000_000}`;
  const wanted = await caseNamed(page.request, `${word} vaccine`);
  await caseNamed(page.request, 'Another vaccine');

  await page.getByRole('button', { name: 'Barcode Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Barcode Search' })).toBeVisible();
  await choose(page, 'Activation field', 'Product');
  await page.getByRole('textbox', { name: 'Value of the field' }).fill(word.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  const labels = page.getByTestId('barcode-label');
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toContainText(`${word} vaccine`);
  await expect(labels.first()).toContainText('Vaccine case');
  await labels.first().click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${wanted}$`));
  // Back returns to the search with its criteria and results.
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Value of the field' })).toHaveValue(word.toLowerCase());
  await expect(labels).toHaveCount(1);
});

test('the barcode list loads more barcodes as it scrolls, newest first', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, '11112222');
  const ids: string[] = [];
  for (let i = 0; i < 45; i += 1) {
    const res = await page.request.post('/api/barcode/barcode', { data: { projectCode: 'demo', projectVersion: 1 } });
    ids.push(((await res.json()).data as { id: string }).id);
  }
  await page.goto('/demo@1/barcode-list');
  const status = page.getByTestId('list-status');
  await expect(status).toHaveText('30 barcodes shown');
  // Newest first: the last one generated leads.
  await expect(page.getByTestId('barcode-label').first()).toContainText(ids[ids.length - 1]!);
  for (let i = 0; i < 10 && (await status.textContent()) === '30 barcodes shown'; i += 1) {
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
  }
  await expect(status).not.toHaveText('30 barcodes shown');
  const shown = Number(/(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThanOrEqual(45);
  // Filtering by type narrows the list to activated cases only (none of the barcodes just generated).
  await choose(page, 'Barcode type', 'Vaccine case');
  await expect(page).toHaveURL(/type=case/);
  await expect(page.getByTestId('barcode-label').first()).not.toContainText(ids[ids.length - 1]!);
});

test('a client user picks a product and finds its values prefilled in the activation', async ({ page }) => {
  await login(page, '33334444');
  const generated = await page.request.post('/api/barcode/barcode', {
    data: { projectCode: 'demo', projectVersion: 1 },
  });
  const { id } = (await generated.json()).data as { id: string };
  await page.goto(`/demo@1/qrcode/${id}/activate/type`);
  await choose(page, 'Product', 'Influenza vaccine (quadrivalent), 10 doses (FLU-QIV-10)');
  await page.getByText('Vaccine case').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/activate\/trackpoint$/);
  await page.goto(`/demo@1/qrcode/${id}/activate/package`);
  await expect(page.getByRole('textbox', { name: 'Product', exact: true })).toHaveValue('Influenza vaccine');
  await expect(page.getByRole('textbox', { name: 'GTIN' })).toHaveValue(/04912345000019|0491 2345 0000 19/);
});
