import { expect, test } from '@playwright/test';
import { login, typeAccessCode } from './helpers';

test('a staff member logs in with 1111-2222 and sees their name on the logged-in home', async ({ page }) => {
  await page.goto('/demo@1');
  await expect(page.getByRole('img', { name: 'FrostLine Pharma' })).toBeVisible();
  await typeAccessCode(page, '11112222');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('staff-name')).toHaveText('Hana Sato');
  await expect(page.getByTestId('header-staff-name')).toHaveText('Hana Sato');
  await expect(page.getByText('FrostLine Pharma · Cold-chain vaccine shipments (v1)')).toBeVisible();
  // The session survives a reload (httpOnly cookies).
  await page.reload();
  await expect(page.getByTestId('staff-name')).toHaveText('Hana Sato');
});

test("a wrong access code says 'Invalid password' and stays on the form", async ({ page }) => {
  await page.goto('/demo@1');
  await typeAccessCode(page, '12345678');
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid password');
  await expect(page.getByLabel('Access code, first 4 digits')).toBeVisible();
});

test('an incomplete access code is caught before any request', async ({ page }) => {
  await page.goto('/demo@1');
  await typeAccessCode(page, '1111');
  let requested = false;
  page.on('request', (r) => {
    if (r.url().includes('/user/authorize')) requested = true;
  });
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter all 8 digits of your access code.');
  expect(requested).toBe(false);
});

test('logout asks for confirmation; Cancel keeps the session, OK ends it', async ({ page }) => {
  await login(page, '11112222');
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure to logout')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
});

test('a staff user of another enterprise is logged out and told they do not belong', async ({ page }) => {
  await page.goto('/demo@1');
  await typeAccessCode(page, '55556666');
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByTestId('message-dialog-body')).toContainText('You do not belong to FrostLine Pharma');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await expect(page.getByTestId('staff-name')).toHaveCount(0);
});

test('a session of demo@1 does not open secure@1: logged out there and asked for its own login', async ({ page }) => {
  await login(page, '11112222');
  await page.goto('/secure@1');
  await expect(page.getByTestId('message-dialog-body')).toContainText(
    'Controlled substances asks for more at login (a password or a one-time code).',
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();
  await expect(page.getByTestId('staff-name')).toHaveCount(0);
});

test('the one-time-code flow on secure@1: code sent, wrong code refused, right code logs in', async ({
  page,
  request,
}) => {
  await page.goto('/secure@1');
  const code = page.getByLabel('One-time code');
  await expect(code).toBeDisabled();
  await typeAccessCode(page, '11112222');
  await page.getByRole('textbox', { name: 'Password' }).fill('Frostline2026');
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByText('A one-time code was sent to your registered phone.')).toBeVisible();
  await expect(code).toBeEnabled();

  await code.fill('000000');
  await page.getByRole('button', { name: 'Authenticate' }).click();
  const outbox = await (await request.get('/api/dev/outbox')).json();
  // The newest SMS to Hana's phone (route notifications also go through the outbox).
  const otp = (outbox.data as { channel: string; destination: string; body: string }[]).find(
    (m) => m.channel === 'sms' && m.destination.replace(/\D/g, '').endsWith('9012345678'),
  );
  const sent = /(\d{6})/.exec(otp?.body ?? '')?.[1] ?? '';
  if (sent !== '000000')
    await expect(page.getByRole('alert').filter({ hasText: 'The one-time code is incorrect.' })).toBeVisible();

  await code.fill(sent);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByTestId('staff-name')).toHaveText('Hana Sato');
});
