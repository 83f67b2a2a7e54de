import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { adminLogin, adminServer, type AdminServer } from './admin-server';
import { activatedPallet } from './barcode-api';
import { choose, login } from './helpers';

/*
 * Configuring a project in the admin area, as a new admin works: admins created on the command
 * line (adminServer) give a new user the demo project, add a required field to a trackpoint form
 * through the builder, preview it, make a test tracking, publish in place while a staff phone has
 * that form open, read the diff, roll back, and find every step in the audit log; then the
 * refusals.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
// A step that cannot happen fails on its own line, not at the test's end.
test.use({ actionTimeout: 20_000 });

const FORM = 'pallet: distributionCentre/receiving';
const HUMIDITY = {
  en: 'Humidity at arrival (%)',
  ja: '到着時湿度（%）',
  'zh-TW': '到達濕度（%）',
  'zh-CN': '到达湿度（%）',
};
const LABELS = {
  en: 'Temperature at arrival (C)',
  ja: '到着時温度（℃）',
  'zh-TW': '到達溫度（℃）',
  'zh-CN': '到达温度（℃）',
};

const historyOf = async (request: APIRequestContext, base: string, id: string) =>
  (await (await request.get(`${base}/api/barcode/history?id=${id}&skip=0&count=50`)).json()).data;

/** A phone-sized page of its own (its own cookies): a second person. */
async function phone(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  return context.newPage();
}

/** The configuration screen of demo@1 with its draft (opened from the revision in service when there is none). */
async function openDraft(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Configuration' }).click();
  // The screen offers the first project the admin manages: demo@1 is asked for by name.
  await page.getByRole('textbox', { name: 'Project code' }).fill('demo');
  await page.getByRole('textbox', { name: 'Version' }).fill('1');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const open = page.getByRole('button', { name: /^Open a draft from revision/ });
  const save = page.getByRole('button', { name: 'Save the draft' });
  await expect(open.or(save)).toBeVisible();
  if (await open.isVisible()) await open.click();
  await expect(save).toBeVisible();
}

/** Gives a new user the demo project as a tracker through the users screen; returns the access code shown once. */
async function newTracker(page: Page, first: string, last: string): Promise<string> {
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'New user' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill(first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(last);
  await page.getByRole('combobox', { name: 'Organization' }).fill('FrostLine Logistics');
  await page.keyboard.press('Escape');
  await choose(page, 'Project', 'demo · Cold-chain vaccine shipments');
  await choose(page, 'Role', 'Tracker: track only');
  await page.getByRole('button', { name: 'Create user' }).click();
  const code = (await page.getByTestId('issued-access-code').textContent())!.replace('-', '');
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  return code;
}

/** The draft of demo@1 as the server keeps it (read with the page's admin session). */
async function draftOf(page: Page): Promise<{ config: unknown; etag: number }> {
  const answer = await page.request.get(`${server.base}/api/admin/config/demo/1/draft`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { config: unknown; etag: number } }).data;
}

/**
 * The number fields' units in `within` (a phone form or the preview): each on one line, inside its
 * section, with the typed text stopping before it; `units` are those that must be there.
 */
async function expectUnitsFit(within: Locator, units: string[]): Promise<void> {
  const found = within.locator('[data-unit]');
  await expect(found.first()).toBeVisible();
  const measured = await found.evaluateAll((spans) =>
    spans.map((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const text = span.getBoundingClientRect();
      const section = span.parentElement!.getBoundingClientRect();
      const input = span.closest('.mantine-Input-wrapper')?.querySelector('input');
      const side = span.parentElement!.dataset.position === 'left' ? 'paddingInlineStart' : 'paddingInlineEnd';
      const padding = input ? parseFloat(getComputedStyle(input)[side]) : 0;
      return {
        unit: span.textContent,
        lines,
        inSection: text.left >= section.left - 0.5 && text.right <= section.right + 0.5,
        paddedFor: padding >= section.width - 0.5,
      };
    }),
  );
  for (const unit of units) expect(measured.map((m) => m.unit)).toContain(unit);
  for (const m of measured) expect(m, m.unit ?? '').toMatchObject({ lines: 1, inSection: true, paddedFor: true });
}

