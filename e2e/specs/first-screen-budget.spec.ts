import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts';

/**
 * The first screen's budget (docs/decisions/013-first-screen-loads-fast.md): on a cold load, /login
 * ≤ 135 KB and /trips ≤ 203 KB of JS+CSS as gzip. Counted in bytes, not time: every JS and CSS file
 * the screen requests, at the size of the .gz copy the build wrote beside it in apps/web/dist (a file
 * under the build's 1 KB threshold has no copy and counts whole), as `npm run bench -- first-screen` does.
 */
const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const BUDGET_KB = { '/login': 135, '/trips': 203 } as const;

/** Records the JS and CSS files `page` requests from here on. */
function recordAssets(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (/\.(js|css)$/.test(file)) files.add(file);
  });
  return files;
}

/** Gzip bytes of the files, from the build's own .gz copies. */
function gzipBytes(files: Iterable<string>): { total: number; list: string[] } {
  let total = 0;
  const list: string[] = [];
  for (const file of files) {
    const onDisk = path.join(DIST, file);
    expect(existsSync(onDisk), `${file} is in apps/web/dist`).toBe(true);
    const size = existsSync(`${onDisk}.gz`) ? statSync(`${onDisk}.gz`).size : statSync(onDisk).size;
    total += size;
    list.push(`${(size / 1024).toFixed(1)} KB ${file}`);
  }
  return { total, list };
}

function expectWithinBudget(screen: keyof typeof BUDGET_KB, files: Set<string>) {
  const { total, list } = gzipBytes(files);
  // The entry script and its style sheet always load; an empty list means nothing was recorded.
  expect([...files].some((file) => /^\/assets\/index-.*\.js$/.test(file))).toBe(true);
  expect([...files].some((file) => file.endsWith('.css'))).toBe(true);
  expect(total / 1024, `${screen}: ${(total / 1024).toFixed(1)} KB gzip in ${files.size} files:\n${list.join('\n')}`).toBeLessThanOrEqual(BUDGET_KB[screen]);
}

test('/login loads at most 135 KB of JS+CSS as gzip on a cold load', async ({ page }) => {
  const files = recordAssets(page);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expectWithinBudget('/login', files);
});

test('/trips loads at most 203 KB of JS+CSS as gzip on a cold load, signed in', async ({ page, request }) => {
  // A stored session, as a returning user has: the cold load is /trips itself, not the way through /login.
  const res = await request.post('/api/v1/authenticate', { data: { email: E2E_ACCOUNTS.owner.email, password: E2E_ACCOUNTS.owner.password } });
  expect(res.status()).toBe(200);
  const { accessToken, refreshToken } = ((await res.json()) as { data: { accessToken: string; refreshToken: string } }).data;
  await page.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
    },
    [accessToken, refreshToken] as const,
  );
  const files = recordAssets(page);
  await page.goto('/trips', { waitUntil: 'networkidle' });
  await expect(page.getByRole('table', { name: 'Trips' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expectWithinBudget('/trips', files);
});
