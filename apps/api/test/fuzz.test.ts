import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { RouteAccess } from '../src/platform/access';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createUser, ownerRoleId, signIn, createTripSettings } from './factories';
import { ProviderError } from '../src/modules/telematics/provider';
import { syncCompany } from '../src/modules/telematics/sync';
import { createSecretBox } from '../src/platform/secret-box';
import { FAST_RETRY } from './harness';
import { startFakeGle, type FakeGle } from './fakes/gle';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { tripInTransit } from './telematics-fixtures';

/**
 * Generated hostile input for every write endpoint, from the shared schemas
 * the routes declare. Each request carries at least one value no schema accepts (a NUL
 * character, an id past int32, a nested object …) in a field the schema knows, plus random
 * hostile values in others: the answer is always a 4xx, never a 5xx, and no row changes.
 */
let ctx: TestContext;
let token: string;
let ownerId: number;
let samsara: FakeSamsara;
let gle: FakeGle;
beforeAll(async () => {
  samsara = await startFakeSamsara();
  gle = await startFakeGle();
  ctx = await createTestContext({ RATE_LIMIT_LOGIN_MAX: '100000', SAMSARA_BASE_URL: samsara.url, GLE_BASE_URL: gle.url });
  const owner = await createUser(ctx.db, { roleId: await ownerRoleId(ctx.db) });
  ownerId = owner.id;
  token = (await signIn(ctx.app, owner)).accessToken;
});
afterAll(async () => {
  await ctx.close();
  await samsara.close();
  await gle.close();
});

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
      await fc
        .assert(
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
        )
        .catch((e: unknown) => failures.push(`${route.method} ${route.url}: ${String(e).slice(0, 400)}`));
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
    // Twelve runs of every write endpoint, one request at a time: minutes on a busy machine, never a timing check.
  }, 400_000);
});

/**
 * Generated provider answers (docs/integrations/telematics.md "Untrusted input"). Samsara and GLE pages whose every field may be
 * hostile — NUL and control characters, lone surrogates, 10 000-character names, latitudes of
 * 1e12, times in year 9999 or not times at all, wrong types, cursors that repeat — are served
 * by the fakes; a sync over them ends (done, or failed with a provider error), never throws
 * anything else, and no read of the company or its trip in transit answers 5xx afterwards.
 */
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 12 }).map((v) => `${v}\u0000${v}\u0007\u001b`),
  fc.constantFrom('\ud800', 'a\udfffb', '\u202e\ufeff', 'x'.repeat(10_000), '', ' '),
);
const junk = fc.oneof(fc.constantFrom(null, true, {}, [], [1], { nested: { deep: [] } }), fc.integer(), fc.double());
const field = fc.oneof(text, junk);
const coordinate = fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constantFrom(1e12, -1e12, 1e308, 91, -181, 0), fc.double(), text, junk);
const time = (now: number) =>
  fc.oneof(
    fc.integer({ min: now - 4 * 3600_000, max: now + 3600_000 }).map((t) => new Date(t).toISOString()),
    fc.constantFrom('9999-12-31T00:00:00Z', '0001-01-01T00:00:00Z', '2026-02-30T25:61:00Z', 'yesterday', ''),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    field,
  );
const listOrJunk = <T>(item: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.array(item, { maxLength: 6 }) }, { weight: 1, arbitrary: junk });
const cursor = fc.oneof(fc.constantFrom('same', 'same', null, ''), text, junk);

const samsaraPages = (now: number, vehicleId: string) =>
  fc.record({
    vehicles: fc.record({
      data: listOrJunk(fc.record({ id: fc.oneof(field, fc.constant(vehicleId)), name: field, vin: field }, { requiredKeys: [] })),
      pagination: fc.oneof(fc.record({ endCursor: cursor, hasNextPage: fc.oneof(fc.boolean(), junk) }), junk),
    }),
    drivers: fc.record({
      data: listOrJunk(fc.record({ id: field, name: field, staticAssignedVehicle: fc.oneof(fc.record({ id: field }), junk) }, { requiredKeys: [] })),
      pagination: fc.oneof(fc.record({ endCursor: cursor, hasNextPage: fc.boolean() }), junk),
    }),
    history: fc.record({
      data: listOrJunk(
        fc.record(
          {
            id: fc.oneof(fc.constant(vehicleId), field),
            gps: listOrJunk(fc.record({ time: time(now), latitude: coordinate, longitude: coordinate, speedMilesPerHour: fc.oneof(fc.double(), junk) }, { requiredKeys: [] })),
            obdOdometerMeters: listOrJunk(fc.record({ time: time(now), value: fc.oneof(fc.double(), fc.constantFrom(-1, 1e300), junk) })),
          },
          { requiredKeys: [] },
        ),
      ),
      pagination: fc.oneof(fc.record({ endCursor: cursor, hasNextPage: fc.boolean() }), junk),
    }),
  });

