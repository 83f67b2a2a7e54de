import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { activatedOf as activated, activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { choose, login } from './helpers';

/*
 * The scan lists at a dock: a list survives a reload, scans made without a network wait as "not
 * checked yet" and are checked when it returns, the stock screen asks for its location first,
 * the pair screen counts and removes what is over the parent's limit, and a long list with bad
 * rows is usable with gloves and by assistive technology.
 */

/** A keyboard-wedge / handheld trigger read: the code's keys then Enter outside a text field, dispatched at once. */
async function pullTrigger(page: Page, code: string) {
  await page.evaluate((text) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...text, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

/** Types (pastes) a column of codes into the list's text field and adds them. */
async function paste(page: Page, codes: readonly string[]) {
  const field = page.getByRole('textbox', { name: 'Barcode id or code' });
  await field.fill(codes.join('\n'));
  await field.press('Enter');
}

const entries = (page: Page) => page.getByTestId('scan-entry');
/** How many entries the list holds: it draws only the rows near the screen, each row says the list's size. */
const expectListed = (page: Page, count: number) =>
  expect(page.getByTestId('scan-list').locator('li').first()).toHaveAttribute('aria-setsize', String(count));
const status = (page: Page) => page.getByTestId('list-status');

/** `count` cases activated through the API, each with an external id of its own. */
const activatedCases = (request: APIRequestContext, prefix: string, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => activated(request, 'case', `${prefix}${i}`)));

/** How many scan lists the phone keeps (IndexedDB). */
const keptLists = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sb-scan-lists');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('lists').objectStore('lists').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

/** The browser's own dialogs (a leave prompt is one), as they came: a kept list must not ask before a reload. */
function dialogsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.type());
    void dialog.accept();
  });
  return seen;
}

test('a reload in the middle of a 25-scan bulk tracking list asks nothing and restores the whole list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dialogs = dialogsOf(page);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const [anchor, ...cases] = await activatedCases(page.request, `RL${stamp}-`, 25);
  await page.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await expect(entries(page)).toHaveCount(1);

  for (const id of cases.slice(0, 12)) await pullTrigger(page, id!);
  await expectListed(page, 13);
  await expect(status(page)).toHaveText('All 13 listed barcodes are ready.');

  await page.reload();
  await expect(page.getByTestId('list-restored')).toContainText('kept on this phone: 13 barcodes');
  await expectListed(page, 13);
  await expect(status(page)).toHaveText('All 13 listed barcodes are ready.');
  for (const id of cases.slice(12)) await pullTrigger(page, id!);
  await expectListed(page, 25);
  await expect(status(page)).toHaveText('All 25 listed barcodes are ready.');

  // A browser restart: a new page of the same context (IndexedDB stays), the same list.
  const again = await page.context().newPage();
  await again.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await expectListed(again, 25);
  await expect(status(again)).toHaveText('All 25 listed barcodes are ready.');
  await again.close();

  // The main action is under the long list as well as above it.
  await expect(
    page.getByTestId('bottom-actions').getByRole('button', { name: 'Next: fill the forms (25)' }),
  ).toBeVisible();

  // Clear list asks once, then starts over; nothing comes back after a reload.
  await page.getByRole('button', { name: 'Clear list' }).click();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(entries(page)).toHaveCount(0);
  await page.reload();
  await expect(entries(page)).toHaveCount(1);
  await expect(page.getByTestId('list-restored')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a logout names the scan lists kept for the user: kept, they come back at the next login; discarded, they are gone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const [anchor, ...cases] = await activatedCases(page.request, `LO${stamp}-`, 3);
  await page.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await expect(entries(page)).toHaveCount(1);
  for (const id of cases) await pullTrigger(page, id!);
  await expectListed(page, 3);
  await expect.poll(() => keptLists(page)).toBe(1);

  const leave = async (choice: RegExp) => {
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('logout-lists')).toContainText('Scan lists you started and did not send: 1.');
    await dialog.getByRole('button', { name: choice }).click();
    await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
  };
  await leave(/^Log out, keep them/);
  expect(await keptLists(page)).toBe(1);
  await login(page, '11112222');
  await page.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await expect(page.getByTestId('list-restored')).toContainText('kept on this phone: 3 barcodes');

  await leave(/^Log out and discard them \(1\)/);
  expect(await keptLists(page)).toBe(0);
  await login(page, '11112222');
  await page.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await expect(entries(page)).toHaveCount(1);
  await expect(page.getByTestId('list-restored')).toHaveCount(0);
});

