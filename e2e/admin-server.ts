import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { endGroupsNow, runInGroup } from '../scripts/process-group';
import { startServerProcess, type ServerProcess } from '../tests/server/server-process';

/** A server with a first admin created the way an operator does: `npm run admin -- create-admin`. */
export interface AdminServer {
  /** The server's address (e.g. http://127.0.0.1:40123): the client and the API. */
  base: string;
  login: string;
  /** The one-time password the command printed. */
  password: string;
  /** What the command printed, whole. */
  printed: string;
  /** A second enterprise admin of FrostLine Pharma, created the same way (Pat Lee): two admins at one draft. */
  second: { login: string; password: string };
}

type Env = Record<string, string | undefined>;

/**
 * `npm run admin -- create-admin` on the data folder of `env`: what it printed and the credential in
 * it. npm starts the command under `sh`: run as a group, so a timeout ends them all, not npm alone.
 */
async function createAdmin(env: Env, name: string): Promise<{ printed: string; login: string; password: string }> {
  const { code, stdout, output, timedOut } = await runInGroup(
    'npm',
    ['run', '--silent', 'admin', '--', 'create-admin', '--enterprise', 'FrostLine Pharma', '--name', name],
    { env, timeoutMs: 180_000 },
  );
  if (code !== 0) throw new Error(`create-admin ${timedOut ? 'timed out' : `exited with ${code}`}:\n${output}`);
  const login = /login:\s+(\S+)/.exec(stdout)?.[1];
  const password = /password:\s+(\S+)/.exec(stdout)?.[1];
  if (!login || !password) throw new Error(`create-admin printed no credential:\n${stdout}`);
  return { printed: stdout, login, password };
}

let shared: Promise<AdminServer> | null = null;
let process_: ServerProcess | null = null;
let folder: string | null = null;

/**
 * The e2e servers of playwright.config.ts keep their data in memory, which no other process can
 * reach; so the admin area's specs use their own server: a fresh data folder, the real command
 * line run on it (it migrates and seeds it like the server, and creates the admin), then the real
 * server (`server/main.ts`, the built client) started on that folder. One per worker (the specs
 * run one at a time), stopped when the worker ends.
 */
