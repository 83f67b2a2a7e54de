import { expect, test, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { login } from './helpers';
import { adminServer, visitAdminScreens } from './admin-server';
import { visitFindScreens, visitLedgerScreens, visitRecallScreens } from './screen-walks';

/*
 * WCAG 1.4.4 and 1.4.10: with text at 200 % on a 390 px wide phone, no screen scrolls sideways and
 * no label is cut. Text size is the browser's font-size setting (the root font size doubled, as
 * Chrome's 'Text scaling' and Firefox's 'Text only' zoom do): everything sized in rem grows, the
 * viewport stays 390 px.
 */
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = 'html { font-size: 200% !important; }';
    // The document the init script sees is replaced when the page's HTML is parsed: add it then.
    document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style));
  });
});

interface Problems {
  /** document.scrollingElement's scrollWidth beyond its clientWidth (px). */
  horizontalScroll: number;
  /** Labels (buttons, links, form labels, headings, tabs) whose text does not fit where it is drawn. */
  cut: string[];
  /** Elements reaching past the right edge (only when the page scrolls sideways). */
  beyond: string[];
}

/** What is wrong with the current screen at this text size. */
function problems(page: Page): Promise<Problems> {
  return page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    const labels = document.querySelectorAll<HTMLElement>(
      'button, a, label, legend, h1, h2, h3, h4, [role="tab"], [role="radio"], [role="option"], th',
    );
    const cut: string[] = [];
    for (const label of labels) {
      if (!label.checkVisibility() || label.closest('[aria-hidden="true"]')) continue;
      const clipped = [label, ...label.querySelectorAll<HTMLElement>('*')].some((el) => {
        const style = getComputedStyle(el);
        if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) return true;
        // Text wider than a box that hides or scrolls what overflows it.
        return (
          el.scrollWidth > el.clientWidth + 1 &&
          style.overflowX !== 'visible' &&
          el.clientWidth > 0 &&
          (el.textContent ?? '').trim() !== ''
        );
      });
      if (clipped) cut.push(`<${label.tagName.toLowerCase()}> ${(label.textContent ?? '').trim().slice(0, 60)}`);
    }
    const horizontalScroll = Math.max(0, root.scrollWidth - root.clientWidth);
    // What reaches past the right edge (the last five in document order): names the culprit.
    const beyond =
      horizontalScroll === 0
        ? []
        : [...document.body.querySelectorAll<HTMLElement>('*')]
            .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
            .slice(-5)
            .map(
              (el) =>
                `<${el.tagName.toLowerCase()} class="${String(el.className)}" right=${el.getBoundingClientRect().right.toFixed(0)}> ${(el.textContent ?? '').trim().slice(0, 40)}`,
            );
    if (horizontalScroll > 0) {
      // A word too long for its box spills out of it without moving the box: find the text too.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const right = range.getBoundingClientRect().right;
        if (right > root.clientWidth + 1)
          beyond.push(`text "${(node.textContent ?? '').trim().slice(0, 40)}" right=${right.toFixed(0)}`);
      }
    }
    return { horizontalScroll, cut, beyond };
  });
}

async function expectReflows(page: Page, screen: string): Promise<void> {
  // Fonts and late layout settle: one more frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // The text really is at 200 % (16 px -> 32 px), and the page is 390 px wide.
  expect(
    await page.evaluate(() => [
      getComputedStyle(document.documentElement).fontSize,
      document.scrollingElement?.clientWidth,
    ]),
  ).toEqual(['32px', 390]);
  const found = await problems(page);
  // Soft: one run names every screen that fails, not only the first.
  expect.soft(found, `${screen} at 200 % text, 390 px wide`).toEqual({ horizontalScroll: 0, cut: [], beyond: [] });
}

test('visitor screens: login, register, secure login, 404, playground', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/demo@1');
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectReflows(page, 'login');
  await page.goto('/demo@1/register');
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await expectReflows(page, 'register');
  await page.goto('/secure@1');
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();
  await expectReflows(page, 'secure login');
  await page.goto('/demo@1/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expectReflows(page, '404');
  await page.goto('/playground');
  await expect(page.getByText('The configuration is valid.')).toBeVisible();
  await expectReflows(page, 'playground');
});