let server: AdminServer;
test.beforeAll(async () => {
  // Two command-line runs and a server start when this file runs first, on a busy machine.
  test.setTimeout(240_000);
  server = await adminServer();
});

test('an admin adds a required field through the builder, previews and tests it, publishes in place; an open phone form gets it; the diff names it; roll back restores the form', async ({
  page,
  browser,
}) => {
  await adminLogin(page, server);
  const code = await newTracker(page, 'Ren', 'Ito');

  // A pallet at the manufacturer (made by the seed's operator), and the new tracker's phone with
  // the distribution centre's form open and half filled.
  const operator = await phone(browser, server.base);
  await login(operator, '11112222', `${server.base}/demo@1`);
  const pallet = await activatedPallet(operator.request);
  const tracker = await phone(browser, server.base);
  await login(tracker, code, `${server.base}/demo@1`);
  await expect(tracker.getByTestId('staff-name')).toHaveText('Ren Ito');
  await tracker.goto(`${server.base}/demo@1/qrcode/${pallet}`);
  await tracker.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await tracker.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(tracker, 'Cold chain intact', 'Yes');
  const storedBefore = await historyOf(tracker.request, server.base, pallet);

  // The builder: a required number field with its labels in the four languages.
  await openDraft(page);
  const builder = page.getByRole('region', { name: 'Form builder' });
  await builder.getByRole('combobox', { name: 'Form' }).selectOption({ label: FORM });
  const add = page.getByRole('region', { name: 'Add a field' });
  await add.getByRole('textbox', { name: 'Key (letters, digits, _)' }).fill('arrivalTemperature');
  await choose(page, 'Field type', 'Number');
  await add.getByRole('textbox', { name: 'Label in English' }).fill(LABELS.en);
  await add.getByRole('textbox', { name: 'Label in Japanese' }).fill(LABELS.ja);
  await add.getByRole('textbox', { name: 'Label in Traditional Chinese' }).fill(LABELS['zh-TW']);
  await add.getByRole('textbox', { name: 'Label in Simplified Chinese' }).fill(LABELS['zh-CN']);
  await choose(page, 'Must it be filled in?', 'Yes, required');
  await add.getByRole('button', { name: 'Add the field' }).click();
  await expect(builder.getByRole('list', { name: 'Fields' })).toContainText('arrivalTemperature');
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  // The steps of the draft are tabs: the QA check is with the publish step.
  await page.getByRole('tab', { name: /^Publish/ }).click();
  await expect(page.getByText('The QA check passes: every form compiles.')).toBeVisible();

  await page.getByRole('tab', { name: 'Preview and test' }).click();
  // The preview in each language, then a test tracking kept apart from real data.
  const preview = page.getByRole('region', { name: 'Preview' });
  const frame = preview.getByTestId('phone-frame');
  await preview.getByRole('combobox', { name: 'Form' }).selectOption({ label: FORM });
  for (const language of ['ja', 'zh-TW', 'zh-CN', 'en'] as const) {
    await preview.getByRole('combobox', { name: 'Language' }).selectOption(language);
    await expect(frame).toHaveAttribute('lang', language);
    await expect(frame.getByText(LABELS[language])).toBeVisible({ timeout: 20_000 });
  }
  // Each unit on one line inside its input, in the preview at 390 px as on the staff phone.
  await expectUnitsFit(frame, ['°C', 'cases']);
  await expectUnitsFit(tracker.locator('main'), ['°C', 'cases']);
  await frame.getByRole('textbox', { name: 'Temperature on arrival' }).fill('5');
  await choose(page, 'Cold chain intact', 'Yes');
  await frame.getByRole('textbox', { name: LABELS.en }).fill('4');
  await preview.getByRole('button', { name: 'Make a test entry' }).click();
  await expect(page.getByTestId('config-test-result')).toContainText(
    'Test entry accepted (kept apart from real data).',
  );
  expect(await historyOf(tracker.request, server.base, pallet)).toEqual(storedBefore);

  await page.getByRole('tab', { name: /^Publish/ }).click();
  // The compatibility report names the field; publish in place.
  await page.getByRole('button', { name: 'Check compatibility' }).click();
  await expect(page.getByTestId('config-report')).toContainText(
    "Field 'arrivalTemperature' (number) added to form 'receiving'",
  );
  await page.getByRole('textbox', { name: 'Note' }).fill('Arrival temperature');
  await page.getByRole('button', { name: 'Publish in place' }).click();
  // Asked first, in words: which revision it makes and what changes.
  const publishing = page.getByRole('dialog', { name: 'Publish in place?' });
  await expect(publishing).toContainText('Publish the draft as revision 2 of demo@1');
  // The change in the admin's words: the field by its label and key, the form by its names.
  await expect(publishing.getByTestId('config-report')).toContainText(
    `the field ${LABELS.en} (arrivalTemperature, Number) will be asked on the form Receiving at Distribution centre (Vaccine pallet) and must be filled in`,
  );
  await expect(publishing).not.toContainText("Field 'arrivalTemperature'");
  await publishing.getByRole('button', { name: 'Publish in place' }).click();
  await expect(page.getByText('Published demo@1, revision 2.')).toBeVisible();

  // The phone sends its step as it was: the server refuses it without the new field, and the
  // answer tells the phone of revision 2: the form shows the field, keeping what was typed.
  await tracker.getByRole('button', { name: 'Add tracking', exact: true }).click();
  const refusal = tracker.getByRole('dialog', { name: 'Tracking could not be added' });
  await expect(refusal).toContainText(`${LABELS.en}: This field is required.`);
  await refusal.getByRole('button', { name: 'OK' }).click();
  const arrival = tracker.getByRole('textbox', { name: LABELS.en });
  await expect(arrival).toBeVisible();
  await expect(tracker.getByRole('textbox', { name: 'Temperature on arrival' })).toHaveValue('5');
  expect(await historyOf(tracker.request, server.base, pallet)).toEqual(storedBefore);
  await arrival.fill('4');
  await tracker.getByRole('button', { name: 'Add tracking', exact: true }).click();
  await expect
    .poll(async () => (await historyOf(tracker.request, server.base, pallet)).total)
    .toBe(storedBefore.total + 1);

  // The diff of revision 2 names the field; roll back to revision 1 publishes it again as revision 3.
  const revisions = page.getByRole('region', { name: 'Published revisions' });
  const second = revisions.getByTestId('config-revision').filter({ hasText: 'Revision 2' });
  await second.getByRole('button', { name: 'Changes from the revision before' }).click();
  await expect(second.getByTestId('config-report')).toContainText("Field 'arrivalTemperature' (number) added");
  await revisions
    .getByTestId('config-revision')
    .filter({ hasText: 'Revision 1' })
    .getByRole('button', { name: 'Roll back to this revision' })
    .click();
  // Asked first: what rolling back would change, in words.
  const rolling = page.getByRole('dialog', { name: 'Roll back?' });
  await expect(rolling).toContainText('Roll back demo@1 to revision 1');
  await expect(rolling.getByTestId('config-report')).toContainText(
    `the field ${LABELS.en} (arrivalTemperature) will no longer be asked on the form Receiving at Distribution centre (Vaccine pallet) (stored records concerned: 1)`,
  );
  await rolling.getByRole('button', { name: 'Roll back to revision 1' }).click();
  // In place it is refused: a stored step has the field now (the report says so, in words) ...
  const status = revisions.getByRole('status');
  await expect(status).toContainText("Field 'arrivalTemperature' removed from form 'receiving'");
  await expect(status).toContainText('Stored records affected: 1');
  // ... so it is rolled back as a new version: demo@2 has the earlier form; barcodes keep theirs.
  await status.getByRole('button', { name: 'Roll back to revision 1 as a new version' }).click();
  await expect(status).toContainText('Rolled back: demo@2, revision 1.');
  const receivingOf = async (version: number) =>
    (
      (
        await (await page.request.get(`${server.base}/api/barcode/project?code=demo&version=${version}`)).json()
      ).data.barcodeTypes.pallet.trackPoints.find((p: { key: string }) => p.key === 'distributionCentre')
        .trackPointForms[0].customFields as { key: string }[]
    ).map((f) => f.key);
  expect(await receivingOf(2)).not.toContain('arrivalTemperature');
  expect(await receivingOf(2)).toEqual((await receivingOf(1)).filter((key) => key !== 'arrivalTemperature'));
  expect(await receivingOf(1)).toContain('arrivalTemperature');

  // Every step is in the audit log.
  await page.getByRole('link', { name: 'Audit log' }).click();
  for (const action of [
    'user.create',
    'draft.create',
    'draft.save',
    'draft.test',
    'project.publish',
    'project.rollback',
  ]) {
    await expect(page.getByTestId('audit-entry').filter({ hasText: action }).first(), action).toBeVisible();
  }
  await Promise.all([operator.context().close(), tracker.context().close()]);
});

