import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { lastFullQuarter } from '../../packages/contracts/src/state-miles-api';
import { segmentMeters } from '../../packages/geo/src/distance';
import { JURISDICTION_RULES, jurisdictionAt, jurisdictionIndex, metresByJurisdiction } from '../../packages/geo/src/jurisdictions';
import { milesToMetres } from '../../packages/geo/src/units';
import { generateReference, measure, type BenchServer, type Figure } from '../lib';
import { loadAgainstDatabase } from '../load';

/*
 * State miles for IFTA (docs/state-miles.md "Speed").
 * - state-miles-engine (pure): the split of a 100 000-fix track (CPU time per call) and the
 *   engine's throughput in fixes per second of one core, and the index's build time.
 * - state-miles (PostgreSQL): a quarter over a million trips (bulk-loaded below) read from the
 *   quarterly totals, for all trucks, one company and one truck; custom ranges (the same quarter
 *   given as dates; the quarter less 10 days at each end: two partial months from the trips'
 *   rows around a whole one); the IFTA CSV of the quarter to the last byte.
 */
const TRIPS = Number(process.env.BENCH_TRIPS ?? 1_000_000);
const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;

/** A drive Fort Wayne → Chicago → Des Moines → Omaha → Kansas City → St. Louis → Indianapolis with `n` fixes, wandering a little. */
function loopTrack(n: number) {
  const way: [number, number][] = [
    [41.0793, -85.1394], [41.8781, -87.6298], [41.5868, -93.625], [41.2565, -95.9345], [39.0997, -94.5786], [38.627, -90.1994], [39.7684, -86.1581],
  ]; // prettier-ignore
  const legLen = way.slice(1).map((p, i) => segmentMeters(way[i]![0], way[i]![1], p[0], p[1]));
  const total = legLen.reduce((a, b) => a + b, 0);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  let seed = 11;
  for (let i = 0; i < n; i++) {
    let d = (total * i) / (n - 1);
    let k = 0;
    while (k < legLen.length - 1 && d > legLen[k]!) d -= legLen[k++]!;
    const f = Math.min(1, d / legLen[k]!);
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const jitter = (seed / 2 ** 31 - 0.5) * 0.0004;
    lat[i] = way[k]![0] + (way[k + 1]![0] - way[k]![0]) * f + jitter;
    lng[i] = way[k]![1] + (way[k + 1]![1] - way[k]![1]) * f + jitter;
  }
  return { lat, lng };
}

/** CPU time per call in ms over `samples` batches (process.cpuUsage: waiting for a core on a shared machine is not counted). */
function cpuRuns(samples: number, batch: number, fn: () => void): number[] {
  for (let i = 0; i < 20; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const c = process.cpuUsage();
    for (let b = 0; b < batch; b++) fn();
    const d = process.cpuUsage(c);
    out.push((d.user + d.system) / 1000 / batch);
  }
  return out.sort((a, b) => a - b);
}
const median = (s: number[]) => s[Math.floor(s.length / 2)]!;
const p95 = (s: number[]) => s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;

export async function stateMilesEngineCase(): Promise<Figure[]> {
  const c0 = process.cpuUsage();
  jurisdictionIndex();
  const b = process.cpuUsage(c0);
  const buildMs = (b.user + b.system) / 1000;
  const track = loopTrack(100_000);
  const split = cpuRuns(40, 2, () => void metresByJurisdiction(track.lat, track.lng));
  const states = [...metresByJurisdiction(track.lat, track.lng).keys()].sort().join(', ');
  const rate = 100_000 / median(split) / 1000;
  // Point lookups alone, over random points of the lower 48 (no track coherence).
  const N = 200_000;
  const pts = Float64Array.from({ length: 2 * N }, (_, i) => (i % 2 ? -124 + Math.random() * 57 : 25 + Math.random() * 24));
  const lookups = cpuRuns(20, 1, () => {
    for (let i = 0; i < N; i++) jurisdictionAt(pts[2 * i]!, pts[2 * i + 1]!);
  });
  return [
    {
      case: `state miles: split of a 100,000-fix track by jurisdiction (${states}), CPU time per call`,
      engine: 'none',
      samples: split.length,
      medianMs: median(split),
      p95Ms: p95(split),
      target: '< 50 ms; ≥ 5 M fixes/s/core',
      note: `${rate.toFixed(1)} M fixes/s of one core at the median, ${(100_000 / p95(split) / 1000).toFixed(1)} M at p95; the index builds once in ${buildMs.toFixed(0)} ms CPU (${load()})`,
    },
    {
      case: 'state miles: jurisdiction of 200,000 random points of the lower 48 (no track), CPU time per batch',
      engine: 'none',
      samples: lookups.length,
      medianMs: median(lookups),
      p95Ms: p95(lookups),
      note: `${(N / median(lookups) / 1000).toFixed(1)} M points/s of one core (${load()})`,
    },
  ];
}

