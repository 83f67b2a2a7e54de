import { expect, type Page } from '@playwright/test';

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

/** Logs out through the header (confirming) and waits for the login form. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
}

/**
 * Starts one more real server (own port, in-memory database, given environment) for a test
 * that needs its own settings; resolves when it answers. Returns a stop function.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<() => Promise<void>> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', ...env },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/barcode/project?code=demo`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}
