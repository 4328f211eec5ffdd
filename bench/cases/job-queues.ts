import os from 'node:os';
import { sql } from 'drizzle-orm';
import { companyProviders, settingsProviders } from '../../apps/api/src/db/schema/telematics';
import { globalSettings } from '../../apps/api/src/db/schema/reference';
import { createBoss, type Jobs } from '../../apps/api/src/jobs/platform';
import { startJobs } from '../../apps/api/src/jobs/queue';
import { TRIP_FIGURES_QUEUE } from '../../apps/api/src/modules/trip-figures/jobs';
import { createSecretBox } from '../../apps/api/src/platform/secret-box';
import { loadConfig } from '../../apps/api/src/config';
import { startFakeSamsara } from '../../apps/api/test/fakes/samsara';
import type { BenchServer, Figure } from '../lib';

/**
 * The background queues at volume (docs/deploy.md "How much one instance carries"), short runs
 * only (about two minutes in all):
 * - trip figures: 2 500 jobs queued (a burst of trip saves) drained by one instance polling at
 *   the production pace (2 s), and a trip queued behind them: how long after its turn its figures
 *   are kept;
 * - syncs: 200 Samsara companies (a fake answering every call in 200 ms; 25 vehicles and 25
 *   drivers each) synced by one instance (TELEMATICS_CONCURRENCY 8), then the same with 12 of them
 *   hanging: the time until every healthy company has synced, and what that rate makes of a
 *   15-minute cycle.
 */
const BACKLOG = 2_500;
const COMPANIES = 200;
const HANGING = 12;
const CALL_MS = 200;

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

