import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { generateReference, measure, type BenchServer, type Figure } from '../lib';
import { milesToMetres } from '@milepost/geo/units';
import { tripSortFields } from '@milepost/contracts/list-query';

/** Metres in a mile, as an SQL float (docs/decisions/020-one-unit.md). */
const MILE = sql.raw(`${milesToMetres(1)}::float8`);

const TRIPS = Number(process.env.BENCH_TRIPS ?? 1_000_000);
const STOPS_PER_TRIP = 4;

/** Reference data and 1 000 000 trips with 4 000 000 stops, generated in SQL. */
export async function generate(server: Pick<BenchServer, 'database'>) {
  const { db } = server.database;
  const t0 = performance.now();
  await generateReference(db);
  await db.execute(sql`insert into recovery_reasons (name) values ('Breakdown')`);
  await db.execute(sql`
    insert into trips (truck_id, driver_id, dispatcher_id, assigned_user_id, identifier_type, load_number, trailer_number, trip_status,
      pickup_date_time, empty_m, loaded_m, payable_m, route_m, route_total_empty_m, route_pu_m, route_trl_m, route_total_m,
      route_duration_s, pickup_location, delivery_location, created_at, updated_at)
    select 1 + h % 800, 1 + (h / 800) % 1200, 1 + (h / 7) % 60, (select min(id) from users) + (h / 13) % 40,
      case when g % 5 = 0 then 'TRAILER_NUMBER' else 'LOAD_NUMBER' end,
      case when g % 5 = 0 then null else 'LD-' || (100000 + g) end,
      case when g % 5 = 0 then 'TRL' || (10000 + g % 40000) else null end,
      (array['COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','IN_TRANSIT','UPCOMING','CANCELLED'])[1 + (h / 17) % 10],
      now() - make_interval(mins => g), (g % 300) * ${MILE}, (g % 1500) * ${MILE}, (g % 300 + g % 1500) * ${MILE},
      (g % 1500) * ${MILE}, (g % 300) * ${MILE}, (g % 200) * ${MILE}, (g % 100) * ${MILE}, (g % 1500 + g % 300) * ${MILE}, g % 90000,
      'Town ' || (g % 200) || ', TX, United States', 'Town ' || ((g * 3) % 200) || ', IL, United States',
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    -- h: a pseudo-random mix of g, so truck, driver, user and status are not tied to each other
    from (select g, (hashint4(g)::bigint & 2147483647) as h from generate_series(1, ${TRIPS}) g) x`);
  await db.execute(sql`
    insert into trip_stops (trip_id, order_index, address, latitude, longitude, stop_type, load_status, distance)
    select t.id, s, 'Town ' || ((t.id + s) % 200) || ', United States', 30 + (t.id % 10), -90 - (s % 10),
      (array['START','PICKUP','SHOP','DELIVERY'])[s + 1], case when s >= 2 then 'LOADED' else 'EMPTY' end, s * 100000.0
    from trips t cross join generate_series(0, ${STOPS_PER_TRIP - 1}) s`);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `  generated ${TRIPS.toLocaleString('en-US')} trips and ${(TRIPS * STOPS_PER_TRIP).toLocaleString('en-US')} stops in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

export async function tripsCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  // A database kept with BENCH_KEEP_DB that already holds the trips is reused as it is.
  const have = ((await db.execute(sql`select count(*)::int as n from trips`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  if (have === TRIPS) console.log(`  reusing ${have.toLocaleString('en-US')} trips`);
  else if (have === 0) await generate(server);
  else throw new Error(`the database holds ${have} trips, not ${TRIPS}: drop it or pick another BENCH_KEEP_DB`);

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-trips@example.test', firstName: 'Bench', lastName: 'Trips', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') })
    .onConflictDoNothing();
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-trips@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const get = async (path: string) => {
    const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };

  const userId = ((await db.execute(sql`select min(id)::int as id from users where email like 'dispatch%'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
  const filters = [
    '',
    'loadNumber=LD-512345',
    'trailerNumber=TRL12345',
    'truckId=417',
    'driverId=523',
    `assignedUserId=${userId + 7}`,
    'tripStatus=COMPLETED',
    'tripStatus=UPCOMING',
    'fromDate=10/01/2026 00:00:00&toDate=10/31/2026 23:59:59',
    'fromDate=11/16/2026 00:00:00&toDate=11/22/2026 23:59:59',
  ];
  const cases: string[] = [];
  for (const f of filters) for (const s of tripSortFields) for (const dir of ['asc', 'desc']) cases.push(`/trips?size=50&${f}${f ? '&' : ''}sort=${s},${dir}`);
  const slowest: [number, string][] = [];
  const list = await measure(
    cases.length,
    async (i) => {
      const t = performance.now();
      await get(cases[i]!);
      slowest.push([performance.now() - t, cases[i]!]);
    },
    20,
  );
  slowest.sort((a, b) => b[0] - a[0]);
  console.log(
    `  slowest list requests:\n${slowest
      .slice(0, 12)
      .map(([ms, c]) => `    ${ms.toFixed(0).padStart(5)} ms  ${c}`)
      .join('\n')}`,
  );
  // The beginning of a number, and digits from inside it as people type them ("7842" for LD-784210).
  const lookups = ['LD-1234', 'LD-5', 'TRL1', 'LD-99999', 'TRL39', '7842', '84210', '1234', '39'];
  const lookup = await measure(
    270,
    (i) => {
      const k = lookups[i % lookups.length]!;
      return get(`/trips/identifier-numbers?size=20&type=${k.startsWith('TRL') || k === '39' ? 'TRAILER_NUMBER' : 'LOAD_NUMBER'}&keyword=${k}`);
    },
    18,
  );
  const info = await measure(200, (i) => get(`/trips/vehicle/info-by-identifier-number?number=LD-${100001 + i * 4001}`), 10);
  return [
    {
      case: `GET /trips, ${TRIPS.toLocaleString('en-US')} trips, page of 50, any one filter × any sort (${cases.length} combinations)`,
      engine: server.engine,
      ...list,
      target: 'p95 < 100 ms',
    },
    { case: 'GET /trips/identifier-numbers (load/trailer lookup by any part of the number)', engine: server.engine, ...lookup, target: 'p95 < 20 ms' },
    { case: 'GET /trips/vehicle/info-by-identifier-number', engine: server.engine, ...info, target: 'p95 < 20 ms' },
  ];
}
