import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { activatedOf, activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { choose, login, logout } from './helpers';

/*
 * Recall on a phone (the default 390 px viewport): a staff user with the recall permission traces
 * a lot from the home, reads each implicated package with why and where it is now, downloads the
 * FSMA 204 spreadsheet and the EPCIS 2.0 document of the same start and reads them; a user without the permission has no entry
 * on the home and is told so at the address (and the API refuses them).
 */

async function ok(request: APIRequestContext, path: string, data: object): Promise<void> {
  const res = await request.post(path, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A demo pallet of a lot of its own (other specs fill the demo's lots on the same server), a case
 * of the demo's lot paired onto it and a temperature logger linked to it; the pallet is then
 * tracked on to the distribution centre, taking them along.
 */
async function palletWithCaseAndLogger(request: APIRequestContext, lot: string) {
  const pallet = await activatedPallet(request, { lotNumber: lot });
  const inside = await activatedOf(request, 'case');
  const logger = await activatedOf(request, 'logger');
  await ok(request, '/api/barcode/pairing', { parentId: pallet, childrenIds: [inside] });
  await ok(request, '/api/barcode/linking', { barcodeId: logger, targetIds: [pallet] });
  await ok(request, '/api/barcode/tracking', {
    barcodeId: pallet,
    trackPointKey: 'distributionCentre',
    forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
  });
  return { pallet, inside, logger };
}

test('a staff user with the recall permission traces a lot, reads why and where, and downloads the spreadsheet and EPCIS', async ({
  page,
}) => {
  // Four screens' states with an accessibility pass each: more than a busy machine does in 30 s.
  test.setTimeout(90_000);
  await login(page, '11112222');
  const lot = `RCL-${Date.now().toString(36).toUpperCase()}`;
  // A minute before the packages below exist, as a datetime-local input holds it (the browser's time).
  const before = await page.evaluate(() => {
    const d = new Date(Date.now() - 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  const { pallet, inside, logger } = await palletWithCaseAndLogger(page.request, lot);

  await page.getByRole('button', { name: 'Recall' }).click();
  await expect(page).toHaveURL(/\/demo@1\/recall$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recall' })).toBeVisible();
  await expect(page.getByText('Enter what to recall and tap Trace.')).toBeVisible();
  await expectAccessible(page, 'recall start form');

  // What the phone can tell at once is said at once, in words.
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByText('Enter a lot number.')).toBeVisible();
  await page.getByRole('textbox', { name: 'GTIN (optional)' }).fill('123');
  await page.getByRole('textbox', { name: 'Lot number' }).fill(lot);
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByText('A GTIN has 8, 12, 13 or 14 digits.')).toBeVisible();
  await page.getByRole('textbox', { name: 'GTIN (optional)' }).fill('');
  await page.getByRole('button', { name: 'Trace' }).click();

  await expect(page).toHaveURL(new RegExp(`/demo@1/recall\\?lot=${lot}$`));
  await expect(page.getByTestId('recall-summary')).toContainText('3 packages implicated (1 matched the search)');
  const card = (id: string) => page.locator(`[data-testid="recall-package"][data-barcode-id="${id}"]`);
  await expect(page.getByTestId('recall-package')).toHaveCount(3);
  await expect(card(pallet)).toContainText('Matched');
  await expect(card(pallet).getByTestId('recall-package-reasons')).toHaveText('Matched the search');
  await expect(card(pallet)).toContainText('Passed: Manufacturer → Distribution centre');
  await expect(card(inside)).toContainText('Forward');
  await expect(card(inside).getByTestId('recall-package-reasons')).toContainText(`Was in Vaccine pallet ${pallet}`);
  await expect(card(logger).getByTestId('recall-package-reasons')).toContainText(`Linked to Vaccine pallet ${pallet}`);
  // The case went along with its pallet; the logger stayed where it was activated.
  await expect(card(inside).getByTestId('recall-package-place')).toContainText('Now at Distribution centre');
  await expect(card(logger).getByTestId('recall-package-place')).toContainText('Now at Manufacturer');
  await expect(page.getByTestId('recall-places').getByRole('row', { name: 'Distribution centre 2' })).toBeVisible();
  await expectAccessible(page, 'recall result');

  // Filters narrow the list; a package opens its detail page.
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('All (3)');
  await choose(page, 'Show', 'Forward (2)');
  await expect(page.getByTestId('recall-package')).toHaveCount(2);
  await expect(card(pallet)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download FSMA 204 spreadsheet (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`fsma-204-demo-${lot}.csv`);
  const csv = readFileSync(await file.path(), 'utf8');
  // UTF-8 with a byte order mark, the PTI columns first, one row per critical tracking event.
  expect(csv.startsWith('\uFEFFTraceability Lot Code,')).toBe(true);
  const rows = csv.trim().split('\r\n');
  expect(rows[0]).toContain('Critical Tracking Event');
  const ofPallet = rows.filter((row) => row.includes(`${pallet}/`));
  expect(ofPallet.some((row) => row.includes('Initial Packing') && row.includes(lot))).toBe(true);
  expect(ofPallet.some((row) => row.includes('Receiving') && row.includes('distributionCentre'))).toBe(true);
  expect(rows.some((row) => row.includes(`${inside}/`))).toBe(true);

  // The same start as an EPCIS 2.0 document: named like the spreadsheet, read as JSON-LD.
  const epcisDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download EPCIS 2.0 document (JSON-LD)' }).click();
  const epcisFile = await epcisDownload;
  expect(epcisFile.suggestedFilename()).toBe(`epcis-demo-${lot}.jsonld`);
  const epcis = JSON.parse(readFileSync(await epcisFile.path(), 'utf8')) as {
    type: string;
    epcisBody: { eventList: { type: string }[] };
  };
  expect(epcis.type).toBe('EPCISDocument');
  expect(epcis.epcisBody.eventList.length).toBeGreaterThan(0);
  expect(JSON.stringify(epcis.epcisBody.eventList)).toContain(pallet);

  await card(inside).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${inside}$`));
  await page.goBack();
  await expect(page.getByTestId('recall-summary')).toBeVisible();

  // A lot that matches nothing is an empty answer, not an error.
  await page.getByRole('textbox', { name: 'Lot number' }).fill(`${lot}-NONE`);
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByTestId('recall-empty')).toContainText('Nothing found');
  await expect(page.getByRole('button', { name: 'Download FSMA 204 spreadsheet (CSV)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download EPCIS 2.0 document (JSON-LD)' })).toHaveCount(0);

  // A place and time: what reached the distribution centre since just before the pallet was made.
  await choose(page, 'Start from', 'Place and time');
  await expect(page.getByRole('textbox', { name: /GTIN/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByText('Choose a trackpoint, a time range or both.')).toBeVisible();
  await choose(page, 'Trackpoint', 'Distribution centre');
  await page.getByLabel('From', { exact: true }).fill(before);
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page).toHaveURL(/\?trackPointKey=distributionCentre&from=/);
  await expect(card(pallet)).toContainText('Matched');
  await expect(card(inside)).toContainText('Matched');
  await expect(card(logger).getByTestId('recall-package-reasons')).toContainText(`Linked to Vaccine pallet ${pallet}`);
  await expectAccessible(page, 'recall by place and time');

  // A download without a connection says why under its button; the other button is untouched.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Download EPCIS 2.0 document (JSON-LD)' }).click();
  const epcisFailure = page.getByTestId('recall-download-epcis').getByRole('alert');
  await expect(epcisFailure).toContainText('The EPCIS document could not be downloaded');
  await expect(epcisFailure).toContainText('A trace needs the server');
  await expect(page.getByTestId('recall-download-csv').getByRole('alert')).toHaveCount(0);
  await expectAccessible(page, 'recall download failed');
  await page.context().setOffline(false);

  // Without a connection the trace says it needs the server, and tries again on request.
  await page.context().setOffline(true);
  await choose(page, 'Start from', 'Barcode');
  await page.getByRole('textbox', { name: 'Barcode ID' }).fill(pallet);
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByTestId('recall-error')).toContainText('A trace needs the server');
  await expectAccessible(page, 'recall offline');
  await page.context().setOffline(false);
  // The recalls in force may have failed offline too, each with its own Try again: this one is the trace's.
  await page.getByTestId('recall-error').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('recall-summary')).toContainText('3 packages implicated (1 matched the search)');
});

test('a user without the recall permission has no entry and is refused at the address and by the API', async ({
  page,
}) => {
  await login(page, '77778888');
  await expect(page.getByRole('button', { name: 'Scan barcode' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recall' })).toHaveCount(0);

  await page.goto('/demo@1/recall?lot=FLU-2026-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Recall' })).toBeVisible();
  await expect(page.getByTestId('recall-refused')).toContainText(
    'Recall is only for users with the recall permission in this project.',
  );
  await expect(page.getByTestId('recall-form')).toHaveCount(0);
  await expectAccessible(page, 'recall refused');

  const project = (await (await page.request.get('/api/barcode/project?code=demo')).json()) as {
    data: { id: string };
  };
  const refused = await page.request.get(`/api/recall/trace?projectId=${project.data.id}&lot=FLU-2026-1`);
  expect(refused.status()).toBe(403);
  const csv = await page.request.get(`/api/recall/fsma-204?projectId=${project.data.id}&lot=FLU-2026-1`);
  expect(csv.status()).toBe(403);
  const epcis = await page.request.get(`/api/recall/epcis?projectId=${project.data.id}&lot=FLU-2026-1`);
  expect(epcis.status()).toBe(403);

  // A visitor is sent to log in first.
  await logout(page);
  await page.goto('/demo@1/recall');
  await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
});
