import { expect, test, type APIResponse, type Browser, type Page } from '@playwright/test';
import { adminLogin, adminServer, type AdminServer } from './admin-server';
import { expectAccessible } from './axe';
import { choose } from './helpers';

/*
 * Editing a draft as admins meet it: two admins saving one draft end with both changes kept, or
 * with a choice where both changed the same thing; a field publishing would refuse is refused as
 * it is typed, and one that got into the draft is named by its label and key beside it and at the
 * publish buttons, which stay disabled (desktop and 390 px). secure@1 is edited, so the demo's
 * journeys (admin-config.spec.ts) find their project as they left it.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ actionTimeout: 20_000 });

const FORM = 'controlledBox: pharmacyIntake/count';
const API = '/api/admin/config/secure/1';

let server: AdminServer;
test.beforeAll(async () => {
  // Two command-line runs and a server start, on a busy machine.
  test.setTimeout(240_000);
  server = await adminServer();
});

type Field = { key: string; label: { en: string } };
type Config = {
  barcodeTypes: {
    controlledBox: { trackPoints: { key: string; trackPointForms: { customFields: Field[] }[] }[] };
  };
};
const intake = (config: Config) =>
  config.barcodeTypes.controlledBox.trackPoints.find((p) => p.key === 'pharmacyIntake')!.trackPointForms[0]!;

/** The draft of secure@1 as the server keeps it. */
async function draftOf(page: Page): Promise<{ config: Config; etag: number; savedBy: string }> {
  const answer = await page.request.get(`${server.base}${API}/draft`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data;
}

/** A page of its own (its own cookies): a second admin, at a phone's width or a desktop's. */
async function person(browser: Browser, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.base,
    locale: 'en-US',
    ...(phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 }),
  });
  return context.newPage();
}

/** The configuration screen of secure@1 with its draft (opened from the revision in service when there is none). */
async function openDraft(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Configuration' }).click();
  await page.getByRole('textbox', { name: 'Project code' }).fill('secure');
  await page.getByRole('textbox', { name: 'Version' }).fill('1');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const open = page.getByRole('button', { name: /^Open a draft from revision/ });
  const save = page.getByRole('button', { name: 'Save the draft' });
  await expect(open.or(save)).toBeVisible();
  if (await open.isVisible()) await open.click();
  await expect(save).toBeVisible();
  await page
    .getByRole('region', { name: 'Form builder' })
    .getByRole('combobox', { name: 'Form' })
    .selectOption({ label: FORM });
}

/** Types a field into the builder's form: its key, type and labels (the English one in every language). */
async function typeField(page: Page, key: string, type: string, label: string): Promise<void> {
  const add = page.getByRole('region', { name: 'Add a field' });
  await add.getByRole('textbox', { name: 'Key (letters, digits, _)' }).fill(key);
  await choose(page, 'Field type', type);
  for (const language of ['English', 'Japanese', 'Traditional Chinese', 'Simplified Chinese'])
    await add.getByRole('textbox', { name: `Label in ${language}` }).fill(label);
}

/** Discards the draft through its confirmation, which says what is discarded. */
async function discard(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Build the forms' }).click();
  await page.getByRole('button', { name: 'Discard the draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard the draft?' });
  await expect(dialog).toContainText('Discard the draft of secure@1');
  await dialog.getByRole('button', { name: 'Discard the draft' }).click();
  await expect(page.getByRole('button', { name: /^Open a draft from revision/ })).toBeVisible();
}

