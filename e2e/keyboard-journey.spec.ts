import { expect, test, type Locator, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';

/**
 * The whole job without a pointer. Only Tab / Shift+Tab, Enter, Space, arrows and typed text; every
 * stop the keyboard makes must show where it is (an outline or a ring, checked in the computed
 * style of the focused element), and Tab must always get out of what it entered (no keyboard trap
 * outside a dialog; a dialog keeps the focus inside until it is closed).
 */

interface FocusInfo {
  tag: string;
  name: string;
  /** A visible focus indicator: outline of 1 px or more, or a box shadow ring. */
  visible: boolean;
  style: string;
}

/** The focused element, and whether the browser draws a focus indicator around it. */
function focused(page: Page): Promise<FocusInfo | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) >= 1 &&
      !/rgba\(.*,\s*0\)$/.test(style.outlineColor);
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      tag: element.tagName.toLowerCase(),
      name,
      visible: outline || ring,
      style: `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`,
    };
  });
}

/**
 * Presses Tab until `target` has the focus (at most `max` presses), checking that every element
 * the focus stops on shows it. Fails naming the element without a visible focus, or when the
 * target is never reached (a trap, or not focusable).
 */
async function tabTo(page: Page, target: Locator, { max = 30, backwards = false } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const info = await focused(page);
    if (info) expect(info.visible, `no visible focus on <${info.tag}> "${info.name}" (${info.style})`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`${target} not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * No keyboard trap: Tab from the current element goes through the page and comes back to it
 * (the browser passes through its own UI or the document between the last and the first stop).
 */
async function expectTabCycles(page: Page, max = 80): Promise<void> {
  // With nothing focused (the element that had the focus is gone), or the focus on an element
  // outside the Tab order (a title focused by script), start from the next stop.
  if (
    await page.evaluate(
      () =>
        !document.activeElement ||
        document.activeElement === document.body ||
        (document.activeElement as HTMLElement).tabIndex < 0,
    )
  )
    await page.keyboard.press('Tab');
  const start = await page.evaluateHandle(() => document.activeElement);
  const seen = new Set<string>();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    seen.add(
      await page.evaluate(
        () => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.slice(0, 30)}`,
      ),
    );
    if (await page.evaluate((el) => el === document.activeElement, start)) {
      expect(seen.size).toBeGreaterThan(1);
      return;
    }
  }
  throw new Error(`Tab did not come back to where it started within ${max} presses (trap?): ${[...seen].join(' | ')}`);
}

test('login, scan by typing, track and undo with the keyboard only, focus visible at every stop', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/demo@1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Login: the two access-code fields, then Enter submits.
  await tabTo(page, page.getByLabel('Access code, first 4 digits'));
  await expectTabCycles(page);
  await page.keyboard.type('11112222');
  await expect(page.getByLabel('Access code, last 4 digits')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('staff-name')).toBeVisible();

  // A barcode to find (activated through the API: this journey is about the phone's screens).
  const id = await activatedPallet(page.request);

  // Scan by typing: the scanner's value box takes the code the label carries, OK opens it.
  const scanButton = page.getByRole('button', { name: 'Scan barcode' });
  await tabTo(page, scanButton);
  await page.keyboard.press('Enter');
  const value = page.getByRole('textbox', { name: 'Scanned value' });
  await tabTo(page, value, { max: 40 });
  await page.keyboard.type(`${new URL(page.url()).origin}/demo@1/qrcode/${id}`);
  await tabTo(page, page.getByRole('button', { name: 'OK' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');

  // The tracking form: open it, fill it (a number typed, a select with the arrows), submit with Enter.
  const addTracking = page.getByRole('button', { name: 'Add tracking: Distribution centre' });
  await tabTo(page, addTracking, { max: 40 });
  await expectTabCycles(page);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('track-point')).toHaveText('Distribution centre');
  await tabTo(page, page.getByRole('textbox', { name: 'Temperature on arrival' }), { max: 40 });
  await page.keyboard.type('5');
  await tabTo(page, page.getByRole('combobox', { name: 'Cold chain intact' }), { max: 10 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Yes', exact: true })).toBeVisible();
  // The arrows go on until "Yes" is marked ("No" would ask why the cold chain broke: another
  // journey); on a busy machine the mark can trail the key press. Enter picks it.
  const marked = page.locator('[role="option"][data-combobox-selected]');
  await expect(async () => {
    if ((await marked.count()) !== 1 || (await marked.textContent()) !== 'Yes') await page.keyboard.press('ArrowDown');
    await expect(marked).toHaveText('Yes', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Cold chain intact' })).toHaveValue('Yes');
  await expectTabCycles(page);
  await tabTo(page, page.getByRole('button', { name: 'Add tracking' }), { max: 20 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('current-trackpoint')).toContainText('Distribution centre');

  // Undo: the confirmation dialog takes the focus and keeps it until answered; Space confirms.
  const undo = page.getByRole('button', { name: 'Undo last tracking' });
  await tabTo(page, undo, { max: 40 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const confirm = dialog.getByRole('button', { name: 'Undo last tracking' });
  await tabTo(page, confirm, { max: 6 });
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await tabTo(page, confirm, { max: 6 });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
  // Undo is gone with the step it took back: the focus lands on the barcode's title, not the page body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // Back on the page, the keyboard is not stuck anywhere.
  await expectTabCycles(page);
});
