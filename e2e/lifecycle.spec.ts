import { expect, test, type Page } from '@playwright/test';
import { choose, drawSignature, login } from './helpers';

/** Generates a barcode from the logged-in home and returns its detail URL. */
async function generate(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Generate new barcode' }).click();
  await expect(page).toHaveURL(/\/demo@1\/qrcode\/[A-Za-z0-9]{12}$/);
  await expect(page.getByTestId('barcode-state')).toHaveText('Not activated');
  return page.url();
}

async function fillAddress(page: Page, address1: string, country: 'JPN' | 'USA' = 'JPN') {
  await page.getByRole('textbox', { name: 'Company name' }).fill('FrostLine Pharma');
  if (country === 'JPN') {
    await choose(page, 'Country', 'Japan (JPN)');
  } else {
    // The country list is long: typing its name searches it, and the ISO code is what is stored.
    // (typed so one option is left, then taken with the keyboard: the list re-renders as
    // it filters, which a pointer click can race)
    await page.getByRole('combobox', { name: 'Country' }).fill('United States');
    await expect(page.getByRole('option')).toHaveText(['United States (USA)']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States (USA)');
  }
  await page.getByRole('textbox', { name: 'Address line 1' }).fill(address1);
}

/** Activates the barcode on its detail page as a vaccine case at the manufacturer. */
async function activate(page: Page, externalId: string) {
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/activate\/type$/);
  await page.getByText('Vaccine case', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/trackpoint$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required at the start trackpoint.')).toBeVisible();
  await fillAddress(page, '1-1 Umeda, Osaka');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/destination$/);
  // The URL changes before the new step is drawn: wait for the destination's own (empty) form.
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('');
  await fillAddress(page, '350 Fifth Avenue, New York', 'USA');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/package$/);
  for (const [label, value] of [
    ['Depth', '60'],
    ['Width', '40'],
    ['Height', '30'],
    ['Weight', '12.5'],
  ] as const) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await page.getByRole('textbox', { name: 'External id' }).fill(externalId);
  await page.getByRole('textbox', { name: 'Product', exact: true }).fill('Influenza vaccine');
  // Nothing is sent while a required field is empty: the form says what is missing.
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Lot number').first()).toBeVisible();
  await expect(page).toHaveURL(/\/activate\/package$/);
  const required = page.getByText('This item is required.');
  await expect(required).toHaveCount(3);
  // Each fixed field loses its error line (the form below moves up): wait for that, as a person would.
  await page.getByRole('textbox', { name: 'Lot number' }).fill('FLU-2026-7');
  await expect(required).toHaveCount(2);
  await page.getByLabel('Expiry date').click();
  await page.locator('[data-dates-dropdown]').getByRole('button', { name: /^15 / }).first().click();
  await expect(required).toHaveCount(1);
  await choose(page, 'Storage temperature', '2–8 °C (refrigerated)');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('barcode-state')).toHaveText('Activated');
}

async function track(page: Page, trackPoint: string, fill: () => Promise<void>) {
  await page.getByRole('button', { name: `Add tracking: ${trackPoint}` }).click();
  await expect(page.getByTestId('track-point')).toHaveText(trackPoint);
  await fill();
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByTestId('current-trackpoint')).toContainText(trackPoint);
}

const receive = (page: Page) => async () => {
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
};

test('a staff member generates, activates, tracks to the end, undoes, sees alerts, history and trace, and recycles a barcode', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  await generate(page);
  const externalId = `CASE-${Date.now()}`;
  await activate(page, externalId);
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  await expect(page.getByTestId('activation-data')).toContainText('Influenza vaccine');
  await expect(page.getByTestId('activation-data')).toContainText('2–8 °C (refrigerated)');
  await expect(page.getByRole('heading', { name: externalId })).toBeVisible();

  await track(page, 'Distribution centre', receive(page));
  // Undo the step just added: back at the manufacturer, then track it again.
  await page.getByRole('button', { name: 'Undo last tracking' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo last tracking' }).click();
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  await track(page, 'Distribution centre', receive(page));
  await track(page, 'Carrier', async () => {
    await page.getByRole('textbox', { name: 'Vehicle number' }).fill('OSK-1234');
  });
  await track(page, 'Pharmacy', async () => {
    await page.getByRole('textbox', { name: 'Received by' }).fill('K. Tanaka');
    await page.getByRole('button', { name: 'Sign' }).click();
    await drawSignature(page);
    await expect(page.getByRole('img', { name: 'Signature' })).toBeVisible();
  });

  // At the end: tracking is disabled with its reason; alerts of the two notifying trackpoints are listed.
  await expect(page.getByTestId('barcode-state')).toHaveText('Journey complete');
  await expect(page.getByRole('button', { name: 'Add tracking' })).toBeDisabled();
  await expect(page.getByText('The barcode has reached its last trackpoint.')).toBeVisible();
  const alerts = page.getByTestId('alerts-current');
  await expect(alerts.getByText(/delivered to the pharmacy/)).toBeVisible();
  await alerts.getByText(/delivered to the pharmacy/).click();
  await expect(alerts.getByText(/Store at 2-8 °C/)).toBeVisible();
  await expect(alerts.getByText(/arrived at Distribution centre/)).toHaveCount(2);

  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByTestId('history-list');
  await expect(history.getByText('Tracking undone')).toBeVisible();
  await expect(history.getByText('Tracking added')).toHaveCount(4);
  await expect(history.getByText('Activated')).toBeVisible();
  await expect(history.getByText('Generated')).toBeVisible();
  await expect(history.getByText(/Hana Sato/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the barcode' }).click();

  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByTestId('trace').locator('[data-state="passed"]')).toHaveCount(3);
  await expect(page.getByTestId('trace').locator('[data-state="current"]')).toContainText('Pharmacy');
  await page.getByRole('link', { name: 'Back to the barcode' }).click();

  // Recycle: a dry run says what will happen, then the barcode is new again and can be activated.
  await page.getByRole('button', { name: 'Recycle', exact: true }).click();
  await expect(page.getByTestId('recycle-plan')).toContainText('Vaccine case at Pharmacy');
  await page.getByRole('dialog').getByRole('button', { name: 'Recycle' }).click();
  await expect(page.getByTestId('barcode-state')).toHaveText('Not activated');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/activate\/type$/);
});
