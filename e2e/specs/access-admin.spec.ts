import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { latestEmailLink, outboxCount, sidebar, signIn } from './helpers';

/** The row of a list table that contains `text`. */
const tableRow = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

test('the owner builds a role and invites a user who sees only that role’s sections until deactivated', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const roleName = `PLANNER_${stamp}`.toUpperCase();
  const person = { firstName: 'Paula', lastName: `Planner${stamp}`, email: `paula.${stamp}@e2e.test`, password: 'paula-password-1' };
  const fullName = `${person.firstName} ${person.lastName}`;

  // --- The owner creates a role with two page permissions. ---
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/roles');
  await expect(page.getByText(/^Total: \d+ role$/)).toBeVisible();
  await page.getByRole('button', { name: 'New Role' }).click();
  const roleDrawer = page.getByRole('dialog', { name: 'New Role' });
  await roleDrawer.getByLabel('Name').fill(roleName);
  await roleDrawer.getByLabel('Description').fill('Trips and reports only');
  await roleDrawer.getByRole('checkbox', { name: 'Show the Trips page' }).click();
  await expect(roleDrawer.getByRole('checkbox', { name: 'Trips: all permissions' })).toHaveAttribute('aria-checked', 'mixed');
  await roleDrawer.getByRole('checkbox', { name: 'Show the Reports page' }).click();
  await roleDrawer.getByRole('button', { name: 'Create Role' }).click();
  await expect(page.getByText('Role created successfully!')).toBeVisible();
  await expect(roleDrawer).toBeHidden();

  // The keyword search finds it, and the filter lives in the URL (it survives a reload).
  await page.getByRole('searchbox', { name: 'Search roles' }).fill(roleName.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`roleKeyword=${roleName.toLowerCase()}`));
  await expect(page.getByText('Total: 1 role')).toBeVisible();
  await page.reload();
  await expect(tableRow(page, 'Roles', roleName)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search roles' })).toHaveValue(roleName.toLowerCase());

  // --- The owner adds a user with that role; an invitation goes out. ---
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const userDrawer = page.getByRole('dialog', { name: 'Add New User' });
  const rolePicker = userDrawer.getByRole('combobox', { name: 'Role' });
  await expect(rolePicker).toHaveText('OWNER');
  await userDrawer.getByLabel('First Name').fill(person.firstName);
  await userDrawer.getByLabel('Last Name').fill(person.lastName);
  await userDrawer.getByLabel('Email').fill(person.email);
  await userDrawer.getByLabel('Phone').pressSequentially('13125550199');
  await expect(userDrawer.getByLabel('Phone')).toHaveValue('+1 (312) 555-0199');
  await rolePicker.click();
  await page.getByRole('textbox', { name: 'Search roles...' }).fill(roleName.slice(0, 12));
  await page.getByRole('option', { name: roleName }).click();
  await expect(rolePicker).toHaveText(roleName);

  const mailsBefore = await outboxCount();
  await userDrawer.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully!')).toBeVisible();
  await expect(userDrawer).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(person.lastName);
  const userRow = tableRow(page, 'Users', person.email);
  await expect(userRow).toBeVisible();
  await expect(userRow).toContainText(roleName);
  await expect(userRow).toContainText('Invitation pending');

  // --- The invited user sets a password from the emailed link, in a browser of their own. ---
  const link = await latestEmailLink(mailsBefore);
  expect(link.searchParams.get('email')).toBe(person.email);
  const theirContext = await browser.newContext();
  const theirPage = await theirContext.newPage();
  await theirPage.goto(`${link.pathname}${link.search}`);
  await theirPage.getByLabel('New Password').fill(person.password);
  await theirPage.getByLabel('Confirm Password').fill(person.password);
  await theirPage.getByRole('button', { name: 'Reset Password' }).click();
  await expect(theirPage.getByText('Success! Password reset successfully. Redirecting to login...')).toBeVisible();
  await expect(theirPage).toHaveURL(/\/login$/, { timeout: 5_000 });

  // --- Signed in, they see exactly the sections their role opens. ---
  await signIn(theirPage, person);
  await expect(theirPage).toHaveURL(/\/trips$/);
  const nav = sidebar(theirPage);
  await expect(nav.getByRole('link')).toHaveText(['Trips', 'Reports']);
  await theirPage.goto('/users');
  await expect(theirPage.getByText('Access Denied')).toBeVisible();

  // The owner's list no longer says the invitation is pending.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(userRow).not.toContainText('Invitation pending');

  // --- The owner deactivates them; their session ends on its next request. ---
  await userRow.getByRole('button', { name: `Active: Deactivate ${fullName}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Change User Status' });
  await expect(dialog).toContainText(`Are you sure you want to deactivate "${fullName}"?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('User deactivated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(userRow.getByRole('button', { name: `Inactive: Activate ${fullName}` })).toBeVisible();

  await theirPage.goto('/reports');
  await expect(theirPage).toHaveURL(/\/login$/);
  expect(await theirPage.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await theirContext.close();
});
