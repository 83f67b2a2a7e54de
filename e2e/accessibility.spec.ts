import { expect, test, type Page } from '@playwright/test';
import { SERVERS } from '../playwright.config';
import { activatedOf, activatedPallet } from './barcode-api';
import { expectAccessible } from './axe';
import { choose, login, typeAccessCode } from './helpers';
import { adminServer, visitAdminScreens } from './admin-server';
import { visitFindScreens, visitLedgerScreens, visitRecallScreens } from './screen-walks';

/*
 * Accessibility as a property of every screen: axe-core (WCAG 2.0, 2.1, 2.2 A and AA and best
 * practices, see axe.ts) on each screen of the router, as a visitor and as the users who see it,
 * with the dialogs, errors and states a user can reach. The camera screens are in
 * accessibility-camera.spec.ts (they need Chromium's fake camera).
 */

/** A barcode generated (not activated) by whoever `page` is logged in as. */
async function generatedBarcode(page: Page): Promise<string> {
  const generated = await page.request.post('/api/barcode/barcode', {
    data: { projectCode: 'demo', projectVersion: 1 },
  });
  expect(generated.ok(), await generated.text()).toBe(true);
  return ((await generated.json()).data as { id: string }).id;
}

/** An activated pallet that reached the distribution centre, whose route notification is an alert on its detail page. */
async function palletWithAlert(page: Page): Promise<string> {
  const id = await activatedPallet(page.request);
  const tracked = await page.request.post('/api/barcode/tracking', {
    data: {
      barcodeId: id,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } },
    },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  return id;
}

test.describe('as a visitor', () => {
  test('login, its error, register and its validation errors', async ({ page }) => {
    await page.goto('/demo@1');
    await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
    await expectAccessible(page, 'login');
    await typeAccessCode(page, '1111');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter all 8 digits of your access code.');
    await expectAccessible(page, 'login with an incomplete code');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
    await expectAccessible(page, 'register');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('This field is required.')).toHaveCount(2);
    await expectAccessible(page, 'register with validation errors');
  });

  test('login with password and one-time code (secure@1)', async ({ page }) => {
    await page.goto('/secure@1');
    await expect(page.getByLabel('One-time code')).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();
    // Not past the password: a code sent now would hold back login.spec's one-time-code test.
    await expectAccessible(page, 'secure login');
  });

  test('barcode detail, trace and children; a restricted screen', async ({ page, browser }) => {
    const staff = await browser.newContext({ baseURL: SERVERS.main });
    const staffPage = await staff.newPage();
    await login(staffPage, '11112222');
    const fresh = await generatedBarcode(staffPage);
    const id = await palletWithAlert(staffPage);
    await staff.close();
    await page.goto(`/demo@1/qrcode/${fresh}`);
    await expect(page.getByTestId('barcode-state')).toBeVisible();
    await expectAccessible(page, 'detail, not activated, visitor');
    await page.goto(`/demo@1/qrcode/${id}`);
    await expect(page.getByTestId('barcode-state')).toHaveText('Activated');
    await expectAccessible(page, 'detail, activated, visitor');
    await page.goto(`/demo@1/qrcode/${id}/trace`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'trace, visitor');
    await page.goto(`/demo@1/qrcode/${id}/children`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'children, visitor');
    await page.goto(`/demo@1/qrcode/${id}/history`);
    await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
    await expectAccessible(page, 'restricted screen, visitor sent to log in');
  });

  test('the 404 page, the playground and the update dialog', async ({ page }) => {
    await page.goto('/demo@1/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expectAccessible(page, '404 in a project');
    await page.goto('/nope@1');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expectAccessible(page, '404, unknown project');
    await page.goto('/playground');
    await expect(page.getByText('The configuration is valid.')).toBeVisible();
    await expect(page.getByTestId('phone-frame').getByLabel('Product')).toBeVisible();
    await expectAccessible(page, 'playground');
    await page.goto(`${SERVERS.update}/demo@1`);
    await expect(page.getByRole('dialog', { name: 'New version found' })).toBeVisible();
    await expectAccessible(page, 'update dialog');
  });
});

