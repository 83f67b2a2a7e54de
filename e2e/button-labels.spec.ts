import { expect, test, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';

/**
 * The labels of the page's buttons that do not fit their button: text wider than its box (cut,
 * or spilling out) or drawn with an ellipsis.
 */
function cutLabels(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) =>
          [button, ...button.querySelectorAll('*')].some(
            (el) =>
              el instanceof HTMLElement &&
              (el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis'),
          ),
        )
        .map((button) => button.textContent ?? ''),
    );
}

/** Each language's login labels: the access code's first field and the submit button. */
const LANGUAGES = [
  { locale: 'en-US', accessCode: 'Access code, first 4 digits', authenticate: 'Authenticate' },
  { locale: 'ja-JP', accessCode: 'アクセスコード 前半4桁', authenticate: '認証' },
] as const;

for (const { locale, accessCode, authenticate } of LANGUAGES) {
  test.describe(`on a 390 px phone (${locale})`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });

    test('no button on the barcode detail page cuts its label', async ({ page }) => {
      await page.goto('/demo@1');
      await page.getByLabel(accessCode).click();
      await page.keyboard.type('11112222');
      await page.getByRole('button', { name: authenticate }).click();
      await expect(page.getByTestId('staff-name')).toBeVisible();
      const id = await activatedPallet(page.request);
      await page.goto(`/demo@1/qrcode/${id}`);
      await expect(page.getByTestId('barcode-state')).toBeVisible();
      // The next trackpoint's name makes the longest label ("Add tracking: Distribution centre").
      expect(await page.getByRole('main').getByRole('button').count()).toBeGreaterThan(5);
      expect(await cutLabels(page)).toEqual([]);
    });
  });
}
