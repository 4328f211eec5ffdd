import { expect, test } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { latestEmailLink, outboxCount, sidebar, signIn } from './helpers';

test('an unauthenticated visit is sent to /login', async ({ page }) => {
  await page.goto('/trips');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Fleet Management System')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the spec message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ACCOUNTS.owner.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('the demo owner signs in and sees every section', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.owner);
  await expect(page.getByText('Login successful! Welcome back.')).toBeVisible();
  await expect(page).toHaveURL(/\/trips$/);
  const nav = sidebar(page);
  for (const item of ['Trips', 'Routes', 'Reports', 'Trucks', 'Dispatchers', 'Shops', 'Companies', 'System', 'Users', 'Roles']) {
    await expect(nav.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(page.getByTestId('sidebar-user')).toContainText('Olivia Owner');
});

test('a viewer sees only the permitted sidebar items and gets 403 elsewhere', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.viewer);
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Trips' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Companies' })).toBeVisible();
  for (const hidden of ['System', 'Users', 'Roles']) await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  await page.goto('/users');
  await expect(page.getByText('Access Denied')).toBeVisible();
});

test('a user with no permissions lands on the 403 page', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.noPermissions);
  await expect(page).toHaveURL(/\/trips$/);
  await expect(page.getByText('403')).toBeVisible();
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
  await expect(sidebar(page).getByRole('link')).toHaveCount(0);
});

test('Ctrl+B collapses the sidebar and the state survives a reload', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.dispatcher);
  const bar = page
    .locator('[data-state][aria-label]')
    .filter({ has: sidebar(page) })
    .first();
  await expect(bar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(bar).toHaveAttribute('data-state', 'collapsed');
  expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('false');
  await page.reload();
  await expect(bar).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(bar).toHaveAttribute('data-state', 'expanded');
});

test('the profile edit saves and shows the new name', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.dispatcher);
  await page.getByTestId('sidebar-user').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByLabel('Email')).toHaveValue(E2E_ACCOUNTS.dispatcher.email);
  await dialog.getByLabel('First Name').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('First Name is required')).toBeVisible();
  await dialog.getByLabel('First Name').fill('Daniel');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sidebar-user')).toContainText('Daniel Dispatcher');
  await page.reload();
  await expect(page.getByTestId('sidebar-user')).toContainText('Daniel Dispatcher');
});

test('log out through the confirmation dialog', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.getByRole('button', { name: 'Log Out' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/trips');
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: the emailed link sets a new password', async ({ page }) => {
  const before = await outboxCount();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  // The sign-in card slid away; only the reset card's field is reachable now.
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ACCOUNTS.viewer.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset link has been sent to your email address.')).toBeVisible();

  const link = await latestEmailLink(before);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password').fill('viewer-new-pass');
  await page.getByLabel('Confirm Password').fill('viewer-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Success! Password reset successfully. Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await signIn(page, { email: E2E_ACCOUNTS.viewer.email, password: 'viewer-new-pass' });
  await expect(page).toHaveURL(/\/trips$/);
});
