import { expect, test } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

test("mileage report: open a demo trip's report from the row menu, edit and save the manual figures, see them again after reopening", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/trips');
  const table = page.getByRole('table', { name: 'Trips' });
  const more = table.getByRole('button', { name: /^More actions for / }).first();
  await expect(more).toBeVisible();
  const number = ((await more.getAttribute('aria-label')) ?? '').replace('More actions for ', '');

  await more.click();
  await page.getByRole('menuitem', { name: 'Mileage Report' }).click();
  const dialog = page.getByRole('dialog', { name: `Mileage Report: ${number}` });
  const sources = dialog.getByRole('table', { name: 'Mileage by source' });
  await expect(sources.getByRole('row')).toHaveCount(4);
  await expect(sources.getByRole('rowheader').nth(0)).toContainText('HERE');
  await expect(sources.getByRole('rowheader').nth(1)).toContainText('SAMSARA');
  await expect(sources.getByRole('rowheader').nth(2)).toContainText('GLE');

  // Read-only until Edit (or already editable when the trip has no manual figures yet).
  const loaded = dialog.getByLabel('LOADED MILES');
  if (await dialog.getByRole('button', { name: 'Edit' }).isVisible()) {
    await expect(loaded).toHaveAttribute('readonly', '');
    await dialog.getByRole('button', { name: 'Edit' }).click();
  }
  await expect(loaded).not.toHaveAttribute('readonly', '');
  await loaded.fill('321.4');
  await dialog.getByLabel('EMPTY MILES').fill('12.2');
  await expect(dialog.getByLabel('PAYABLE MILEAGE')).toHaveValue('333.6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(loaded).toHaveAttribute('readonly', '');

  // Closed and opened again, the saved figures come back from the server.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await more.click();
  await page.getByRole('menuitem', { name: 'Mileage Report' }).click();
  await expect(dialog.getByLabel('LOADED MILES')).toHaveValue('321.4');
  await expect(dialog.getByLabel('EMPTY MILES')).toHaveValue('12.2');
  await expect(dialog.getByLabel('PAYABLE MILEAGE')).toHaveValue('333.6');
});