test.describe('as staff', () => {
  test('home, logout confirm, detail states and every screen under a barcode', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, '11112222');
    await expectAccessible(page, 'home, staff');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'logout confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    const fresh = await generatedBarcode(page);
    await page.goto(`/demo@1/qrcode/${fresh}`);
    await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
    await expectAccessible(page, 'detail, not activated, staff');
    for (const step of ['type', 'trackpoint', 'origin', 'destination', 'package']) {
      await page.goto(`/demo@1/qrcode/${fresh}/activate/${step}`);
      await expect(page.getByRole('button', { name: /Next|Activate/ }).last()).toBeVisible();
      await expectAccessible(page, `activation step ${step}`);
    }

    const id = await palletWithAlert(page);
    await page.goto(`/demo@1/qrcode/${id}`);
    await expect(page.getByTestId('alerts-current')).toBeVisible();
    await expectAccessible(page, 'detail, activated, with alerts, staff');
    // The confirmations load after the page (detail-actions.tsx); the focus comes back to their button.
    const undo = page.getByRole('button', { name: 'Undo last tracking' });
    await undo.click();
    await expect(page.getByRole('dialog', { name: 'Undo last tracking' })).toBeVisible();
    await expectAccessible(page, 'undo confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(undo).toBeFocused();
    const logger = await activatedOf(page.request, 'logger');
    for (const trackPointKey of ['distributionCentre', 'carrier', 'pharmacy']) {
      const tracked = await page.request.post('/api/barcode/tracking', {
        data: { barcodeId: logger, trackPointKey, forms: { reading: { loggerTemperature: 5 } } },
      });
      expect(tracked.ok(), await tracked.text()).toBe(true);
    }
    await page.goto(`/demo@1/qrcode/${logger}`);
    const recycle = page.getByRole('button', { name: 'Recycle', exact: true });
    await expect(recycle).toBeVisible();
    await expectAccessible(page, 'detail, at its end, staff');
    await recycle.click();
    await expect(page.getByTestId('recycle-plan')).toBeVisible();
    await expectAccessible(page, 'recycle confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(recycle).toBeFocused();
    for (const screen of ['trace', 'children', 'history', 'edit', 'track', 'scanned-barcodes']) {
      await page.goto(`/demo@1/qrcode/${id}/${screen}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${screen}, staff`);
    }
    await page.goto(`/demo@1/qrcode/${id}/track`);
    await page.getByRole('button', { name: 'Add tracking' }).click();
    await expect(page.getByText('This item is required.').first()).toBeVisible();
    await expectAccessible(page, 'track form with validation errors');
    await page.goto('/demo@1/tracking-count');
    await expect(page.getByTestId('tracking-count')).toBeVisible();
    await expectAccessible(page, 'tracking count');
    await page.goto('/demo@1/ghg-report');
    await expect(page.getByTestId('ghg-report-total')).toBeVisible();
    await expectAccessible(page, 'GHG emission report');
    // The outbox, empty (with a refused write: e2e/offline.spec.ts).
    await page.goto('/demo@1/outbox');
    await expect(page.getByText('Nothing waiting to be sent.')).toBeVisible();
    await expectAccessible(page, 'outbox');
  });

  test('the message dialog after a refused login (staff of another enterprise)', async ({ page }) => {
    await page.goto('/demo@1');
    await typeAccessCode(page, '55556666');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByTestId('message-dialog-body')).toBeVisible();
    await expectAccessible(page, 'message dialog');
  });
});

test('home as a client user', async ({ page }) => {
  await login(page, '33334444');
  await expectAccessible(page, 'home, client user');
});

