import { defineConfig } from 'vitest/config';
import webConfig, { ISOLATED_WEB_TESTS } from './apps/web/vitest.config.ts';

/**
 * Every suite from the root: pure packages, the API on PGlite, the API again on a real
 * PostgreSQL when TEST_DATABASE_URL is set, and the web app's component tests.
 */
const apiProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: 'apps/api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // One worker process runs file after file with the app's modules imported once (each file
    // still builds its own app on its own database): importing them per file cost more than
    // most files' tests. The migrated template (test/global-setup.ts) is cloned per file.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});

export default defineConfig({
  test: {
    // Two files at a time on CI's two cores: one worker left a core idle while a file waited on
    // PostgreSQL, a child process or a timer; three made every file slower (Vitest 9.6 min against
    // 8.6, docs/deploy.md "CI runs").
    maxWorkers: 2,
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      apiProject('api-pglite', { MILEPOST_TEST_DB: 'pglite' }, ['test/cluster/**']),
      ...(process.env.TEST_DATABASE_URL
        ? [
            apiProject('api-postgres', { MILEPOST_TEST_DB: 'postgres' }, ['test/process/**', 'test/cluster/**']),
            // `npm run cluster` under load through a rolling restart (docs/deploy.md#several-instances-behind-nginx): needs PostgreSQL and nginx.
            { test: { name: 'cluster', root: 'apps/api', include: ['test/cluster/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 60_000 } },
          ]
        : []),
      'apps/web/vitest.config.ts',
      // The web files that mock modules, each in a fresh module graph (apps/web/vitest.config.ts).
      { ...webConfig, test: { ...webConfig.test, name: 'web-isolated', include: ISOLATED_WEB_TESTS, exclude: [], isolate: true } },
    ],
  },
});
