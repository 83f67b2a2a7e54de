/**
 * The two pictures README.md shows, taken from the app itself so they show the product as it is: a
 * staff member's phone on an activated pallet, and the admin area's form builder. Run after a build:
 *
 *   npm run build && npm run docs:screenshots
 *
 * It uses the end-to-end tests' admin server (a data folder of its own, admins created with
 * `npm run admin -- create-admin`, the server serving the built client), drives Debian's Chromium,
 * writes docs/images/phone.png and docs/images/admin-builder.png, and ends the server and removes
 * the folder however it ends.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';
import { adminLogin, adminServer, type AdminServer } from '../e2e/admin-server.ts';
import { activatedPallet } from '../e2e/barcode-api.ts';
import { choose, login } from '../e2e/helpers.ts';
import { stopGroups } from './process-group.ts';

const OUT = 'docs/images';

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
async function builder(browser: Browser, server: AdminServer): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await adminLogin(page, server);
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

let browser: Browser | undefined;
try {
  mkdirSync(OUT, { recursive: true });
  const server = await adminServer();
  browser = await chromium.launch(CHROMIUM);
  await phone(browser, server.base);
  await builder(browser, server);
  console.log(`written: ${join(OUT, 'phone.png')}, ${join(OUT, 'admin-builder.png')}`);
} finally {
  await browser?.close();
  // The admin server's folder goes when this process exits, once its group is gone.
  await stopGroups();
}
