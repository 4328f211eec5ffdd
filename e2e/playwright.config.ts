import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './ports';

/**
 * The built product, started twice — two servers, each on a free port with a fresh PGlite data
 * folder of its own, copied from one seeded once (e2e/server.ts) — and driven in Debian's Chromium by two workers: the spec files are split
 * between the servers (projects `a` and `b`, one worker each, about the same running time), so no spec sees
 * another's changes and the two cores are both at work. Workers inherit the ports and folders
 * chosen here by the main process. A spec finds its server's data folder with `dataDir()`
 * (specs/helpers.ts).
 */
const SERVERS = ['a', 'b'] as const;
const server = {} as Record<(typeof SERVERS)[number], { port: string; dataDir: string; baseURL: string }>;
for (const name of SERVERS) {
  const port = (process.env[`E2E_PORT_${name}`] ??= String(await freePort()));
  const dataDir = (process.env[`E2E_DATA_DIR_${name}`] ??= mkdtempSync(path.join(os.tmpdir(), `milepost-e2e-${name}-`)));
  server[name] = { port, dataDir, baseURL: `http://localhost:${port}` };
}
// The one folder both servers' data is copied from (e2e/server.ts seeds it once).
const templateDir = (process.env.E2E_TEMPLATE_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'milepost-e2e-template-')));
/** The files of server `a`; every other spec runs on `b`. Split by running time (CI's e2e report). */
const ON_SERVER_A = ['shell', 'trips', 'maps', 'stops-and-phone', 'mileage-report', 'reports', 'day-details', 'first-screen-budget'].map((f) => `**/${f}.spec.ts`);

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: SERVERS.length,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Generous: on a busy machine a page's first data may take several seconds; a passing expect
  // returns as soon as it holds, so this costs nothing when the product is fast.
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 850 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'a', workers: 1, testMatch: ON_SERVER_A, use: { baseURL: server.a.baseURL }, metadata: { dataDir: server.a.dataDir } },
    { name: 'b', workers: 1, testIgnore: ON_SERVER_A, use: { baseURL: server.b.baseURL }, metadata: { dataDir: server.b.dataDir } },
  ],
  webServer: SERVERS.map((name) => ({
    command: 'node --import tsx server.ts',
    url: `${server[name].baseURL}/api/health`,
    reuseExistingServer: false,
    // A shared, busy test machine may need longer to seed the demo (E2E_SERVER_TIMEOUT_MS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 150_000),
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: server[name].port,
      MILEPOST_DATA_DIR: server[name].dataDir,
      E2E_TEMPLATE_DIR: templateDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      // The suite signs in as the same accounts from one address many times; the limit itself is
      // covered by the API tests.
      RATE_LIMIT_LOGIN_MAX: '1000',
      // A busy test machine stalls the embedded database's event loop; load shedding is covered
      // by the API tests (apps/api/test/overload.test.ts).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  })),
});
