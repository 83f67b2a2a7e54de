import { expect, test, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { login } from './helpers';

/*
 * Scan feedback in the running app: a keyboard-wedge read beeps (a generated tone) and vibrates, a
 * refused code gives its own tone and vibration, and a channel turned off in the home page's 'Scan
 * feedback' settings stays silent. The page's navigator.vibrate and the oscillators it starts are
 * recorded (headless Chromium has neither a motor nor a speaker).
 */
declare global {
  interface Window {
    feedbackLog: { vibrations: number[][]; tones: number[] };
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.feedbackLog = { vibrations: [], tones: [] };
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: number[]) => window.feedbackLog.vibrations.push([...pattern]) > 0,
    });
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      window.feedbackLog.tones.push(this.frequency.value);
      return start.call(this, when);
    };
  });
});

/**
 * A handheld terminal's trigger: the code's keys, then Enter, within a millisecond of each other.
 * Dispatched in the page: keys sent one by one from the test can arrive more than the detector's
 * 50 ms apart on a busy machine and then read as typing.
 */
async function pullTrigger(page: Page, code: string) {
  await page.evaluate((text) => {
    for (const key of [...text, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

const log = (page: Page) => page.evaluate(() => window.feedbackLog);

test('a read beeps and vibrates; a channel turned off on the device stays silent', async ({ page }) => {
  await login(page, '11112222');
  const id = await activatedPallet(page.request);
  await pullTrigger(page, `https://labels.example.com/demo@1/qrcode/${id}`);
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${id}$`));
  expect(await log(page)).toEqual({ vibrations: [[60]], tones: [1760] });

  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Scan feedback' }).click();
  await page.getByRole('switch', { name: 'Vibrate' }).click();
  await expect(page.getByRole('switch', { name: 'Vibrate' })).not.toBeChecked();
  // Another barcode: the same code again within 2 s is one read (the scanner's redundancy timeout).
  const other = await activatedPallet(page.request);
  await pullTrigger(page, `https://labels.example.com/demo@1/qrcode/${other}`);
  await expect(page).toHaveURL(new RegExp(`/demo@1/qrcode/${other}$`));
  // A beep more, no vibration more.
  expect(await log(page)).toEqual({ vibrations: [[60]], tones: [1760, 1760] });
});

test('a code the user may not turn into a barcode is refused with its own tone and vibration', async ({ page }) => {
  // 7777-8888: staff without the generate-barcode permission.
  await login(page, '77778888');
  await pullTrigger(page, `UNKNOWN-${Date.now()}`);
  await expect(page.getByTestId('message-dialog-body')).toBeVisible();
  expect(await log(page)).toEqual({ vibrations: [[60], [250]], tones: [1760, 220] });
});
