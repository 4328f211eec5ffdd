import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/** GET on the product's API as the signed-in user. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

interface Row {
  loadNumber: string | null;
  identifierType: string;
  companyName: string | null;
  isRecoveryLoad: boolean;
}

test('map panels: a completed demo load of a company with Samsara and GLE shows three panels with their figures, and each telematics panel opens its own report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ACCOUNTS.owner);

  // A completed demo load (stored breadcrumbs, no network) of the company that runs both integrations.
  const companies = await apiGet<{ content: { name: string; samsaraEnabled: boolean; gleEnabled: boolean }[] }>(page, '/companies?page=0&size=100');
  const both = companies.content.find((c) => c.samsaraEnabled && c.gleEnabled)!;
  expect(both, 'the demo has a company with Samsara and GLE').toBeTruthy();
  const trips = await apiGet<{ content: Row[] }>(page, '/trips?page=0&size=100&tripStatus=COMPLETED&sort=updated,desc');
  const trip = trips.content.find((t) => t.companyName === both.name && t.identifierType === 'LOAD_NUMBER' && t.loadNumber)!;
  expect(trip, 'a completed load of that company').toBeTruthy();
  const number = trip.loadNumber!;

  // View Route on its row opens the Map view with the row's filters and the route shown.
  await page.goto(`/trips?loadNumber=${encodeURIComponent(number)}`);
  await page
    .getByRole('table', { name: 'Trips' })
    .getByRole('button', { name: `View route of ${number}` })
    .click();

  const route = page.getByRole('region', { name: 'Route map' });
  const samsara = page.getByRole('region', { name: 'SAMSARA track' });
  const gle = page.getByRole('region', { name: 'GLE track' });
  await expect(route.getByTestId('panel-figures')).toHaveText(/^≈ [\d ]+\.\d mi est\. · ≈ [\d ]+\.\d\d h$/, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: /^(Route map|\w+ track)$/ })).toHaveCount(3);

  for (const panel of [samsara, gle]) {
    // Miles and hours of the source, how they were measured, and the change against the route.
    await expect(panel.getByTestId('telematics-figures')).toHaveText(/^[\d ]+\.\d mi · [\d ]+\.\d\d h driving · [\d ]+\.\d\d h at stops$/);
    await expect(panel.getByTestId('telematics-method')).toHaveText(/^(Odometer|GPS track)$/);
    const change = panel.getByTestId('telematics-change');
    await expect(change).toHaveText(/^[+-]?[\d ]+\.\d mi vs estimate$/);
    const sign = await change.getAttribute('data-sign');
    if (sign === 'higher') await expect(change).toHaveClass(/text-red-600/);
    if (sign === 'lower') await expect(change).toHaveClass(/text-green-600/);
    // The stored track, and the fixes that reached the stops as pins labelled with the stop type.
    await expect(panel.getByRole('button', { name: 'Stop A, START: START reached' })).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByTestId('route-map')).toHaveAttribute('data-routes', '1');
    await expect(panel.locator('.mp-route-primary').first()).toBeAttached();
  }
  await expect(page.getByText('Limited Data Available')).toHaveCount(0);

  // Once the panels have settled, every stop marker of every panel lies inside its map: a route is
  // framed again when its box changes just after the data arrived (docs/maps.md "Framing while the
  // panel settles"), so no panel is left zoomed into the middle of its route.
  for (const panel of [route, samsara, gle]) {
    const markers = panel.getByRole('button', { name: /^Stop [A-Z], / });
    await expect.poll(() => markers.count()).toBeGreaterThan(1);
    await expect
      .poll(
        async () => {
          const map = (await panel.getByTestId('route-map').boundingBox())!;
          const outside: string[] = [];
          for (const marker of await markers.all()) {
            const b = (await marker.boundingBox())!;
            const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
            if (x < map.x || y < map.y || x > map.x + map.width || y > map.y + map.height) outside.push((await marker.getAttribute('aria-label')) ?? '?');
          }
          return outside;
        },
        { message: 'stop markers outside their map' },
      )
      .toEqual([]);
  }

  const fig = async (panel: typeof samsara) => (await panel.getByTestId('telematics-figures').innerText()).split(' · ')[0]!;
  const samsaraMiles = await fig(samsara);
  const gleMiles = await fig(gle);
  // GLE's device is another one on the same truck: its figure is its own.
  expect(samsaraMiles).not.toBe('0.0 mi');
  expect(gleMiles).not.toBe('0.0 mi');

  await page.screenshot({ path: test.info().outputPath('map-panels.png') });

  // View Report on the Samsara panel: that source's rows, their total the panel's miles.
  await samsara.getByRole('button', { name: 'View Report' }).click();
  let dialog = page.getByRole('dialog', { name: `SAMSARA Trip Report - ${number}` });
  await expect(dialog.getByRole('columnheader')).toHaveText(['Stop Type', 'City', 'Miles', 'Total Miles', 'Hours']);
  await expect(dialog.getByRole('row').nth(1)).toContainText('START');
  await expect(dialog.getByTestId('report-totals')).toContainText(samsaraMiles);
  await page.screenshot({ path: test.info().outputPath('map-panels-report.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await gle.getByRole('button', { name: 'View Report' }).click();
  dialog = page.getByRole('dialog', { name: `GLE Trip Report - ${number}` });
  await expect(dialog.getByTestId('report-totals')).toContainText(gleMiles);
});

test("map panels: a company with Samsara only gets no GLE panel; one with neither gets the route panel alone with the amber 'Limited Data Available' notice", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  const companies = await apiGet<{ content: { name: string; samsaraEnabled: boolean; gleEnabled: boolean }[] }>(page, '/companies?page=0&size=100');
  const trips = await apiGet<{ content: Row[] }>(page, '/trips?page=0&size=100&tripStatus=COMPLETED&sort=updated,desc');
  // A load number no recovery load shares, so the filtered list has one row for it.
  const recovered = new Set(trips.content.filter((t) => t.isRecoveryLoad).map((t) => t.loadNumber));
  const loadOf = (company: { name: string } | undefined) =>
    trips.content.find((t) => company && t.companyName === company.name && t.identifierType === 'LOAD_NUMBER' && t.loadNumber && !t.isRecoveryLoad && !recovered.has(t.loadNumber))
      ?.loadNumber;
  const panels = page.getByRole('region', { name: /^(Route map|\w+ track)$/ });

  const samsaraOnly = loadOf(companies.content.find((c) => c.samsaraEnabled && !c.gleEnabled));
  expect(samsaraOnly, 'a completed load of a Samsara-only company').toBeTruthy();
  await page.goto(`/trips?loadNumber=${encodeURIComponent(samsaraOnly!)}`);
  await page
    .getByRole('table', { name: 'Trips' })
    .getByRole('button', { name: `View route of ${samsaraOnly}` })
    .click();
  await expect(page.getByRole('region', { name: 'SAMSARA track' }).getByTestId('telematics-figures')).toHaveText(/ mi · /, { timeout: 20_000 });
  await expect(panels).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'GLE track' })).toHaveCount(0);
  await expect(page.getByText('Limited Data Available')).toHaveCount(0);

  const neither = loadOf(companies.content.find((c) => !c.samsaraEnabled && !c.gleEnabled));
  expect(neither, 'a completed load of a company without integrations').toBeTruthy();
  await page.goto(`/trips?loadNumber=${encodeURIComponent(neither!)}`);
  await page
    .getByRole('table', { name: 'Trips' })
    .getByRole('button', { name: `View route of ${neither}` })
    .click();
  const route = page.getByRole('region', { name: 'Route map' });
  const notice = route.getByRole('status').filter({ hasText: 'Limited Data Available' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText('Additional location data has not been provided by the backend system. Statistics are calculated based on available trip stops only.');
  await expect(panels).toHaveCount(1);
  await expect(route.getByTestId('panel-figures')).toHaveText(/ mi est\. · /);
  await page.screenshot({ path: test.info().outputPath('map-panels-limited.png') });
});
