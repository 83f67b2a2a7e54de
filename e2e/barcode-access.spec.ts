import { expect, test } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { login, logout } from './helpers';

test('a logged-out visitor sees the detail and trace with only the fields visible to them', async ({
  page,
  context,
}) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  const data = page.getByTestId('activation-data');
  await expect(data).toContainText('Internal cost');
  await expect(data).toContainText('¥1235');
  await expect(data).not.toContainText('QA notes');

  await context.clearCookies();
  await page.reload();
  await expect(page.getByTestId('barcode-state')).toHaveText('Activated');
  await expect(data).toContainText('Influenza vaccine');
  await expect(data).not.toContainText('¥1235');
  await expect(page.getByTestId('masked-field')).toHaveText(
    'The Internal cost item is hidden by the permission setting',
  );
  await expect(page.getByText('QA notes')).toHaveCount(0);
  // Only the open screens are offered, and no alerts (they are for users).
  await expect(page.getByRole('button', { name: /Add tracking/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Alerts' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByTestId('trace').locator('[data-state="current"]')).toContainText('Manufacturer');
  // A restricted screen sends the visitor home to log in, and logging in resumes it.
  await page.goto(`/demo@1/qrcode/${id}/history`);
  await expect(page).toHaveURL(new RegExp(`/demo@1\\?name=history&id=${id}$`));
  await page.getByLabel('Access code, first 4 digits').click();
  await page.keyboard.type('11112222');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}/history$`));
  await expect(page.getByTestId('history-list')).toContainText('Activated');
});

test('a barcode that does not exist shows the 404 page', async ({ page }) => {
  await page.goto('/demo@1/qrcode/AAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.goto('/demo@1/qrcode/externalId=NOPE-1');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

test('a barcode is found by its external id when the id holds "="', async ({ page }) => {
  await login(page, '11112222');
  const externalId = `PAL-${Date.now()}`;
  const id = await activatedPallet(page.request, { externalId });
  await page.goto(`/demo@1/qrcode/externalId=${externalId}`);
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
  await expect(page.getByRole('heading', { name: externalId })).toBeVisible();
});

test('users without a permission see what they may not do, said once', async ({ page }) => {
  await login(page, '77778888');
  await expect(page.getByRole('button', { name: 'Generate new barcode' })).toBeDisabled();
  await expect(page.getByText('You do not have permission to generate barcodes.')).toBeVisible();
  await logout(page);

  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await logout(page);
  // Client users may generate and activate but not add tracking.
  await login(page, '33334444');
  await expect(page.getByRole('button', { name: 'Generate new barcode' })).toBeEnabled();
  await page.goto(`/demo@1/qrcode/${id}`);
  // What the role may not do is no greyed button each with the same caption, but one line.
  await expect(page.getByRole('button', { name: 'Add tracking: Distribution centre' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bulk tracking' })).toHaveCount(0);
  await expect(page.getByText('You do not have permission to add tracking.')).toHaveCount(0);
  await expect(page.getByTestId('not-for-role')).toHaveText(
    /^Not available to your role: Add tracking: Distribution centre, .*Bulk tracking.*\. Ask your project administrator if you need them\.$/,
  );
  // What it may do is still offered.
  await expect(page.getByRole('button', { name: 'History' })).toBeEnabled();
});

test('leaving a filled form asks first; Stay keeps what was typed, Leave goes', async ({ page }) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('4.5');
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).blur();
  await page.getByRole('link', { name: 'Back to the barcode' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('There are unsaved change. Do you want to leave?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('textbox', { name: 'Temperature on arrival' })).toHaveValue('4.5');
  // The browser's back button asks too, and staying keeps the page and its address.
  await page.goBack();
  await expect(dialog.getByText('There are unsaved change. Do you want to leave?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}/track$`));
  await expect(page.getByRole('textbox', { name: 'Temperature on arrival' })).toHaveValue('4.5');
  await page.getByRole('link', { name: 'Home' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
});

test('editing changes the stored data; Tracking Times counts the steps the user added today', async ({ page }) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await page.getByRole('button', { name: 'Edit data' }).click();
  await expect(page.getByRole('textbox', { name: 'Product', exact: true })).toHaveValue('Influenza vaccine');
  await page.getByRole('textbox', { name: 'Product', exact: true }).fill('Influenza vaccine (quadrivalent)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}$`));
  await expect(page.getByTestId('activation-data')).toContainText('Influenza vaccine (quadrivalent)');

  const tracked = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: id,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
    },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Tracking Times' }).click();
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(page.getByTestId('tracking-count-date')).toHaveText(
    `${today.getFullYear()}/${pad(today.getMonth() + 1)}/${pad(today.getDate())}`,
  );
  const count = Number(await page.getByTestId('tracking-count').textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('button', { name: 'Next day' })).toBeDisabled();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const ymd = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
  const yesterdays = page.waitForResponse(
    (r) => r.url().includes('/api/barcode/tracking-count') && r.url().includes(`date=${ymd(yesterday)}`),
  );
  await page.getByRole('button', { name: 'Previous day' }).click();
  const { data } = (await (await yesterdays).json()) as { data: { count: number } };
  await expect(page.getByTestId('tracking-count-date')).toHaveText(
    `${yesterday.getFullYear()}/${pad(yesterday.getMonth() + 1)}/${pad(yesterday.getDate())}`,
  );
  // The day before shows that day's own count, as the server counts it (0 on a normal run; not
  // asserted as 0: when the suite runs across midnight, this user's steps of the tests before
  // midnight are yesterday's).
  await expect(page.getByTestId('tracking-count')).toHaveText(String(data.count));
});

test('history loads 20 entries at a time as the user scrolls, up to the whole history', async ({ page }) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  const receiving = { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } };
  for (let i = 0; i < 12; i += 1) {
    expect(
      (
        await page.request.post('/api/barcode/tracking', {
          data: { barcodeId: id, trackPointKey: 'distributionCentre', forms: receiving },
        })
      ).ok(),
    ).toBe(true);
    const { latestTrackingSeq: seq } = (await (await page.request.get(`/api/barcode/barcode?id=${id}`)).json()).data;
    expect((await page.request.post('/api/barcode/undo-tracking', { data: { barcodeId: id, seq } })).ok()).toBe(true);
  }
  // generated + activated + 12 x (tracked, undone) = 26 entries.
  await page.goto(`/demo@1/qrcode/${id}`);
  await page.getByRole('button', { name: 'History' }).click();
  const entries = page.getByTestId('history-list').locator('.mantine-Timeline-item');
  await expect(entries).toHaveCount(20);
  await page.getByText('Load more').scrollIntoViewIfNeeded();
  await expect(entries).toHaveCount(26);
  await expect(page.getByText('All 26 entries shown.')).toBeVisible();
  await expect(entries.last()).toContainText('Generated');
});
