import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/** Types a place into the stop search, picks the suggestion named `pick` (or the first), and adds it. */
async function addStop(page: Page, drawer: Locator, text: string, pick?: RegExp) {
  const search = drawer.getByRole('combobox', { name: 'Stop location' });
  await search.fill(text);
  const list = page.getByRole('listbox', { name: 'Places' });
  await (pick ? list.getByRole('option', { name: pick }).first() : list.getByRole('option').first()).click();
  const add = drawer.getByRole('button', { name: 'Add Stop' });
  await expect(add).toBeEnabled();
  await add.click();
}

const typeOf = (drawer: Locator, label: string) => drawer.getByRole('combobox', { name: `Stop type of ${label}`, exact: true });

test('stops editor: types follow the route, a picked type is kept, stops insert anywhere and the last one moves', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/trips');
  await page.getByRole('button', { name: 'New Trip' }).click();
  const drawer = page.getByRole('dialog', { name: /^New route/ });
  await expect(drawer).toBeVisible();

  // Dallas → Fort Worth → Oklahoma City → Dallas: START, PICKUP, DELIVERY, HOME.
  await addStop(page, drawer, 'Dallas', /^Dallas, TX/);
  await addStop(page, drawer, 'Fort Worth', /^Fort Worth, TX/);
  await addStop(page, drawer, 'Oklahoma City', /^Oklahoma City, OK/);
  await addStop(page, drawer, 'Dallas', /^Dallas, TX/);
  const stops = drawer.getByTestId('trip-stop');
  await expect(stops).toHaveCount(4);
  await expect(stops.nth(3)).toHaveAttribute('aria-label', /^Home: Dallas/);
  expect(await stops.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-letter')))).toEqual(['A', 'B', 'C', 'D']);
  await expect(typeOf(drawer, 'Start')).toHaveValue('START');
  await expect(typeOf(drawer, 'Stop B')).toHaveValue('PICKUP');
  await expect(typeOf(drawer, 'Stop C')).toHaveValue('DELIVERY');
  await expect(typeOf(drawer, 'Home')).toHaveValue('HOME');
  // Loaded only into the delivery: the way home is empty.
  expect(await drawer.getByTestId('load-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['EMPTY', 'LOADED', 'EMPTY']);

  // The dispatcher picks HOME for the way back and SHOP for Fort Worth: adding a stop after Dallas and
  // removing it changes nothing picked (the stops nobody typed follow the route).
  await typeOf(drawer, 'Home').selectOption('HOME');
  await typeOf(drawer, 'Stop B').selectOption('SHOP');
  await expect(typeOf(drawer, 'Home')).toHaveValue('HOME');
  await addStop(page, drawer, 'Tulsa', /^Tulsa, OK/);
  await expect(stops).toHaveCount(5);
  await expect(typeOf(drawer, 'Stop B')).toHaveValue('SHOP');
  await expect(typeOf(drawer, 'Stop D')).toHaveValue('HOME');
  await drawer.getByRole('button', { name: /^Remove (Delivery|Pickup|Home)$/ }).click();
  await expect(stops).toHaveCount(4);
  await expect(typeOf(drawer, 'Stop B')).toHaveValue('SHOP');
  await expect(typeOf(drawer, 'Home')).toHaveValue('HOME');

  // Insert Austin before C.
  await drawer.getByRole('combobox', { name: 'Add at' }).selectOption({ label: 'Before C (Stop C)' });
  await addStop(page, drawer, 'Austin', /^Austin, TX/);
  await expect(stops).toHaveCount(5);
  await expect(stops.nth(2)).toHaveAttribute('aria-label', /^Stop C: Austin/);
  await expect(stops.nth(3)).toHaveAttribute('aria-label', /^Stop D: Oklahoma City/);

  // The last stop moves too (keyboard drag): Dallas goes up one, Oklahoma City becomes the last row, labelled by its type.
  await drawer.getByRole('button', { name: 'Move Home', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(250);
  await page.keyboard.press('Space');
  await expect(stops.nth(3)).toHaveAttribute('aria-label', /^Stop D: Dallas/);
  await expect(typeOf(drawer, 'Stop D')).toHaveValue('HOME');
  await expect(stops.nth(4)).toHaveAttribute('aria-label', /Oklahoma City/);
});

test('trips on a phone (390 px): cards with unit, load, driver, status, TOTAL MILES with its source and payable; the row actions in one menu; nothing scrolls sideways', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/trips');
  const list = page.getByRole('list', { name: 'Trips' });
  const card = list.getByTestId('trip-card').first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('table', { name: 'Trips' })).toHaveCount(0);
  await expect(card).toContainText(/Unit \S+/);
  await expect(card).toContainText(/In Transit|Upcoming|Completed|Cancelled/);
  await expect(card.getByTestId('card-total-miles')).toContainText(/TOTAL MILES\s*(≈ )?[\d ]+\.\d/);
  await expect(card.getByTestId('card-total-miles')).toContainText(/HERE|estimate/);
  await expect(card.getByTestId('card-payable')).toContainText('Payable Mileage');
  // Every card fits the screen, and the page does not scroll sideways.
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const actions = card.getByRole('button', { name: /^Actions for / });
  const number = ((await actions.getAttribute('aria-label')) ?? '').replace('Actions for ', '');
  await actions.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['View Route', 'Edit Trip', 'Mileage Report', 'Trip History']);
  await menu.getByRole('menuitem', { name: 'Mileage Report' }).click();
  const report = page.getByRole('dialog', { name: `Mileage Report: ${number}` });
  const table = report.getByRole('table', { name: 'Mileage by source' });
  await expect(table).toBeVisible();
  // DIFFERENCES and TOTAL ODOMETERS fit: the table is no wider than the dialog.
  for (const name of ['DIFFERENCES', 'TOTAL ODOMETERS']) {
    const row = (await table.getByRole('rowheader', { name }).boundingBox())!;
    expect(row.x).toBeGreaterThanOrEqual(0);
  }
  const widths = await table.evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
  expect(widths.table).toBeLessThanOrEqual(widths.box);
  await page.keyboard.press('Escape');

  // Edit Trip from the menu opens the drawer, whose stop rows show the whole place.
  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit Trip' }).click();
  const drawer = page.getByRole('dialog', { name: `Edit Trip: ${number}` });
  const address = drawer.getByTestId('stop-address').first();
  await expect(address).toBeVisible();
  expect(await address.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