test('staff screens: home, scanner, detail, every screen under a barcode, activation steps, tracking count', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  await expectReflows(page, 'home, staff');
  await page.getByRole('button', { name: 'Scan feedback' }).click();
  await expect(page.getByRole('switch', { name: 'Beep' })).toBeVisible();
  await expectReflows(page, 'home, scan feedback settings open');

  await page.goto('/demo@1/scan');
  await expect(page.getByRole('textbox', { name: 'Scanned value' })).toBeVisible();
  await expectReflows(page, 'scanner');

  const id = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${id}`);
  await expect(page.getByTestId('barcode-state')).toHaveText('Activated');
  await expectReflows(page, 'detail, activated');
  for (const screen of ['trace', 'children', 'history', 'edit', 'track', 'scanned-barcodes']) {
    await page.goto(`/demo@1/qrcode/${id}/${screen}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectReflows(page, screen);
  }
  // The bulk screens: each lists the barcode it was opened from, with its verdict.
  for (const screen of [
    'bulk-tracking',
    'bulk-tracking-kht',
    'bulk-skip-tracking',
    'bulk-skip-tracking-kht',
    'bulk-recycle',
    'stock-in',
  ]) {
    await page.goto(`/demo@1/qrcode/${id}/${screen}`);
    await expect(page.getByTestId('scan-entry').first().getByTestId('verdict')).toBeVisible();
    await expectReflows(page, screen);
  }
  await page.goto(`/demo@1/qrcode/${id}/track`);
  await page.getByRole('button', { name: 'Add tracking' }).click();
  await expect(page.getByText('This item is required.').first()).toBeVisible();
  await expectReflows(page, 'track form with validation errors');
  await page.goto('/demo@1/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expectReflows(page, 'outbox');

  const generated = await page.request.post('/api/barcode/barcode', {
    data: { projectCode: 'demo', projectVersion: 1 },
  });
  const fresh = ((await generated.json()).data as { id: string }).id;
  await page.goto(`/demo@1/qrcode/${fresh}`);
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
  await expectReflows(page, 'detail, not activated');
  for (const step of ['type', 'trackpoint', 'origin', 'destination', 'package']) {
    await page.goto(`/demo@1/qrcode/${fresh}/activate/${step}`);
    await expect(page.getByRole('button', { name: /Next|Activate/ }).last()).toBeVisible();
    await expectReflows(page, `activation step ${step}`);
  }
  await page.goto('/demo@1/tracking-count');
  await expect(page.getByTestId('tracking-count')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your tracking steps' })).toBeVisible();
  await expectReflows(page, 'tracking count');
  await page.goto('/demo@1/ghg-report');
  await expect(page.getByTestId('ghg-report-total')).toBeVisible();
  await expectReflows(page, 'GHG emission report');
});

test('search, barcode list and the product picker', async ({ page }) => {
  test.setTimeout(90_000);
  await visitFindScreens(page, (screen) => expectReflows(page, screen));
});

test('custom page, label sheet, activity', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/demo@1/html');
  await expect(page.getByRole('heading', { name: 'About this shipment' })).toBeVisible();
  await expectReflows(page, 'custom page');
  await login(page, '11112222');
  await page.goto('/demo@1/labels');
  await expect(page.getByRole('button', { name: 'Generate 24 barcodes' })).toBeVisible();
  await expectReflows(page, 'label sheet');
  await page.goto('/demo@1/activity');
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expect(page.getByTestId('activity-total-generated')).toBeVisible();
  await expectReflows(page, 'activity');
});

test("ledger: the history's check, the seal dialog, a sealed history and the EPCIS download", async ({ page }) => {
  await visitLedgerScreens(page, (screen) => expectReflows(page, screen));
});

test('recall: the start form, a trace with its downloads, failures offline, nothing found, refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await visitRecallScreens(page, (screen) => expectReflows(page, screen));
});

test('the admin area: login, users, a user, the access-code dialog, projects, audit log', async ({ page }) => {
  test.setTimeout(240_000);
  await visitAdminScreens(page, await adminServer(), (screen) => expectReflows(page, screen));
});
