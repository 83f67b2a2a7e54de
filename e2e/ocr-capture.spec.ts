import { expect, test, type Page } from '@playwright/test';
import { SERVERS } from '../playwright.config';
import { activatedPallet } from './barcode-api';
import { fakeCamera, writeTextFeed } from './fake-camera';
import { login } from './helpers';

test.use(fakeCamera);

/** Takes the picture and drags a box over the middle band of it, where the feed's text is. */
async function takeAndCrop(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Read text' });
  await expect(dialog.getByText('Point the camera at the text, then take a picture.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Retake' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Take picture' }).click();
  await expect(dialog.getByText('Drag over the text you want to read.')).toBeVisible();
  const box = (await dialog.getByTestId('ocr-picture').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.04, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.96, box.y + box.height * 0.6, { steps: 4 });
  await page.mouse.up();
  return dialog;
}

test('OCR scan page: the code printed on a package is read from the camera and opens its barcode (engine served by this app)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(SERVERS.main) && !r.url().startsWith('blob:') && !r.url().startsWith('data:'))
      outside.push(r.url());
  });
  await login(page, '11112222');
  const id = await activatedPallet(page.request, { externalId: 'PO88231' });
  await writeTextFeed(page.context(), 'PO88231');
  await page.goto('/demo@1/qrcode/scan-ocr');
  const dialog = await takeAndCrop(page);
  const text = dialog.getByRole('textbox', { name: 'Text read' });
  await expect(text).toHaveValue('PO88231', { timeout: 60_000 });
  await expect(dialog.getByText('Check the text, correct it if needed, then tap OK.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
  expect(outside).toEqual([]);
});

test("a text field's OCR button fills it with the text read; retake clears it", async ({ page }) => {
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
  await writeTextFeed(page.context(), 'TRK 4521');
  await page.goto(`/demo@1/qrcode/${id}/track`);
  await page.getByRole('button', { name: 'Read text (OCR)' }).click();
  let dialog = await takeAndCrop(page);
  await expect(dialog.getByRole('textbox', { name: 'Text read' })).toHaveValue('TRK 4521', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Retake' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Text read' })).toHaveCount(0);
  dialog = await takeAndCrop(page);
  await expect(dialog.getByRole('textbox', { name: 'Text read' })).toHaveValue('TRK 4521', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  // The field's input pattern (letters and digits) applies to read text as to typed text.
  await expect(page.getByRole('textbox', { name: 'Vehicle number' })).toHaveValue('TRK4521');
});
