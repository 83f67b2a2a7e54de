import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { login } from './helpers';

/*
 * The ledger and EPCIS in the app: a staff user checks a history against its ledger, seals it and
 * sees it verified and sealed; a refused change of a sealed step; the detail page downloads the
 * barcode's EPCIS 2.0 file.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('staff seal a history and see it verified and sealed; a sealed step cannot be undone', async ({ page }) => {
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
  await page.goto(`/demo@1/qrcode/${id}/history`);
  await expect(page.getByTestId('ledger-status')).toHaveText('Verified: 3 entries intact.');
  await expect(page.getByText('Not sealed yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Seal history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Seal this history?' });
  await expect(dialog).toContainText('Entries 1 to 3');
  await dialog.getByRole('button', { name: 'Seal' }).click();
  await expect(page.getByText('The history was sealed.')).toBeVisible();
  await expect(page.getByText('Sealed in the project ledger up to entry 3.')).toBeVisible();
  await expect(page.getByTestId('ledger-status')).toHaveText('Verified: 3 entries intact.');
  // Nothing left to seal: the button is gone, also after a reload.
  await page.reload();
  await expect(page.getByText('Sealed in the project ledger up to entry 3.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Seal history' })).toHaveCount(0);

  // The sealed step cannot be taken back: the detail page's undo is refused with the read-only message.
  await page.goto(`/demo@1/qrcode/${id}`);
  await page.getByRole('button', { name: 'Undo last tracking' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo last tracking' }).click();
  await expect(page.getByText('This item is read-only.')).toBeVisible();
});

test("the detail page downloads the barcode's EPCIS 2.0 document as JSON-LD", async ({ page }) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download EPCIS 2.0' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`epcis-${id}.jsonld`);
  const document = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    '@context': unknown[];
    type: string;
    epcisBody: { eventList: { type: string; bizStep: string; epcList: string[] }[] };
  };
  expect(document['@context'][0]).toBe('https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld');
  expect(document.type).toBe('EPCISDocument');
  expect(document.epcisBody.eventList[0]).toMatchObject({
    type: 'ObjectEvent',
    bizStep: 'commissioning',
    epcList: [expect.stringContaining(`/qrcode/${id}`)],
  });
  await expect(page.getByText('The EPCIS file was downloaded.')).toBeVisible();
});
