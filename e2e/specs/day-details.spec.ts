import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The shown toast covers none of `targets`. */
async function toastCoversNone(page: Page, targets: Locator[]) {
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // Let the enter animation settle before measuring.
  await page.waitForTimeout(500);
  const box = (await toast.boundingBox())!;
  for (const target of targets) {
    const other = await target.boundingBox();
    expect(other, `${target.toString()} has a box`).not.toBeNull();
    expect(overlaps(box, other!), `the toast covers ${target.toString()}`).toBe(false);
  }
}

test('a deactivated truck comes back with Undo in its toast; toasts cover no header button, nor a drawer’s × or footer', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/trucks');
  const table = page.getByRole('table', { name: 'Trucks' });
  const deactivate = table.getByRole('button', { name: /^Active: Deactivate truck / }).first();
  await expect(deactivate).toBeVisible();
  const unit = ((await deactivate.getAttribute('aria-label')) ?? '').replace('Active: Deactivate truck ', '');

  await deactivate.click();
  await expect(page.getByText('Truck deactivated')).toBeVisible();
  await expect(table.getByRole('button', { name: `Inactive: Activate truck ${unit}` })).toBeVisible();
  await toastCoversNone(page, [
    page.getByRole('button', { name: 'Refresh' }),
    page.getByRole('button', { name: 'Reset filters' }),
    page.getByRole('button', { name: 'Assign' }),
    page.getByRole('button', { name: 'Log Out' }),
  ]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Truck activated')).toBeVisible();
  await expect(table.getByRole('button', { name: `Active: Deactivate truck ${unit}` })).toBeVisible();

  // A failed save while the drawer is open: its toast leaves the drawer's × and buttons free.
  await table.getByRole('button', { name: `Edit truck ${unit}` }).click();
  const drawer = page.getByRole('dialog', { name: `Edit Truck: ${unit}` });
  await drawer.getByLabel('Unit Number').fill('');
  await drawer.getByRole('button', { name: 'Update Truck' }).click();
  await expect(page.getByText('Please check your input and try again.')).toBeVisible();
  await toastCoversNone(page, [
    drawer.getByRole('button', { name: 'Close' }),
    drawer.getByRole('button', { name: 'Cancel' }),
    drawer.getByRole('button', { name: 'Update Truck' }),
  ]);
});

test('the users list never offers to deactivate the signed-in account', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto(`/users?keyword=${E2E_ACCOUNTS.owner.firstName}`);
  const table = page.getByRole('table', { name: 'Users' });
  const own = table.getByRole('row').filter({ hasText: E2E_ACCOUNTS.owner.email });
  await expect(own).toBeVisible();
  await expect(own.getByText('Active')).toHaveAttribute('title', 'You cannot deactivate your own account.');
  await expect(own.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);
});
