import { expect, test } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

test("mileage report: open a demo trip's report from the row menu, edit and save the manual figures, see them again after reopening; Refresh telematics says why it cannot fetch (no API token, or the providers off)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  await page.goto('/trips');
  const table = page.getByRole('table', { name: 'Trips' });
  const more = table.getByRole('button', { name: /^More actions for / }).first();
  await expect(more).toBeVisible();
  const number = ((await more.getAttribute('aria-label')) ?? '').replace('More actions for ', '');

  const statsRead = page.waitForResponse((r) => /\/api\/v1\/mile-stats\/\d+$/.test(new URL(r.url()).pathname));
  await more.click();
  await page.getByRole('menuitem', { name: 'Mileage Report' }).click();
  const dialog = page.getByRole('dialog', { name: `Mileage Report: ${number}` });
  const sources = dialog.getByRole('table', { name: 'Mileage by source' });
  await expect(sources.getByRole('row')).toHaveCount(4);
  // No HERE key in this suite: the routing row says its figures are the estimate.
  await expect(sources.getByRole('rowheader').nth(0)).toContainText('Estimate');
  await expect(sources.getByRole('rowheader').nth(1)).toContainText('SAMSARA');
  await expect(sources.getByRole('rowheader').nth(2)).toContainText('GLE');

  // Read-only until Edit (or already editable when the trip has no manual figures yet).
  const loaded = dialog.getByLabel('LOADED MILES');
  if (await dialog.getByRole('button', { name: 'Edit' }).isVisible()) {
    await expect(loaded).toHaveAttribute('readonly', '');
    await dialog.getByRole('button', { name: 'Edit' }).click();
  }
  await expect(loaded).not.toHaveAttribute('readonly', '');
  await loaded.fill('321.4');
  await dialog.getByLabel('EMPTY MILES').fill('12.2');
  await expect(dialog.getByLabel('PAYABLE MILEAGE')).toHaveValue('333.6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(loaded).toHaveAttribute('readonly', '');

  // Closed and opened again, the saved figures come back from the server.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await more.click();
  await page.getByRole('menuitem', { name: 'Mileage Report' }).click();
  await expect(dialog.getByLabel('LOADED MILES')).toHaveValue('321.4');
  await expect(dialog.getByLabel('EMPTY MILES')).toHaveValue('12.2');
  await expect(dialog.getByLabel('PAYABLE MILEAGE')).toHaveValue('333.6');

  // Someone else saves the figures while the report is open: this save is refused as stale, nothing is
  // written, and the toast's Reload (clickable over the open dialog) shows their figures.
  const tripId = Number(new URL((await statsRead).url()).pathname.split('/').at(-1));
  const otherSave = await page.evaluate(async (tripId) => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` };
    const { version } = (await (await fetch(`/api/v1/mile-stats/${tripId}`, { headers })).json()).data.manualStats;
    const body = JSON.stringify({ tripId, emptyMiles: 20, loadedMiles: 500, version });
    return (await fetch('/api/v1/mile-stats/payable-mileage', { method: 'PUT', headers, body })).status;
  }, tripId);
  expect(otherSave).toBe(200);
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await loaded.fill('400');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/changed by someone else since you opened it/)).toBeVisible();
  await expect(loaded).toHaveValue('400');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog).toBeVisible();
  await expect(loaded).toHaveValue('500');
  await expect(loaded).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('PAYABLE MILEAGE')).toHaveValue('520');

  // The report only reads what is stored; "Refresh telematics" queues a fetch by a job (202) when
  // one can be made. The demo's companies have no API tokens (their tracks are seeded): the
  // refresh says why it cannot fetch instead of queueing one that finds nothing.
  await expect(dialog.getByTestId('telematics-fetched')).toContainText('Samsara');
  const refresh = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/v1/mile-stats/${tripId}/refresh`);
  await dialog.getByRole('button', { name: 'Refresh telematics' }).click();
  expect((await refresh).status()).toBe(409);
  // Which reason depends on the trip's company: the demo switches providers on per company by the
  // hour it was seeded; either way the refresh says why, and queues nothing.
  await expect(
    page.getByText(
      /^(Cannot fetch: .+ on for .+ but ha(s|ve) no API token\. Add it in Companies → Update API Tokens\.|Nothing to fetch: Samsara and GLE are off for .+\. Switch one on in Companies\.)$/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Telematics refresh queued; the figures update in a few seconds.')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Refresh telematics' })).toBeEnabled({ timeout: 20_000 });
  await expect(sources.getByRole('row')).toHaveCount(4);
  await expect(loaded).toHaveValue('500');
});
