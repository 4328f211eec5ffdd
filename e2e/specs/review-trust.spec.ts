import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/**
 * A review a clerk can trust (docs/mileage-review.md "Screen"): the queue says the pay rule of the
 * company in view; a trip that needs review offers each complete source's miles ("Use these
 * miles"), and taking them approves it. At 1366 px and on a 390 px phone, with screenshots.
 */

/** The Needs-review tab of one demo company, once the background job has filled the queue. */
async function needsReviewOf(page: Page, company: RegExp) {
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/mileage-review?status=NEEDS_REVIEW');
  const table = page.getByRole('table', { name: 'Mileage Review' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 150_000, intervals: [3_000] });
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('listbox').getByRole('option', { name: company }).click();
  await expect(page).toHaveURL(/companyId=\d+/);
  return table;
}

test('at 1366 px: the queue says the company’s pay rule; a trip that needs review takes one source’s miles and is approved', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 850 });
  const table = await needsReviewOf(page, /Lone Star Carriers/);
  // The demo's rule (the lower, 2 %) or the one mileage-review.spec.ts saves on the same server (routed, 4 %).
  await expect(page.getByTestId('review-rule')).toHaveText(/^Lone Star Carriers: pay (the lower of routed and GPS|routed) miles when GPS agrees within \d+ %$/);
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('review-rule-1366.png') });

  const approvedBefore = Number(((await page.getByRole('tab', { name: /^Approved/ }).textContent()) ?? '').replace(/\D+/g, '') || '0');
  // Keyboard: the first row's number is reached and Enter opens its Mileage Report.
  const number = table.getByRole('row').nth(1).getByRole('button').first();
  await number.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Mileage Report/ });
  await expect(dialog).toBeVisible();
  const offers = dialog.getByTestId('use-source-miles');
  await expect(offers).toBeVisible({ timeout: 15_000 });
  await expect(offers).toContainText('This trip needs review');
  await page.screenshot({ path: test.info().outputPath('use-these-miles-1366.png') });
  const use = offers.getByRole('button', { name: /^Use these miles/ }).first();
  const label = ((await use.getAttribute('aria-label')) ?? '').replace('Use these miles: ', '');
  await use.click();
  await expect(page.getByText(`Payable miles taken from ${label}`)).toBeVisible();
  // Approved now: the offer is gone and the manual figures are filled.
  await expect(offers).toHaveCount(0);
  await expect(dialog.getByLabel(/PAYABLE MILEAGE/)).not.toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tab', { name: /^Approved/ })).toHaveText(new RegExp(`${approvedBefore + 1}$`));
});

test('on a phone (390 px): the rule line and the offer of one source’s miles fit the screen', async ({ page }) => {
  test.setTimeout(240_000);
  // The company is picked at laptop width (on a phone the filters sit behind "Filters"), then the same page on the phone.
  const table = await needsReviewOf(page, /Lone Star Carriers/);
  await expect(page.getByTestId('review-rule')).toContainText('Lone Star Carriers: pay ');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('review-rule')).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('review-rule-390.png') });
  await table.getByRole('row').nth(1).getByRole('button').first().click();
  const offers = page.getByRole('dialog', { name: /Mileage Report/ }).getByTestId('use-source-miles');
  await expect(offers).toBeVisible({ timeout: 15_000 });
  const box = (await offers.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('use-these-miles-390.png') });
});
