import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('a carrier registers, sees the code grouped as 1234-5678, and logs in with it', async ({ page }) => {
  await page.goto('/demo@1');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/demo@1\/register$/);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This field is required.')).toHaveCount(2);
  await page.getByLabel('Last name').fill('Mori');
  await page.getByLabel('First name').fill('Aiko');
  await page.getByRole('button', { name: 'Register' }).click();
  const code = page.getByTestId('registered-access-code');
  await expect(code).toHaveText(/^\d{4}-\d{4}$/);
  const accessCode = (await code.textContent()) ?? '';
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/demo@1$/);
  await login(page, accessCode);
  await expect(page.getByTestId('staff-name')).toHaveText('Aiko Mori');
});

test('register on a project that disallows it shows the 404 page', async ({ page }) => {
  await page.goto('/secure@1/register');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/secure@1\/not-found$/);
});

test('a name the server refuses (a direction override pasted in) is said under that name, and the rest is kept', async ({
  page,
}) => {
  await page.goto('/demo@1/register');
  await page.getByLabel('Last name').fill('Mori\u202e');
  await page.getByLabel('First name').fill('Aiko');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Remove line breaks and invisible control characters from this text.')).toBeVisible();
  await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name')).toHaveValue('Aiko');
  await expect(page.getByTestId('registered-access-code')).toHaveCount(0);
});
