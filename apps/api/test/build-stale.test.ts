import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './process/server';

/**
 * When `npm start` rebuilds (docs/deploy.md#starting): only when a build is missing or older than
 * its sources — scripts/build.mjs' apiStale and webStale, on a repository laid out in a temp folder.
 */
const { apiStale, webStale } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/build.mjs')).href)) as { apiStale(dir: string): boolean; webStale(dir: string): boolean };

const dir = mkdtempSync(path.join(os.tmpdir(), 'milepost-build-stale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the file with this modification time (seconds since the epoch). */
const file = (p: string, at: number) => {
  const full = path.join(dir, p);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, at, at);
};
const SOURCES = 1_000_000;
const BUILT = 2_000_000;
const LATER = 3_000_000;

describe('a build is rebuilt only when missing or older than its sources', () => {
  it('the API: missing, built, then a source, a shared package, the lock file or this script newer; not tests, node_modules or the build itself', () => {
    for (const p of ['apps/api/src/main.ts', 'apps/api/package.json', 'scripts/build.mjs', 'packages/contracts/src/index.ts', 'packages/geo/src/index.ts', 'package-lock.json'])
      file(p, SOURCES);
    expect(apiStale(dir)).toBe(true);
    file('apps/api/dist/main.js', BUILT);
    // One of its two outputs missing: still stale.
    expect(apiStale(dir)).toBe(true);
    file('apps/api/dist/db-cli.js', BUILT);
    expect(apiStale(dir)).toBe(false);
    for (const p of ['apps/api/src/routes.test.ts', 'apps/api/src/node_modules/x/index.js', 'apps/api/dist/chunk.js', 'apps/web/src/main.tsx']) {
      file(p, LATER);
      expect(apiStale(dir), p).toBe(false);
    }
    for (const p of ['apps/api/src/modules/trips/service.ts', 'packages/geo/src/units.ts', 'package-lock.json', 'scripts/build.mjs']) {
      file(p, LATER);
      expect(apiStale(dir), p).toBe(true);
      file(p, SOURCES);
    }
  });

  it('the web app: missing, built, then a source, its public folder or a shared package newer', () => {
    for (const p of ['apps/web/src/main.tsx', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'package-lock.json']) file(p, SOURCES);
    expect(webStale(dir)).toBe(true);
    file('apps/web/dist/index.html', BUILT);
    expect(webStale(dir)).toBe(false);
    file('apps/api/src/server.ts', LATER);
    expect(webStale(dir)).toBe(false);
    for (const p of ['apps/web/src/features/trips/trips-screen.tsx', 'apps/web/public/favicon.svg', 'packages/contracts/src/trips.ts']) {
      file(p, LATER);
      expect(webStale(dir), p).toBe(true);
      file(p, SOURCES);
    }
  });
});