test('scans made offline are not checked yet, never offered for removal, and checked when the network returns', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const [anchor, ...cases] = await activatedCases(page.request, `OF${stamp}-`, 6);
  await page.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Ready');

  await context.setOffline(true);
  for (const id of cases) await pullTrigger(page, id!);
  await expect(entries(page)).toHaveCount(6);
  await expect(page.locator('[data-testid="scan-entry"][data-state="unchecked"]')).toHaveCount(5);
  await expect(entries(page).nth(1).getByTestId('verdict')).toHaveText('Not checked yet: no connection');
  await expect(status(page)).toHaveText(
    'Not checked yet: 5 barcodes, for want of a connection. They are checked when the connection returns.',
  );
  await expect(page.getByRole('button', { name: /Remove the ones not ready/ })).toHaveCount(0);
  // Nothing refused: the list may go to the outbox, where the server checks it when it lands.
  await expect(page.getByTestId('queue-hint')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next: fill the forms (6)' })).toBeEnabled();
  await expectAccessible(page, 'bulk list offline');

  await context.setOffline(false);
  await expect(status(page)).toHaveText('All 6 listed barcodes are ready.');
  await expect(entries(page)).toHaveCount(6);
  await expect(page.getByTestId('queue-hint')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next: fill the forms (6)' })).toBeEnabled();
});

test('a bulk tracking list sent offline waits in the outbox and is tracked when the network returns', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const [anchor, ...cases] = await activatedCases(page.request, `OQ${stamp}-`, 3);
  await page.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Ready');
  await context.setOffline(true);
  for (const id of cases) await pullTrigger(page, id!);
  await expect(page.locator('[data-testid="scan-entry"][data-state="unchecked"]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Next: fill the forms (3)' }).click();
  await page.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
  await page.getByRole('button', { name: 'Add tracking (3)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText(
    'Saved on this phone: it will be sent when there is a connection.',
  );
  // Sent (to the outbox): the list is not kept as a list to scan any more.
  expect(await keptLists(page)).toBe(0);

  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/barcode/barcode?id=${cases[1]}`);
        return ((await res.json()) as { data: { currentTrackPointKey: string | null } }).data.currentTrackPointKey;
      },
      { timeout: 30_000 },
    )
    .toBe('distributionCentre');
  // The screen that queued the list says, where the list is, what the server did with each barcode.
  await expect(page.getByTestId('bulk-done')).toContainText(
    'This list waited on this phone and was sent when the connection came back. Tracked to Distribution centre: 3 barcodes.',
  );
  await expect(entries(page).getByTestId('verdict').filter({ hasText: 'Tracked' })).toHaveCount(3);
  await expect(status(page)).toHaveText('Done: 3 barcodes.');
});

test('a bulk recycle list that waited in the outbox and was refused shows each refused barcode with its reason', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const loggers = await Promise.all(['A', 'B', 'C'].map((s) => activated(page.request, 'logger', `OR${stamp}${s}`)));
  for (const id of loggers) {
    for (const point of ['distributionCentre', 'carrier', 'pharmacy']) {
      const res = await page.request.post('/api/barcode/tracking', {
        data: { barcodeId: id, trackPointKey: point, forms: { reading: { loggerTemperature: 4 } } },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
  const [first, recycledMeanwhile, third] = loggers as [string, string, string];
  await page.goto(`/demo@1/qrcode/${first}/bulk-recycle`);
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Ready');
  await context.setOffline(true);
  await pullTrigger(page, recycledMeanwhile);
  await pullTrigger(page, third);
  await expect(page.locator('[data-testid="scan-entry"][data-state="unchecked"]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Recycle (3)' }).click();
  await page.getByRole('dialog', { name: 'Bulk recycle' }).getByRole('button', { name: 'Recycle (3)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText(
    'Saved on this phone: it will be sent when there is a connection.',
  );
  await expect(page.getByTestId('bulk-done').getByRole('link', { name: 'Open the outbox' })).toBeVisible();

  // Someone else recycles one of them before the phone is back in coverage: the list is refused whole.
  const meanwhile = await page.request.post('/api/barcode/recycle', { data: { barcodeId: recycledMeanwhile } });
  expect(meanwhile.ok(), await meanwhile.text()).toBe(true);
  await context.setOffline(false);

  const refused = page.getByTestId('bulk-replay-refused');
  await expect(refused).toContainText(
    'When it was sent, the server refused it and nothing was written: 1 barcode cannot be taken',
    { timeout: 30_000 },
  );
  const recycledText = 'This barcode was recycled: it must be activated again before it can be tracked.';
  await expect(entries(page).nth(1).getByTestId('verdict')).toHaveText(recycledText);
  await expect(entries(page).nth(0).getByTestId('verdict')).toHaveText('Ready');
  await expect(entries(page).nth(2).getByTestId('verdict')).toHaveText('Ready');
  // Nothing was written: the others are still where they were.
  const res = await page.request.get(`/api/barcode/barcode?id=${first}`);
  expect(((await res.json()) as { data: { currentTrackPointKey: string | null } }).data.currentTrackPointKey).toBe(
    'pharmacy',
  );
  await expectAccessible(page, 'bulk recycle list refused from the outbox');

  // The outbox entry the screen links to names the refused barcode with the same reason.
  await refused.getByRole('link', { name: 'Open the outbox' }).click();
  await expect(page.getByTestId('outbox-refusal').first()).toContainText(`${recycledMeanwhile}: ${recycledText}`);
  await page.goBack();

  // The list is the user's again: the refused one goes in one tap and the rest are recycled.
  await page.getByRole('button', { name: 'Remove the ones not ready (1)' }).click();
  await page.getByRole('button', { name: 'Recycle (2)' }).first().click();
  await page.getByRole('dialog', { name: 'Bulk recycle' }).getByRole('button', { name: 'Recycle (2)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText('Recycled: 2 barcodes.');
});

test('stock in where the trackpoint has three bins asks for the location first and says why nothing is ready', async ({
  page,
}) => {
  await login(page, '11112222');
  const caseId = await activated(page.request, 'case', `SL${Date.now() % 1_000_000}`);
  const res = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: caseId,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto(`/demo@1/qrcode/${caseId}/stock-in`);
  await expect(status(page)).toHaveText('Choose one of the 3 locations first: the barcodes are checked against it.');
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Waiting for the location');
  await expect(page.getByText('Nothing is checked until one is chosen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stock in (1)' })).toBeDisabled();
  await expectAccessible(page, 'stock in, no location chosen');

  await choose(page, 'Location', 'Kanto DC cold store › Rack A › Bin A-02');
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Ready');
  await page.getByRole('button', { name: 'Stock in (1)' }).click();
  await expect(page.getByTestId('bulk-done')).toContainText('Stocked in Kanto DC cold store › Rack A › Bin A-02');

  // The history names the place, and the tracking step opens on the values its form stored.
  await page.goto(`/demo@1/qrcode/${caseId}/history`);
  const history = page.getByTestId('history-entry');
  await expect(history.first()).toContainText('Stocked in');
  await expect(history.first().getByTestId('history-place')).toHaveText(
    'Where: Kanto DC cold store › Rack A › Bin A-02',
  );
  const tracked = history.filter({ hasText: 'Tracking added' });
  await tracked.getByText('Details').click();
  await expect(tracked.getByTestId('history-values')).toContainText('Temperature on arrival');
  await expect(tracked.getByTestId('history-values')).toContainText('5');
  await expectAccessible(page, 'history with place and form values');
});

test('pairing 40 cases onto a pallet that takes 24: the counter names the 16 over the limit, one tap removes them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const cases = await activatedCases(page.request, `PL${stamp}-`, 40);
  const pallet = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${pallet}/pair`);
  await expect(page.getByTestId('reserved-count')).toHaveText('Children: 0 of 24');
  await paste(page, cases);
  await expectListed(page, 40);
  await expect(page.getByTestId('reserved-count')).toHaveText('Children: 24 of 24 (16 over the limit in the list)');

  // A reload keeps the pair list too.
  await page.reload();
  await expectListed(page, 40);
  await expect(page.getByTestId('reserved-count')).toHaveText('Children: 24 of 24 (16 over the limit in the list)');

  await page.getByRole('button', { name: 'Remove the ones not ready (16)' }).click();
  await expectListed(page, 24);
  await expect(status(page)).toHaveText('All listed barcodes can be taken (24).');
  await expect(page.getByTestId('reserved-count')).toHaveText('Children: 24 of 24');
  await page.getByRole('button', { name: 'Pair (24)' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}$`));

  // Sent: nothing of the list is kept on the phone any more (forgotten as the screen closes).
  await expect.poll(() => keptLists(page)).toBe(0);

  // The pallet's history says how many children, names them, and opens on all of them.
  await page.goto(`/demo@1/qrcode/${pallet}/history`);
  const paired = page.getByTestId('history-entry').first();
  await expect(paired).toContainText('Paired');
  await expect(paired.getByTestId('history-with')).toContainText('With 24 children:');
  await expect(paired.getByTestId('history-with')).toContainText('and 21 more');
  await paired.getByText('Details').click();
  await expect(paired.getByTestId('history-related')).toHaveCount(3 + 24);
  // A child's history names the pallet, and the link leads to it.
  await page.goto(`/demo@1/qrcode/${cases[5]}/history`);
  const childPaired = page.getByTestId('history-entry').first();
  await expect(childPaired.getByTestId('history-with')).toContainText('Parent:');
  await childPaired.getByTestId('history-related').click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}$`));
});

