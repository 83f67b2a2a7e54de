import { expect, test } from '@playwright/test';
import { adminLogin, adminServer } from './admin-server';

/*
 * Issue 19, as a new admin works: the first admin is created on the command line, logs in to the
 * admin area, and finds every step in the audit log.
 */
test.describe.configure({ timeout: 240_000 });

test('an admin created on the command line logs in and reads the audit log', async ({ page }) => {
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
  await page.getByRole('link', { name: 'Audit log' }).click();
  const created = page.getByTestId('audit-entry').filter({ hasText: 'admin.create' });
  await expect(created).toContainText('command line');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