test('refusals: a number -> date change on a field with values, two admins saving one draft, staff on an admin route', async ({
  page,
  browser,
}) => {
  // The arrival temperature the first test added has values (a tracking at the distribution centre).
  const operator = await phone(browser, server.base);
  await login(operator, '11112222', `${server.base}/demo@1`);
  const pallet = await activatedPallet(operator.request);
  // (demo@1 asks for the arrival temperature since the first test.)
  const tracked = await operator.request.post(`${server.base}/api/barcode/tracking`, {
    data: {
      barcodeId: pallet,
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes', arrivalTemperature: 4 } },
    },
  });
  expect(tracked.ok(), await tracked.text()).toBe(true);
  // A staff user on any admin route: 403.
  for (const url of ['/api/admin/config/demo/1', '/api/admin/users', '/api/admin/audit-log']) {
    expect((await operator.request.get(`${server.base}${url}`)).status(), url).toBe(403);
  }
  await operator.context().close();

  // Two admins at one draft: the second save is refused, saying who saved meanwhile.
  await adminLogin(page, server);
  await openDraft(page);
  const pat = await phone(browser, server.base);
  await adminLogin(pat, server, server.second);
  await openDraft(pat);
  // What both editors show: the draft as it was opened.
  const opened = JSON.stringify((await draftOf(page)).config, null, 2);
  await page.getByRole('tab', { name: 'JSON editor' }).click();
  const json = page.getByRole('textbox', { name: 'Configuration (JSON)' });
  const config = JSON.parse(opened) as {
    barcodeTypes: {
      pallet: { trackPoints: { key: string; trackPointForms: { customFields: { key: string; type: string }[] }[] }[] };
    };
  };
  const receiving = config.barcodeTypes.pallet.trackPoints.find((p) => p.key === 'distributionCentre')!
    .trackPointForms[0]!;
  // Not the received temperature: the form's rules compare it with numbers, and a draft whose
  // rules no longer hold is refused before any compatibility question.
  const field = receiving.customFields.find((f) => f.key === 'arrivalTemperature')!;
  receiving.customFields[receiving.customFields.indexOf(field)] = { ...field, type: 'date' } as typeof field;
  for (const key of ['max', 'min', 'precision', 'unitSuffix'])
    delete (receiving.customFields.find((f) => f.key === 'arrivalTemperature') as Record<string, unknown>)[key];
  await json.fill(JSON.stringify(config, null, 2));
  await page.getByRole('button', { name: 'Use this JSON' }).click();
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await pat.getByRole('tab', { name: 'JSON editor' }).click();
  const patJson = pat.getByRole('textbox', { name: 'Configuration (JSON)' });
  await patJson.fill(opened.replace('"timeBetweenScansMillis": 500', '"timeBetweenScansMillis": 600'));
  await pat.getByRole('button', { name: 'Use this JSON' }).click();
  await pat.getByRole('button', { name: 'Save the draft' }).click();
  // Refused: the draft is reloaded as the server has it, naming who saved it, with Pat's change on
  // top (the two changes touch different things: both are in the editor, ready to save).
  await expect(pat.getByTestId('config-merge')).toContainText('Aiko Mori saved this draft meanwhile');
  await expect(pat.getByTestId('config-merge')).toContainText('Your unsaved changes were applied on top of it');
  await expect(pat.getByRole('button', { name: 'Save the draft' })).toBeEnabled();
  await pat.context().close();

  await page.getByRole('tab', { name: /^Publish/ }).click();
  // number -> date on a field with values: refused, in words, with the records affected.
  await page.getByRole('button', { name: 'Check compatibility' }).click();
  await expect(page.getByTestId('config-report')).toContainText('changed type from number to date');
  await page.getByRole('button', { name: 'Publish as a new version' }).click();
  await expect(page.getByText(/^Not published:/)).toBeVisible();
  await expect(page.getByTestId('config-report')).toContainText('their values cannot be read as the new type');
  await page.getByRole('tab', { name: 'Build the forms' }).click();
  await page.getByRole('button', { name: 'Discard the draft' }).click();
  await page
    .getByRole('dialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard the draft' })
    .click();
  await expect(page.getByRole('button', { name: /^Open a draft from revision/ })).toBeVisible();
});

