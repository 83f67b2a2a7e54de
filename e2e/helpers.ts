import { expect, type Page } from '@playwright/test';
import { startGroup } from '../scripts/process-group';

/** Types an 8-digit access code into the two 4-digit fields (auto-advance moves to the second). */
export async function typeAccessCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Access code, first 4 digits').click();
  await page.keyboard.type(code.replace('-', ''));
}

/** Logs in on `/demo@1` (or another project) and waits for the logged-in home. */
export async function login(page: Page, code: string, project = '/demo@1'): Promise<void> {
  await page.goto(project);
  await typeAccessCode(page, code);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
}

/**
 * Picks an option of a select field. Opened from the keyboard: in Chromium's phone emulation a
 * tap on a read-only input scrolls the page (virtual-keyboard heuristics); from the keyboard the
 * dropdown opens where the field is.
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Draws a stroke on the open signature pad, confirms it with OK and waits for the pad to go: until
 * then the pad (an image named "Signature pad: ...") would answer a look for the field's signature
 * image, whose upload has not even started.
 */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: /Signature pad/ });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + 60, { steps: 8 });
  await page.mouse.move(box.x + 260, box.y + 160, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(pad).toHaveCount(0);
}

/** Logs out through the header (confirming) and waits for the login form. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
}

/**
 * Starts one more real server (own port, in-memory database, given environment) in a process group
 * of its own for a test that needs its own settings; resolves when it answers. Returns a stop
 * function, which resolves once nothing of the server's group is left.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<() => Promise<void>> {
  const server = startGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let up = false;
  for (let i = 0; i < 120 && server.child.exitCode === null && !up; i += 1) {
    try {
      up = (await fetch(`http://127.0.0.1:${port}/api/barcode/project?code=demo`)).ok;
    } catch {
      // not listening yet
    }
    if (!up) await new Promise((r) => setTimeout(r, 250));
  }
  // A browser may hold keep-alive connections the server waits for: give it 3 s, then kill.
  const stop = async () => {
    await server.stop({ graceMs: 3000 });
  };
  if (!up) {
    await stop();
    throw new Error(`server on port ${port} did not start:\n${server.stderr()}`);
  }
  return stop;
}

/**
 * The package step of a new case's activation (its Lot number field has the barcode reader):
 * from the logged-in home, generate a barcode, pick the Vaccine case type, and go straight to
 * the package step (the draft keeps the type; the address steps need not be seen).
 */
export async function newCasePackageStep(page: Page) {
  await page.getByRole('button', { name: 'Generate new barcode' }).click();
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByText('Vaccine case', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activate\/trackpoint$/);
  await page.goto(page.url().replace(/\/trackpoint$/, '/package'));
}

/**
 * In the open scanner dialog: turns bulk mode on and starts from an empty value box (on a busy
 * machine the camera may read a code before bulk mode is on: that read is the box's value as in
 * single mode; the box is editable). Returns the dialog, its value box and the question each
 * bulk read asks ('Add this code to the scanned values?').
 */
export async function startBulkScan(page: Page) {
  const scanner = page.getByRole('dialog', { name: 'Scan barcode' });
  await scanner.getByRole('switch', { name: 'Bulk scan' }).click();
  await expect(scanner.getByRole('switch', { name: 'Bulk scan' })).toBeChecked();
  const value = scanner.getByRole('textbox', { name: 'Scanned value' });
  await value.fill('');
  const asked = scanner.getByRole('alert').filter({ hasText: 'Add this code to the scanned values?' });
  return { scanner, value, asked };
}
