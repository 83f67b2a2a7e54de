import { expect, test } from '@playwright/test';
import { adminLogin, adminServer } from './admin-server';
import { choose } from './helpers';

/*
 * What the admin area says when the server refuses a name (a hidden right-to-left override), and
 * what a project admin may do with a user who also works in a project they do not manage.
 */
test.describe.configure({ timeout: 240_000 });

const REMOVE = 'Remove line breaks and invisible control characters from this text.';

test('a name with an invisible character is refused under its field, and accepted once it is removed', async ({
  page,
}) => {
  const server = await adminServer();
  await adminLogin(page, server);
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'New user' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Rin');
  const lastName = page.getByRole('textbox', { name: 'Last name' });
  // Pasted with a right-to-left override it does not show.
  await lastName.fill('Kato\u202e');
  await page.getByRole('combobox', { name: 'Organization' }).fill('FrostLine Logistics');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(lastName).toHaveAccessibleDescription(REMOVE);
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'First name' })).not.toHaveAttribute('aria-invalid', 'true');
  // What was typed stays; corrected, the message goes and the user is made.
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Rin');
  await lastName.fill('Kato');
  await expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('issued-access-code')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

  await page.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill(`names${Date.now() % 100000}`);
  const projectName = page.getByRole('textbox', { name: 'Name' });
  // A text box cannot hold a line break; a bidirectional isolate it keeps, unseen.
  await projectName.fill('\u2067Cold room\u2069');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(projectName).toHaveAccessibleDescription(REMOVE);
});

test('a project admin cannot deactivate a user who also works elsewhere, and is told what they can do', async ({
  page,
  browser,
}) => {
  const server = await adminServer();
  await adminLogin(page, server);
  // A project admin of demo, made in the Admins screen.
  await page.getByRole('link', { name: 'Admins' }).click();
  await page.getByRole('button', { name: 'New admin' }).click();
  const adminName = `Mei Abe ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Full name' }).fill(adminName);
  await choose(page, 'Projects they manage', 'demo');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create admin' }).click();
  const dialog = page.getByRole('dialog', { name: "New admin's password" });
  const password = (await dialog.getByTestId('issued-admin-password').textContent())!;
  const login = adminName.toLowerCase().replaceAll(' ', '.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A user of demo who also works in secure.
  const created = await page.request.post(`${server.base}/api/admin/users`, {
    data: { userType: 'staff', firstName: 'Sho', lastName: 'Endo', organizationName: 'FrostLine Logistics' },
  });
  expect(created.status()).toBe(200);
  const userId = ((await created.json()) as { data: { user: { id: string } } }).data.user.id;
  for (const projectCode of ['demo', 'secure'])
    expect(
      (
        await page.request.put(`${server.base}/api/admin/users/${userId}/projects/${projectCode}`, {
          data: { role: 'tracker' },
        })
      ).status(),
    ).toBe(200);

  const context = await browser.newContext({ baseURL: server.base, locale: 'en-US' });
  const mei = await context.newPage();
  await adminLogin(mei, server, { login, password });
  await mei.goto(`${server.base}/admin/users/${userId}`);
  await expect(mei.getByRole('heading', { name: 'Sho Endo' })).toBeVisible();
  const note =
    "Sho Endo also works in secure, which you do not manage: only an enterprise admin can deactivate them or change their access code. To end their work in your project, make them a Viewer there (removing them gives back their user type's defaults).";
  for (const name of ['Deactivate', 'Issue a new access code', 'Revoke the access code']) {
    const button = mei.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(note);
  }
  // Their own project's role is theirs to change.
  await choose(mei, 'Role in demo', 'Viewer: look only');
  await expect(mei.getByText('Saved.')).toBeVisible();
  await expect(mei.getByRole('combobox', { name: 'Role in secure' })).toBeDisabled();
  await context.close();
});