test('a 50-row list with bad rows: gloves-sized row actions, a filter to the bad rows, accessible', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const [anchor, ...cases] = await activatedCases(page.request, `GL${stamp}-`, 40);
  const unknown = Array.from({ length: 10 }, (_, i) => `NOPE${stamp}-${i}`);
  await page.goto(`/demo@1/qrcode/${anchor}/bulk-tracking`);
  await paste(page, [...cases.slice(0, 20), ...unknown.slice(0, 5), ...cases.slice(20), ...unknown.slice(5)]);
  await expectListed(page, 50);
  await expect(status(page)).toHaveText('Barcodes that cannot be taken: 10. Remove them to continue.');

  const remove = page.getByRole('button', { name: /^Remove / }).first();
  const box = (await remove.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  const removeAll = (await page.getByRole('button', { name: 'Remove the ones not ready (10)' }).boundingBox())!;
  expect(removeAll.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page, 'bulk list, 50 rows with bad ones');

  const filter = page.getByRole('button', { name: 'Show only the ones not ready (10)' });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expectListed(page, 10);
  await expect(entries(page).first().getByTestId('verdict')).toHaveText('Barcode not found.');
  await expectAccessible(page, 'bulk list, only the bad rows');
  await filter.click();
  await page.getByRole('button', { name: 'Remove the ones not ready (10)' }).click();
  await expect(status(page)).toHaveText('All 40 listed barcodes are ready.');
});

test('the children chosen to unpair are kept through a reload', async ({ page }) => {
  await login(page, '11112222');
  const stamp = Date.now() % 1_000_000;
  const cases = await activatedCases(page.request, `UP${stamp}-`, 3);
  const pallet = await activatedPallet(page.request);
  const paired = await page.request.post('/api/barcode/pairing', { data: { parentId: pallet, childrenIds: cases } });
  expect(paired.ok(), await paired.text()).toBe(true);
  await page.goto(`/demo@1/qrcode/${pallet}/unpair`);
  await page.getByRole('radio', { name: 'Selected children' }).check();
  await page.getByRole('checkbox', { name: `UP${stamp}-1` }).check();
  await expect(page.getByTestId('unpair-entry')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Selected children' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `UP${stamp}-1` })).toBeChecked();
  await expect(page.getByTestId('unpair-entry')).toHaveCount(1);
  await page.getByRole('button', { name: 'Unpair (1)' }).click();
  await expect(page).toHaveURL(new RegExp(`/qrcode/${pallet}$`));
  expect(await keptLists(page)).toBe(0);
});
