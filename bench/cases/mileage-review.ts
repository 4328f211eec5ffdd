import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { measure, type BenchServer, type Figure } from '../lib';
import { loadAgainstDatabase } from '../load';
import { milesToMetres } from '@milepost/geo/units';

/** Metres in a mile, as an SQL float (docs/decisions/020-one-unit.md). */
const MILE = sql.raw(`${milesToMetres(1)}::float8`);

/**
 * The Mileage Review over many completed trips (docs/mileage-review.md): the queue's pages for
 * every tab × filter × sort, and approving 500 READY trips in one call. Trips and their review
 * rows are generated in SQL in the shape `refreshTripReview` writes (computing a million rows one
 * by one through the API would take hours on this machine); the approvals run the real code.
 */
const TRIPS = Number(process.env.BENCH_REVIEW_TRIPS ?? 1_000_000);

type Tx = Parameters<Parameters<BenchServer['database']['db']['transaction']>[0]>[0];

/**
 * Bulk-loads `table` with one INSERT … SELECT the way PostgreSQL's manual advises for a large
 * first load (https://www.postgresql.org/docs/current/populate.html): its secondary indexes are
 * dropped and built again after the rows are in, and the row triggers (the trips' name and
 * period-total triggers, the foreign-key checks) are off for the load — `fill` writes what they
 * would. Row by row, a million trips take the better part of an hour on this machine; so, minutes.
 */