/** Metres in a mile, as an SQL float (docs/decisions/020-one-unit.md). */
const MILE = sql.raw(`${milesToMetres(1)}::float8`);

async function rowsOf<T>(server: BenchServer, q: ReturnType<typeof sql>) {
  return ((await server.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * A million trips for the state-miles case in a few minutes: one INSERT … SELECT like the trips
 * case's generator (bench/cases/trips.ts), but as a bulk load — the trips' row triggers are off
 * (their names are written by the same SELECT, their period totals built after in one statement
 * with migration 0020's definition) and the trips' indexes are built once after the load instead
 * of maintained row by row (the ~28 sort indexes are what made the row-by-row load take > 20 min).
 * No stops: state miles read no stops. The trips' truck, driver, user and status are mixed as in
 * the trips case.
 */
async function generateTripsBulk(server: BenchServer) {
  const { db } = server.database;
  const t0 = performance.now();
  await generateReference(db);
  const indexes = await rowsOf<{ name: string; def: string }>(
    server,
    sql`select i.indexname as name, i.indexdef as def from pg_indexes i where i.tablename = 'trips' and i.indexname not in (select conname from pg_constraint)`,
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.name}"`));
  await db.execute(sql`alter table trips disable trigger user`);
  await db.execute(sql`
    insert into trips (truck_id, driver_id, dispatcher_id, assigned_user_id, identifier_type, load_number, trailer_number, trip_status,
      pickup_date_time, empty_m, loaded_m, payable_m, route_m, route_total_empty_m, route_pu_m, route_trl_m, route_total_m,
      route_duration_s, route_source, pickup_location, delivery_location, truck_unit, company_name, driver_name, assigned_user_name,
      dispatcher_name, created_at, updated_at)
    select tk.id, d.id, x.id, u.id,
      case when g % 5 = 0 then 'TRAILER_NUMBER' else 'LOAD_NUMBER' end,
      case when g % 5 = 0 then null else 'LD-' || (100000 + g) end,
      case when g % 5 = 0 then 'TRL' || (10000 + g % 40000) else null end,
      (array['COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','IN_TRANSIT','UPCOMING','CANCELLED'])[1 + (h / 17) % 10],
      now() - make_interval(mins => g), (g % 300) * ${MILE}, (g % 1500) * ${MILE}, (g % 300 + g % 1500) * ${MILE},
      (g % 1500) * ${MILE}, (g % 300) * ${MILE}, (g % 200) * ${MILE}, (g % 100) * ${MILE}, (g % 1500 + g % 300 + 1) * ${MILE}, g % 90000, 'HERE',
      'Town ' || (g % 200) || ', TX, United States', 'Town ' || ((g * 3) % 200) || ', IL, United States',
      tk.unit_number, c.name, d.first_name || ' ' || d.last_name, u.first_name || ' ' || u.last_name, x.first_name || ' ' || x.last_name,
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    from (select g, (hashint4(g)::bigint & 2147483647) as h from generate_series(1, ${TRIPS}) g) y
    join trucks tk on tk.id = (select min(id) from trucks) + h % 800
    left join companies c on c.id = tk.company_id
    join drivers d on d.id = (select min(id) from drivers) + (h / 800) % 1200
    join dispatchers x on x.id = (select min(id) from dispatchers) + (h / 7) % 60
    join users u on u.id = (select min(id) from users where email like 'dispatch%') + (h / 13) % 40
    order by g`);
  await db.execute(sql`alter table trips enable trigger user`);
  await db.execute(sql`
    insert into trip_period_stats (period_kind, truck_id, period_start, load_count, route_m, route_total_empty_m, route_pu_m, route_trl_m,
      route_total_m, payable_m, empty_m, loaded_m, telematics_load_count, telematics_route_total_m, telematics_m)
    select k.kind, t.truck_id, k.start, count(*)::int, sum(coalesce(t.route_m, 0)), sum(coalesce(t.route_total_empty_m, 0)),
      sum(coalesce(t.route_pu_m, 0)), sum(coalesce(t.route_trl_m, 0)), sum(coalesce(t.route_total_m, 0)), sum(coalesce(t.payable_m, 0)),
      sum(coalesce(t.empty_m, 0)), sum(coalesce(t.loaded_m, 0)), count(t.telematics_m)::int,
      sum(case when t.telematics_m is null then 0 else coalesce(t.route_total_m, 0) end), sum(coalesce(t.telematics_m, 0))
    from trips t cross join lateral (values
      ('MONTH', date_trunc('month', t.pickup_date_time at time zone 'America/Chicago')::date),
      ('WEEK', date_trunc('week', t.pickup_date_time at time zone 'America/Chicago')::date)) k(kind, start)
    where t.trip_status <> 'CANCELLED'
    group by 1, 2, 3`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const i of indexes) await tx.execute(sql.raw(i.def));
  });
  console.log(`  generated ${TRIPS.toLocaleString('en-US')} trips (no stops) and built ${indexes.length} trip indexes in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** Three states per trip from a few lanes; TELEMATICS for 6 trips in 10 (with their ROUTE rows kept too), ROUTE for 3, ESTIMATE for 1. */
async function generateStateMiles(server: BenchServer) {
  const { db } = server.database;
  const t0 = performance.now();
  // A bulk load: the per-row triggers are off and the monthly totals are built in one statement
  // with the trigger's own definition (migration 0018); a trip write pays the trigger in use.
  await db.execute(sql`alter table trip_state_miles disable trigger user`);
  await db.execute(sql`
    insert into trip_state_miles (trip_id, source, state, metres, best, computed_from, rules, truck_id, pickup_date_time, cancelled)
    select t.id, src.source, (array['IN','IL','MO','KS','IA','NE','OH','TX','OK','AR'])[1 + (t.id + k) % 10],
      greatest(1, coalesce(t.route_total_m, 160900)) * (array[0.2, 0.35, 0.45])[k + 1], src.best, 'bench', ${JURISDICTION_RULES}, t.truck_id, t.pickup_date_time,
      t.trip_status = 'CANCELLED'
    from trips t
    cross join generate_series(0, 2) k
    cross join lateral (values
      (case when t.id % 10 < 6 then 'TELEMATICS' when t.id % 10 < 9 then 'ROUTE' else 'ESTIMATE' end, true),
      (case when t.id % 10 < 6 then 'ROUTE' end, false)
    ) src(source, best)
    where src.source is not null
    order by t.id`);
  await db.execute(sql`alter table trip_state_miles enable trigger user`);
  await db.execute(sql`
    insert into state_miles_monthly (month, truck_id, state, source, metres, trips)
    select date_trunc('month', pickup_date_time at time zone 'America/Chicago')::date, truck_id, state, source, sum(metres), count(*)
    from trip_state_miles where best and not cancelled group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into state_miles_quarterly (quarter, truck_id, state, source, metres, trips)
    select date_trunc('quarter', month)::date, truck_id, state, source, sum(metres), sum(trips) from state_miles_monthly group by 1, 2, 3, 4`);
  await db.execute(sql`vacuum analyze`);
  const n = ((await db.execute(sql`select count(*)::int as n from trip_state_miles`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  console.log(`  generated ${n.toLocaleString('en-US')} state-miles rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

export async function stateMilesCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  const count = async (table: string) => ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const have = await count('trips');
  if (have === 0) await generateTripsBulk(server);
  else if (have !== TRIPS) throw new Error(`the database holds ${have} trips, not ${TRIPS}: drop it or pick another BENCH_KEEP_DB`);
  if ((await count('trip_state_miles')) === 0) await generateStateMiles(server);
  // A database kept from before migration 0023 got its quarterly totals from the migration's own backfill.

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-state-miles@example.test', firstName: 'Bench', lastName: 'IFTA', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') })
    .onConflictDoNothing();
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-state-miles@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const get = async (path: string) => {
    const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  // The generated trips' pickups run back from now: the last full quarter is full of them.
  const { year, quarter } = lastFullQuarter();
  const q = `periodType=QUARTERLY&year=${year}&quarter=${quarter}`;
  const first = (await (await get(`/state-miles?${q}`)).json()) as { data: { fromDate: string; toDate: string } };
  const at = async <T>(m: Promise<T>) => ({ ...(await m), note: load() });
  const all = await at(measure(40, async () => void (await (await get(`/state-miles?${q}`)).arrayBuffer())));
  const company = await at(measure(40, async () => void (await (await get(`/state-miles?${q}&companyId=3`)).arrayBuffer())));
  const truck = await at(measure(100, async (i) => void (await (await get(`/state-miles?${q}&truckId=${1 + (i % 800)}`)).arrayBuffer())));
  const range = `fromDate=${encodeURIComponent(first.data.fromDate)}&toDate=${encodeURIComponent(first.data.toDate)}`;
  const custom = await at(measure(20, async () => void (await (await get(`/state-miles?${range}`)).arrayBuffer()), 2));
  // The quarter less 10 days at each end (Central wall clock; wire dates are MM/DD/YYYY HH:mm:ss).
  const shift = (wire: string, days: number) => {
    const [mm, dd, yyyy] = wire.slice(0, 10).split('/').map(Number) as [number, number, number];
    const d = new Date(Date.UTC(yyyy, mm - 1, dd + days));
    return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}${wire.slice(10)}`;
  };
  const inner = `fromDate=${encodeURIComponent(shift(first.data.fromDate, 10))}&toDate=${encodeURIComponent(shift(first.data.toDate, -10))}`;
  const partial = await at(measure(20, async () => void (await (await get(`/state-miles?${inner}`)).arrayBuffer()), 2));
  const csv = await at(measure(10, async () => void (await (await get(`/state-miles/export.csv?${q}`)).arrayBuffer()), 2));
  const counted = (
    (await db.execute(
      sql`select sum(trips)::int as n from state_miles_monthly m where m.month between ${`${year}-${String(quarter * 3 - 2).padStart(2, '0')}-01`} and ${`${year}-${String(quarter * 3).padStart(2, '0')}-01`}`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;
  const size = `${TRIPS.toLocaleString('en-US')} trips; Q${quarter} ${year}: ${(counted / 3).toLocaleString('en-US', { maximumFractionDigits: 0 })} trips`;
  // A quarter of one company under load next to the database alone (bench/load.ts), PostgreSQL only.
  const underLoad = server.databaseUrl
    ? await loadAgainstDatabase(server, {
        label: `GET /state-miles quarter, one company, ${size}`,
        path: `/state-miles?${q}&companyId=3`,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      })
    : [];
  return [
    ...underLoad,
    { case: `GET /state-miles quarter, all trucks, ${size}`, engine: server.engine, ...all, target: 'p95 < 300 ms' },
    { case: `GET /state-miles quarter, one company (40 trucks), ${size}`, engine: server.engine, ...company, target: 'p95 < 300 ms' },
    { case: `GET /state-miles quarter, one truck (800 trucks), ${size}`, engine: server.engine, ...truck, target: 'p95 < 300 ms' },
    { case: `GET /state-miles custom range = the same quarter as dates (its quarterly totals), all trucks, ${size}`, engine: server.engine, ...custom, target: 'p95 < 300 ms' },
    {
      case: `GET /state-miles custom range = the quarter less 10 days at each end (a whole month's totals + two partial months from the trips' rows), all trucks, ${size}`,
      engine: server.engine,
      ...partial,
      target: 'p95 < 300 ms',
    },
    { case: `GET /state-miles/export.csv quarter, all trucks, read to the last byte, ${size}`, engine: server.engine, ...csv },
  ];
}
