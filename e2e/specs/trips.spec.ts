import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { sidebar, signIn } from './helpers';

/** Opens a searchable picker and takes the option at `index` (or the one named `name`). */
async function pickOption(page: Page, combobox: Locator, choice: { index?: number; name?: string } = {}) {
  await combobox.click();
  const list = page.getByRole('listbox').last();
  const option = choice.name ? list.getByRole('option', { name: choice.name }) : list.getByRole('option').nth(choice.index ?? 0);
  await option.waitFor();
  const label = (await option.textContent())?.trim() ?? '';
  await option.click();
  return label;
}

/** Types a city into the stop search, picks the first suggestion, and adds it with Enter. */
async function addStop(page: Page, drawer: Locator, city: string) {
  const search = drawer.getByRole('combobox', { name: 'Stop location' });
  await search.fill(city);
  await page.getByRole('listbox', { name: 'Places' }).getByRole('option').first().click();
  await expect(search).toHaveValue(new RegExp(city));
  await search.press('Enter');
}

test('trips: create with stops from place search, reorder, save, change the driver, see it in Trip History, cancel the load', async ({ page }) => {
  test.setTimeout(90_000);
  const number = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/trips');
  await expect(page.getByRole('table', { name: 'Trips' }).getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'New Trip' }).click();
  const drawer = page.getByRole('dialog', { name: "New route: Practical, 53' Trailer, Miles" });
  await expect(drawer).toBeVisible();

  await pickOption(page, drawer.getByRole('combobox', { name: 'Truck' }));
  const firstDriver = await pickOption(page, drawer.getByRole('combobox', { name: 'Driver' }));
  await drawer.getByLabel('Load Number').fill(number);

  // Four stops, typed by the route: START, PICKUP, then DELIVERY while the freight is on board.
  for (const city of ['Chicago', 'Dallas', 'Denver', 'Atlanta']) await addStop(page, drawer, city);
  const stops = drawer.getByTestId('trip-stop');
  await expect(stops).toHaveCount(4);
  await expect(stops.nth(0)).toHaveAttribute('aria-label', /^Start: Chicago/);
  await expect(stops.nth(1)).toHaveAttribute('aria-label', /^Stop B: Dallas/);
  await expect(stops.nth(3)).toHaveAttribute('aria-label', /^Delivery: Atlanta/);

  // Keyboard drag (dnd-kit): Dallas moves below Denver.
  const handle = drawer.getByRole('button', { name: 'Move Stop B', exact: true });
  await handle.focus();
  // dnd-kit measures the rows between key presses; give each step a moment, as a person would.
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(250);
  await page.keyboard.press('Space');
  await expect(stops.nth(1)).toHaveAttribute('aria-label', /^Stop B: Denver/);
  await expect(stops.nth(2)).toHaveAttribute('aria-label', /^Stop C: Dallas/);
  // After a move the types follow the new order: Denver is the pickup, the last stop a DELIVERY.
  await expect(drawer.getByRole('combobox', { name: 'Stop type of Stop B' })).toHaveValue('PICKUP');
  await expect(drawer.getByRole('combobox', { name: 'Stop type of Delivery' })).toHaveValue('DELIVERY');

  await drawer.getByRole('button', { name: 'Create Trip' }).click();
  await expect(page.getByText('Trip created successfully!')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Find the new trip through the Load filter.
  await pickOption(page, page.getByRole('combobox', { name: 'Load' }), { name: number });
  await expect(page.getByText(/^Selected truck /)).toBeVisible();
  const table = page.getByRole('table', { name: 'Trips' });
  await expect(table.getByRole('row')).toHaveCount(2);
  // Pickup Location is the first PICKUP stop (Denver after the move; Chicago is where the truck started).
  await expect(table.getByRole('row').nth(1)).toContainText('Denver');

  // Change the driver.
  await table.getByRole('button', { name: `Edit trip ${number}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Trip: ${number}` });
  await expect(edit.getByTestId('trip-stop')).toHaveCount(4);
  await edit.getByRole('button', { name: 'Clear driver' }).click();
  const secondDriver = await pickOption(page, edit.getByRole('combobox', { name: 'Driver' }), { index: 1 });
  expect(secondDriver).not.toBe(firstDriver);
  await edit.getByRole('button', { name: 'Update Trip' }).click();
  await expect(page.getByText('Trip updated successfully!')).toBeVisible();
  await expect(edit).toBeHidden();
  // Choosing the load also selected its truck and driver as filters; the driver has changed now.
  await page.getByRole('button', { name: 'Clear driver' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);

  // The change is in Trip History.
  await table.getByRole('button', { name: `More actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Trip History' }).click();
  const history = page.getByRole('dialog', { name: new RegExp(`Trip History: ${number}`) });
  const driverRow = history.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Driver', exact: true }) });
  await expect(driverRow).toContainText(firstDriver);
  await expect(driverRow).toContainText(secondDriver);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Cancel the load.
  await table.getByRole('button', { name: `Edit trip ${number}` }).click();
  const again = page.getByRole('dialog', { name: `Edit Trip: ${number}` });
  await again.getByRole('button', { name: 'Cancel Load' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Load' });
  await expect(confirm).toContainText('Are you sure you want to cancel this load?');
  await confirm.getByRole('button', { name: 'Confirm Cancel' }).click();
  await expect(again).toBeHidden();
  await expect(table.getByRole('row').nth(1)).toContainText('Cancelled');
});

test('trips at 1366 px (and 2400 px): Status and every row action are on screen without scrolling sideways; More reaches Trip History and the Mileage Report', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/trips');
  const table = page.getByRole('table', { name: 'Trips' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();

  // The table is wider than the screen, but the pinned Status and Actions columns sit inside it.
  const onScreen = async (locator: Locator) => {
    const box = await locator.boundingBox();
    expect(box, 'has a box').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
  };
  await onScreen(table.getByRole('columnheader', { name: 'Status' }));
  await onScreen(table.getByRole('columnheader', { name: 'Actions' }));
  // With the sidebar open, the load, TOTAL MILES and Payable Mileage are on screen too.
  await expect(sidebar(page)).toBeVisible();
  for (const name of ['Load/Trailer', 'TOTAL MILES', 'Payable Mileage']) await onScreen(table.getByRole('columnheader', { name }));
  // The filters take at most two rows.
  const rows = await page.locator('[data-slot="header-filters"] > *').evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().top))).size);
  expect(rows).toBeLessThanOrEqual(2);
  const more = firstRow.getByRole('button', { name: /^More actions for / });
  await onScreen(more);
  await onScreen(firstRow.getByRole('button', { name: /^Edit trip / }));
  await onScreen(firstRow.getByRole('button', { name: /^View route of / }));
  // Scrolled to its far left (nothing moved sideways), the status of the row is readable.
  expect(await page.locator('[data-slot="data-table-scroll"]').evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(firstRow.getByRole('cell').filter({ hasText: /^(Upcoming|In Transit|Completed|Cancelled)$/ })).toBeInViewport();

  const number = ((await more.getAttribute('aria-label')) ?? '').replace('More actions for ', '');
  // A real mouse click (Playwright refuses one that would land on another element).
  await more.click();
  await page.getByRole('menuitem', { name: 'Trip History' }).click();
  const history = page.getByRole('dialog', { name: new RegExp(`Trip History: ${number}`) });
  await expect(history).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  await more.click();
  await page.getByRole('menuitem', { name: 'Mileage Report' }).click();
  const report = page.getByRole('dialog', { name: `Mileage Report: ${number}` });
  await expect(report.getByRole('table', { name: 'Mileage by source' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  // On a wide screen (2400 px) too, the More button is whole and takes a click.
  await page.setViewportSize({ width: 2400, height: 900 });
  const box = (await more.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(2400);
  await more.click();
  await page.getByRole('menuitem', { name: 'Trip History' }).click();
  await expect(history).toBeVisible();
});
