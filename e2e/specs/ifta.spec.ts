import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/**
 * Reports → IFTA return on the demo data (docs/ifta.md "Demo"): the company and quarter with fuel,
 * the rows with their totals, a jurisdiction's trips and purchases, the rates one click away; one
 * purchase changed, IFTA, Inc.'s rate matrix file imported; a purchase typed on screen and counted
 * in the return, then changed in two tabs (the 409 and its Reload); at 1366 px and on a 390 px
 * phone, with screenshots (the purchase editor in light and dark).
 */
const RATE_MATRIX = fileURLToPath(new URL('../../apps/api/test/fixtures/ifta-rate-matrix-sample.csv', import.meta.url));
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

test("IFTA return of the demo's GPS company: fileable miles from the first screen, one purchase changed, the rate matrix file imported", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/reports?tab=IFTA');
  // Prairie Freight Lines runs Samsara and GLE: the seed keeps its tracks' state miles, so its return is fileable at once (docs/ifta.md "Demo").
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Prairie Freight Lines' }).click();
  await expect(page.getByRole('table', { name: 'IFTA return' })).toBeVisible({ timeout: 60_000 });
  const totals = page.getByLabel('Totals');
  const figure = async (term: string) =>
    Number(((await totals.locator('div', { hasText: term }).locator('dd').first().textContent()) ?? '').replace(/\(.*\)/, '').replace(/[^\d.]/g, ''));
  expect(await figure('Total miles')).toBeGreaterThan(0);
  expect(await figure('Total gallons')).toBeGreaterThan(0);
  expect(await figure('Fleet MPG')).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('ifta-return-demo-gps-1366.png'), fullPage: true });

  // One purchase: a wrong figure is said under its field, then a change is saved.
  await page.getByRole('button', { name: 'Fuel purchases' }).click();
  await page
    .getByRole('button', { name: /^Edit the purchase of / })
    .first()
    .click();
  const form = page.getByRole('form', { name: /^Purchase / });
  const gallons = form.getByRole('textbox', { name: 'Gallons' });
  const before = await gallons.inputValue();
  await gallons.fill('600');
  await form.getByRole('button', { name: 'Save purchase' }).click();
  await expect(form.getByText('gallons must be more than 0 and at most 500, with at most 3 decimals')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ifta-fuel-purchase-edit-1366.png'), fullPage: true });
  await gallons.fill(before);
  await form.getByRole('textbox', { name: 'City' }).fill('Gary');
  await form.getByRole('button', { name: 'Save purchase' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase saved.' })).toBeVisible({ timeout: 20_000 });
  await expect(form).toBeHidden();

  // The rate matrix file, into a quarter the demo has no rates for (the oldest offered).
  const quarter = page.getByRole('combobox', { name: 'Quarter' });
  const oldest = (await quarter.locator('option').last().getAttribute('value'))!;
  await quarter.selectOption(oldest);
  await page.getByRole('button', { name: 'Tax rates' }).click();
  const apiQuarter = oldest.replace('-', '');
  await expect(page.getByText(`No tax rates for ${apiQuarter} yet.`)).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Rate matrix file').setInputFiles(RATE_MATRIX);
  await page.getByRole('button', { name: 'Import rates' }).click();
  await expect(page.getByText(`Imported 5 diesel rates for ${apiQuarter} from the rate matrix.`)).toBeVisible({ timeout: 20_000 });
  const rates = page.getByRole('table', { name: `Diesel rates, ${apiQuarter}` });
  await expect(rates.locator('tbody th')).toHaveText(['AB', 'IL', 'IN', 'KY', 'ON']);
  await expect(page.getByRole('textbox', { name: 'KY surcharge' })).toHaveValue('0.1000');
  await page.screenshot({ path: test.info().outputPath('ifta-rates-import-1366.png'), fullPage: true });
});

/** The purchase editor in the light and the dark theme (the OS setting, which the product follows by default). */
async function shootLightAndDark(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('A fuel purchase typed on screen is listed and counted in the return; changed in two tabs, the second save meets the 409 and its Reload (1366 px and 390 px, light and dark)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/reports?tab=IFTA');
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Prairie Freight Lines' }).click();
  const ret = page.getByRole('table', { name: 'IFTA return' });
  await expect(ret).toBeVisible({ timeout: 60_000 });
  // Wyoming: no demo truck drives or buys fuel there, so its row is the new purchase alone.
  const wyoming = ret.locator('tbody tr', { has: page.getByRole('button', { name: 'WY: trips and purchases' }) });
  await expect(wyoming).toHaveCount(0);

  // The second day of the quarter shown, early morning Central.
  const quarter = await page.getByRole('combobox', { name: 'Quarter' }).inputValue();
  const month = (Number(quarter.slice(6)) - 1) * 3 + 1;
  const when = `${String(month).padStart(2, '0')}/02/${quarter.slice(0, 4)} 06:30:00`;

  // Typed on screen: nothing filled is refused field by field, then a purchase is recorded.
  await page.getByRole('button', { name: 'Fuel purchases' }).click();
  await page.getByRole('button', { name: 'New purchase' }).click();
  const form = page.getByRole('form', { name: 'New fuel purchase' });
  await form.getByRole('button', { name: 'Record purchase' }).click();
  await expect(form.getByText('jurisdiction must be a US state or Canadian province code, like IN or ON')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^Gallons/ })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('combobox', { name: 'Truck' }).click();
  const option = page.getByRole('listbox').getByRole('option').first();
  const unit = ((await option.textContent()) ?? '').trim();
  await option.click();
  await form.getByRole('textbox', { name: /^Date and time/ }).fill(when);
  await form.getByRole('combobox', { name: /^State \/ province/ }).selectOption('WY');
  await form.getByRole('textbox', { name: /^Gallons/ }).fill('123.457');
  await form.getByRole('textbox', { name: /^Amount/ }).fill('480.25');
  await form.getByRole('textbox', { name: /^Vendor/ }).fill("Love's #455");
  await page.screenshot({ path: test.info().outputPath('ifta-fuel-purchase-new-1366.png') });
  await form.getByRole('button', { name: 'Record purchase' }).click();
  // The list turns to the page where the purchase sits (100 a page, oldest first) and marks its row.
  await expect(page.getByRole('status').filter({ hasText: /^Purchase recorded\. It is on page \d+, at / })).toBeVisible({ timeout: 20_000 });
  await expect(form).toBeHidden();
  const list = page.getByRole('table', { name: /^Fuel purchases, / });
  const recorded = list
    .locator('tr', { hasText: when.slice(0, 16) })
    .filter({ hasText: unit })
    .filter({ hasText: 'WY' });
  await expect(recorded).toContainText('123.457 gal');
  await expect(recorded).toHaveAttribute('aria-current', 'true');

  // Counted in the return: Wyoming's tax-paid gallons (whole, as the return asks) and the fuel-without-miles warning.
  await page.getByRole('button', { name: 'Return', exact: true }).click();
  await expect(wyoming).toHaveCount(1, { timeout: 30_000 });
  await expect(wyoming.locator('td').nth(3)).toHaveText('123');
  await expect(page.getByText(/Fuel bought in \d+ jurisdiction\(s\) the trucks never drove/)).toBeVisible();

  // Two tabs edit the same purchase: the first to save wins, the second is told and offered Reload.
  const editName = `Edit the purchase of ${unit}, ${when}`;
  const openEditor = async (p: Page) => {
    await p.getByRole('button', { name: 'Fuel purchases' }).click();
    await p.getByRole('button', { name: editName }).click();
    return p.getByRole('form', { name: `Purchase ${unit}, ${when}` });
  };
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1366, height: 900 });
  await other.goto(page.url());
  const mine = await openEditor(page);
  const theirs = await openEditor(other);
  await theirs.getByRole('textbox', { name: /^City/ }).fill('Rock Springs');
  await theirs.getByRole('button', { name: 'Save purchase' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'Purchase saved.' })).toBeVisible({ timeout: 20_000 });

  await mine.getByRole('textbox', { name: /^Vendor/ }).fill('Pilot #901');
  await mine.getByRole('button', { name: 'Save purchase' }).click();
  const conflict = mine.getByRole('alert');
  await expect(conflict).toContainText('This purchase was changed by someone else since you opened it.', { timeout: 20_000 });
  await expect(conflict.getByRole('button', { name: 'Reload' })).toBeVisible();
  await mine.scrollIntoViewIfNeeded();
  await shootLightAndDark(page, 'ifta-fuel-purchase-409-1366');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(mine.getByRole('textbox', { name: /^City/ })).toHaveValue('Rock Springs');
  await expect(mine.getByRole('textbox', { name: /^Vendor/ })).toHaveValue("Love's #455");
  await expect(mine.getByRole('alert')).toHaveCount(0);
  await mine.getByRole('textbox', { name: /^Vendor/ }).fill('Pilot #901');
  await mine.getByRole('button', { name: 'Save purchase' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase saved.' })).toBeVisible({ timeout: 20_000 });

  // The same on a phone: the editor fits 390 px, the conflict and Reload included.
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = page.getByRole('form', { name: `Purchase ${unit}, ${when}` });
  await page.getByRole('button', { name: editName }).click();
  await expect(phone).toBeVisible();
  await other.reload();
  const theirsAgain = await openEditor(other);
  await theirsAgain.getByRole('textbox', { name: /^City/ }).fill('Cheyenne');
  await theirsAgain.getByRole('button', { name: 'Save purchase' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'Purchase saved.' })).toBeVisible({ timeout: 20_000 });
  await phone.getByRole('textbox', { name: /^Amount/ }).fill('481.00');
  await phone.getByRole('button', { name: 'Save purchase' }).click();
  await expect(phone.getByRole('alert').getByRole('button', { name: 'Reload' })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.scrollIntoViewIfNeeded();
  await shootLightAndDark(page, 'ifta-fuel-purchase-409-390');
  await phone.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
  await expect(phone.getByRole('textbox', { name: /^City/ })).toHaveValue('Cheyenne');
  await other.close();
});