test('two admins save one draft: a field added by each is kept; a label both changed is their choice', async ({
  page,
  browser,
}) => {
  await adminLogin(page, server);
  await openDraft(page);
  const pat = await person(browser, false);
  await adminLogin(pat, server, server.second);
  await openDraft(pat);

  // Aiko adds a field and saves; Pat, on the draft as it was, adds another and saves.
  await typeField(page, 'sealNumber', 'Text', 'Seal number');
  await page.getByRole('button', { name: 'Add the field' }).click();
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await typeField(pat, 'witness', 'Text', 'Witness');
  await pat.getByRole('button', { name: 'Add the field' }).click();
  await pat.getByRole('button', { name: 'Save the draft' }).click();

  // Pat's save is refused: the draft is reloaded as the server has it, naming who saved it, with
  // Pat's field merged on top; saving again sends the new ETag and keeps both.
  const merge = pat.getByTestId('config-merge');
  await expect(merge).toContainText('Aiko Mori saved this draft meanwhile');
  await expect(merge).toContainText('Your unsaved changes were applied on top of it');
  const fields = pat.getByRole('region', { name: 'Form builder' }).getByRole('list', { name: 'Fields' });
  await expect(fields).toContainText('Seal number');
  await expect(fields).toContainText('Witness');
  // (The pointer is moved off the button it pressed: the audit is of the state, not of a hover.)
  await pat.mouse.move(0, 0);
  await expectAccessible(pat, 'draft merged after a save refused (desktop)');
  await pat.getByRole('button', { name: 'Save the draft' }).click();
  await expect(pat.getByText('Draft saved.')).toBeVisible();
  await expect(merge).toHaveCount(0);
  let saved = await draftOf(pat);
  expect(intake(saved.config).customFields.map((f) => f.key)).toEqual(
    expect.arrayContaining(['sealNumber', 'witness']),
  );
  expect(saved.savedBy).toBe('Pat Lee');

  // Both change the English label of the same field: Pat (now on the current draft) saves first;
  // Aiko's save is refused and shows both values side by side; Aiko keeps hers.
  const relabel = async (who: Page, label: string) => {
    await who.getByRole('button', { name: 'Change sealNumber' }).click();
    await who
      .getByRole('region', { name: 'Change the field sealNumber' })
      .getByRole('textbox', { name: 'Label in English' })
      .fill(label);
    await who.getByRole('button', { name: 'Apply the change' }).click();
  };
  await relabel(pat, 'Seal no.');
  await pat.getByRole('button', { name: 'Save the draft' }).click();
  await expect(pat.getByText('Draft saved.')).toBeVisible();
  await relabel(page, 'Seal number on the lid');
  await page.getByRole('button', { name: 'Save the draft' }).click();
  const conflict = page.getByTestId('config-merge');
  await expect(conflict).toContainText('Pat Lee saved this draft meanwhile');
  await expect(conflict).toContainText('You and Pat Lee changed the same things (1)');
  await expect(conflict).toContainText('controlledBox › pharmacyIntake › count › sealNumber › label › en');
  await expect(conflict).toContainText('"Seal no."');
  await expect(conflict).toContainText('"Seal number on the lid"');
  // Pat's field (added meanwhile) is there; the label is the server's until Aiko chooses.
  await expect(page.getByRole('list', { name: 'Fields' })).toContainText('Witness');
  await expect(page.getByRole('list', { name: 'Fields' })).toContainText('Seal no.');
  await expectAccessible(page, 'draft with a conflict to choose (390 px)');
  await conflict.getByText('Keep mine').click();
  const aikoFields = page.getByRole('list', { name: 'Fields' });
  await expect(aikoFields).toContainText('Seal number on the lid');
  // A field added after the choice stays when Aiko changes her mind, twice: a choice changes its
  // place only, not what was edited since.
  await typeField(page, 'lidColour', 'Text', 'Lid colour');
  await page.getByRole('button', { name: 'Add the field' }).click();
  await expect(aikoFields).toContainText('Lid colour');
  await conflict.getByText("Keep Pat Lee's").click();
  await expect(aikoFields).toContainText('Seal no.');
  await expect(aikoFields).toContainText('Lid colour');
  await conflict.getByText('Keep mine').click();
  await expect(aikoFields).toContainText('Seal number on the lid');
  await expect(aikoFields).toContainText('Lid colour');
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  saved = await draftOf(page);
  expect(intake(saved.config).customFields.find((f) => f.key === 'sealNumber')!.label.en).toBe(
    'Seal number on the lid',
  );
  expect(intake(saved.config).customFields.map((f) => f.key)).toEqual(expect.arrayContaining(['witness', 'lidColour']));

  await discard(page);
  await pat.context().close();
});

