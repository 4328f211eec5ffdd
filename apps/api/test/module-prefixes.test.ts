import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { API_MODULES, OUTSIDE_PREFIX } from '../src/api-modules';
import { createTestContext, type TestContext } from './harness';

/**
 * docs/architecture.md "Module prefixes": each API module is registered under its URL prefix, so a URL names its
 * folder; the spec's paths that lie elsewhere are the ones listed in OUTSIDE_PREFIX, nothing more.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

describe('module prefixes', () => {
  it('every module folder that serves routes is registered once, with its prefix', () => {
    // A module without a routes.ts serves no URL.
    const folders = readdirSync(new URL('../src/modules', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(new URL(`../src/modules/${d.name}/routes.ts`, import.meta.url)))
      .map((d) => d.name)
      .sort();
    expect(API_MODULES.map((m) => m.folder).sort()).toEqual(folders);
    expect(new Set(API_MODULES.map((m) => m.prefix)).size).toBe(API_MODULES.length);
  });

  it("every route's URL starts with its module's prefix, except the listed ones", () => {
    const routes = ctx.app.moduleRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(60);
    const prefixOf = new Map(API_MODULES.map((m) => [m.folder, m.prefix]));
    const outside = routes.filter((r) => !under(r.url, prefixOf.get(r.folder)!)).map((r) => `${r.folder}: ${r.method} ${r.url.replace(/^\/api\/v1/, '')}`);
    const listed = Object.entries(OUTSIDE_PREFIX).flatMap(([folder, paths]) => paths.map((p) => `${folder}: ${p}`));
    // Exactly the list: no unlisted exception, and no listed one that is gone or back under its prefix.
    expect(outside.sort()).toEqual(listed.sort());
  });

  it('every API route belongs to a module, save the platform metrics', () => {
    const byModule = new Set(ctx.app.moduleRoutes.map((r) => `${r.method} ${r.url}`));
    const orphans = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`).filter((k) => !byModule.has(k));
    expect(orphans.filter((k) => !k.endsWith(' /api/metrics'))).toEqual([]);
  });

  it('an unlisted route outside its prefix stops the app from starting', async () => {
    const { registerApiModules } = await import('../src/api-modules');
    const { default: Fastify } = await import('fastify');
    const probe = Fastify();
    // The trips module's exceptions, registered as if the list did not name them.
    const saved = OUTSIDE_PREFIX.trips;
    (OUTSIDE_PREFIX as Record<string, readonly string[]>).trips = [];
    try {
      await expect(probe.register(async (scope) => registerApiModules(scope, ctx.deps, []).then(() => undefined)).ready()).rejects.toThrow(
        /trips registers GET \/api\/v1\/trip-action-history outside \/api\/v1\/trips/,
      );
    } finally {
      (OUTSIDE_PREFIX as Record<string, readonly string[]>).trips = saved!;
      await probe.close().catch(() => undefined);
    }
  });
});