export async function jobQueuesCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  const figures: Figure[] = [];
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', MILEPOST_DATA_DIR: os.tmpdir(), WEB_DIST_DIR: '' });
  const start = (samsaraUrl: string): Promise<Jobs> =>
    startJobs({
      database: server.database,
      telematics: { db, secretBox: createSecretBox(server.secretKey), config: { ...config, SAMSARA_BASE_URL: samsaraUrl } },
      log: silent,
      syncMinutes: 15,
      schedule: false,
      syncConcurrency: 8,
    });

  // --- trip figures -------------------------------------------------------------------------
  const [settings] = await db
    .insert(globalSettings)
    .values({ type: 'TRIP', homeRadius: 2, shopRadius: 1, pickupRadius: 1, trailerRadius: 0.5, deliveryRadius: 1 })
    .returning({ id: globalSettings.id });
  await db.insert(settingsProviders).values([
    { settingsId: settings!.id, provider: 'SAMSARA', enabled: true },
    { settingsId: settings!.id, provider: 'GLE', enabled: false },
  ]);
  await db.execute(
    sql`insert into companies (name, email, phone, us_dot) select 'Company ' || g, 'c' || g || '@x.example', '+1 (312) 555-0100', (1000000 + g)::text from generate_series(1, 20) g`,
  );
  await db.execute(sql`insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location, company_id)
    select (1000 + g)::text, 'VIN' || g, 'SVIN' || g, 'PL' || g, 'Town ' || (g % 200), (select min(id) from companies) + g % 20 from generate_series(1, 800) g`);
  await db.execute(sql`insert into drivers (first_name, last_name, truck_id) select 'Driver', 'No' || g, (select min(id) from trucks) + g % 800 from generate_series(1, 1200) g`);
  // Completed trips (no provider token: the job's own work, without provider calls).
  await db.execute(sql`
    insert into trips (truck_id, driver_id, identifier_type, load_number, trip_status, pickup_date_time, end_date_time, route_m, route_total_empty_m, route_total_m, route_source)
    select (select min(id) from trucks) + g % 800, (select min(id) from drivers) + g % 1200, 'LOAD_NUMBER', 'LD-' || (100000 + g), 'COMPLETED',
      now() - make_interval(mins => g + 600), now() - make_interval(mins => g), 500000, 20000, 520000, 'HERE'
    from generate_series(1, ${BACKLOG + 1}) g`);
  const tripIds = rows<{ id: number }>(await db.execute(sql`select id from trips order by id`)).map((r) => r.id);
  const late = tripIds.pop()!;

  // The queues exist once an instance started; the backlog is queued while no instance works.
  await (await start(server.url)).stop(5_000);
  const boss = createBoss(server.database);
  await boss.start();
  await boss.insert(tripIds.map((tripId) => ({ name: TRIP_FIGURES_QUEUE, data: { tripId }, singletonKey: `${tripId}` })));
  await boss.stop({ graceful: false, wait: true, timeout: 2_000 });

  const t0 = Date.now();
  const jobs = await start(server.url);
  await jobs.enqueueTripFigures(late); // a trip completed behind the backlog
  for (;;) {
    const [w] = rows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${TRIP_FIGURES_QUEUE} and state in ('created', 'retry', 'active')`),
    );
    if (!w!.n) break;
    if (Date.now() - t0 > 300_000) throw new Error('trip figures not drained in 5 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const drainedMs = Date.now() - t0;
  const [turn] = rows<{ wait_ms: number; failed: number }>(
    await db.execute(sql`
      select extract(epoch from (select completed_on from pgboss.job where name = ${TRIP_FIGURES_QUEUE} and data->>'tripId' = ${String(late)})
        - (select max(started_on) from pgboss.job where name = ${TRIP_FIGURES_QUEUE} and data->>'tripId' <> ${String(late)})) * 1000 as wait_ms,
        (select count(*)::int from pgboss.job where name = ${TRIP_FIGURES_QUEUE} and state = 'failed') as failed`),
  );
  await jobs.stop(5_000);
  const rate = (BACKLOG + 1) / (drainedMs / 1000);
  figures.push({
    case: `trip figures: ${BACKLOG} queued jobs drained by one instance`,
    engine: server.engine,
    samples: 1,
    medianMs: drainedMs,
    p95Ms: drainedMs,
    target: '≤ 120 000 (≥ 20 jobs/s)',
    note: `${rate.toFixed(1)} jobs/s, ${turn!.failed} failed; load average ${load()}`,
  });
  figures.push({
    case: 'trip figures: a trip queued behind the backlog, after its turn',
    engine: server.engine,
    samples: 1,
    medianMs: Math.max(0, Number(turn!.wait_ms)),
    p95Ms: Math.max(0, Number(turn!.wait_ms)),
    target: '≤ 10 000',
    note: 'its job done after the last job ahead of it started',
  });

  // --- syncs ---------------------------------------------------------------------------------
  const samsara = await startFakeSamsara('bench-token');
  samsara.fail(/./, { kind: 'slow', delayMs: CALL_MS }, Number.POSITIVE_INFINITY);
  for (let v = 0; v < 25; v++) {
    samsara.vehicles.push({ id: `v-${v}`, name: `Unit ${v}`, vin: `BENCHVIN${v}` });
    samsara.drivers.push({ id: `d-${v}`, name: `Bench Driver${v}`, vehicleId: `v-${v}` });
  }
  const box = createSecretBox(server.secretKey);
  const cycle = async (label: string, hanging: number) => {
    const ids = rows<{ id: number }>(
      await db.execute(
        sql`insert into companies (name, email, phone, us_dot) select ${label} || ' ' || g, 's' || g || '@x.example', '+1 (312) 555-0100', '1' from generate_series(1, ${COMPANIES}) g returning id`,
      ),
    ).map((r) => r.id);
    for (const id of ids) samsara.acceptToken(`bench-${id}`);
    await db.insert(companyProviders).values(ids.map((id) => ({ companyId: id, provider: 'SAMSARA' as const, enabled: true, tokenEncrypted: box.seal(`bench-${id}`) })));
    // The hanging companies spread through the queue, one in every COMPANIES / hanging.
    const hung = new Set(hanging ? ids.filter((_, i) => i % Math.floor(COMPANIES / hanging) === 0).slice(0, hanging) : []);
    for (const id of hung) samsara.hang(`bench-${id}`);
    const jobs = await start(samsara.url);
    const since = Date.now();
    for (const id of ids) await jobs.enqueueSync(id, 'SAMSARA');
    const healthy = ids.filter((id) => !hung.has(id));
    for (;;) {
      const [done] = rows<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from integration_sync_status where provider = 'SAMSARA' and state = 'SUCCEEDED' and company_id in ${healthy}`),
      );
      if (done!.n === healthy.length) break;
      if (Date.now() - since > 240_000) throw new Error(`${label}: ${done!.n} of ${healthy.length} synced after 4 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const ms = Date.now() - since;
    // Stopped without waiting for the hanging runs (their budget would end them).
    await jobs.stop(1_000);
    const perCycle = Math.floor((healthy.length / (ms / 1000)) * 900);
    figures.push({
      case: `sync: ${COMPANIES} Samsara companies${hanging ? `, ${hanging} hanging` : ''} (calls 200 ms), every healthy one synced`,
      engine: server.engine,
      samples: 1,
      medianMs: ms,
      p95Ms: ms,
      target: 'within the 15-min cycle',
      note: `${healthy.length} synced: ~${perCycle.toLocaleString('en-US')} companies per 15-minute cycle at this rate; load average ${load()}`,
    });
  };
  try {
    await cycle('Healthy', 0);
    await cycle('Hanging', HANGING);
  } finally {
    await samsara.close();
  }
  return figures;
}
