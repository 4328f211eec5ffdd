import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { formatWireDateTime, parseCentral } from '../../packages/contracts/src/time';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { measure, type BenchServer, type Figure } from '../lib';
import { generate } from './trips';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 1_000_000);
const EXPORT_TRIPS = 100_000;

/**
 * The Reports screen at a million trips (the trips case's generator; reuse its database with
 * BENCH_KEEP_DB): the yearly report over every trip, the weekly report of one truck, and the
 * trips CSV export of 100 000 trips, timed to the last byte with the server's heap sampled.
 */
export async function reportsCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  const count = async () => ((await db.execute(sql`select count(*)::int as n from trips`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const have = await count();
  if (have === TRIPS) console.log(`  reusing ${have.toLocaleString('en-US')} trips`);
  else if (have === 0) await generate(server);
  else throw new Error(`the database holds ${have} trips, not ${TRIPS}: drop it or pick another BENCH_KEEP_DB`);

  // Planned vs actual: a Samsara figure for every tenth trip (GLE for every fiftieth), kept through
  // trip_mile_stats as the mile-stats service keeps them, so the totals' triggers run as in use.
  const kept = ((await db.execute(sql`select count(*)::int as n from trip_mile_stats`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  if (kept === 0) {
    const t0 = performance.now();
    await db.execute(sql`
      insert into trip_mile_stats (trip_id, source, loaded_m, total_m, inputs_key)
      select id, case when id % 50 = 0 then 'GLE' else 'SAMSARA' end, route_m * 1.01, route_total_m * 1.02, 'bench'
      from trips where id % 10 = 0`);
    console.log(`  kept telematics miles for ${(TRIPS / 10).toLocaleString('en-US')} trips in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-reports@example.test', firstName: 'Bench', lastName: 'Reports', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') })
    .onConflictDoNothing();
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-reports@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const get = async (path: string) => {
    const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const json = async (path: string) => (await (await get(path)).json()) as { data: { rows: unknown[] } };

  // The load average while each figure was taken (the machine is shared; docs in bench/results.md).
  const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  const at = async <T>(m: Promise<T>) => ({ ...(await m), note: load() });
  const yearlyRows = (await json('/trip-statistics/period-type?periodType=YEARLY')).data.rows.length;
  const yearly = await at(measure(40, async () => void (await json('/trip-statistics/period-type?periodType=YEARLY'))));
  const monthly = await at(measure(40, async () => void (await json('/trip-statistics/period-type?periodType=MONTHLY'))));
  const weeklyAll = await at(measure(40, async () => void (await json('/trip-statistics/period-type?periodType=WEEKLY'))));
  const weeklyTruck = await at(measure(200, async (i) => void (await json(`/trip-statistics/period-type?periodType=WEEKLY&truckId=${1 + ((i * 37) % 800)}`)), 10));
  const month = { from: formatWireDateTime(new Date(Date.now() - 30 * 86_400_000)), to: formatWireDateTime(new Date()) };
  const range = await at(measure(20, async () => void (await json(`/trip-statistics?fromDate=${encodeURIComponent(month.from)}&toDate=${encodeURIComponent(month.to)}`))));

  // Trips CSV: the newest 100 000 trips (the generator spaces pickups a minute apart), read as it
  // arrives; and the newest 10 000, whose heap growth shows whether memory stays flat with size.
  const exportOf = async (count: number, samples: number) => {
    const newest = (
      (await db.execute(sql`select min(pickup_date_time) as t from (select pickup_date_time from trips order by pickup_date_time desc limit ${count}) x`)) as unknown as {
        rows: { t: Date | string }[];
      }
    ).rows[0]!.t;
    const [from, to] = [formatWireDateTime(newest), formatWireDateTime(new Date(Date.now() + 86_400_000))];
    const expected = (
      (await db.execute(
        sql`select count(*)::int as n from trips where pickup_date_time >= ${parseCentral(from)!.toISOString()} and pickup_date_time <= ${parseCentral(to)!.toISOString()}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    const exportPath = `/trips/export.csv?fromDate=${encodeURIComponent(from)}&toDate=${encodeURIComponent(to)}&sort=totalMiles,desc`;
    let lines = 0;
    let bytes = 0;
    let peakHeap = 0;
    const heapBefore: number[] = [];
    // Timed runs sample the heap as it is (garbage included); with --expose-gc one more, untimed run
    // collects before each sample, which is what the server and client really hold.
    let live = false;
    const readAll = async () => {
      global.gc?.();
      heapBefore.push(process.memoryUsage().heapUsed);
      const sampler = setInterval(
        () => {
          if (live) global.gc!();
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - heapBefore.at(-1)!);
        },
        live ? 100 : 20,
      );
      try {
        const res = await get(exportPath);
        lines = 0;
        bytes = 0;
        // Read as it arrives, never holding the file: count records (CRLF ends each one).
        let last = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.byteLength;
          for (let i = 0; i < chunk.byteLength; i++) {
            if (chunk[i] === 10 && last === 13) lines++;
            last = chunk[i]!;
          }
        }
      } finally {
        clearInterval(sampler);
      }
    };
    const run = await measure(samples, readAll, 1);
    const garbageIncluded = peakHeap;
    if (global.gc) {
      live = true;
      peakHeap = 0;
      await readAll();
    }
    const exported = lines - 1; // header
    // Quoted cells may hold a line break, but the generated locations hold none.
    if (exported !== expected) throw new Error(`export gave ${exported} trips, expected ${expected}`);
    const mib = (b: number) => (b / 2 ** 20).toFixed(1);
    const heap = global.gc
      ? `${mib(peakHeap)} MiB live (${mib(garbageIncluded)} MiB with garbage)`
      : `${mib(garbageIncluded)} MiB with garbage (run with NODE_OPTIONS=--expose-gc for the live figure)`;
    console.log(`  trips CSV: ${exported.toLocaleString('en-US')} trips, ${mib(bytes)} MiB; server+client heap growth at most ${heap}`);
    return { run, exported: exported.toLocaleString('en-US'), size: mib(bytes), heap };
  };
  const small = await exportOf(EXPORT_TRIPS / 10, 3);
  const big = await exportOf(EXPORT_TRIPS, 5);
  const exportLoad = load();

  const n = TRIPS.toLocaleString('en-US');
  return [
    { case: `GET /trip-statistics/period-type YEARLY, all trucks, ${n} trips (${yearlyRows} years)`, engine: server.engine, ...yearly, target: 'p95 < 300 ms' },
    { case: `GET /trip-statistics/period-type MONTHLY, all trucks, ${n} trips`, engine: server.engine, ...monthly },
    { case: `GET /trip-statistics/period-type WEEKLY, all trucks, ${n} trips`, engine: server.engine, ...weeklyAll },
    { case: `GET /trip-statistics/period-type WEEKLY, one truck (200 trucks), ${n} trips`, engine: server.engine, ...weeklyTruck, target: 'p95 < 50 ms' },
    { case: `GET /trip-statistics custom range of 30 days, all trucks (sums the trips)`, engine: server.engine, ...range },
    {
      case: `GET /trips/export.csv, ${big.exported} trips read to the last byte`,
      engine: server.engine,
      ...big.run,
      target: '< 5 s, flat memory',
      note: `${big.size} MiB; server+client heap growth at most ${big.heap}; for ${small.exported} trips ${small.heap}; ${exportLoad}`,
    },
  ];
}
