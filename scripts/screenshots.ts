/**
 * The two pictures README.md shows, taken from the app itself so they show the product as it is: a
 * staff member's phone on an activated pallet, and the admin area's form builder. Run after a build:
 *
 *   npm run build && npm run docs:screenshots
 *
 * It runs the built server on a data folder of its own (with a first admin created the way an
 * operator does, `npm run admin -- create-admin`), drives Debian's Chromium, writes
 * docs/images/phone.png and docs/images/admin-builder.png, and ends the server and removes the
 * folder however it ends.
 */
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';
import { activatedPallet } from '../e2e/barcode-api.ts';
import { choose, login } from '../e2e/helpers.ts';
import { runInGroup, startGroup, type GroupProcess } from './process-group.ts';

const OUT = 'docs/images';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The first admin of the demo enterprise, as `npm run admin -- create-admin` prints it. */
async function createAdmin(env: NodeJS.ProcessEnv): Promise<{ login: string; password: string }> {
  const args = [
    'run',
    '--silent',
    'admin',
    '--',
    'create-admin',
    '--enterprise',
    'FrostLine Pharma',
    '--name',
    'Aiko Mori',
  ];
  const { code, stdout, output } = await runInGroup('npm', args, { env, timeoutMs: 180_000 });
  const login = /login:\s+(\S+)/.exec(stdout)?.[1];
  const password = /password:\s+(\S+)/.exec(stdout)?.[1];
  if (code !== 0 || !login || !password) throw new Error(`create-admin failed:\n${output}`);
  return { login, password };
}

async function serverReady(base: string, server: GroupProcess): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${server.output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not get ready:\n${server.output()}`);
}

/** A staff phone on the detail page of a pallet activated at the manufacturer. */
async function phone(browser: Browser, base: string): Promise<void> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await login(page, '11112222');
  const pallet = await activatedPallet(page.request);
  await page.goto(`/demo@1/qrcode/${pallet}`);
  await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).waitFor();
  await page.screenshot({ path: join(OUT, 'phone.png') });
  await context.close();
}

/** The admin area's form builder on a draft of demo@1, a field being added to the pallet's receiving form. */
async function builder(browser: Browser, base: string, admin: { login: string; password: string }): Promise<void> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Login name').fill(admin.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
  await page.getByRole('link', { name: 'Configuration' }).click();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await page.getByRole('button', { name: /^Open a draft from revision/ }).click();
  const form = page.getByRole('region', { name: 'Form builder' });
  await form.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'pallet: distributionCentre/receiving' });
  const add = page.getByRole('region', { name: 'Add a field' });
  await add.getByRole('textbox', { name: 'Key (letters, digits, _)' }).fill('sealNumber');
  await choose(page, 'Field type', 'text');
  await add.getByRole('textbox', { name: 'Label in English' }).fill('Seal number');
  await add.getByRole('textbox', { name: 'Label in Japanese' }).fill('封印番号');
  await add.getByRole('textbox', { name: 'Label in Traditional Chinese' }).fill('封條號碼');
  await add.getByRole('textbox', { name: 'Label in Simplified Chinese' }).fill('封条号码');
  await choose(page, 'Required', 'Required');
  await form.screenshot({ path: join(OUT, 'admin-builder.png') });
  await context.close();
}

const folder = mkdtempSync(join(tmpdir(), 'sb-screenshots-'));
let server: GroupProcess | undefined;
let browser: Browser | undefined;
try {
  mkdirSync(OUT, { recursive: true });
  const env = { ...process.env, DATA_DIR: folder, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  const admin = await createAdmin(env);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = startGroup(process.execPath, ['dist-server/main.js'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await serverReady(base, server);
  browser = await chromium.launch(CHROMIUM);
  await phone(browser, base);
  await builder(browser, base, admin);
  console.log(`written: ${join(OUT, 'phone.png')}, ${join(OUT, 'admin-builder.png')}`);
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
}
