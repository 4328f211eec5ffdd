import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { groupDigits, metresToMiles } from '@milepost/geo/units';
import { ROUTING_MESSAGES, type RouteRequest } from '@milepost/contracts/routing-api';
import { startHereFake, type HereFake } from '../../apps/api/test/fakes/here';
import { E2E_ACCOUNTS } from '../accounts';
import { freePort } from '../ports';
import { signIn } from './helpers';

/**
 * Maps end to end (docs/maps.md, docs/routing.md): the Routes screen draws a trip's route from
 * the API, a grey alternative clicked becomes primary, and the figures are HERE's — or, with no
 * key, labelled as estimates. The rest of the suite runs on the no-key server of
 * playwright.config.ts; the HERE half starts a second Milepost (same server.ts) pointed at the
 * local HERE fake, once for this file.
 */

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface HereApp {
  url: string;
  fake: HereFake;
}

/** Starts the HERE server; a port taken between the check and the server's listen is tried once more on another. */
async function startHereApp(): Promise<{ app: HereApp; stop: () => Promise<void> }> {
  try {
    return await startHereAppOn(await freePort());
  } catch (e) {
    if (!String(e).includes('EADDRINUSE')) throw e;
    return startHereAppOn(await freePort());
  }
}

async function startHereAppOn(port: number): Promise<{ app: HereApp; stop: () => Promise<void> }> {
  const fake = await startHereFake();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'milepost-e2e-here-'));
  let output = '';
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: e2eDir,
    env: {
      ...process.env,
      ...fake.env(),
      PORT: String(port),
      MILEPOST_DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      RATE_LIMIT_LOGIN_MAX: '1000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const stop = async () => {
    proc.kill('SIGTERM');
    await exited;
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (proc.exitCode !== null) {
      await stop();
      throw new Error(`the HERE server exited:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the HERE server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { app: { url, fake }, stop };
}

const test = base.extend<object, { hereApp: HereApp }>({
  hereApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { app, stop } = await startHereApp();
      await use(app);
      await stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
/** Tests on the HERE server: pages open on its origin. */
const withHere = test.extend({ baseURL: async ({ hereApp }, use) => use(hereApp.url) });

/** As the product writes it: miles to 1 decimal, grouped with spaces; hours to 2 decimals. */
const milesText = (meters: number) => `${groupDigits(metresToMiles(meters), 1)} mi`;
const hoursText = (seconds: number) => `${groupDigits(seconds / 3600, 2)} h`;

/**
 * Opens the Routes screen, picks the demo's second load (one truck ran it, so its truck is
 * selected for it; the first was recovered by a second truck) and submits; resolves with the
 * routing request the map made.
 */
const DEMO_LOAD = 'LD-784217';
async function showDemoLoad(page: Page): Promise<RouteRequest> {
  await page.goto('/routes');
  // The first screen of a server that has just started (the HERE one) may take a while on a busy machine.
  await expect(page.getByText('Select a truck, driver, and load number to display the route.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('combobox', { name: 'Load' }).click();
  await page.getByPlaceholder('Search loads...').fill(DEMO_LOAD);
  await page.getByRole('listbox').last().getByRole('option', { name: DEMO_LOAD, exact: true }).click();
  await expect(page.getByText(/^Selected truck /)).toBeVisible();
  const routed = page.waitForRequest((r: Request) => r.method() === 'POST' && r.url().endsWith('/api/v1/routing/routes'));
  await page.getByRole('button', { name: 'Submit' }).click();
  return (await routed).postDataJSON() as RouteRequest;
}

withHere('with HERE: the route is drawn with its alternatives; a grey one clicked becomes primary; the figures are the fake HERE’s', async ({ page, hereApp }) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  const request = await showDemoLoad(page);
  expect(request).toMatchObject({ routingMode: 'PRACTICAL', trailer: true });
  const routes = [0, 1, 2].map((alt) => {
    const legs = hereApp.fake.expectedLegs(request.stops, 'fast', alt);
    return { distance: legs.reduce((n, l) => n + l.length, 0), duration: legs.reduce((n, l) => n + l.duration, 0) };
  });

  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-routes', '3', { timeout: 20_000 });
  await expect(map.locator('path.mp-route-primary')).toHaveCount(1);
  await expect(map.locator('path.mp-route-alt')).toHaveCount(2);
  const figures = page.getByTestId('panel-figures');
  await expect(figures).toHaveText(`${milesText(routes[0]!.distance)} · ${hoursText(routes[0]!.duration)}`);
  await expect(page.getByText('HERE route', { exact: true })).toBeVisible();
  await expect(page.getByText('Route 1 of 3')).toBeVisible();

  // Click the grey line of the third route where it shows: a point of its line that is on top
  // there (not under a stop marker, another line or the 'Calculating Route' overlay).
  const alt = map.locator('path.mp-route-alt').last();
  let point: { x: number; y: number } | null = null;
  await expect
    .poll(async () => {
      point = await alt.evaluate((el: SVGPathElement) => {
        const m = el.getScreenCTM()!;
        const length = el.getTotalLength();
        for (let k = 1; k < 60; k++) {
          const p = el.getPointAtLength((length * k) / 60);
          const x = m.a * p.x + m.c * p.y + m.e;
          const y = m.b * p.x + m.d * p.y + m.f;
          if (document.elementFromPoint(x, y) === el) return { x, y };
        }
        return null;
      });
      return point;
    })
    .not.toBeNull();
  await page.mouse.click(point!.x, point!.y);
  await expect(map).toHaveAttribute('data-selected-route', '2');
  await expect(page.getByText('Route 3 of 3')).toBeVisible();
  await expect(figures).toHaveText(`${milesText(routes[2]!.distance)} · ${hoursText(routes[2]!.duration)}`);
  // The former primary is grey and clickable now; the longer alternative is what the panel says.
  await expect(map.locator('path.mp-route-alt')).toHaveCount(2);
  expect(routes[2]!.distance).toBeGreaterThan(routes[0]!.distance);

  // The same trip's legs in its drawer are the fake's legs of the primary route, one by one.
  const legs = hereApp.fake.expectedLegs(request.stops, 'fast', 0);
  let total = 0;
  const expected = legs.map((leg) => {
    total += leg.length;
    return `Leg ${milesText(leg.length)} · Total ${milesText(total)} · ${hoursText(leg.duration)}`;
  });
  await page.goto('/trips');
  await page.getByRole('combobox', { name: 'Load' }).click();
  await page.getByPlaceholder('Search loads...').fill(DEMO_LOAD);
  await page.getByRole('listbox').last().getByRole('option', { name: DEMO_LOAD, exact: true }).click();
  await page
    .getByRole('table', { name: 'Trips' })
    .getByRole('button', { name: `Edit trip ${DEMO_LOAD}` })
    .click();
  const drawer = page.getByRole('dialog', { name: `Edit Trip: ${DEMO_LOAD}` });
  await expect(drawer.getByTestId('stop-figures')).toHaveText(expected, { timeout: 10_000 });
  await expect(drawer.getByTestId('legs-estimate-note')).toBeHidden();
});

base('with no HERE key: the route and its figures are labelled as estimates', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, E2E_ACCOUNTS.owner);
  await showDemoLoad(page);
  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-routes', '1', { timeout: 20_000 });
  await expect(page.getByText('Estimated route', { exact: true })).toBeVisible();
  await expect(page.getByTestId('panel-figures')).toHaveText(/^≈ \d[\d ]*\.\d mi est\. · ≈ \d[\d ]*\.\d\d h$/);
  await expect(page.getByText(ROUTING_MESSAGES.estimate.NO_KEY)).toBeVisible();

  // The trips list marks the demo's estimated miles, and a trip's legs in its drawer say so too.
  await page.goto('/trips');
  const table = page.getByRole('table', { name: 'Trips' });
  const first = table.getByRole('row').nth(1);
  await expect(
    first
      .getByRole('cell')
      .filter({ hasText: /^≈ \d[\d ]*\.\d mi est\.$/ })
      .first(),
  ).toBeVisible();
  await first.getByRole('button', { name: /^Edit trip / }).click();
  const drawer = page.getByRole('dialog', { name: /^Edit Trip: / });
  const legs = drawer.getByTestId('stop-figures');
  await expect(legs.first()).toHaveText(/^Leg ≈ \d[\d ]*\.\d mi est\. · Total ≈ \d[\d ]*\.\d mi est\. · ≈ \d[\d ]*\.\d\d h$/, { timeout: 10_000 });
  await expect(drawer.getByTestId('legs-estimate-note')).toHaveText(ROUTING_MESSAGES.estimate.NO_KEY);
});
