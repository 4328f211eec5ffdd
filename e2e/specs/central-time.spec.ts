import { test, expect, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/**
 * Every time the screens label Central is Central whatever the browser's zone (docs/product/shell.md,
 * display formats): the API's wire dates (MM/DD/YYYY HH:mm:ss, Central) are shown as written, in
 * the Mileage Review's End (CT) column and the trip form's pickup date, in a browser in UTC, New
 * York and Los Angeles. Pay-week cutoffs are read off these times.
 */
const shown = (wire: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):\d{2}$/.exec(wire)!;
  return `${m[2]}.${m[1]}.${m[3]} ${m[4]}:${m[5]}`;
};

async function json<T>(page: Page, path: RegExp, open: () => Promise<unknown>): Promise<T> {
  const [res] = await Promise.all([page.waitForResponse((r) => path.test(new URL(r.url()).pathname + new URL(r.url()).search) && r.ok()), open()]);
  return (await res.json()) as T;
}

for (const zone of ['UTC', 'America/New_York', 'America/Los_Angeles']) {
  test.describe(`a browser in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('shows Central times as Central: the review End (CT) and the trip form pickup equal the API wire time', async ({ page }) => {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone === 'UTC' ? 'UTC' : zone);
      await signIn(page, E2E_ACCOUNTS.owner);

      const review = await json<{ data: { content: { number: string | null; endDateTime: string | null }[] } }>(page, /^\/api\/v1\/mileage-review\?.*status=APPROVED/, () =>
        page.goto('/mileage-review?status=APPROVED'),
      );
      const row = review.data.content.find((r) => r.number && r.endDateTime)!;
      expect(row, 'an approved demo trip with an end time').toBeTruthy();
      const table = page.getByRole('table', { name: 'Mileage Review' });
      await expect(table.getByRole('row', { name: new RegExp(row.number!) }).first()).toContainText(shown(row.endDateTime!));

      await page.goto('/trips');
      const trips = page.getByRole('table', { name: 'Trips' });
      await expect(trips.getByRole('row').nth(1)).toBeVisible();
      const trip = await json<{ data: { pickupDateTime: string } }>(page, /^\/api\/v1\/trips\/\d+$/, () =>
        trips
          .getByRole('row')
          .nth(1)
          .getByRole('button', { name: /^Edit trip / })
          .click(),
      );
      const drawer = page.getByRole('dialog', { name: /^Edit Trip: / });
      await expect(drawer.getByText(shown(trip.data.pickupDateTime), { exact: true }).first()).toBeVisible();
    });
  });
}
