import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { SEEDED_ROLES } from '@milepost/contracts/permissions';
import { roles } from '../src/db/schema/access';
import type { Access, RouteAccess } from '../src/platform/access';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';

/**
 * The access matrix (docs/decisions/023-one-route-table.md), generated from the route table. Every registered API
 * route × anonymous / signed in without permissions / each seeded role must answer as its
 * declared access says: 401 without a sign-in, the guard's 403 without the permission, and
 * otherwise anything but 401, the guard's 403 or a 5xx. Ids point at nothing and bodies are
 * empty, so nothing is changed.
 */
let ctx: TestContext;
const principals: { name: string; token: string | null; permissions: ReadonlySet<string> }[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  principals.push({ name: 'anonymous', token: null, permissions: new Set() });
  const nobody = await createUser(ctx.db);
  principals.push({ name: 'no permission', token: (await signIn(ctx.app, nobody)).accessToken, permissions: new Set() });
  for (const role of SEEDED_ROLES) {
    const [row] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, role.name));
    const user = await createUser(ctx.db, { roleId: row!.id });
    principals.push({ name: role.name, token: (await signIn(ctx.app, user)).accessToken, permissions: new Set(role.permissions) });
  }
});
afterAll(() => ctx.close());

const MISSING_ID = '2147483000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, (p) => (['z', 'x', 'y'].includes(p.slice(1)) ? '1' : MISSING_ID));
const allowed = (access: Access, perms: ReadonlySet<string>) =>
  access === 'public' || access === 'signed-in' ? true : 'permission' in access ? perms.has(access.permission) : access.anyOf.some((p) => perms.has(p));

describe('access matrix', () => {
  it('covers every route of the API', () => {
    const api = ctx.app.routeTable.filter((r) => r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(60);
    expect(api.filter((r) => r.access !== 'public').length).toBeGreaterThan(50);
  });

  it('every route × anonymous / no permission / each seeded role answers as its declared access says', async () => {
    const routes: RouteAccess[] = ctx.app.routeTable.filter((r) => r.method !== 'HEAD');
    const wrong: string[] = [];
    for (const route of routes) {
      for (const who of principals) {
        const res = await call(ctx.app, {
          method: route.method as 'GET',
          url: concrete(route.url),
          ...(who.token ? { token: who.token } : {}),
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const guard403 = res.statusCode === 403 && res.json().message === GENERIC_ERROR_MESSAGES[403];
        let expected: string;
        let ok: boolean;
        if (route.access === 'public') {
          // Readiness answers 503 with what is missing while, as here, no job workers run (docs/deploy.md).
          const notReady = route.url === '/api/ready' && res.statusCode === 503 && Array.isArray(res.json().missing);
          expected = 'not 401, not 5xx';
          ok = res.statusCode !== 401 && (res.statusCode < 500 || notReady);
        } else if (!who.token) {
          expected = '401';
          ok = res.statusCode === 401;
        } else if (!allowed(route.access, who.permissions)) {
          expected = "the guard's 403";
          ok = guard403;
        } else {
          expected = "2xx or a 4xx other than 401 and the guard's 403";
          ok = res.statusCode < 500 && res.statusCode !== 401 && !guard403;
        }
        if (!ok) wrong.push(`${route.method} ${route.url} as ${who.name}: ${res.statusCode}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every route × six principals, one request at a time: minutes on a busy machine, never a timing check.
  }, 180_000);
});
