import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { activatedPallet } from './barcode-api';
import { choose, login, startServer } from './helpers';

/**
 * Issue 19, "Done when": admins created from the command line change a form without a release.
 * Its own server on a data folder (the command line writes to it before the server starts).
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 8181) + 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let dataDir: string;
let stop: () => Promise<void>;
const admins: Record<string, { login: string; password: string }> = {};

function createAdmin(name: string) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'server/ops/admin-cli.ts', 'create-admin', '--enterprise', 'FrostLine Pharma', '--name', name], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8',
  });
  return { login: /login:\s+(\S+)/.exec(output)![1]!, password: /password:\s+(\S+)/.exec(output)![1]! };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-admin-config-'));
  admins.aiko = createAdmin('Aiko Mori');
  admins.pat = createAdmin('Pat Lee');
  stop = await startServer(PORT, { DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function adminLogin(page: Page, who: { login: string; password: string }) {
  await page.goto(`${ORIGIN}/admin`);
  await page.getByLabel('Login name').fill(who.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
}

const history = async (request: APIRequestContext, id: string) => (await (await request.get(`${ORIGIN}/api/barcode/history?id=${id}&skip=0&count=50`)).json()).data;

async function newPhone(browser: Browser) {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  return context.newPage();
}

test('an admin adds a required field in a draft, previews, tests and publishes it in place; an open phone form gets it; roll back restores the form', async ({ browser }) => {
  test.setTimeout(180_000);
  // A staff phone with the distribution centre's form open, something typed.
  const phone = await newPhone(browser);
  await login(phone, '1111-2222', `${ORIGIN}/demo@1`);
  const pallet = await activatedPallet(phone.request);
  const storedBefore = await history(phone.request, pallet);
  await phone.goto(`${ORIGIN}/demo@1/qrcode/${pallet}`);
  await phone.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await phone.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(phone, 'Cold chain intact', 'Yes');

  // The admin builds the new field in a draft of demo@1.
  const admin = await newPhone(browser);
  await adminLogin(admin, admins.aiko!);
  await admin.getByRole('link', { name: 'Configuration' }).click();
  await admin.getByRole('button', { name: 'Open', exact: true }).click();
  await admin.getByRole('button', { name: 'Open a draft from revision 1' }).click();
  const builder = admin.getByRole('region', { name: 'Form builder' });
  await builder.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'pallet: distributionCentre/receiving' });
  const add = admin.getByRole('region', { name: 'Add a field' });
  await add.getByRole('textbox', { name: 'Key (letters, digits, _)' }).fill('arrivalTemperature');
  await choose(admin, 'Field type', 'number');
  await add.getByRole('textbox', { name: 'Label in English' }).fill('Temperature at arrival (C)');
  await add.getByRole('textbox', { name: 'Label in Japanese' }).fill('到着時温度（℃）');
  await add.getByRole('textbox', { name: 'Label in Traditional Chinese' }).fill('到達溫度（℃）');
  await add.getByRole('textbox', { name: 'Label in Simplified Chinese' }).fill('到达温度（℃）');
  await choose(admin, 'Required', 'Required');
  await add.getByRole('button', { name: 'Add the field' }).click();
  await expect(builder.getByText('Temperature at arrival (C)')).toBeVisible();
  await admin.getByRole('button', { name: 'Save the draft' }).click();
  await expect(admin.getByText('Draft saved.')).toBeVisible();
  await expect(admin.getByText('The QA check passes: every form compiles.')).toBeVisible();

  // Preview in Japanese, then a test tracking (kept apart from real data).
  const preview = admin.getByRole('region', { name: 'Preview' });
  await preview.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'pallet: distributionCentre/receiving' });
  await preview.getByRole('combobox', { name: 'Language' }).selectOption('ja');
  await expect(preview.getByTestId('phone-frame')).toHaveAttribute('lang', 'ja');
  await expect(preview.getByTestId('phone-frame').getByText('到着時温度（℃）')).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await expect(preview.getByTestId('phone-frame')).toHaveAttribute('lang', 'en');
  await preview.getByTestId('phone-frame').getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(admin, 'Cold chain intact', 'Yes');
  await preview.getByTestId('phone-frame').getByRole('textbox', { name: 'Temperature at arrival (C)' }).fill('4');
  await preview.getByRole('button', { name: 'Make a test entry' }).click();
  await expect(admin.getByTestId('config-test-result')).toBeVisible();

  // The compatibility report names the field; publish in place.
  await admin.getByRole('button', { name: 'Check compatibility' }).click();
  await expect(admin.getByTestId('config-report')).toContainText("Field 'arrivalTemperature' (number) added to form 'receiving'");
  await admin.getByRole('textbox', { name: 'Note' }).fill('Arrival temperature');
  await admin.getByRole('button', { name: 'Publish in place' }).click();
  await expect(admin.getByText('Published demo@1, revision 2.')).toBeVisible();

  // The phone's next request: the server refuses the step without the field, and the form shows it, keeping what was typed.
  await phone.getByRole('button', { name: 'Add tracking', exact: true }).click();
  await expect(phone.getByRole('textbox', { name: 'Temperature at arrival (C)' })).toBeVisible();
  await expect(phone.getByRole('textbox', { name: 'Temperature on arrival' })).toHaveValue('5');
  expect(await history(phone.request, pallet)).toEqual(storedBefore);

  // The history says what changed, in words; roll back restores the earlier form.
  await admin.getByRole('button', { name: 'Changes from the revision before' }).click();
  await expect(admin.getByTestId('config-revision').first().getByTestId('config-report')).toContainText('arrivalTemperature');
  await admin.getByRole('button', { name: 'Roll back to this revision' }).click();
  await expect(admin.getByText('Rolled back: demo@1, revision 3.')).toBeVisible();
  const project = await (await phone.request.get(`${ORIGIN}/api/barcode/project?code=demo&version=1`)).json();
  expect(JSON.stringify(project.data.barcodeTypes.pallet)).not.toContain('arrivalTemperature');
});

test('refusals: number -> date on a field with values, two admins saving one draft, staff on an admin route; every step audited', async ({ browser }) => {
  const phone = await newPhone(browser);
  await login(phone, '1111-2222', `${ORIGIN}/demo@1`);
  const pallet = await activatedPallet(phone.request);
  const tracked = await phone.request.post(`${ORIGIN}/api/barcode/tracking`, { data: { barcodeId: pallet, trackPointKey: 'distributionCentre', forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } } } });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  expect((await phone.request.get(`${ORIGIN}/api/admin/config/demo/1`)).status()).toBe(403);

  const [aiko, pat] = [await newPhone(browser), await newPhone(browser)];
  await adminLogin(aiko, admins.aiko!);
  await adminLogin(pat, admins.pat!);
  const base = `${ORIGIN}/api/admin/config/demo/1`;
  const draft = (await (await aiko.request.post(`${base}/draft`, { data: {} })).json()).data;
  const receiving = draft.config.barcodeTypes.pallet.trackPoints.find((p: { key: string }) => p.key === 'distributionCentre').trackPointForms[0];
  const field = receiving.customFields.find((f: { key: string }) => f.key === 'receivedTemperature');
  receiving.customFields[receiving.customFields.indexOf(field)] = { key: 'receivedTemperature', type: 'date', label: field.label };
  const ifMatch = { 'if-match': `"${draft.etag}"` };
  expect((await aiko.request.put(`${base}/draft`, { data: { config: draft.config }, headers: ifMatch })).status()).toBe(200);
  const stale = await pat.request.put(`${base}/draft`, { data: { config: draft.config }, headers: ifMatch });
  expect(stale.status()).toBe(412);
  expect(await stale.json()).toMatchObject({ errors: { $common: [3097] }, savedBy: 'Aiko Mori' });

  const refused = await aiko.request.post(`${base}/draft/publish`, { data: { mode: 'newVersion' }, headers: { 'if-match': `"${draft.etag + 1}"` } });
  expect(refused.status()).toBe(409);
  expect(JSON.stringify(await refused.json())).toContain('changed type from number to date. Stored records affected: 1; their values cannot be read as the new type');

  const log = (await (await aiko.request.get(`${ORIGIN}/api/admin/audit-log?projectCode=demo&count=100`)).json()).data.items as { action: string }[];
  for (const action of ['draft.create', 'draft.save', 'draft.test', 'project.publish', 'project.rollback']) expect(log.map((e) => e.action)).toContain(action);
});
