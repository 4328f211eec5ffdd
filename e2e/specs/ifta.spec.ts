import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/**
 * Reports → IFTA return on the demo data (docs/ifta.md "Demo"): the company and quarter with fuel,
 * the rows with their totals, a jurisdiction's trips and purchases, the rates one click away; at
 * 1366 px and on a 390 px phone, with screenshots.
 */
async function openReturn(page: Page) {
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/reports?tab=IFTA');
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(page).toHaveURL(/companyId=\d+/);
  const table = page.getByRole('table', { name: 'IFTA return' });
  // The last full quarter, which the demo's loads reach (docs/ifta.md "Demo"); drafting it may take a while on a busy machine.
  await expect(table).toBeVisible({ timeout: 60_000 });
  return table;
}

test('IFTA return at 1366 px: rows with totals, a row opens its trips and purchases, the rates one click away', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const table = await openReturn(page);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(table.locator('tfoot th')).toHaveText('Total');
  await expect(page.getByLabel('Totals')).toContainText('Fleet MPG');
  await page.screenshot({ path: test.info().outputPath('ifta-return-1366.png'), fullPage: true });

  const first = table.locator('tbody tr th button').first();
  const jurisdiction = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page.getByRole('region', { name: `Trips in ${jurisdiction}` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Purchases in ${jurisdiction}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ifta-return-drill-down-1366.png'), fullPage: true });

  await page.getByRole('button', { name: 'Tax rates' }).click();
  await expect(page.getByRole('table', { name: /Diesel rates/ }).or(page.getByText(/No tax rates for/))).toBeVisible();
  await page.getByRole('button', { name: 'Fuel purchases' }).click();
  await expect(page.getByRole('region', { name: /Fuel purchases, / })).toBeVisible();
});

test('IFTA return on a phone (390 px): the return and its warnings fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  // The company is chosen at desk width (it goes to the URL), then the same screen on a phone.
  await page.setViewportSize({ width: 1366, height: 900 });
  await openReturn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'IFTA return' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Totals')).toContainText('Fleet MPG');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('ifta-return-390.png'), fullPage: true });
});
