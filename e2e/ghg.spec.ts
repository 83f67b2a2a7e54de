import { expect, test } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { choose, login } from './helpers';

/*
 * GHG emissions end to end: the carrier fills the pickup's GHG emission field (modified ton-kilo
 * method), reviews the calculation, submits, and sees the emission the server stored on the detail
 * page; the project's report counts it. 2 t over 100 km on a 5 t diesel truck at 40 %:
 * 62.171 kg-CO2e (hand arithmetic in tests/unit/renderer/ghg-calculate.test.ts).
 */
test("fill the carrier's GHG field, review the calculation, submit, see the emission on the detail page and in the report", async ({
  page,
}) => {
  // A journey of three screens with an accessibility pass on each: more than a busy machine does in 30 s.
  test.setTimeout(90_000);
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

  await page.goto(`/demo@1/qrcode/${id}/track`);
  await expect(page.getByTestId('track-point')).toHaveText('Carrier');
  await page.getByRole('textbox', { name: 'Vehicle number' }).fill('TK-1');
  await choose(page, 'Transport type', 'Diesel truck, max load 4,000–5,999 kg');
  await choose(page, 'Vehicle use', 'Business (commercial)');
  await page.getByRole('textbox', { name: 'Weight', exact: true }).fill('2');
  await page.getByRole('textbox', { name: 'Distance', exact: true }).fill('100');
  await page.getByRole('textbox', { name: 'Max weight capacity', exact: true }).fill('5');
  // The load rate is computed from weight and capacity (auto by default): 2 / 5 = 40 %.
  await page.getByRole('textbox', { name: 'Distance', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Load rate', exact: true })).toHaveValue('40');

  await page.getByRole('button', { name: 'Calculation review' }).click();
  const review = page.getByTestId('ghg-review');
  await expect(review.getByTestId('ghg-review-total')).toHaveText('62.171 kg');
  // The method is named on the review, on the detail page and in the report.
  await expect(review.getByTestId('ghg-review-method')).toHaveText('Method: Modified ton-kilometre method');
  await expect(review.getByText(/fuel:diesel = 2\.58 kg-CO2\/L/)).toBeVisible();
  await expect(review.getByText('Not included (no factor): CH4, N2O')).toBeVisible();
  await expectAccessible(page, 'track form with a calculation review');

  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByTestId('current-trackpoint')).toContainText('Carrier');
  const emissions = page.getByTestId('ghg-emissions');
  await expect(emissions.getByText('Carrier · Diesel truck, max load 4,000–5,999 kg')).toBeVisible();
  await expect(emissions.getByTestId('ghg-journey-total')).toHaveText('62.171 kg-CO2e');
  await expect(emissions.getByTestId('ghg-leg-method')).toHaveText('(Modified ton-kilometre method)');
  await expectAccessible(page, 'detail with transport emissions');

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId('history-list').getByText('Transport emission: 62.171 kg-CO2e')).toBeVisible();

  await page.goto('/demo@1');
  await page.getByRole('button', { name: 'GHG emission report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'GHG emission report' })).toBeVisible();
  await expect(page.getByTestId('ghg-chart')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Diesel truck, max load 4,000–5,999 kg' })).toBeVisible();
  await expect(page.getByTestId('ghg-report-methods')).toHaveText('Method: Modified ton-kilometre method');
  // Headers stay on one line, even on a phone.
  const records = page.getByRole('columnheader', { name: 'Records' });
  const { height, lineHeight } = await records.evaluate((el) => ({
    height:
      el.getBoundingClientRect().height -
      parseFloat(getComputedStyle(el).paddingTop) -
      parseFloat(getComputedStyle(el).paddingBottom),
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(Math.round(height / lineHeight)).toBe(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^ghg-report-demo-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectAccessible(page, 'GHG emission report');
});
