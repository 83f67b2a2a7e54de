import { expect, test, type Page } from '@playwright/test';
import { activatedOf as activated, activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { fakeCamera, writeBarcodesFeed } from './fake-camera';
import { login, startBulkScan } from './helpers';

test.use(fakeCamera);

/**
 * A handheld terminal's trigger (keyboard wedge): the code's keys then Enter, outside a text
 * field, as the scanner sends them: all at once (dispatched in the page, so a busy machine
 * cannot stretch the gaps between keys past the wedge's 50 ms the way per-key typing can).
 */
async function pullTrigger(page: Page, code: string) {
  await page.evaluate((text) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...text, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

const currentTrackPoint = (page: Page) => page.getByTestId('current-trackpoint');

test('pair three cases onto a pallet by bulk scanning, track the pallet and the cases move, unpair one', async ({
  page,
}) => {
  // Each bulk question waits for the fake camera to read the next code: slow on a busy machine.
  test.setTimeout(180_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const codes = [`CS${stamp}A`, `CS${stamp}B`, `CS${stamp}C`];
  const cases = await Promise.all(codes.map((code) => activated(page.request, 'case', code)));
  const pallet = await activatedPallet(page.request);
  await writeBarcodesFeed(codes, 'Code128');

  await page.goto(`/demo@1/qrcode/${pallet}`);
  await page.getByRole('button', { name: 'Pair children' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}/pair$`));
  await expect(page.getByTestId('reserved-count')).toHaveText('Children: 0 of 24');
  await expectAccessible(page, 'pair, empty list');

  // Bulk mode: each read asks to be appended; each distinct code once.
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  const { scanner, asked } = await startBulkScan(page);
  const added = new Set<string>();
  while (added.size < codes.length) {
    await expect(asked).toBeVisible({ timeout: 30_000 });
    const code = (await asked.locator('p').first().textContent())!;
    const fresh = !added.has(code);
    await asked.getByRole('button', { name: fresh ? 'Add' : 'Skip' }).click();
    // The next code's question may follow within one camera frame: wait for this one to go.
    await expect(asked.filter({ hasText: code })).toHaveCount(0);
    added.add(code);
  }
  await scanner.getByRole('button', { name: 'OK' }).click();
  await expect(scanner).toHaveCount(0);

  // Each entry: its label (the case's code, type) and the server's verdict.
  const entries = page.getByTestId('scan-entry');
  await expect(entries).toHaveCount(3);
  await expect(page.getByTestId('list-status')).toHaveText('All listed barcodes can be taken (3).');
  for (const code of codes) await expect(entries.filter({ hasText: code })).toContainText('Vaccine case');
  await expect(page.getByTestId('reserved-count')).toHaveText('Children: 3 of 24');

  // A duplicate and an unknown code get their verdicts as they are added; removing them clears the way.
  const typed = page.getByRole('textbox', { name: 'Barcode id or code' });
  await typed.fill(`${codes[0]}, NOSUCHCODE${stamp}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(entries).toHaveCount(5);
  await expect(entries.nth(3)).toContainText('This barcode is already in the list.');
  await expect(entries.nth(4)).toContainText('Barcode not found');
  await expect(page.getByRole('button', { name: 'Pair (5)' })).toBeDisabled();
  await expectAccessible(page, 'pair, with refused entries');
  await page.getByRole('button', { name: `Remove NOSUCHCODE${stamp}` }).click();
  await page
    .getByRole('button', { name: `Remove ${codes[0]}` })
    .last()
    .click();
  await expect(page.getByTestId('list-status')).toHaveText('All listed barcodes can be taken (3).');
  await page.getByRole('button', { name: 'Pair (3)' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}$`));
  await expect(page.getByTestId('children-count')).toContainText('Children: 3 of 24.');

  // The children page: the tree; trace of a case: its parent.
  await page.getByRole('link', { name: 'View children' }).click();
  await expect(page.getByTestId('child-row')).toHaveCount(3);
  await expectAccessible(page, 'children');
  await page.goto(`/demo@1/qrcode/${cases[1]}/trace`);
  await expect(page.getByTestId('trace-parents')).toBeVisible();

  // Tracking the pallet moves its cases with it.
  const tracked = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: pallet,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
    },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  for (const id of cases) {
    await page.goto(`/demo@1/qrcode/${id}`);
    await expect(currentTrackPoint(page)).toContainText('Distribution centre');
    await expect(page.getByTestId('parent-link')).toBeVisible();
  }

  // Unpair one: the dry run says what would happen before the user confirms.
  await page.goto(`/demo@1/qrcode/${pallet}`);
  await page.getByRole('button', { name: 'Unpair children' }).click();
  await expect(page.getByTestId('unpair-plan')).toContainText(
    'These children (3) will leave this barcode; 0 of 24 will remain.',
  );
  await page.getByRole('radio', { name: 'Selected children' }).check();
  await page.getByRole('checkbox', { name: codes[1] }).check();
  await expect(page.getByTestId('unpair-plan')).toContainText(
    'These children (1) will leave this barcode; 2 of 24 will remain.',
  );
  await expect(page.getByTestId('unpair-entry')).toHaveText(new RegExp(codes[1]!));
  await expectAccessible(page, 'unpair with a plan');
  await page.getByRole('button', { name: 'Unpair (1)' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}$`));
  await expect(page.getByTestId('children-count')).toContainText('Children: 2 of 24.');
  await page.goto(`/demo@1/qrcode/${cases[1]}`);
  await expect(page.getByTestId('relations')).toHaveCount(0);
  await expect(currentTrackPoint(page)).toContainText('Distribution centre');
});

test('link two barcodes, see the link both ways, undo it', async ({ page }) => {
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const logger = await activated(page.request, 'logger', `TL${stamp}`);
  const caseId = await activated(page.request, 'case', `CL${stamp}`);

  await page.goto(`/demo@1/qrcode/${caseId}`);
  await page.getByRole('button', { name: 'Link to barcodes' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${caseId}/link-to$`));
  await expect(page.getByTestId('reserved-count')).toHaveText('Links: 0 of 2');
  // A product URL of the logger, as its printed QR code says.
  await page
    .getByRole('textbox', { name: 'Barcode id or code' })
    .fill(`https://labels.example.com/demo@1/qrcode/${logger}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('scan-entry')).toContainText(`TL${stamp}`);
  await expect(page.getByTestId('scan-entry')).toContainText('Temperature logger');
  await expect(page.getByTestId('scan-entry').getByTestId('verdict')).toHaveText('OK');
  await expectAccessible(page, 'link-to');
  await page.getByRole('button', { name: 'Link (1)' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${caseId}$`));
  await expect(page.getByTestId('link-row')).toHaveAttribute('data-direction', 'link-to');
  await expect(page.getByTestId('link-row')).toContainText(`TL${stamp}`);

  // The logger lists the same link from its side.
  await page.getByTestId('link-row').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${logger}$`));
  await expect(page.getByTestId('link-row')).toHaveAttribute('data-direction', 'be-linked');
  await expectAccessible(page, 'detail with links');

  // Undo from the logger's side.
  await page.getByRole('button', { name: `Undo link with CL${stamp}` }).click();
  await page.getByRole('dialog', { name: 'Undo link' }).getByRole('button', { name: 'Undo link' }).click();
  await expect(page.getByText('Link undone.')).toBeVisible();
  await expect(page.getByTestId('relations')).toHaveCount(0);
  await page.goto(`/demo@1/qrcode/${caseId}`);
  await expect(page.getByTestId('barcode-state')).toHaveText('Activated');
  await expect(page.getByTestId('relations')).toHaveCount(0);
});

test.describe('on a handheld terminal (DX-A600)', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 12; DX-A600 Build/01.00.000) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });

  test('Pair opens the handheld route: the trigger scans straight into the list, OK pairs them', async ({ page }) => {
    await login(page, '11112222');
    const cases = await Promise.all([0, 1, 2].map(() => activated(page.request, 'case')));
    const pallet = await activatedPallet(page.request);
    await page.goto(`/demo@1/qrcode/${pallet}`);
    await page.getByRole('button', { name: 'Pair children' }).click();
    await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}/pairkht$`));
    await expect(page.getByRole('button', { name: 'Scan with the camera' })).toHaveCount(0);
    await expect(page.getByText("Pull the scanner's trigger")).toBeVisible();
    await expectAccessible(page, 'pairkht');

    // Printed labels carry the product URL (QR) or the bare id; the trigger types either.
    await pullTrigger(page, `https://labels.example.com/demo@1/qrcode/${cases[0]}`);
    await pullTrigger(page, cases[1]!);
    await pullTrigger(page, cases[2]!);
    // The wedge listener did not open the scanned barcode: the list has it.
    await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}/pairkht$`));
    await expect(page.getByTestId('scan-entry')).toHaveCount(3);
    await expect(page.getByTestId('list-status')).toHaveText('All listed barcodes can be taken (3).');
    await expect(page.getByTestId('reserved-count')).toHaveText('Children: 3 of 24');
    // Its own parent scanned: refused with the reason.
    await pullTrigger(page, pallet);
    await expect(page.getByTestId('scan-entry').nth(3)).toContainText(
      'A barcode cannot be paired, unpaired or linked with itself.',
    );
    await page.getByRole('button', { name: `Remove ${pallet}` }).click();
    await page.getByRole('button', { name: 'Pair (3)' }).click();
    await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}$`));
    await expect(page.getByTestId('children-count')).toContainText('Children: 3 of 24.');
  });
});
