import { expect, test, type Page } from '@playwright/test';
import { choose } from './helpers';

test.use({ locale: 'ja-JP' });

async function fillAddress(page: Page, address1: string) {
  await page.getByRole('textbox', { name: '会社名' }).fill('フロストライン製薬');
  await choose(page, '国', '日本 (JPN)');
  await page.getByRole('textbox', { name: '住所1' }).fill(address1);
}

test('the same journey in Japanese: generate, activate, track, history, undo', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/demo@1');
  await page.getByLabel('アクセスコード 前半4桁').click();
  await page.keyboard.type('11112222');
  await page.getByRole('button', { name: '認証' }).click();
  await page.getByRole('button', { name: '新しいバーコードを発行' }).click();
  await expect(page.getByTestId('barcode-state')).toHaveText('未アクティベート');

  await page.getByRole('button', { name: 'アクティベート' }).click();
  await page.getByText('ワクチンケース', { exact: true }).click();
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/activate\/trackpoint$/);
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/activate\/origin$/);
  await expect(page.getByText('開始地点では必須です。')).toBeVisible();
  await fillAddress(page, '大阪市北区梅田1-1');
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/activate\/destination$/);
  // The URL changes before the new step is drawn: wait for the destination's own (empty) form.
  await expect(page.getByRole('textbox', { name: '会社名' })).toHaveValue('');
  await fillAddress(page, '大阪市中央区難波2-2');
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/activate\/package$/);
  for (const [label, value] of [
    ['奥行き', '60'],
    ['幅', '40'],
    ['高さ', '30'],
    ['重量', '12.5'],
  ] as const) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await page.getByRole('textbox', { name: '製品', exact: true }).fill('インフルエンザワクチン');
  await page.getByRole('textbox', { name: 'ロット番号' }).fill('FLU-2026-9');
  await page.getByRole('button', { name: 'アクティベート' }).click();
  // The missing fields are explained in Japanese; nothing was sent.
  const required = page.getByText('この項目は必須です。');
  await expect(required).toHaveCount(2);
  await page.getByLabel('有効期限').click();
  await page.locator('[data-dates-dropdown]').getByRole('button', { name: /15/ }).first().click();
  await expect(required).toHaveCount(1);
  await choose(page, '保管温度帯', '2〜8 °C（冷蔵）');
  await page.getByRole('button', { name: 'アクティベート' }).click();
  await expect(page.getByTestId('barcode-state')).toHaveText('アクティベート済み');
  await expect(page.getByTestId('current-trackpoint')).toContainText('製造元');
  await expect(page.getByTestId('activation-data')).toContainText('2〜8 °C（冷蔵）');

  await page.getByRole('button', { name: '追跡を追加：物流センター' }).click();
  await page.getByRole('textbox', { name: '入荷時温度' }).fill('5');
  await choose(page, 'コールドチェーン維持', 'はい');
  await page.getByRole('button', { name: '追跡を追加' }).click();
  await expect(page.getByTestId('current-trackpoint')).toContainText('物流センター');
  await expect(page.getByText('物流センターで追跡を追加しました。')).toBeVisible();

  await page.getByRole('button', { name: '履歴' }).click();
  await expect(page.getByTestId('history-list').getByText('追跡を追加')).toBeVisible();
  await expect(page.getByTestId('history-list').getByText('アクティベート')).toBeVisible();
  await page.getByRole('link', { name: 'バーコードに戻る' }).click();

  await page.getByRole('button', { name: '最後の追跡を取り消す' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '最後の追跡を取り消す' }).click();
  await expect(page.getByTestId('current-trackpoint')).toContainText('製造元');
  await expect(page.getByText('追跡を取り消しました。')).toBeVisible();
});