test.describe('parents, children and links (as staff)', () => {
  test('pair, pairkht, unpair, children, link-to, be-linked, linkkht, and the detail and trace of paired and linked barcodes', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await login(page, '11112222');
    const stamp = Date.now() % 1_000_000;
    const pallet = await activatedPallet(page.request);
    const cases = await Promise.all(['A', 'B'].map((s) => activatedOf(page.request, 'case', `AX${stamp}${s}`)));
    const logger = await activatedOf(page.request, 'logger', `AXL${stamp}`);
    const base = `/demo@1/qrcode/${pallet}`;

    // Pair with entries of every kind of verdict (accepted, duplicate, not found, itself).
    await page.goto(`${base}/pair`);
    await page
      .getByRole('textbox', { name: 'Barcode id or code' })
      .fill(`${cases[0]}, ${cases[0]}, NOSUCH${stamp}, ${pallet}`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('scan-entry').filter({ hasText: 'itself' })).toHaveCount(1);
    await expectAccessible(page, 'pair with accepted and refused entries');
    await page.goto(`${base}/pairkht`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pair children (handheld scanner)');
    await expectAccessible(page, 'pairkht, empty');

    const paired = await page.request.post('/api/barcode/pairing', { data: { parentId: pallet, childrenIds: cases } });
    expect(paired.ok(), await paired.text()).toBe(true);
    const linked = await page.request.post('/api/barcode/linking', {
      data: { barcodeId: cases[0], targetIds: [logger] },
    });
    expect(linked.ok(), await linked.text()).toBe(true);

    await page.goto(base);
    await expect(page.getByTestId('children-count')).toBeVisible();
    await expectAccessible(page, 'detail of a parent (Pair, Unpair, Link actions; relations)');
    await page.goto(`${base}/unpair`);
    await page.getByRole('radio', { name: 'Selected children' }).check();
    await page.getByRole('checkbox', { name: `AX${stamp}A` }).check();
    await expect(page.getByTestId('unpair-entry')).toHaveCount(1);
    await expectAccessible(page, 'unpair, selected, with its plan');
    await page.goto(`${base}/children`);
    await expect(page.getByTestId('child-row')).toHaveCount(2);
    await choose(page, 'Total over the children', 'Lot number');
    await expect(page.getByTestId('children-total')).toBeVisible();
    await expectAccessible(page, 'children tree with a total');

    await page.goto(`/demo@1/qrcode/${cases[0]}`);
    await expect(page.getByTestId('link-row')).toBeVisible();
    await expectAccessible(page, 'detail of a paired and linked child');
    await page.goto(`/demo@1/qrcode/${cases[0]}/trace`);
    await expect(page.getByTestId('trace-parents')).toBeVisible();
    await expectAccessible(page, 'trace with parents');
    await page.goto(`${base}/trace`);
    await expect(page.getByTestId('trace-children')).toBeVisible();
    await expectAccessible(page, 'trace with children');
    for (const [screen, heading] of [
      ['link-to', 'Link this barcode to others'],
      ['be-linked', 'Link others to this barcode'],
      ['linkkht', 'Link to barcodes (handheld scanner)'],
    ]) {
      await page.goto(`/demo@1/qrcode/${cases[1]}/${screen}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
      await expectAccessible(page, screen!);
    }
  });
});

test.describe('bulk screens and stock (as staff)', () => {
  test('bulk tracking and skip (and -kht), bulk recycle, stock in and out, the detail page in stock, the tracking count with steps', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await login(page, '11112222');
    const stamp = Date.now() % 1_000_000;
    const pallet = await activatedPallet(page.request);
    const base = `/demo@1/qrcode/${pallet}`;
    // A list with a ready entry and refused ones (duplicate, not found).
    await page.goto(`${base}/bulk-tracking`);
    await page.getByRole('textbox', { name: 'Barcode id or code' }).fill(`${pallet}, NOSUCH${stamp}`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('scan-entry').filter({ hasText: 'Barcode not found' })).toHaveCount(1);
    await expect(page.getByTestId('scan-entry').filter({ hasText: 'already in the list' })).toHaveCount(1);
    await expectAccessible(page, 'bulk tracking with ready and refused entries');
    for (const [screen, heading] of [
      ['bulk-tracking-kht', 'Bulk tracking (handheld scanner)'],
      ['bulk-skip-tracking', 'Bulk skip'],
      ['bulk-skip-tracking-kht', 'Bulk skip (handheld scanner)'],
      ['bulk-recycle', 'Bulk recycle'],
      ['stock-in', 'Stock in'],
    ]) {
      await page.goto(`${base}/${screen}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
      await expect(page.getByTestId('scan-entry').first().getByTestId('verdict')).toBeVisible();
      await expectAccessible(page, screen!);
    }
    const stocked = await page.request.post('/api/location/location-tracking', {
      data: { barcodeId: pallet, trackPointKey: 'manufacturer', type: 'in', locationId: await plantBin(page, pallet) },
    });
    expect(stocked.ok(), await stocked.text()).toBe(true);
    await page.goto(base);
    await expect(page.getByTestId('stock-section')).toBeVisible();
    await expectAccessible(page, 'detail in stock');
    await page.goto(`${base}/stock-out`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock out');
    await expectAccessible(page, 'stock-out');
    await page.goto('/demo@1/tracking-count');
    await expect(page.getByRole('heading', { name: 'Your tracking steps' })).toBeVisible();
    await expectAccessible(page, 'tracking count with the steps list');
  });
});

/** The demo's stock-in bin at the manufacturer, as the available-locations call names it. */
async function plantBin(page: Page, barcodeId: string): Promise<string> {
  const project = await page.request.get('/api/barcode/project?code=demo');
  const projectId = ((await project.json()).data as { id: string }).id;
  const res = await page.request.get(
    `/api/location/available-locations?projectId=${projectId}&barcodeId=${barcodeId}&trackPointKey=manufacturer&action=in`,
  );
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()).data as { id: string }[])[0]!.id;
}

test("search, barcode list and a client user's product picker", async ({ page }) => {
  test.setTimeout(90_000);
  await visitFindScreens(page, (screen) => expectAccessible(page, screen));
});

test('the custom page, the label sheet, the printable label and the activity chart', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/demo@1/html');
  await expect(page.getByRole('heading', { name: 'About this shipment' })).toBeVisible();
  await expectAccessible(page, 'custom page');
  await login(page, '11112222');
  await page.goto('/demo@1/labels');
  await page.getByRole('button', { name: 'Generate 24 barcodes' }).click();
  await expect(page.getByTestId('label-sheet-status')).toHaveText('24 labels on 1 A4 page, ready to print.');
  await expectAccessible(page, 'label sheet');
  await page.goto(`/demo@1/qrcode/${await activatedPallet(page.request)}`);
  await page.getByRole('button', { name: 'Show printable label' }).click();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expectAccessible(page, 'detail with its printable label');
  await page.goto('/demo@1/activity');
  await expect(page.getByTestId('activity-chart')).toBeVisible();
  await expectAccessible(page, 'activity');
});

test("ledger and EPCIS: the history's check, the seal dialog, a sealed history, the EPCIS download", async ({
  page,
}) => {
  await visitLedgerScreens(page, (screen) => expectAccessible(page, screen));
});

test('recall: the start form, a trace with its downloads, failures offline, nothing found, refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await visitRecallScreens(page, (screen) => expectAccessible(page, screen));
});

test('the admin area: login, users, a user, the access-code dialog, projects, audit log', async ({ page }) => {
  test.setTimeout(240_000);
  await visitAdminScreens(page, await adminServer(), (screen) => expectAccessible(page, screen));
});
