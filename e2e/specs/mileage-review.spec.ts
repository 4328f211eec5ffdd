import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_ACCOUNTS } from '../accounts';
import { expectDarkMode, sidebar, signIn } from './helpers';

/**
 * Opens a review tab and waits for its own page: the previous tab's rows stay on screen under
 * "Updating..." until the new ones arrive, so a row read (or ticked) before then is the old tab's.
 */
async function openTab(page: Page, name: RegExp) {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Updating...' })).toHaveCount(0);
}

/** The count a tab shows ("Ready12" → 12). */
async function tabCount(page: Page, name: string): Promise<number> {
  const text = (await page.getByRole('tab', { name: new RegExp(`^${name}`) }).textContent()) ?? '';
  return Number(text.replace(/\D+/g, '') || '0');
}

test('mileage review: the demo fills the tabs, a flag says why, a ready trip is approved by rule, a manual save moves a trip to Approved, the settlement exports', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  await sidebar(page).getByRole('link', { name: 'Mileage Review' }).click();
  await expect(page).toHaveURL(/\/mileage-review/);
  const table = page.getByRole('table', { name: 'Mileage Review' });

  // The mile stats are computed by the background job after start: wait until trips are Ready and
  // the counts stay put (the job has finished).
  let last = '';
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(1_500);
    const now = (await page.getByRole('tablist').textContent()) ?? '';
    const settled = now === last;
    last = now;
    expect(await tabCount(page, 'Ready')).toBeGreaterThan(0);
    expect(settled).toBe(true);
  }).toPass({ timeout: 150_000, intervals: [3_000] });
  expect(await tabCount(page, 'Needs review')).toBeGreaterThan(0);
  const approvedBefore = await tabCount(page, 'Approved');
  expect(approvedBefore).toBeGreaterThan(0);

  // Needs review: flags as chips whose sentence shows on hover.
  const chip = table.locator('[data-flag]').first();
  await expect(chip).toBeVisible();
  const sentence = ((await chip.getAttribute('aria-label')) ?? '').split(': ').slice(1).join(': ');
  expect(sentence.length).toBeGreaterThan(10);
  await chip.hover();
  await expect(page.getByRole('tooltip')).toContainText(sentence);

  // A manual save in the Mileage Report moves the trip to Approved.
  const needsBefore = await tabCount(page, 'Needs review');
  await table.getByRole('row').nth(1).getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: /Mileage Report/ });
  await expect(dialog).toBeVisible();
  if (await dialog.getByRole('button', { name: 'Edit' }).isVisible()) await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('LOADED MILES').fill('321.4');
  await dialog.getByLabel('EMPTY MILES').fill('12.2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tab', { name: /^Needs review/ })).toHaveText(new RegExp(`${needsBefore - 1}$`));
  await expect(page.getByRole('tab', { name: /^Approved/ })).toHaveText(new RegExp(`${approvedBefore + 1}$`));

  // Ready: approve one by rule, after a confirm that gives the count and the miles.
  await openTab(page, /^Ready/);
  await expect(page).toHaveURL(/status=READY/);
  const readyBefore = await tabCount(page, 'Ready');
  await table.getByRole('checkbox').nth(1).click();
  await page.getByRole('button', { name: 'Approve selected (1)' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Approve 1 trip by rule?');
  await expect(confirm).toContainText(/\d mi in total/);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Mileage Review: 1 approved')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Ready/ })).toHaveText(new RegExp(`${readyBefore - 1}$`));
  await expect(page.getByRole('tab', { name: /^Approved/ })).toHaveText(new RegExp(`${approvedBefore + 2}$`));

  // The settlement: approved trips, the one approved by rule names its rule and its user.
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Settlement CSV' }).click();
  const rows = parse(await readFile((await (await downloading).path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(approvedBefore + 2);
  expect(Object.keys(rows[0]!)).toEqual([
    'Driver',
    'Unit',
    'Company',
    'Load/Trailer',
    'End Date Time (CT)',
    'Payable Mileage (mi)',
    'Loaded Miles (mi)',
    'Empty Miles (mi)',
    'Basis',
    'Approved By',
    'Approved (CT)',
  ]);
  expect(rows.filter((r) => r.Basis?.startsWith('By rule: ')).length).toBeGreaterThanOrEqual(1);
  expect(rows.some((r) => r['Payable Mileage (mi)'] === '333.6' && r.Basis === 'By hand')).toBe(true);
});

test('mileage review at 1366 px with the sidebar open (and 1920 px): Routed to Payable, the flags and the checkboxes are on screen without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await expect(sidebar(page)).toBeVisible();
  const table = page.getByRole('table', { name: 'Mileage Review' });
  const onScreen = async (locator: Locator, width: number) => {
    const box = await locator.boundingBox();
    expect(box, 'has a box').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  };
  const noSidewaysScroll = async () => {
    const scroll = page.locator('[data-slot="data-table-scroll"]');
    expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await scroll.evaluate((el) => el.scrollLeft)).toBe(0);
  };
  // Needs review (the flags) and Ready (a checkbox column more) both fit.
  for (const status of ['NEEDS_REVIEW', 'READY']) {
    await page.goto(`/mileage-review?status=${status}`);
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    for (const name of ['Load/Trailer', 'Routed', 'Actual', 'Diff %', 'Flags', 'Suggested', 'Payable']) await onScreen(table.getByRole('columnheader', { name }), 1366);
    await noSidewaysScroll();
    // The last column's cells (Payable) are whole on screen, row after row.
    const cells = firstRow.getByRole('cell');
    const payableIndex = (await cells.count()) - 1;
    for (let r = 1; r <= 3; r++) await onScreen(table.getByRole('row').nth(r).getByRole('cell').nth(payableIndex), 1366);
    if (status === 'NEEDS_REVIEW') await onScreen(table.locator('[data-flag]').first(), 1366);
  }
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.goto('/mileage-review?status=NEEDS_REVIEW');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await onScreen(table.getByRole('columnheader', { name: 'Payable' }), 1920);
  await noSidewaysScroll();
});

test("mileage review works on a phone (390 px): the tabs, the table, the filters and a flag's tooltip fit", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/mileage-review?status=APPROVED');
  await expect(page.getByRole('tab', { name: /^Approved/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Mileage Review' }).getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const tab of ['Needs review', 'Ready', 'Approved']) await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeInViewport();
  // A flag chip's tooltip ("Name: sentence", longer than the screen is wide) wraps inside the screen.
  // The Approved rows stay on screen until the Needs-review page arrives, then are replaced: a chip
  // taken meanwhile is detached under the test's hands, so the chip is found again until it holds.
  await page.getByRole('tab', { name: /^Needs review/ }).click();
  await expect(page.getByRole('tab', { name: /^Needs review/ })).toHaveAttribute('aria-selected', 'true');
  const chip = page.locator('[data-flag]').first();
  const tip = page.getByRole('tooltip').first();
  await expect(async () => {
    await chip.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await chip.focus({ timeout: 2_000 });
    await expect(tip).toContainText(': ', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const box = (await page.locator('[data-slot="tooltip-content"]').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

test("a company's pay rule is edited in the Companies form and saved by its one Save, with the sentence saying what it does", async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/companies?keyword=Lone');
  const row = page.getByRole('table', { name: 'Companies' }).getByRole('row', { name: /Lone Star Carriers/ });
  await row.getByRole('button', { name: /^Edit / }).click();
  const drawer = page.getByRole('dialog', { name: /^Edit Company: Lone Star Carriers/ });
  const section = drawer.getByRole('region', { name: 'Pay rule' });
  await expect(section).toContainText('Pay the lower of routed and GPS miles when GPS agrees within 2 %');
  await section.getByLabel('Pay basis').selectOption('ROUTED');
  await section.getByLabel('Tolerance (%)').fill('4');
  await expect(section).toContainText('Pay routed miles when GPS agrees within 4 %');
  await expect(drawer.getByRole('button', { name: 'Save pay rule' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Update Company' }).click();
  await expect(page.getByText('Company updated successfully!')).toBeVisible();
  await page.reload();
  await page
    .getByRole('table', { name: 'Companies' })
    .getByRole('row', { name: /Lone Star Carriers/ })
    .getByRole('button', { name: /^Edit / })
    .click();
  await expect(page.getByRole('dialog', { name: /^Edit Company: Lone Star Carriers/ }).getByRole('region', { name: 'Pay rule' })).toContainText('within 4 %');
});

/** The product's API as the signed-in user (the token the web app keeps). */
async function api<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('a viewer with the map, Mileage Report and history permissions gets those row actions on the review, and nothing to approve', async ({ page }) => {
  test.setTimeout(120_000);
  // The owner gives the seeded VIEWER role the three view permissions (taken back at the end: the
  // server's other specs expect the seeded role).
  await signIn(page, E2E_ACCOUNTS.owner);
  const [viewerRole] = (await api<{ content: { id: number; name: string }[] }>(page, 'GET', '/roles?keyword=VIEWER&page=0&size=20')).content.filter((r) => r.name === 'VIEWER');
  expect(viewerRole, 'the seeded VIEWER role').toBeTruthy();
  const seeded = await api<{ name: string; description: string | null; permissionIds: number[] }>(page, 'GET', `/roles/${viewerRole!.id}`);
  const added: number[] = [];
  for (const name of ['CAN_VIEW_TRIP_MAP', 'CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_SHOW_TRIP_HISTORY']) {
    const found = (await api<{ content: { id: number; name: string }[] }>(page, 'GET', `/permissions?keyword=${name}&page=0&size=100`)).content.find((p) => p.name === name);
    expect(found, name).toBeTruthy();
    added.push(found!.id);
  }
  const form = (permissionIds: number[]) => ({ name: seeded.name, description: seeded.description ?? undefined, permissionIds });
  await api(page, 'PUT', `/roles/${viewerRole!.id}`, form([...new Set([...seeded.permissionIds, ...added])]));
  try {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, E2E_ACCOUNTS.viewer);
    // Approval stays hidden on Ready: no checkbox, no approve button.
    await page.goto('/mileage-review?status=READY');
    await expect(page.getByRole('tab', { name: /^Ready/ })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Mileage Review' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    // The seeded approved trips are there from the start.
    await openTab(page, /^Approved/);
    const first = table.getByRole('row').nth(1);
    await expect(first).toBeVisible();
    const number = ((await first.getByRole('button').first().textContent()) ?? '').trim();
    expect(number.length).toBeGreaterThan(0);
    await first.getByRole('button', { name: `Actions for ${number}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Mileage Report', 'View Route', 'Trip History']);
    await menu.getByRole('menuitem', { name: 'Trip History' }).click();
    await expect(page.getByRole('dialog', { name: `Trip History: ${number}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: `Actions for ${number}` }).click();
    await page.getByRole('menuitem', { name: 'Mileage Report' }).click();
    await expect(page.getByRole('dialog', { name: /Mileage Report/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: `Actions for ${number}` }).click();
    await page.getByRole('menuitem', { name: 'View Route' }).click();
    await expect(page).toHaveURL(/\/trips\?.*view=map/);
    await expect(page).toHaveURL(/showRoute=true/);
  } finally {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, E2E_ACCOUNTS.owner);
    await api(page, 'PUT', `/roles/${viewerRole!.id}`, form(seeded.permissionIds));
  }
});

test('mileage review in dark mode at 1366 px and 390 px: the table, the flags and the tabs (screenshots)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, E2E_ACCOUNTS.owner);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 850 });
    await page.goto('/mileage-review?status=APPROVED');
    await expectDarkMode(page);
    await expect(page.getByRole('tab', { name: /^Approved/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('table', { name: 'Mileage Review' }).getByRole('row').nth(1)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`review-dark-${width}.png`) });
  }
});
