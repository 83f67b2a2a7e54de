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
