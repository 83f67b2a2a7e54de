import { expect, test } from '@playwright/test';
import { activatedOf } from './barcode-api';
import { login } from './helpers';

/**
 * The shipper's desk: a client user activates a case. The form says what it changed, checks a
 * Japanese postal code, and finds a country by its name.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a shipper activating a case: country by name, postal code checked, numbers brought into bounds said', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, '33334444');
  await page.getByRole('button', { name: 'Generate new barcode' }).click();
  await expect(page.getByTestId('barcode-state')).toHaveText('Not activated');
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByText('Vaccine case', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/trackpoint$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/origin$/);

  // Typing the country's name finds it; its ISO code is what the address keeps.
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('Japan');
  await expect(page.getByRole('option')).toHaveText(['Japan (JPN)']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Japan (JPN)');
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('1-1 Umeda, Osaka');

  // A postal code that is not Japan's NNN-NNNN is refused at the field, in plain words.
  const postalCode = page.getByRole('textbox', { name: 'Postal code' });
  await postalCode.fill('12345');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Write a Japanese postal code as 123-4567.')).toBeVisible();
  await expect(page).toHaveURL(/\/activate\/origin$/);
  await postalCode.fill('ABC-DEFG');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Write a Japanese postal code as 123-4567.')).toBeVisible();
  await postalCode.fill('530-0001');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/destination$/);

  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('');
  await page.getByRole('combobox', { name: 'Country' }).fill('Japan');
  await expect(page.getByRole('option')).toHaveText(['Japan (JPN)']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('2-2 Namba, Osaka');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/package$/);

  // Out of bounds: brought into bounds when the field is left, and the field says so.
  const weight = page.getByRole('textbox', { name: 'Weight', exact: true });
  await weight.fill('100001');
  await weight.blur();
  await expect(weight).toHaveValue('100000');
  await expect(page.getByText('At most 100,000 kg: changed to 100,000.')).toBeVisible();
  const depth = page.getByRole('textbox', { name: 'Depth', exact: true });
  await depth.fill('-5');
  await depth.blur();
  await expect(depth).toHaveValue('0');
  await expect(page.getByText('At least 0 cm: changed to 0.')).toBeVisible();
  // A good value forgets the note.
  await weight.fill('12.5');
  await weight.blur();
  await expect(page.getByText('At most 100,000 kg: changed to 100,000.')).toHaveCount(0);

  // Size and weight are required at the start trackpoint: 0 is no size.
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Enter more than 0.')).toBeVisible();
  await expect(page).toHaveURL(/\/activate\/package$/);
  // No message anywhere holds a catalogue code.
  await expect(page.getByText(/\b[1-3]\d{3}: /)).toHaveCount(0);
});

test('the detail page names the country; the edit page shows a size the server refuses at its field', async ({
  page,
}) => {
  await login(page, '11112222');
  const id = await activatedOf(page.request, 'case');
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('activation-data')).toContainText('Japan (JPN)');

  await page.getByRole('button', { name: 'Edit data' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  // The start trackpoint requires package information: the server refuses a weight of 0, and
  // says so under the weight, not in a message over the form.
  const weight = page.getByRole('textbox', { name: 'Weight', exact: true });
  await weight.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByText('The value is too small.');
  await expect(refusal).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  // The weight's own field (its outer wrapper, around the stepper) holds the message.
  await expect(page.locator('.mantine-InputWrapper-root').filter({ has: weight }).first()).toContainText(
    'The value is too small.',
  );
  await expect(page.locator('.mantine-InputWrapper-root').filter({ hasText: 'Depth' }).first()).not.toContainText(
    'The value is too small.',
  );
  await expect(page).toHaveURL(/\/edit$/);
  // Corrected, the message goes and the change is saved.
  await weight.fill('11');
  await expect(refusal).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${id}$`));
  await expect(page.getByTestId('activation-data')).toContainText('11 kg');
});

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('typing 日本 into the country picker finds Japan, named in Japanese beside its code', async ({ page }) => {
    await page.goto('/demo@1');
    await page.getByLabel('アクセスコード 前半4桁').click();
    await page.keyboard.type('33334444');
    await page.getByRole('button', { name: '認証' }).click();
    await page.getByRole('button', { name: '新しいバーコードを発行' }).click();
    await page.getByRole('button', { name: 'アクティベート' }).click();
    await page.getByText('ワクチンケース', { exact: true }).click();
    await page.getByRole('button', { name: '次へ' }).click();
    await expect(page).toHaveURL(/\/activate\/trackpoint$/);
    await page.getByRole('button', { name: '次へ' }).click();
    await expect(page).toHaveURL(/\/activate\/origin$/);
    const country = page.getByRole('combobox', { name: '国' });
    await country.fill('日本');
    await expect(page.getByRole('option')).toHaveText(['日本 (JPN)']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('日本 (JPN)');
    await page.getByRole('textbox', { name: '郵便番号' }).fill('12345');
    await page.getByRole('textbox', { name: '住所1' }).fill('大阪市北区梅田1-1');
    await page.getByRole('button', { name: '次へ' }).click();
    await expect(page.getByText('郵便番号は123-4567の形式で入力してください。')).toBeVisible();
  });
});
