import { expect, test } from '@playwright/test';
import { adminLogin, adminServer } from './admin-server';
import { choose } from './helpers';

/*
 * The admin area as a new admin first meets it: the first admin is created on the command line,
 * logs in to the admin area, and finds every step in the audit log.
 */
test.describe.configure({ timeout: 240_000 });

test('an admin created on the command line logs in and reads the audit log', async ({ page, browser }) => {
  const server = await adminServer();
  expect(server.printed).toContain('enterprise admin of FrostLine Pharma');
  await page.goto(`${server.base}/admin`);
  await page.getByLabel('Login name').fill(server.login);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong login name or password.');
  await expect(page.getByLabel('Login name')).toHaveValue(server.login);
  await adminLogin(page, server);
  await expect(page.getByTestId('admin-name')).toHaveText('Aiko Mori · Enterprise admin, FrostLine Pharma');

  // A new user, given the demo project as a tracker, with the access code shown once.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'New user' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Yui');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Kondo');
  await page.getByRole('combobox', { name: 'Organization' }).fill('FrostLine Logistics');
  await page.keyboard.press('Escape');
  await choose(page, 'Project', 'demo · Cold-chain vaccine shipments');
  await choose(page, 'Role', 'Tracker: track only');
  await page.getByRole('button', { name: 'Create user' }).click();
  const code = (await page.getByTestId('issued-access-code').textContent())!;
  expect(code).toMatch(/^\d{4}-\d{4}$/);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('admin-user').filter({ hasText: 'Yui Kondo' })).toContainText('demo (tracker)');

  // Every step is in the audit log, without the code.
  await page.getByRole('link', { name: 'Audit log' }).click();
  // Yui Kondo's user.create, by the admin (other admin specs on this server add entries: found by its content).
  const filter = async (action: string) => {
    await page.getByRole('textbox', { name: 'Action (e.g. user.)' }).fill(action);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
  };
  await filter('user.create');
  const created = page.getByTestId('audit-entry').filter({ has: page.getByText('"name": "Yui Kondo"') });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('user.create');
  await expect(created).toContainText('Aiko Mori (aiko.mori)');
  await created.getByText('Before and after').click();
  await expect(created.getByText('"name": "Yui Kondo"')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(code.replace('-', ''));
  await filter('user.');
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'admin.create' })).toHaveCount(0);
  await expect(page.getByTestId('audit-entry').first()).toContainText('user.');
  // The two first admins were created on the command line (later ones, in the Admins screen, by an admin).
  await filter('admin.create');
  await expect(page.getByTestId('audit-entry').first()).toContainText('admin.create');
  for (const who of ['Aiko Mori', 'Pat Lee']) {
    const entry = page.getByTestId('audit-entry').filter({ hasText: `"name": "${who}"` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('command line');
  }

  // The user logs in to demo@1 with the code they were given, as a tracker.
  const staff = await browser.newPage();
  await staff.goto(`${server.base}/demo@1`);
  await staff.getByLabel('Access code, first 4 digits').click();
  await staff.keyboard.type(code.replace('-', ''));
  await staff.getByRole('button', { name: 'Authenticate' }).click();
  await expect(staff.getByTestId('staff-name')).toHaveText('Yui Kondo');
  await expect(staff.getByRole('button', { name: 'Generate new barcode' })).toBeDisabled();
  await staff.close();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('an enterprise admin adds a project admin, who logs in and manages only demo; deactivated, they are logged out at once', async ({
  page,
  browser,
}) => {
  const server = await adminServer();
  await adminLogin(page, server);
  await page.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByTestId('admin-account').filter({ hasText: 'Aiko Mori' })).toContainText('You');
  await page.getByRole('button', { name: 'New admin' }).click();
  const name = `Kenji Sato ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Full name' }).fill(name);
  await choose(page, 'Projects they manage', 'demo');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create admin' }).click();
  const dialog = page.getByRole('dialog', { name: "New admin's password" });
  const login = name.toLowerCase().replaceAll(' ', '.');
  await expect(dialog).toContainText(`login name ${login}`);
  const password = (await dialog.getByTestId('issued-admin-password').textContent())!;
  expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const card = page.getByTestId('admin-account').filter({ hasText: name });
  await expect(card).toContainText('Project admin of demo');

  // The new admin on another browser: no Admins section; the configuration of demo only.
  const context = await browser.newContext({ baseURL: server.base, locale: 'en-US' });
  const kenji = await context.newPage();
  await adminLogin(kenji, server, { login, password });
  await expect(
    kenji.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Admins' }),
  ).toHaveCount(0);
  expect((await kenji.request.get(`${server.base}/api/admin/admins`)).status()).toBe(403);
  expect((await kenji.request.get(`${server.base}/api/admin/config/demo/1`)).status()).toBe(200);

  // Deactivated after a confirmation: the next request of their open admin area asks them to log in.
  await card.getByRole('button', { name: `Deactivate ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate this admin?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is deactivated` })).toBeVisible();
  await expect(card).toContainText('Deactivated');
  await kenji.getByRole('link', { name: 'Audit log' }).click();
  await expect(kenji.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await context.close();
});

test("an admin changes a project's logo: the project's pages show the new one at once", async ({ page }) => {
  const server = await adminServer();
  const project = (await (await page.request.get(`${server.base}/api/barcode/project?code=demo&version=1`)).json())
    .data as { customLogoImageUrl: string };
  const logoUrl = `${server.base}${project.customLogoImageUrl}`;
  const original = await page.request.get(logoUrl);
  const originalBytes = await original.body();
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636060606000000005000162b0bd6e0000000049454e44ae426082',
    'hex',
  );

  await adminLogin(page, server);
  await page.getByRole('link', { name: 'Projects' }).click();
  const card = page.getByTestId('admin-project').filter({ hasText: 'demo@' });
  await card.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('The logo of demo is changed.')).toBeVisible();
  const changed = await page.request.get(logoUrl);
  expect(changed.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await changed.body(), png)).toBe(0);

  // A file that is not an image the server takes: said so, nothing changed.
  await card
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(card.getByRole('alert')).toHaveText('Choose a PNG, JPEG, WebP or SVG image.');
  expect((await page.request.get(logoUrl)).headers()['content-type']).toBe('image/png');

  // The demo's own logo back (other specs on this server show it).
  await card
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.svg', mimeType: original.headers()['content-type']!, buffer: originalBytes });
  await expect(page.getByText('The logo of demo is changed.').last()).toBeVisible();
  expect(Buffer.compare(await (await page.request.get(logoUrl)).body(), originalBytes)).toBe(0);
});

test('at 390 px the header and the navigation fit: every section reachable whole, "Log out" on one line, the enterprise named', async ({
  page,
}) => {
  const server = await adminServer();
  await page.setViewportSize({ width: 390, height: 844 });
  await adminLogin(page, server);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(5);
  // Each section's link lies whole inside the navigation and inside the page, its label uncut.
  for (const link of await links.all()) {
    const name = (await link.textContent())!;
    const placed = await link.evaluate((el) => {
      const box = el.getBoundingClientRect();
      let clipped = false;
      // Any ancestor that hides overflow (a scroll area, the navigation) must hold the link whole.
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) clipped = true;
      }
      const label = el.querySelector('.mantine-NavLink-label') ?? el;
      return {
        clipped,
        inPage: box.left >= -0.5 && box.right <= document.documentElement.clientWidth + 0.5,
        labelCut: label.scrollWidth > label.clientWidth + 0.5,
      };
    });
    expect(placed, name).toEqual({ clipped: false, inPage: true, labelCut: false });
    await expect(link, name).toBeInViewport({ ratio: 1 });
  }
  // Every section is reached by its link.
  await nav.getByRole('link', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/\/admin\/config/);

  // "Log out" is one line: its label as high as one line of its text.
  const logout = page.getByRole('button', { name: 'Log out' });
  const lines = await logout.evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label') ?? el;
    const range = document.createRange();
    range.selectNodeContents(label);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return { lines: tops.size, overflows: el.scrollWidth > el.clientWidth + 0.5 };
  });
  expect(lines).toEqual({ lines: 1, overflows: false });

  // The admin's name and role with the enterprise's name, shown whole (not cut by an ellipsis).
  const who = page.getByTestId('admin-name');
  await expect(who).toHaveText('Aiko Mori · Enterprise admin, FrostLine Pharma');
  expect(await who.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5)).toBe(true);
  await expect(who).toBeInViewport({ ratio: 1 });
});