for (const phone of [false, true]) {
  test(`an invalid field is refused as typed, and named beside it and at the publish buttons (${phone ? '390 px' : 'desktop'})`, async ({
    browser,
  }) => {
    const page = await person(browser, phone);
    await adminLogin(page, server);
    await openDraft(page);

    // A formula over a field the form does not have: refused as it is typed, in words.
    await typeField(page, 'sealTotal', 'Calculation (formula)', 'Seal total');
    const add = page.getByRole('region', { name: 'Add a field' });
    await add.getByRole('textbox', { name: 'Formula' }).fill('missingField * 2');
    const typed = page.getByTestId('config-typed-problems');
    const message = "Seal total (sealTotal): the formula uses 'missingField', which is not a field of this form";
    await expect(typed).toContainText(message);
    await page.mouse.move(0, 0);
    await expectAccessible(page, `builder refusing a typed field (${phone ? '390 px' : 'desktop'})`);
    await add.getByRole('button', { name: 'Add the field' }).click();
    await expect(typed).toBeInViewport();
    await expect(page.getByRole('list', { name: 'Fields' })).not.toContainText('sealTotal');
    await add.getByRole('textbox', { name: 'Formula' }).fill('2 * 2');
    await expect(typed).toHaveCount(0);

    // The same field written in the JSON editor reaches the draft: its card names the problem ...
    const draft = await draftOf(page);
    intake(draft.config).customFields.push({
      key: 'sealTotal',
      type: 'calculation',
      label: { en: 'Seal total', ja: 'Seal total', 'zh-TW': 'Seal total', 'zh-CN': 'Seal total' },
      formula: 'missingField * 2',
    } as unknown as Field);
    await page.getByRole('tab', { name: 'JSON editor' }).click();
    await page.getByRole('textbox', { name: 'Configuration (JSON)' }).fill(JSON.stringify(draft.config, null, 2));
    await page.getByRole('button', { name: 'Use this JSON' }).click();
    await page.getByRole('tab', { name: 'Build the forms' }).click();
    const card = page.getByRole('list', { name: 'Fields' }).locator(':scope > li').filter({ hasText: 'sealTotal' });
    await expect(card.getByTestId('config-field-problems')).toContainText(message);
    // ... and publishing waits: first for a save, then for the problem, named at the buttons.
    const blocked = page.getByTestId('config-publish-blocked');
    const inPlace = page.getByRole('button', { name: 'Publish in place' });
    // The publish step's tab says the draft has a problem.
    const publishTab = page.getByRole('tab', { name: 'Publish (problems: 1)' });
    await publishTab.click();
    await expect(blocked).toContainText('Save the draft first');
    await expect(inPlace).toBeDisabled();
    await page.getByRole('tab', { name: 'Build the forms' }).click();
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await expect(page.getByText('Draft saved.')).toBeVisible();
    await expect(card.getByTestId('config-field-problems')).toContainText(message);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('config-field-problems')).toBeInViewport();
    for (const raw of ['1001', '/barcodeTypes/controlledBox']) await expect(card).not.toContainText(raw);
    await publishTab.click();
    await expect(blocked).toContainText('Publishing is not possible while the draft has problems (1):');
    await expect(blocked).toContainText(message);
    await expect(inPlace).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Publish as a new version' })).toBeDisabled();
    await inPlace.scrollIntoViewIfNeeded();
    await expect(blocked).toBeInViewport();
    // No raw code, no JSON pointer where the problem is named (the JSON editor names its pointer).
    for (const raw of ['1001', '/barcodeTypes/controlledBox']) await expect(blocked).not.toContainText(raw);
    await page.mouse.move(0, 0);
    await expectAccessible(page, `publish refused with its reasons (${phone ? '390 px' : 'desktop'})`);

    await discard(page);
    await page.context().close();
  });
}

test('a draft opened before the revision in service is flagged, with what publishing it would remove, in words', async ({
  page,
}) => {
  await adminLogin(page, server);
  const url = `${server.base}${API}`;
  const ok = async (answer: APIResponse) => {
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).data;
  };
  const ifMatch = (etag: number) => ({ 'if-match': `"${etag}"` });
  const { revision: inService } = (await ok(await page.request.get(url))) as { revision: number };

  // Another admin publishes a field in place (through the API, as their tab would) ...
  let draft = (await ok(await page.request.post(`${url}/draft`, { data: {} }))) as Awaited<ReturnType<typeof draftOf>>;
  intake(draft.config).customFields.push({
    key: 'tamperTape',
    type: 'text',
    label: { en: 'Tamper tape', ja: '改ざん防止テープ', 'zh-TW': '防拆封膠帶', 'zh-CN': '防拆封胶带' },
  } as Field);
  draft = await ok(
    await page.request.put(`${url}/draft`, { data: { config: draft.config }, headers: ifMatch(draft.etag) }),
  );
  await ok(
    await page.request.post(`${url}/draft/publish`, {
      data: { mode: 'inPlace', note: 'Tamper tape' },
      headers: ifMatch(draft.etag),
    }),
  );
  // ... while a draft is opened from the revision before it.
  await ok(await page.request.post(`${url}/draft`, { data: { fromRevision: inService } }));

  // The screen flags the draft: from which revision, which is in service, and what publishing it
  // would remove, the field named by its label and key.
  await openDraft(page);
  await expect(page.getByRole('heading', { name: `Draft from revision ${inService}`, exact: false })).toBeVisible();
  const flag = page.getByTestId('config-stale');
  await expect(flag).toContainText(
    `This draft is from revision ${inService}, but revision ${inService + 1} is in service: publishing it would undo what was published since.`,
  );
  await expect(flag.getByTestId('config-report')).toContainText(
    'the field Tamper tape (tamperTape) will no longer be asked on the form at Pharmacy intake (Controlled box)',
  );
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'a stale draft flagged (390 px)');

  // Discarding it says the same in the confirmation; the published field is then rolled back.
  await page.getByRole('tab', { name: 'Build the forms' }).click();
  await page.getByRole('button', { name: 'Discard the draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard the draft?' });
  await expect(dialog.getByTestId('config-report')).toContainText(
    'the field Tamper tape (tamperTape) will no longer be asked',
  );
  await dialog.getByRole('button', { name: 'Discard the draft' }).click();
  await expect(page.getByRole('button', { name: /^Open a draft from revision/ })).toBeVisible();
  await expect(flag).toHaveCount(0);
  await ok(await page.request.post(`${url}/rollback`, { data: { revision: inService, mode: 'inPlace' } }));
});
