import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { lastFullQuarter, quarterRange } from '../../packages/contracts/src/state-miles-api';
import { formatWireDateTime } from '../../packages/contracts/src/time';
import { JURISDICTION_RULES } from '../../packages/geo/src/jurisdictions';
import { measure, type BenchServer, type Figure } from '../lib';

/*
 * The IFTA return (docs/ifta.md): one company of 200 trucks with 40 000 trips in the last full
 * quarter (three states each; GPS for 6 in 10, route for 3, estimate for 1) and 30 000 fuel
 * purchases; GET /ifta-return (target p95 < 500 ms) and the import of a 30 000-line fuel card
 * export (target < 10 s).
 */
const TRUCKS = 200;
const TRIPS = Number(process.env.BENCH_IFTA_TRIPS ?? 40_000);
const PURCHASES = Number(process.env.BENCH_IFTA_PURCHASES ?? 30_000);
const STATES = ['IN', 'IL', 'MO', 'KS', 'IA', 'NE', 'OH', 'TX', 'OK', 'AR'];
const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;

/** The bench's company, trucks, trips with their state miles and purchases, written with set-based SQL. */
export async function seedIfta(db: BenchServer['database']['db']) {
  const { year, quarter } = lastFullQuarter();
  const { from, to } = quarterRange(year, quarter);
  const span = Math.floor((to.getTime() - from.getTime()) / 1000);
  const t0 = performance.now();
  const companyId = (
    (await db.execute(
      sql`insert into companies (name, email, phone, us_dot) values ('IFTA Bench Lines', 'ops@ifta.test', '+1 (312) 555-0100', '7654321') returning id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows[0]!.id;
  await db.execute(sql`
    insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location, home_latitude, home_longitude, company_id)
    select 'IFTA-' || g, lpad('1B' || g, 17, '0'), lpad('3B' || g, 17, '0'), 'IL-B' || g, 'Chicago, IL, United States', 41.8781, -87.6298, ${companyId}
    from generate_series(1, ${TRUCKS}) g`);
  const [driver] = ((await db.execute(sql`insert into drivers (first_name, last_name) values ('Bench', 'Driver') returning id`)) as unknown as { rows: { id: number }[] }).rows;
  await db.execute(sql`
    insert into trips (truck_id, driver_id, identifier_type, load_number, trip_status, pickup_date_time)
    select t.id, ${driver!.id}, 'LOAD_NUMBER', 'IFTA-' || g, 'COMPLETED', ${from.toISOString()}::timestamptz + make_interval(secs => (g::bigint * 7919) % ${span})
    from generate_series(1, ${TRIPS}) g join trucks t on t.unit_number = 'IFTA-' || (1 + g % ${TRUCKS})`);
  await db.execute(sql`
    insert into trip_state_miles (trip_id, source, state, metres, best, computed_from, rules, truck_id, pickup_date_time, cancelled)
    select t.id, case when t.id % 10 < 6 then 'GPS' when t.id % 10 < 9 then 'ROUTE' else 'ESTIMATE' end,
      (array[${sql.raw(STATES.map((s) => `'${s}'`).join(','))}])[1 + (t.id + k) % 10], 160934 * (array[0.2, 0.35, 0.45])[k + 1], true, 'bench', ${JURISDICTION_RULES},
      t.truck_id, t.pickup_date_time, false
    from trips t cross join generate_series(0, 2) k
    where t.truck_id in (select id from trucks where company_id = ${companyId})`);
  await db.execute(sql`
    insert into fuel_purchases (truck_id, purchased_at, jurisdiction, gallons, amount_cents, vendor)
    select t.id, ${from.toISOString()}::timestamptz + make_interval(secs => (g::bigint * 104729) % ${span}), (array[${sql.raw(STATES.map((s) => `'${s}'`).join(','))}])[1 + g % 10],
      (50 + g % 200)::numeric + 0.125, (50 + g % 200) * 389, 'Bench Fuel'
    from generate_series(1, ${PURCHASES}) g join trucks t on t.unit_number = 'IFTA-' || (1 + g % ${TRUCKS})
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  console.log(`  generated ${TRIPS} trips and ${PURCHASES} purchases of ${TRUCKS} trucks in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { companyId, year, quarter, from, span };
}

export async function iftaCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  const { companyId, year, quarter, from, span } = await seedIfta(db);

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-ifta@example.test', firstName: 'Bench', lastName: 'IFTA', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') })
    .onConflictDoNothing();
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-ifta@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const q = `${year}Q${quarter}`;
  const ret = await measure(20, async () => {
    const res = await fetch(`${server.url}/api/v1/ifta-return?companyId=${companyId}&quarter=${q}`, { headers });
    if (res.status !== 200) throw new Error(`ifta-return: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  });
  // A fuel card export of 30 000 new lines (each sample a minute later, so every line is new).
  const csvOf = (i: number) =>
    ['Unit,Date,State,Gallons,Amount']
      .concat(
        Array.from(
          { length: PURCHASES },
          (_, g) =>
            `IFTA-${1 + (g % TRUCKS)},${formatWireDateTime(new Date(from.getTime() + ((g * 15_485_863) % span) * 1000 + 60_000 * (i + 1)))},${STATES[g % 10]},${100 + (g % 150)}.5,${(g % 500) + 100}.25`,
        ),
      )
      .join('\n');
  const mapping = { unit: 'Unit', purchasedAt: 'Date', jurisdiction: 'State', gallons: 'Gallons', amount: 'Amount' };
  let imported = 0;
  const imp = await measure(
    3,
    async (i) => {
      const res = await fetch(`${server.url}/api/v1/fuel-purchases/import`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ companyId, csv: csvOf(i), mapping, dryRun: false, skipInvalid: false }),
      });
      if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`);
      imported = ((await res.json()) as { data: { imported: number } }).data.imported;
    },
    0,
  );
  const size = `${TRUCKS} trucks, ${TRIPS.toLocaleString('en-US')} trips, ${PURCHASES.toLocaleString('en-US')} purchases in Q${quarter} ${year}`;
  return [
    { case: `GET /ifta-return, one company, ${size}`, engine: server.engine, ...ret, target: 'p95 < 500 ms', note: load() },
    {
      case: `POST /fuel-purchases/import of ${PURCHASES.toLocaleString('en-US')} lines (${imported.toLocaleString('en-US')} imported), ${size}`,
      engine: server.engine,
      ...imp,
      target: '< 10 s',
      note: load(),
    },
  ];
}
