import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { jurisdictionNote, lastFullQuarter } from '@milepost/contracts/state-miles-api';
import { E2E_ACCOUNTS } from '../accounts';
import { expectDarkMode, signIn } from './helpers';

const numberOf = (text: string) => Number(text.replace(/\s/g, ''));

/**
 * The share of the State miles map's pixels in rows 6–12 % of its height (off the rounded corners)
 * that are the water colour (the map's background, the theme's). At 1366 px those rows cross
 * Alaska and northern Canada: about 0.2 water; with the band the antimeridian cut out of the land
 * they were 0.66–0.75 (measured on the demo's screenshots, 2026-11-29).
 */
async function waterShareUnderTheTop(page: Page): Promise<number> {
  const map = page.getByTestId('state-miles-map');
  const png = (await map.screenshot()).toString('base64');
  return map.evaluate(async (el, b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    // The water colour as painted: the container's background on one pixel.
    g.fillStyle = getComputedStyle(el).backgroundColor;
    g.fillRect(0, 0, 1, 1);
    const water = [...g.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    g.drawImage(img, 0, 0);
    let wet = 0;
    let all = 0;
    for (let pct = 6; pct <= 12; pct++) {
      const row = g.getImageData(12, Math.round((img.height * pct) / 100), img.width - 24, 1).data;
      for (let i = 0; i < row.length; i += 4, all++) if (water.every((c, k) => Math.abs(c - row[i + k]!) <= 4)) wet++;
    }
    return wet / all;
  }, png);
}

test('reports: the State miles tab shows the last full quarter by state with the GPS share, the shaded map and the IFTA CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/reports');
  await page.getByRole('tab', { name: 'State miles' }).click();
  await expect(page).toHaveURL(/tab=STATE_MILES/);

  // The last full quarter by default (the demo's loads reach three months back).
  const { year, quarter } = lastFullQuarter();
  await expect(page.getByRole('combobox', { name: 'Quarter' })).toHaveValue(`${year}-Q${quarter}`);
  const table = page.getByRole('table', { name: 'Miles by state' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(3);
  const states: string[] = [];
  let sum = 0;
  for (const row of await rows.all()) {
    const state = ((await row.locator('th').textContent()) ?? '').trim();
    expect(state).toMatch(/^([A-Z]{2}|OUT)$/);
    // Outside the US states the code explains itself on hover.
    if (jurisdictionNote(state)) await expect(row.locator('th')).toHaveAttribute('title', jurisdictionNote(state));
    states.push(state);
    sum += numberOf(((await row.locator('td').nth(0).textContent()) ?? '').trim());
    await expect(row.locator('td').nth(2)).toHaveText(/^\d{1,3} % from GPS$/);
  }
  // The demo's cross-border loads (Detroit → Toronto, Laredo → Monterrey; docs/state-miles.md "Demo") put Ontario and Mexico in this quarter.
  expect(states).toEqual(expect.arrayContaining(['ON', 'MX']));
  const total = numberOf(((await table.locator('tfoot td').first().textContent()) ?? '').trim());
  expect(Math.abs(total - sum)).toBeLessThan(0.05 * states.length + 0.1);

  // The map: the offline basemap with the states that have miles shaded.
  await expect(page.getByRole('img', { name: /US map shaded by miles/ })).toBeVisible();
  await expect(page.locator('path.mp-state-miles').first()).toBeVisible();
  // A US state has no note; Canada's provinces and territories, MX and OUT have one and no shape on the US map.
  expect(await page.locator('path.mp-state-miles').count()).toBeGreaterThanOrEqual(states.filter((s) => !jurisdictionNote(s)).length);

  // The IFTA worksheet: the same states and miles, one line per jurisdiction, truck and source.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`milepost-state-miles-${year}-q${quarter}.csv`);
  const all = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(Object.keys(all[0]!)).toEqual(['Jurisdiction', 'Truck', 'Miles (mi)', 'Source', 'Note']);
  // Straight-line estimates are never counted: their trips follow on lines of their own, without a jurisdiction or miles.
  const lines = all.filter((l) => l.Jurisdiction !== '');
  for (const l of all.filter((x) => x.Jurisdiction === '')) {
    expect(l.Source).toBe('ESTIMATE');
    expect(l['Miles (mi)']).toBe('');
    expect(l.Note).toContain('Not fileable');
  }
  expect(new Set(lines.map((l) => l.Jurisdiction))).toEqual(new Set(states));
  const csvTotal = lines.reduce((a, l) => a + Number(l['Miles (mi)']), 0);
  expect(Math.abs(csvTotal - total)).toBeLessThan(0.05 * lines.length + 0.1);
  for (const l of lines) expect(['GPS', 'ROUTE']).toContain(l.Source);
  // Outside the US states each line says what its jurisdiction is (a province, a territory, MX, OUT), as the hover does.
  for (const l of lines) expect(l.Note).toBe(jurisdictionNote(l.Jurisdiction!));

  // A quarter before the demo's loads has nothing.
  const older = quarter === 1 ? `${year - 1}-Q3` : quarter === 2 ? `${year - 1}-Q4` : `${year}-Q${quarter - 2}`;
  await page.getByRole('combobox', { name: 'Quarter' }).selectOption(older);
  await expect(page.getByText('No miles in this period.')).toBeVisible();
});

test('state miles in dark mode at 1366 px and 390 px: the table, the map and the period (screenshots)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, E2E_ACCOUNTS.owner);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 850 });
    await page.goto('/reports?tab=STATE_MILES');
    await expectDarkMode(page);
    await expect(page.getByRole('table', { name: 'Miles by state' })).toBeVisible();
    await expect(page.getByRole('img', { name: /US map shaded by miles/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // No band of water across the top: the atlas's rings across the antimeridian (Chukotka) once cut
    // Alaska and northern Canada out of the land (unwrapAntimeridian, docs/maps.md "Offline basemap").
    await expect(page.locator('path.mp-state-miles').first()).toBeVisible();
    expect(await waterShareUnderTheTop(page)).toBeLessThan(0.45);
    await page.screenshot({ path: test.info().outputPath(`state-miles-dark-${width}.png`), fullPage: true });
  }
});