export function adminServer(): Promise<AdminServer> {
  shared ??= (async () => {
    folder = mkdtempSync(join(tmpdir(), 'sb-admin-e2e-'));
    const env = { ...process.env, DATA_DIR: folder, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const first = await createAdmin(env, 'Aiko Mori');
    const second = await createAdmin(env, 'Pat Lee');
    process_ = await startServerProcess({ DATA_DIR: folder, EXPOSE_OUTBOX: '1', LOG_LEVEL: 'warn' });
    return {
      base: process_.base,
      login: first.login,
      password: first.password,
      printed: first.printed,
      second: { login: second.login, password: second.password },
    };
  })();
  return shared;
}

// The worker ends without a teardown of its own for this server: it is stopped (its group:
// SIGTERM, then SIGKILL) before its folder goes.
process.on('exit', () => {
  if (process_) endGroupsNow([process_.child.pid!], 5000);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Logs in to the admin area at `/admin` of the admin server (as its first admin, or `as`) and waits for its navigation. */
export async function adminLogin(
  page: Page,
  server: AdminServer,
  as: { login: string; password: string } = server,
): Promise<void> {
  await page.goto(`${server.base}/admin`);
  await page.getByLabel('Login name').fill(as.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(as.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
}

/**
 * Walks every admin screen and dialog in the states a user reaches, calling `check` on each
 * (the accessibility and text-reflow specs): the login with its error, users with the new-user
 * form, the access-code dialog, a user's page, projects with the new-project form, the audit log
 * with an entry's details open.
 */
export async function visitAdminScreens(
  page: Page,
  server: AdminServer,
  check: (screen: string) => Promise<void>,
): Promise<void> {
  await page.goto(`${server.base}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await check('admin login');
  await page.getByLabel('Login name').fill('nobody');
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  // The button's loading state fades out: measured once it has.
  await expect(page.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('data-loading');
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await check('admin login with its error');
  await adminLogin(page, server);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByTestId('admin-user').first()).toBeVisible();
  await check('admin users');
  await page.getByRole('button', { name: 'New user' }).click();
  await expect(page.getByRole('button', { name: 'Create user' })).toBeVisible();
  await check('admin new user form');
  await page.getByRole('textbox', { name: 'First name' }).fill('Sora');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Aoki');
  await page.getByRole('combobox', { name: 'Organization' }).fill('FrostLine Logistics');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('issued-access-code')).toBeVisible();
  await check('admin access code dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('link', { name: 'Manage Sora Aoki' }).first().click();
  await expect(page.getByRole('heading', { name: 'Sora Aoki' })).toBeVisible();
  await check('admin user page');
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByTestId('admin-project').first()).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).click();
  await expect(page.getByRole('button', { name: 'Create project' })).toBeVisible();
  await check('admin projects with the new project form');
  await page.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByTestId('admin-account').first()).toBeVisible();
  await page.getByRole('button', { name: 'New admin' }).click();
  await expect(page.getByRole('button', { name: 'Create admin' })).toBeVisible();
  await check('admin admins with the new admin form');
  await page.getByRole('textbox', { name: 'Full name' }).fill(`Walk Admin ${Date.now() % 1000000}`);
  await page.getByRole('button', { name: 'Create admin' }).click();
  await expect(page.getByTestId('issued-admin-password')).toBeVisible();
  await check("admin new admin's password dialog");
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  await page.getByTestId('audit-entry').first().getByText('Before and after').click();
  await check('admin audit log with details open');

  // The configuration of demo@1, each step of its draft (builder, JSON editor, preview, publish with
  // the report), the revisions; then the discard confirmation.
  await page.getByRole('link', { name: 'Configuration' }).click();
  await page.getByRole('textbox', { name: 'Project code' }).fill('demo');
  await page.getByRole('textbox', { name: 'Version' }).fill('1');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const open = page.getByRole('button', { name: /^Open a draft from revision/ });
  const save = page.getByRole('button', { name: 'Save the draft' });
  await expect(open.or(save)).toBeVisible();
  const opened = await open.isVisible();
  if (opened) await open.click();
  await expect(save).toBeVisible();
  await check('admin configuration draft: building the forms');
  // A field being changed in the builder.
  await page
    .getByRole('region', { name: 'Form builder' })
    .getByRole('button', { name: /^Change / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Change the field / })).toBeFocused();
  await check('admin configuration changing a field in the builder');
  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await page.getByRole('tab', { name: 'JSON editor' }).click();
  await expect(page.locator('.cm-editor')).toBeVisible();
  await expect(page.getByText('No problems in the JSON.')).toBeVisible();
  await check('admin configuration draft: the JSON editor');
  await page.getByRole('tab', { name: 'Preview and test' }).click();
  await expect(page.getByTestId('phone-frame').getByRole('textbox').first()).toBeVisible({ timeout: 20_000 });
  await check('admin configuration draft: the preview');
  await page.getByRole('tab', { name: /^Publish/ }).click();
  await page.getByRole('button', { name: 'Check compatibility' }).click();
  await expect(page.getByTestId('config-report')).toBeVisible();
  await check('admin configuration with the compatibility report');
  await page.getByRole('tab', { name: 'Build the forms' }).click();
  await page.getByRole('button', { name: 'Discard the draft' }).click();
  const discarding = page.getByRole('dialog', { name: 'Discard the draft?' });
  await expect(discarding.getByTestId('config-report')).toBeVisible();
  await check('admin configuration: the discard confirmation');
  if (!opened) await discarding.getByRole('button', { name: 'Cancel' }).click();
  // The draft this walk opened goes (another spec on this server edits demo@1).
  if (opened) {
    await discarding.getByRole('button', { name: 'Discard the draft' }).click();
    await expect(open).toBeVisible();
  }
}
