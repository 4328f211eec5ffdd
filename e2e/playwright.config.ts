import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './ports';

/**
 * The built product, started once on a free port with a fresh PGlite data folder, driven in
 * Debian's Chromium. Workers inherit the port and folder chosen here by the main process.
 */
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'milepost-e2e-'));
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 850 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'node --import tsx server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A shared, busy test machine may need longer to seed the demo (E2E_SERVER_TIMEOUT_MS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 90_000),
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      MILEPOST_DATA_DIR: process.env.E2E_DATA_DIR,
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
  },
});