async function bulkLoad(server: BenchServer, table: string, insert: ReturnType<typeof sql>, after?: (tx: Tx) => Promise<void>) {
  const t0 = performance.now();
  await server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    const indexes = (
      (await tx.execute(sql`select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = ${table} and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
        rows: { name: string; def: string }[];
      }
    ).rows;
    for (const i of indexes) await tx.execute(sql.raw(`drop index "${i.name}"`));
    await tx.execute(insert);
    for (const i of indexes) await tx.execute(sql.raw(i.def));
    if (after) await after(tx);
  });
  console.log(`  ${table}: loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function generate(server: BenchServer) {
  const { db } = server.database;
  const t0 = performance.now();
  await db.execute(
    sql`insert into companies (name, email, phone, us_dot) select 'Company ' || g, 'c' || g || '@x.example', '+1 (312) 555-0100', (1000000 + g)::text from generate_series(1, 20) g`,
  );
  await db.execute(sql`insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location, company_id)
    select (1000 + g)::text, 'VIN' || g, 'SVIN' || g, 'PL' || g, 'Town ' || (g % 200), (select min(id) from companies) + g % 20 from generate_series(1, 800) g`);
  await db.execute(sql`insert into drivers (first_name, last_name, truck_id) select 'Driver', 'No' || g, (select min(id) from trucks) + g % 800 from generate_series(1, 1200) g`);
  // Every trip completed, ended over the last two years; 70 % paid. The names the trips list sorts
  // by are written here, as the trips_fill_names trigger would (migration 0005).
  await bulkLoad(
    server,
    'trips',
    sql`
    insert into trips (truck_id, driver_id, truck_unit, company_name, driver_name, identifier_type, load_number, trip_status, pickup_date_time, end_date_time,
      empty_m, loaded_m, payable_m, route_m, route_total_empty_m, route_total_m, route_source, created_at, updated_at)
    select k.id, d.id, k.unit_number, c.name, d.first_name || ' ' || d.last_name, 'LOAD_NUMBER', 'LD-' || (100000 + g), 'COMPLETED',
      now() - make_interval(mins => g + 600), now() - make_interval(mins => g),
      case when p % 10 < 7 then (g % 300) * ${MILE} end, case when p % 10 < 7 then (g % 1500) * ${MILE} end, case when p % 10 < 7 then (g % 300 + g % 1500) * ${MILE} end,
      (g % 1500) * ${MILE}, (g % 300) * ${MILE}, (g % 1500 + g % 300) * ${MILE}, 'HERE', now(), now()
    -- h picks truck and driver, p (a second mix) whether the trip is paid: every company has trips in every tab
    from (select g, (hashint4(g)::bigint & 2147483647) as h, (hashint4(g + 1000003)::bigint & 2147483647) as p from generate_series(1, ${TRIPS}) g) x
    join trucks k on k.id = (select min(id) from trucks) + h % 800
    join drivers d on d.id = (select min(id) from drivers) + (h / 800) % 1200
    left join companies c on c.id = k.company_id`,
    // The Reports' period totals, as the trips_sync_period_stats trigger keeps them (migration 0020).
    async (tx) => {
      await tx.execute(sql`delete from trip_period_stats`);
      await tx.execute(sql`
        insert into trip_period_stats (period_kind, truck_id, period_start, load_count, route_m, route_total_empty_m, route_pu_m, route_trl_m,
          route_total_m, payable_m, empty_m, loaded_m, telematics_load_count, telematics_route_total_m, telematics_m)
        select k.kind, t.truck_id, k.start, count(*)::int, coalesce(sum(t.route_m), 0), coalesce(sum(t.route_total_empty_m), 0), coalesce(sum(t.route_pu_m), 0),
          coalesce(sum(t.route_trl_m), 0), coalesce(sum(t.route_total_m), 0), coalesce(sum(t.payable_m), 0), coalesce(sum(t.empty_m), 0), coalesce(sum(t.loaded_m), 0),
          count(t.telematics_m)::int, coalesce(sum(t.route_total_m) filter (where t.telematics_m is not null), 0), coalesce(sum(t.telematics_m), 0)
        from trips t
        cross join lateral (values ('MONTH', date_trunc('month', t.pickup_date_time at time zone 'America/Chicago')::date),
          ('WEEK', date_trunc('week', t.pickup_date_time at time zone 'America/Chicago')::date)) k(kind, start)
        where t.trip_status <> 'CANCELLED' and t.truck_id is not null
        group by k.kind, t.truck_id, k.start`);
    },
  );
  await bulkLoad(
    server,
    'trip_review',
    sql`
    insert into trip_review (trip_id, company_id, truck_id, driver_id, end_date_time, status, flags, flags_version, routed_m, route_source, actual_m,
      actual_source, difference_pct, rule_basis, rule_tolerance_pct, suggested_from, suggested_payable_m, suggested_loaded_m, suggested_empty_m, payable_m)
    select t.id, k.company_id, t.truck_id, t.driver_id, t.end_date_time,
      case when t.payable_m is not null then 'APPROVED' when t.id % 3 = 0 then 'NEEDS_REVIEW' else 'READY' end,
      case when t.payable_m is null and t.id % 3 = 0 then '[{"code":"OVER_TOLERANCE","sentence":"GPS 5 % over routed","params":{"differencePct":5}}]'::jsonb else '[]'::jsonb end,
      -- the flags' shape of today (REVIEW_FLAGS_VERSION), so the backfill leaves the rows alone
      1,
      t.route_total_m, 'HERE', t.route_total_m * (0.97 + (t.id % 60) / 1000.0), 'SAMSARA', (t.id % 60) / 10.0 - 3,
      -- the suggestion: the routed figures to 0.1 mile, kept in metres (as refreshTripReview keeps it)
      'ROUTED', 3, 'ROUTED', round((t.route_total_m / ${MILE})::numeric, 1)::float8 * ${MILE}, round((t.route_m / ${MILE})::numeric, 1)::float8 * ${MILE},
      round((t.route_total_empty_m / ${MILE})::numeric, 1)::float8 * ${MILE}, t.payable_m
    from trips t join trucks k on k.id = t.truck_id`,
    // The tabs' counts, as the trip_review triggers keep them (migration 0022).
    async (tx) => {
      await tx.execute(sql`delete from trip_review_counts`);
      await tx.execute(sql`insert into trip_review_counts (company_id, status, trips) select coalesce(company_id, 0), status, count(*) from trip_review group by 1, 2`);
    },
  );
  await db.execute(sql`vacuum analyze`);
  console.log(`  generated ${TRIPS.toLocaleString('en-US')} completed trips with review rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

export async function mileageReviewCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  const have = ((await db.execute(sql`select count(*)::int as n from trip_review`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  if (have === 0) await generate(server);
  else console.log(`  reusing ${have.toLocaleString('en-US')} review rows`);

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-review@example.test', firstName: 'Bench', lastName: 'Review', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') })
    .onConflictDoNothing();
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-review@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const request = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : null,
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ data: unknown }>;
  };

  const ids = (
    (await db.execute(sql`select min(company_id)::int as c, min(truck_id)::int as t, min(driver_id)::int as d from trip_review`)) as unknown as {
      rows: { c: number; t: number; d: number }[];
    }
  ).rows[0]!;
  const filters = [
    '',
    `companyId=${ids.c + 3}`,
    `truckId=${ids.t + 41}`,
    `driverId=${ids.d + 77}`,
    'fromDate=10/01/2026 00:00:00&toDate=10/31/2026 23:59:59',
    `companyId=${ids.c + 5}&fromDate=11/01/2026 00:00:00`,
  ];
  const sorts = ['', 'endDateTime,asc', 'differencePct,desc', 'routedMiles,asc', 'actualMiles,desc', 'payableMileage,desc'];
  const cases: string[] = [];
  for (const status of ['NEEDS_REVIEW', 'READY', 'APPROVED'])
    for (const f of filters) for (const s of sorts) cases.push(`/mileage-review?status=${status}&size=50${f ? `&${f}` : ''}${s ? `&sort=${s}` : ''}`);
  const slowest: [number, string][] = [];
  const list = await measure(
    cases.length,
    async (i) => {
      const t = performance.now();
      await request('GET', cases[i]!);
      slowest.push([performance.now() - t, cases[i]!]);
    },
    10,
  );
  slowest.sort((a, b) => b[0] - a[0]);
  console.log(
    `  slowest:\n${slowest
      .slice(0, 8)
      .map(([ms, c]) => `    ${ms.toFixed(0).padStart(5)} ms  ${c}`)
      .join('\n')}`,
  );

  // 500 READY trips per call, each its own transaction, as "Approve all ready" sends them; the
  // list of the company's READY trips ("Approve all ready in this filter" reads it first) timed apart.
  const batches: { tripId: number; version: number }[][] = [];
  const readyList = await measure(
    6,
    async () => {
      const ready = (await request('GET', `/mileage-review/ready?companyId=${ids.c}`)) as { data: { items: { tripId: number; version: number }[] } };
      const items = ready.data.items.slice(batches.length * 500, batches.length * 500 + 500).map(({ tripId, version }) => ({ tripId, version }));
      if (items.length < 500) throw new Error(`only ${items.length} ready trips left`);
      batches.push(items);
    },
    0,
  );
  let batch = 0; // the warm-up takes the first batch, each sample the next
  const approve = await measure(
    5,
    async () => {
      const answer = (await request('POST', '/mileage-review/approve', { items: batches[batch++]! })) as { data: { results: { status: string }[] } };
      if (answer.data.results.some((r) => r.status !== 'APPROVED')) throw new Error('an approval was refused');
    },
    1,
  );
  // Saving a pay rule commits the rule's new version only; the company's open rows (1/20 of the
  // trips) are recomputed by a job (docs/mileage-review.md "Pay rule"). The bench server runs no
  // job workers, so the save's queueing of that job (one pg-boss insert) is not in this figure.
  const ruleCompany = ids.c + 7;
  let ruleVersion = ((await request('GET', `/companies/${ruleCompany}/pay-rule`)) as { data: { version: number } }).data.version;
  const openRows = (
    (await db.execute(sql`select count(*)::int as n from trip_review where company_id = ${ruleCompany} and status <> 'APPROVED'`)) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  const saveRule = await measure(
    20,
    async (i) => {
      const saved = (await request('PUT', `/companies/${ruleCompany}/pay-rule`, { payBasis: 'ROUTED', tolerancePct: 1 + (i % 5), version: ruleVersion })) as {
        data: { version: number };
      };
      ruleVersion = saved.data.version;
    },
    3,
  );
  const n = TRIPS.toLocaleString('en-US');
  // The queue's first page under load next to the database alone (bench/load.ts), PostgreSQL only.
  const underLoad = server.databaseUrl
    ? await loadAgainstDatabase(server, {
        label: `GET /mileage-review?status=NEEDS_REVIEW&size=50, ${n} completed trips`,
        path: '/mileage-review?status=NEEDS_REVIEW&size=50',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      })
    : [];
  return [
    ...underLoad,
    {
      case: `GET /mileage-review, ${n} completed trips, page of 50 with the 3 counts, any tab × filter × sort (${cases.length} combinations)`,
      engine: server.engine,
      ...list,
      target: 'p95 < 100 ms',
    },
    { case: `GET /mileage-review/ready (one company of 20: its READY trips, up to 10 000), ${n} trips`, engine: server.engine, ...readyList },
    { case: `POST /mileage-review/approve of 500 READY trips (one transaction each), ${n} trips`, engine: server.engine, ...approve, target: '500 items < 2 s' },
    {
      case: `PUT /companies/{id}/pay-rule, a company with ${openRows.toLocaleString('en-US')} open review rows (recomputed by a job, not in the request)`,
      engine: server.engine,
      ...saveRule,
      target: '< 300 ms',
    },
  ];
}