const glePages = (now: number, vehicleId: string) => {
  // GreenLight's `/vehicles/current` (docs/integrations/gle.md): times without an offset too.
  const gleTime = fc.oneof(
    fc.integer({ min: now - 6 * 3600_000, max: now + 6 * 3600_000 }).map((t) => new Date(t).toISOString().slice(0, 19)),
    time(now),
  );
  const item = fc.record(
    {
      vehicle: fc.oneof(
        fc.record({ id: fc.oneof(field, fc.constant(vehicleId), fc.integer()), make: field, model: field, vin: field, unit_number: field }, { requiredKeys: [] }),
        junk,
      ),
      driver: fc.oneof(fc.record({ id: fc.oneof(field, fc.integer()), name: field }, { requiredKeys: [] }), junk),
      location: fc.oneof(
        fc.record(
          { vehicle_coordinates: fc.oneof(fc.record({ latitude: coordinate, longitude: coordinate }, { requiredKeys: [] }), junk), time: gleTime, direction: field, state: field },
          { requiredKeys: [] },
        ),
        junk,
      ),
      dot: field,
    },
    { requiredKeys: [] },
  );
  const page = fc.oneof(fc.constantFrom(0, 0, 1, -1, null, 1e12), junk);
  return fc.record({
    current: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          result: fc.oneof(fc.record({ code: field, description: field }), junk),
          content: listOrJunk(item),
          pageable: fc.oneof(fc.record({ total: page, prev: page, next: page, current: page }), junk),
        }),
      },
      { weight: 1, arbitrary: junk },
    ),
  });
};

describe('generated provider answers', () => {
  it('a Samsara or GLE sync over hostile pages ends with a provider error at worst, and nothing answers 5xx after it', async () => {
    await createTripSettings(ctx.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
    const box = createSecretBox(ctx.secretKey);
    const company = await createCompanyRow(ctx.db, {
      samsaraEnabled: true,
      gleEnabled: true,
      samsaraTokenEncrypted: box.seal('samsara-test-token'),
      gleTokenEncrypted: box.seal('gle-test-token'),
    });
    const now = Date.now();
    const { trip, vehicleId, gleVehicleId } = await tripInTransit(ctx.db, ownerId, company.id, new Date(now - 3 * 3600_000));
    const deps = { db: ctx.db, secretBox: box, config: ctx.config, retry: { ...FAST_RETRY, attempts: 1 } };
    const failures: string[] = [];
    const check = async (provider: 'SAMSARA' | 'GLE', pages: Record<string, unknown>) => {
      try {
        await syncCompany(deps, company.id, provider);
      } catch (e) {
        if (!(e instanceof ProviderError)) failures.push(`${provider} sync threw ${String(e).slice(0, 300)}`);
      }
      for (const url of [`/api/v1/integrations/status?companyId=${company.id}`, `/api/v1/mile-stats/${trip.id}`, `/api/v1/trips/${trip.id}`]) {
        const res = await call(ctx.app, { method: 'GET', url, token });
        if (res.statusCode >= 500) failures.push(`${provider} then GET ${url} → ${res.statusCode} ${res.body.slice(0, 200)} after ${JSON.stringify(pages).slice(0, 300)}`);
      }
      return failures.length === 0;
    };
    await fc
      .assert(
        fc.asyncProperty(samsaraPages(now, vehicleId), async (pages) => {
          samsara.clearFaults();
          samsara.fail(/^\/fleet\/vehicles$/, { kind: 'body', body: pages.vehicles }, 3);
          samsara.fail(/^\/fleet\/drivers$/, { kind: 'body', body: pages.drivers }, 3);
          samsara.fail(/^\/fleet\/vehicles\/stats\/history$/, { kind: 'body', body: pages.history }, 3);
          return check('SAMSARA', pages);
        }),
        { numRuns: 25, seed: 21 },
      )
      .catch((e: unknown) => failures.push(String(e).slice(0, 600)));
    await fc
      .assert(
        fc.asyncProperty(glePages(now, gleVehicleId), async (pages) => {
          gle.clearFaults();
          gle.fail(/^\/vehicles\/current$/, { kind: 'body', body: pages.current }, 3);
          return check('GLE', pages);
        }),
        { numRuns: 25, seed: 21 },
      )
      .catch((e: unknown) => failures.push(String(e).slice(0, 600)));
    expect(failures).toEqual([]);
    expect((await call(ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);
});