test('the builder changes an existing field, keeping what it does not ask, adds a files field, a trackpoint and a barcode type; the JSON editor completes from the configuration schema and shows each problem at its line', async ({
  page,
}) => {
  await adminLogin(page, server);
  await openDraft(page);

  // The builder: an existing field's English label and largest value changed; its unit stays.
  const builder = page.getByRole('region', { name: 'Form builder' });
  await builder.getByRole('combobox', { name: 'Form' }).selectOption({ label: FORM });
  await builder.getByRole('button', { name: 'Change receivedTemperature' }).click();
  const heading = page.getByRole('heading', { name: 'Change the field receivedTemperature' });
  await expect(heading).toBeFocused();
  const fieldForm = page.getByRole('region', { name: 'Change the field receivedTemperature' });
  await expect(fieldForm.getByRole('textbox', { name: 'Key (letters, digits, _)' })).toHaveValue('receivedTemperature');
  await fieldForm.getByRole('textbox', { name: 'Label in English' }).fill('Temperature at the dock');
  // The number type's own settings, drawn from its schema, show the field's range and unit.
  const largest = fieldForm.getByRole('textbox', { name: 'Largest value' });
  await expect(largest).not.toHaveValue('');
  const unit = await fieldForm.getByRole('textbox', { name: 'Unit after the value' }).inputValue();
  expect(unit).not.toBe('');
  await largest.fill('12');
  await fieldForm.getByRole('button', { name: 'Apply the change' }).click();
  await expect(builder.getByRole('list', { name: 'Fields' })).toContainText('Temperature at the dock');
  await expect(page.getByRole('heading', { name: 'Add a field' })).toBeVisible();
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  type Fields = {
    barcodeTypes: {
      pallet: { trackPoints: { key: string; trackPointForms: { customFields: Record<string, unknown>[] }[] }[] };
    };
  };
  const saved = (await draftOf(page)).config as Fields;
  const field = saved.barcodeTypes.pallet.trackPoints
    .find((p) => p.key === 'distributionCentre')!
    .trackPointForms[0]!.customFields.find((f) => f.key === 'receivedTemperature')!;
  expect(field).toMatchObject({
    type: 'number',
    label: { en: 'Temperature at the dock', ja: expect.any(String) },
    unitSuffix: unit,
    max: 12,
  });

  await page.getByRole('tab', { name: 'JSON editor' }).click();
  const json = page.getByRole('textbox', { name: 'Configuration (JSON)' });
  await expect(page.locator('.cm-editor')).toBeVisible();
  await expect(page.getByText('No problems in the JSON.')).toBeVisible();
  const line2 = page.locator('.cm-line').nth(1);

  await page.getByRole('tab', { name: 'Build the forms' }).click();
  // A files field through the builder: refused without its kind of files, added with it.
  const add = page.getByRole('region', { name: 'Add a field' });
  await add.getByRole('textbox', { name: 'Key (letters, digits, _)' }).fill('dockPhotos');
  await choose(page, 'Field type', 'Files and photos');
  await add.getByRole('textbox', { name: 'Label in English' }).fill('Dock photos');
  await add.getByRole('textbox', { name: 'Label in Japanese' }).fill('荷受け写真');
  await add.getByRole('textbox', { name: 'Label in Traditional Chinese' }).fill('碼頭照片');
  await add.getByRole('textbox', { name: 'Label in Simplified Chinese' }).fill('码头照片');
  // The files type's settings form: its kind of files is required (the format requires it).
  await expect(add.getByRole('textbox', { name: 'Most files' })).toBeVisible();
  await add.getByRole('button', { name: 'Add the field' }).click();
  await expect(add.getByRole('combobox', { name: 'Kind of files' })).toHaveAttribute('aria-invalid', 'true');
  await expect(add.getByText('This item is required.')).toBeVisible();
  await expect(builder.getByRole('list', { name: 'Fields' })).not.toContainText('Dock photos');
  await choose(page, 'Kind of files', 'Camera photos only');
  await add.getByRole('textbox', { name: 'Most files' }).fill('3');
  await add.getByRole('button', { name: 'Add the field' }).click();
  await expect(builder.getByRole('list', { name: 'Fields' })).toContainText('Dock photos');
  await expect(add.getByText('This item is required.')).toHaveCount(0);
  // A new empty form for the next field, the focus on its heading.
  await expect(page.getByRole('heading', { name: 'Add a field' })).toBeFocused();
  await expect(add.getByRole('textbox', { name: 'Key (letters, digits, _)' })).toHaveValue('');

  await page.getByRole('tab', { name: 'JSON editor' }).click();
  // A new line after the first brace; a quote and a few letters offer the properties not there yet.
  await json.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('"goo');
  const option = page.getByRole('option', { name: /googleAnalyticsMeasurementId/ });
  await expect(option).toBeVisible();
  await expect(page.getByRole('option', { name: /^barcodeTypes/ })).toHaveCount(0);
  // Picked with a tap (Enter takes it too, once the list has been shown for CodeMirror's 75 ms
  // interaction delay, which keeps fast typists from taking an option by accident).
  await option.click();
  // The name comes with its colon; a value the schema refuses is shown at its line, with its pointer.
  await expect(line2).toHaveText('  "googleAnalyticsMeasurementId": ');
  await page.keyboard.type('"nope",');
  await expect(line2).toHaveText('  "googleAnalyticsMeasurementId": "nope",');
  const problem = page.getByRole('button', { name: /^Line 2 \/googleAnalyticsMeasurementId: / });
  await expect(problem).toBeVisible();
  await expect(page.getByText('Problems in the JSON (1)')).toBeVisible();
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(1);
  await problem.click();
  await expect(json).toBeFocused();

  // A syntax error: the comma taken away is named on the line that follows it.
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('button', { name: /^Line 3: A comma is missing here\.$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Use this JSON' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This is not valid JSON' })).toBeVisible();

  await page.getByRole('tab', { name: 'Build the forms' }).click();
  // The structure: a trackpoint added to the pallet (its form then in the field builder), a barcode type added and moved up.
  const structure = page.getByRole('region', { name: 'Barcode types and trackpoints' });
  await structure.getByRole('combobox', { name: 'Barcode type' }).selectOption({ label: 'Vaccine pallet (pallet)' });
  const addPoint = structure.getByRole('region', { name: 'Add a trackpoint to pallet' });
  await addPoint.getByRole('textbox', { name: 'Key (letters, digits, _)' }).fill('inspection');
  for (const [label, value] of [
    ['English', 'Inspection'],
    ['Japanese', '検品'],
    ['Traditional Chinese', '檢驗'],
    ['Simplified Chinese', '检验'],
  ] as const) {
    await addPoint.getByRole('textbox', { name: `Label in ${label}` }).fill(value);
  }
  await addPoint.getByRole('button', { name: 'Add the trackpoint' }).click();
  await expect(structure.getByRole('list', { name: 'Trackpoints of pallet' })).toContainText('Inspection (inspection)');
  await expect(
    builder.getByRole('combobox', { name: 'Form' }).getByRole('option', { name: 'pallet: inspection/main' }),
  ).toHaveCount(1);
  // The QA check, live in the JSON editor, says what else the structure needs: the pallet's child type lacks it.
  await page.getByRole('tab', { name: 'JSON editor' }).click();
  await expect(page.getByRole('button', { name: /child type 'case' lacks the trackpoints inspection/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Build the forms' }).click();
  const addType = structure.getByRole('region', { name: 'Add a barcode type' });
  await addType.getByRole('textbox', { name: 'Key (letters, digits, _)' }).fill('crate');
  for (const [label, value] of [
    ['English', 'Crate'],
    ['Japanese', '木箱'],
    ['Traditional Chinese', '木箱'],
    ['Simplified Chinese', '木箱'],
  ] as const) {
    await addType.getByRole('textbox', { name: `Label in ${label}` }).fill(value);
  }
  await addType.getByRole('button', { name: 'Add the barcode type' }).click();
  const types = structure.getByRole('list', { name: 'Barcode types' });
  await expect(types.getByRole('listitem').last()).toContainText('Crate (crate)');
  await types.getByRole('button', { name: 'Move crate up' }).click();
  await expect(types.getByRole('listitem').last()).not.toContainText('Crate (crate)');

  await page.getByRole('button', { name: 'Discard the draft' }).click();
  await page
    .getByRole('dialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard the draft' })
    .click();
  await expect(page.getByRole('button', { name: /^Open a draft from revision/ })).toBeVisible();
});

test('a step queued offline before a publish reaches the server after it, checked by the form it was made on', async ({
  page,
  browser,
}) => {
  const operator = await phone(browser, server.base);
  await login(operator, '11112222', `${server.base}/demo@1`);
  const pallet = await activatedPallet(operator.request);

  // The step is made with the server out of reach for writes: it waits in the outbox.
  await operator.context().route('**/api/barcode/tracking', (route) => route.abort('internetdisconnected'));
  await operator.goto(`${server.base}/demo@1/qrcode/${pallet}`);
  await operator.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
  await operator.getByRole('textbox', { name: 'Temperature on arrival' }).fill('6');
  await choose(operator, 'Cold chain intact', 'Yes');
  await operator.getByRole('textbox', { name: LABELS.en }).fill('4');
  const madeAt = Date.now();
  await operator.getByRole('button', { name: 'Add tracking', exact: true }).click();
  await expect(operator.getByText('Saved on this phone: it will be sent when there is a connection.')).toBeVisible();

  // Meanwhile an admin publishes in place a new required field on that form.
  await adminLogin(page, server);
  const base = `${server.base}/api/admin/config/demo/1`;
  const opened = await page.request.post(`${base}/draft`, { data: {} });
  expect(opened.ok(), await opened.text()).toBe(true);
  const draft = (await opened.json()).data as {
    config: {
      barcodeTypes: { pallet: { trackPoints: { key: string; trackPointForms: { customFields: object[] }[] }[] } };
    };
    etag: number;
  };
  draft.config.barcodeTypes.pallet.trackPoints
    .find((p) => p.key === 'distributionCentre')!
    .trackPointForms[0]!.customFields.push({ key: 'arrivalHumidity', type: 'number', label: HUMIDITY, required: true });
  const saved = await page.request.put(`${base}/draft`, {
    data: { config: draft.config },
    headers: { 'if-match': `"${draft.etag}"` },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const publishing = Date.now();
  const published = await page.request.post(`${base}/draft/publish`, {
    data: { mode: 'inPlace', note: 'Arrival humidity' },
    headers: { 'if-match': `"${(await saved.json()).data.etag}"` },
  });
  expect(published.ok(), await published.text()).toBe(true);

  // Back online: the queued step is sent after the publish, and accepted as it was made, at its time.
  await operator.context().unroute('**/api/barcode/tracking');
  await operator.reload();
  await expect
    .poll(async () => (await historyOf(operator.request, server.base, pallet)).total, { timeout: 30_000 })
    .toBe(3);
  const step = (await historyOf(operator.request, server.base, pallet)).items[0] as {
    action: string;
    createdAt: string;
  };
  expect(step.action).toBe('tracked');
  expect(Date.parse(step.createdAt)).toBeLessThan(publishing);
  expect(Date.parse(step.createdAt)).toBeGreaterThanOrEqual(madeAt - 1000);
  await expect(operator.getByTestId('outbox-banner')).toHaveCount(0);

  // A step made now on that trackpoint needs the new field.
  const now = await operator.request.post(`${server.base}/api/barcode/tracking`, {
    data: {
      barcodeId: await activatedPallet(operator.request),
      trackPointKey: 'distributionCentre',
      forms: { receiving: { receivedTemperature: 5, coldChainIntact: 'yes', arrivalTemperature: 4 } },
    },
  });
  expect(await now.json()).toEqual({ errors: { 'forms.receiving.arrivalHumidity': [1000] } });
  await operator.context().close();
});
