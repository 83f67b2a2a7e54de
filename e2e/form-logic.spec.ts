/**
 * Form logic by a staff user on the demo's pallet Receiving form: the excursion reason appears
 * and is required only when the temperature on arrival is outside 2-8 °C or the cold chain is
 * broken, and an intact cold chain with a reading of 12 °C is refused at the field with the
 * configured message, on the phone before anything is sent; a field that appears is announced,
 * the focus stays where the user types, and the form passes axe before and after.
 */
import { expect, test, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { choose, login } from './helpers';

const TOO_WARM = 'Outside 2-8 °C the cold chain was not intact: check the reading, or set Cold chain intact to No';

/** Logs in as staff and opens a new demo pallet's tracking form to the distribution centre (Receiving); answers the pallet's id. */
async function openReceiving(page: Page): Promise<string> {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await expect(page.getByTestId('track-point')).toHaveText('Distribution centre', { timeout: 15_000 });
  return id;
}

test('the cold-chain rules of Receiving: shown, required and refused as the staff user fills it', async ({ page }) => {
  test.setTimeout(120_000);
  const posted: number[] = [];
  page.on('requestfinished', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/barcode/tracking'))
      void request.response().then((response) => posted.push(response?.status() ?? 0));
  });
  const id = await openReceiving(page);

  const temperature = page.getByRole('textbox', { name: 'Temperature on arrival' });
  const reason = page.getByRole('combobox', { name: /Excursion reason/ });
  // Within 2-8 °C and intact: nothing more is asked.
  await temperature.fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
  await expect(reason).toHaveCount(0);

  // 12 °C with the cold chain intact: the message at the field, the reason asked, nothing sent.
  await temperature.fill('12');
  await temperature.blur();
  await expect(page.getByText(TOO_WARM)).toBeVisible();
  await expect(reason).toBeVisible();
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByText(TOO_WARM)).toBeVisible();
  expect(posted).toEqual([]);

  // The cold chain was broken: the message goes, the reason is required.
  await choose(page, 'Cold chain intact', 'No');
  await expect(page.getByText(TOO_WARM)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByText('This item is required.')).toBeVisible();
  expect(posted).toEqual([]);

  await choose(page, 'Excursion reason', 'Door left open');
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}$`), { timeout: 15_000 });
  await expect(page.getByTestId('current-trackpoint')).toContainText('Distribution centre');
  expect(posted).toEqual([200]);

  // The server refuses what the phone would, with the message in the request's language.
  const other = await activatedPallet(page.request);
  const refused = await page.request.post('/api/barcode/tracking', {
    headers: { 'accept-language': 'en' },
    data: {
      barcodeId: other,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 12, coldChainIntact: 'yes', excursionReason: 'doorOpen' } },
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    errors: { 'forms.receiving.receivedTemperature': [1001] },
    messages: { 'forms.receiving.receivedTemperature': TOO_WARM },
  });
});

test('a field a rule shows is announced where the user types, and the form stays accessible', async ({ page }) => {
  test.setTimeout(120_000);
  await openReceiving(page);

  const temperature = page.getByRole('textbox', { name: 'Temperature on arrival' });
  const reason = page.getByRole('combobox', { name: /Excursion reason/ });
  const status = page.getByTestId('form-rules-status');
  await temperature.fill('5');
  await expect(reason).toHaveCount(0);
  // A polite live region, empty while no rule has shown anything.
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText('');
  await expectAccessible(page, 'Receiving, no field shown by a rule');

  await temperature.fill('12');
  await expect(reason).toBeVisible();
  await expect(status).toHaveText('Now asked: Excursion reason');
  await expect(temperature).toBeFocused();
  await expectAccessible(page, 'Receiving, the excursion reason shown by a rule');

  // Hidden again (the region empties) and shown again: said again.
  await temperature.fill('5');
  await expect(reason).toHaveCount(0);
  await expect(status).toHaveText('');
  await temperature.fill('1');
  await expect(reason).toBeVisible();
  await expect(status).toHaveText('Now asked: Excursion reason');
  await expect(temperature).toBeFocused();
});

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP' });
  const TOO_WARM_JA =
    '2～8 °Cの範囲外ではコールドチェーンは維持されていません：測定値を確認するか、コールドチェーン維持を「いいえ」にしてください';

  test("a constraint the server refuses is shown in the user's language, beside the field's label", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/demo@1');
    await page.getByLabel('アクセスコード 前半4桁').click();
    await page.keyboard.type('11112222');
    await page.getByRole('button', { name: '認証' }).click();
    await expect(page.getByTestId('staff-name')).toBeVisible();
    const id = await activatedPallet(page.request);
    await page.goto(`/demo@1/qrcode/${id}`);
    await page.getByRole('button', { name: '追跡を追加：物流センター' }).click();
    await expect(page.getByTestId('track-point')).toHaveText('物流センター', { timeout: 15_000 });

    // What the phone accepts: 12 °C with the cold chain broken and a reason.
    await page.getByRole('textbox', { name: '入荷時温度' }).fill('12');
    await choose(page, 'コールドチェーン維持', 'いいえ');
    await choose(page, '逸脱の理由', 'ドアの開放');
    // Changed on its way to the server, as a client that skips the phone's checks would send it.
    const languages: string[] = [];
    await page.route('**/api/barcode/tracking', async (route) => {
      const body = route.request().postDataJSON() as { forms: { receiving: Record<string, unknown> } };
      body.forms.receiving.coldChainIntact = 'yes';
      languages.push((await route.request().allHeaders())['accept-language'] ?? '');
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: '追跡を追加', exact: true }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('追跡を追加できませんでした');
    await expect(dialog).toContainText(`入荷時温度: ${TOO_WARM_JA}`);
    await expect(dialog).not.toContainText('形式が正しくありません');
    expect(languages).toEqual(['ja']);
    await expectAccessible(page, 'the refusal of a constraint, in Japanese');
  });
});
