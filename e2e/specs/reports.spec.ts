import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/** A figure cell's number: an estimate reads "≈ 87 764.3 mi est." (the ≈ and the spoken suffix dropped). */
const numberOf = (text: string) => Number(text.replace(/≈|mi est\.|\s/g, ''));

/** The texts of one column of the Reports table, top to bottom. */
async function column(page: Page, index: number): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Reports' }).getByRole('row');
  const out: string[] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    if ((await cells.count()) > index) out.push(((await cells.nth(index).textContent()) ?? '').trim());
  }
  return out;
}

test('reports: the monthly report of the demo trips, sorted on the client, exported and read back; a period opens its trips', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/reports');

  // Weekly by default: the date range is disabled and empty.
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveValue('WEEKLY');
  await expect(page.getByLabel('From date')).toBeDisabled();
  await expect(page.getByText('Cancelled trips are not counted.', { exact: false })).toBeVisible();

  await period.selectOption('MONTHLY');
  await expect(page).toHaveURL(/periodType=MONTHLY/);
  const total = page.getByText(/^Total: \d+ records$/);
  await expect(total).toBeVisible();
  const count = numberOf(((await total.textContent()) ?? '').replace(/\D+/g, ' '));
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: /Total Loaded and Total Empty Miles per period/ })).toBeVisible();
  await expect(page.locator('.reports-chart canvas')).toBeVisible();

  // Newest month first, as the server answers; month labels like 'Nov 2026'.
  const periods = await column(page, 1);
  expect(periods).toHaveLength(count);
  for (const p of periods) expect(p).toMatch(/^[A-Z][a-z]{2} \d{4}$/);

  // Sort by Load Count, ascending then descending, on the client.
  const header = page.getByRole('columnheader', { name: /^Load Count/ });
  await header.getByRole('button').click();
  const ascending = (await column(page, 3)).map(numberOf);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await header.getByRole('button').click();
  const descending = (await column(page, 3)).map(numberOf);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  // Export: the CSV has the spec's columns and every period the screen shows.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('milepost-report-monthly.csv');
  const rows = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(Object.keys(rows[0]!).slice(0, 11)).toEqual([
    'Period',
    'Truck Count',
    'Load Count',
    'Total Miles (mi)',
    'Total Empty Miles (mi)',
    'Total Pu Miles (mi)',
    'Total Trl Miles (mi)',
    'Total Loaded Miles (mi)',
    'Total Payable Mileage (mi)',
    'Empty Miles (mi)',
    'Loaded Miles (mi)',
  ]);
  expect(rows.map((r) => r.Period)).toEqual(periods);
  const loadsOnScreen = descending.reduce((s, n) => s + n, 0);
  expect(rows.reduce((s, r) => s + Number(r['Load Count']), 0)).toBe(loadsOnScreen);

  // Planned vs actual: the demo's completed loads carry Samsara and GLE miles a few percent off the plan.
  for (const name of ['Planned Miles', 'Actual Miles', 'Difference', 'Data Coverage']) {
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  expect(Object.keys(rows[0]!).slice(11, 15)).toEqual(['Planned Miles (mi)', 'Actual Miles (mi)', 'Difference (mi)', 'Data Coverage (%)']);
  const shownPeriods = await column(page, 1);
  const planned = await column(page, 13); // after the Route source column
  const actual = await column(page, 14);
  const difference = await column(page, 15);
  const coverage = await column(page, 16);
  const covered = coverage.map((c, i) => ({ c, i })).filter(({ c }) => c !== '0 %');
  expect(covered.length).toBeGreaterThan(0);
  for (const { i } of covered) {
    expect(numberOf(actual[i]!) - numberOf(planned[i]!)).toBeCloseTo(numberOf(difference[i]!), 0);
  }
  // The difference is coloured as in the Mileage Report: orange above the plan, green below.
  const signed = page.getByRole('table', { name: 'Reports' }).locator('[data-sign="positive"], [data-sign="negative"]').first();
  await expect(signed).toBeVisible();
  await expect(signed).toHaveClass((await signed.getAttribute('data-sign')) === 'positive' ? /text-orange-600/ : /text-green-600/);
  // The CSV carries the same coverage per period, as a whole percent.
  const shownCoverage = new Map(shownPeriods.map((p, i) => [p, coverage[i]]));
  for (const r of rows) expect(`${r['Data Coverage (%)']} %`, r.Period).toBe(shownCoverage.get(r.Period!));

  // A period opens the Trips screen filtered to it.
  const first = page.getByRole('table', { name: 'Reports' }).getByRole('link').first();
  const label = (await first.textContent())!.trim();
  // Opened from the keyboard: Playwright's pointer scrolls a first-row link under the sticky header.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/trips\?.*periodType=CUSTOM/);
  await expect(page).toHaveURL(/fromDate=/);
  await expect(page.getByRole('group', { name: 'Date Range' })).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(page.getByText(/^Total: /)).toBeVisible();
  expect(label).toMatch(/\d{4}$/);

  // The trips table exports every trip of those filters.
  const tripsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const tripsFile = await tripsDownload;
  expect(tripsFile.suggestedFilename()).toBe('milepost-trips.csv');
  const trips = parse(await readFile((await tripsFile.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(trips.length).toBeGreaterThan(0);
  expect(Object.keys(trips[0]!)).toContain('TOTAL MILES (mi)');
});

test('reports on a phone (390×844): the header is one line — title, total, Filters and Export — and the filters open in a sheet', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/reports?periodType=MONTHLY');
  await expect(page.getByText(/^Total: \d+ records$/)).toBeVisible();
  const header = (await page.locator('[data-slot="header-bar"]').boundingBox())!;
  expect(header.height).toBeLessThan(844 * 0.1);
  const filters = page.getByRole('button', { name: 'Filters' });
  const exportButton = page.getByRole('button', { name: 'Export CSV' });
  await expect(exportButton).toBeVisible();
  const [f, e] = [(await filters.boundingBox())!, (await exportButton.boundingBox())!];
  expect(Math.abs(f.y - e.y)).toBeLessThan(4);
  // Both chart series are named in the legend, on one line.
  const legend = page.locator('.u-legend .u-series');
  await expect(legend).toHaveText(['Total Loaded Miles', 'Total Empty Miles']);
  const [loaded, empty] = [(await legend.nth(0).boundingBox())!, (await legend.nth(1).boundingBox())!];
  expect(loaded.y).toBe(empty.y);
  // The notes fold behind one line; the filters are in the sheet.
  await expect(page.getByText('Cancelled trips are not counted.', { exact: false })).toBeVisible();
  await filters.click();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('MONTHLY');
  await expect(page.getByLabel('From date')).toBeDisabled();
});
