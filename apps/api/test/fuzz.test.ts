import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { RouteAccess } from '../src/platform/access';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, ownerRoleId, signIn } from './factories';

/**
 * Issue 8 point 7: generated hostile input for every write endpoint, from the shared schemas
 * the routes declare. Each request carries at least one value no schema accepts (a NUL
 * character, an id past int32, a nested object …) in a field the schema knows, plus random
 * hostile values in others: the answer is always a 4xx, never a 5xx, and no row changes.
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_LOGIN_MAX: '100000' });
  const owner = await createUser(ctx.db, { roleId: await ownerRoleId(ctx.db) });
  token = (await signIn(ctx.app, owner)).accessToken;
});
afterAll(() => ctx.close());

type ZodLike = { _zod?: { def: { type: string; shape?: Record<string, unknown>; left?: unknown; right?: unknown; in?: unknown; innerType?: unknown } } };

/** The field names an object schema knows (through intersections, pipes and wrappers). */
function keysOf(schema: unknown): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'intersection') return [...keysOf(def.left), ...keysOf(def.right)];
  if (def.type === 'pipe') return keysOf(def.in);
  if (def.innerType) return keysOf(def.innerType);
  return [];
}

/** Values no field schema accepts: no text takes a NUL, no id or number takes these, no enum either. */
const neverValid = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom({ nested: { deep: [1] } }, [[[]]], '\u0000', `${'x'.repeat(5000)}\u0000`),
);
const hostileId = fc.oneof(
  fc.constantFrom('2147483648', '99999999999999999999', '0x10', '0b10', '0o20', 'Infinity', '1e3', 'true', '-1', '0', '1.5', '%00'),
  fc.bigInt({ min: 2_147_483_648n, max: 2n ** 70n }).map(String),
);
const hostile = fc.oneof(
  neverValid,
  hostileId,
  fc.constantFrom(true, false, null, [], {}, [1], -1, 0, 2_147_483_648, 1e308, -1e308, Number.MAX_SAFE_INTEGER, '', ' ', '0x10', '0b10', 'Infinity', '1e3', '60000.5;=1+1'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** A print of every row of every table the API writes (rate-limit counters excepted). */
async function fingerprint(): Promise<string> {
  const tables = (await ctx.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limit_hits', '__drizzle_migrations') order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const parts: string[] = [];
  for (const { tablename } of tables.rows) {
    const r = (await ctx.db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from "${tablename}" t`))) as unknown as {
      rows: { n: number; h: string }[];
    };
    parts.push(`${tablename}:${r.rows[0]!.n}:${r.rows[0]!.h}`);
  }
  return parts.join('\n');
}

describe('generated bad input', () => {
  it('every write endpoint answers 4xx (never 5xx) to hostile input, and no row changes', async () => {
    const writes = ctx.app.routeTable.filter((r: RouteAccess) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(writes.length).toBeGreaterThan(20);
    const before = await fingerprint();
    const failures: string[] = [];
    for (const route of writes) {
      const parts = (['params', 'querystring', 'body'] as const).filter((p) => keysOf(route.schema?.[p]).length > 0);
      if (!parts.length) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...parts),
          fc.nat(),
          neverValid,
          hostileId,
          fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 }),
          fc.array(hostile, { maxLength: 6 }),
          async (badPart, pick, bad, badId, extra, values) => {
            const input = { params: {} as Record<string, unknown>, querystring: {} as Record<string, unknown>, body: { ...extra } as Record<string, unknown> };
            for (const part of parts) keysOf(route.schema?.[part]).forEach((k, i) => values[i] !== undefined && (input[part][k] = values[i]));
            // Path parameters are hostile ids; one known field of one part is never valid.
            for (const k of keysOf(route.schema?.params)) input.params[k] ??= badId;
            const keys = keysOf(route.schema?.[badPart]);
            input[badPart][keys[pick % keys.length]!] = badPart === 'params' ? badId : bad;
            const url = route.url.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(String(input.params[k] ?? '1')));
            const query = new URLSearchParams(Object.entries(input.querystring).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
            const res = await call(ctx.app, {
              method: route.method as 'POST',
              url: `${url}${query.size ? `?${query}` : ''}`,
              token,
              payload: input.body,
              remoteAddress: `10.${pick % 200}.${(pick >> 8) % 200}.1`,
            });
            if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            return res.statusCode >= 400 && res.statusCode < 500;
          },
        ),
        { numRuns: 12, seed: 8 },
      ).catch((e: unknown) => failures.push(`${route.method} ${route.url}: ${String(e).slice(0, 400)}`));
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });
});
