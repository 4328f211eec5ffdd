import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/** The row of a list table that contains `text`. */
const tableRow = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
/** The data rows of a list table (the header row is skipped). */
const dataRows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test.beforeEach(async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.owner);
});

test("a truck's home location is chosen through place search and shows in the table", async ({ page }) => {
  await page.goto('/trucks');
  await expect(page.getByText(/^Total: \d+ trucks$/)).toBeVisible();
  await dataRows(page, 'Trucks')
    .first()
    .getByRole('button', { name: /^Edit truck / })
    .click();
  const drawer = page.getByRole('dialog', { name: /^Edit Truck: / });
  const unit = ((await drawer.getByRole('heading').first().textContent()) ?? '').replace('Edit Truck: ', '').trim();
  expect(unit).not.toBe('');

  const location = drawer.getByRole('combobox', { name: 'Home Location' });
  await location.fill('');
  await location.pressSequentially('dall');
  await page
    .getByRole('option', { name: /^Dallas, TX/ })
    .first()
    .click();
  await expect(location).toHaveValue(/^Dallas, TX/);
  await expect(drawer.getByLabel('Home Latitude')).toHaveValue(/^32\.\d{6}$/);
  await drawer.getByRole('button', { name: 'Update Truck' }).click();
  await expect(page.getByText('Truck updated successfully!')).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search trucks' }).fill(unit);
  // The router writes a numeric-looking keyword as a JSON string ("1001"), so match loosely.
  await expect(page).toHaveURL(new RegExp(`keyword=[^&]*${encodeURIComponent(unit)}`));
  await expect(tableRow(page, 'Trucks', unit).filter({ hasText: 'Dallas, TX' }).first()).toBeVisible();
});

test('two drivers are assigned to a user; the same assignment again is refused', async ({ page }) => {
  await page.goto('/trucks');
  const assign = async () => {
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Assign Drivers to User' });
    const submit = drawer.getByRole('button', { name: 'Assign', exact: true });
    await expect(submit).toBeDisabled();
    const drivers = drawer.getByRole('group', { name: 'Drivers' }).getByRole('checkbox');
    await drivers.nth(0).click();
    await drivers.nth(1).click();
    await expect(drawer.getByRole('list', { name: 'Chosen drivers' }).getByRole('listitem')).toHaveCount(2);
    await expect(submit).toBeDisabled();
    await drawer.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('textbox', { name: 'Search users...' }).fill(E2E_ACCOUNTS.dispatcher.lastName);
    await page.getByRole('option', { name: `${E2E_ACCOUNTS.dispatcher.firstName} ${E2E_ACCOUNTS.dispatcher.lastName}` }).click();
    await expect(submit).toBeEnabled();
    await submit.click();
    return drawer;
  };
  const first = await assign();
  await expect(page.getByText('Drivers assigned successfully!')).toBeVisible();
  await expect(first).toBeHidden();

  const again = await assign();
  await expect(page.getByText('Already assigned.')).toBeVisible();
  await expect(again).toBeVisible();
});

test("a company's API tokens are stored and shown again only as placeholders", async ({ page }) => {
  const stamp = Date.now().toString(36).slice(-4);
  await page.goto('/companies');
  await expect(page.getByText(/^Total: \d+ companies$/)).toBeVisible();
  const openTokens = async () => {
    await dataRows(page, 'Companies')
      .first()
      .getByRole('button', { name: /^Update API tokens of / })
      .click();
    const drawer = page.getByRole('dialog', { name: /^Update API Tokens: / });
    await expect(drawer.getByLabel('Samsara Token', { exact: true })).toBeVisible();
    return drawer;
  };
  let drawer = await openTokens();
  await drawer.getByLabel('Samsara Token', { exact: true }).fill(`samsara-e2e-${stamp}`);
  await drawer.getByLabel('GLE Token', { exact: true }).fill(`gle-e2e-${stamp}`);
  await drawer.getByRole('button', { name: 'Update Tokens' }).click();
  await expect(page.getByText('API tokens updated successfully!')).toBeVisible();
  await expect(drawer).toBeHidden();

  drawer = await openTokens();
  await expect(drawer.getByLabel('Samsara Token', { exact: true })).toHaveValue('');
  await expect(drawer.getByLabel('Samsara Token', { exact: true })).toHaveAttribute('placeholder', `•••• ${stamp}`);
  await expect(drawer.getByLabel('GLE Token', { exact: true })).toHaveValue('');
  await expect(drawer.getByLabel('GLE Token', { exact: true })).toHaveAttribute('placeholder', `•••• ${stamp}`);
  await expect(drawer.getByText(`samsara-e2e-${stamp}`)).toHaveCount(0);
});

test('radius settings are saved and read back after a reload', async ({ page }) => {
  const home = (10 + (Date.now() % 80)).toString();
  await page.goto('/system');
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  const homeRadius = page.getByLabel('Home Radius (miles)');
  await expect(homeRadius).toBeVisible();
  await homeRadius.fill(home);
  await page.getByLabel('Delivery Radius (miles)').fill('-1');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Delivery radius must be positive')).toBeVisible();
  await page.getByLabel('Delivery Radius (miles)').fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Home Radius (miles)')).toHaveValue(home);
  await expect(page.getByLabel('Delivery Radius (miles)')).toHaveValue('0');
});

test('a recovery reason is added and deactivated', async ({ page }) => {
  const name = `E2E reason ${Date.now().toString(36)}`;
  await page.goto('/system');
  await page.getByRole('tab', { name: 'Recovery Reasons' }).click();
  await expect(page).toHaveURL(/tab=recovery-reasons/);
  await expect(page.getByText(/^Total: \d+ reasons$/)).toBeVisible();
  await page.getByRole('button', { name: 'New Reason' }).click();
  const drawer = page.getByRole('dialog', { name: 'New Recovery Reason' });
  await drawer.getByLabel('Reason Name').fill('x'.repeat(100));
  await expect(drawer.getByText('Reason name must be less than 100 characters')).toBeVisible();
  await drawer.getByLabel('Reason Name').fill(name);
  await drawer.getByRole('button', { name: 'Create Reason' }).click();
  await expect(page.getByText('Recovery reason created successfully!')).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search reasons' }).fill(name);
  const row = tableRow(page, 'Recovery reasons', name);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Active: Deactivate ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Change Recovery Reason Status' });
  await expect(dialog).toContainText(`Are you sure you want to deactivate "${name}"?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Recovery reason deactivated')).toBeVisible();
  await expect(row.getByRole('button', { name: `Inactive: Activate ${name}` })).toBeVisible();
});
