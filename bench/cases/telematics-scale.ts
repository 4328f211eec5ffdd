import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../apps/api/src/db/client';
import { syncAccessCatalogue } from '../../apps/api/src/db/seed/access';
import { createBoss } from '../../apps/api/src/jobs/platform';
import { SYNC_ALL_QUEUE } from '../../apps/api/src/modules/telematics/jobs';
import { createSecretBox } from '../../apps/api/src/platform/secret-box';
import { createTripSettings } from '../../apps/api/test/factories';
import { startFakeGle, type FakeGleVehicle } from '../../apps/api/test/fakes/gle';
import { startFakeSamsara } from '../../apps/api/test/fakes/samsara';
import { type Figure, freePort, percentile, postgresReachable, processCpuMs, scratchDatabase } from '../lib';

/**
 * Polling and syncs at fleet scale (docs/deploy.md "How much one instance carries"):
 * `npm run bench -- telematics-scale`, PostgreSQL only. The built product (apps/api/dist/main.js,
 * built first when stale) runs as production runs it — its job workers on, TELEMATICS_CONCURRENCY
 * and GLE_POLL_SECONDS at their defaults (8, 60) — against the local GLE and Samsara fakes
 * (apps/api/test/fakes, built from the providers' published samples), every call answered 200 ms late.
 *
 * 1. GLE: BENCH_SCALE_COMPANIES (400) companies × BENCH_SCALE_VEHICLES (25) vehicles, each vehicle
 *    reporting a new position every 15 s. The fleet is known already (its trucks, drivers and
 *    links are in the database, as after its first poll), so what is measured is the steady
 *    state. Once every company has been polled, BENCH_SCALE_SECONDS (300) are measured: per
 *    company the gaps between two polls (the fake's log of each token's first page), the
 *    positions stored per second (rows of `vehicle_positions`), and each server's CPU time
 *    (/proc/<pid>/stat) as a share of one core.
 * 2. Samsara: BENCH_SCALE_SAMSARA (2,000) companies of 25 vehicles and 25 drivers (known
 *    already too) are added and one scheduled sync of every company is started (the
 *    `telematics-sync-all` job, as the 15-minute schedule starts it), the GLE polling going on
 *    beside it. Measured: the time from that job's start until every Samsara company has synced,
 *    for at most BENCH_SCALE_SAMSARA_SECONDS (900); when the cap ends the wait first, the cycle
 *    time is what the rate measured so far makes of all of them (said in the note).
 *
 * BENCH_SCALE_INSTANCES (1) starts that many servers on the one database (2: what two instances
 * on one PostgreSQL carry). A quick run: BENCH_SCALE_SECONDS=60 BENCH_SCALE_SAMSARA_SECONDS=60.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 1) throw new Error(`${name}: a positive number`);
  return Math.floor(v);
};
/** Measured time of the GLE part, rounded up to whole poll intervals: every company is polled as often in it. */
const SECONDS = Math.ceil(num('BENCH_SCALE_SECONDS', 300) / 60) * 60;
const COMPANIES = num('BENCH_SCALE_COMPANIES', 400);
const VEHICLES = num('BENCH_SCALE_VEHICLES', 25);
const SAMSARA = num('BENCH_SCALE_SAMSARA', 2_000);
const SAMSARA_SECONDS = num('BENCH_SCALE_SAMSARA_SECONDS', 900);
const INSTANCES = num('BENCH_SCALE_INSTANCES', 1);
const CALL_MS = 200;
const POLL_S = 60;
/** A vehicle reports this often: every poll finds a new position. */
const REPORT_MS = 15_000;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Instance {
  proc: ChildProcess;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const proc = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', LOG_PRETTY: 'false', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-20_000));
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const deadline = Date.now() + 300_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server not ready:\n${out}`);
    await sleep(250);
  }
  return {
    proc,
    port,
    output: () => out,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** Gaps (ms) between a company's consecutive polls whose later poll lies in [from, to]; a company not polled since more than `late` before `to` adds that open gap. */
function pollGaps(starts: Map<string, number[]>, from: number, to: number, late: number): number[] {
  const gaps: number[] = [];
  for (const times of starts.values()) {
    let last: number | undefined;
    for (const t of times) {
      if (t > to) break;
      if (last !== undefined && t >= from) gaps.push(t - last);
      last = t;
    }
    if (last !== undefined && to - last > late) gaps.push(to - last);
  }
  return gaps.sort((a, b) => a - b);
}

async function positionsCount(db: Database['db']) {
  return rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from vehicle_positions`))[0]!.n;
}

/** A fleet known already (after its first sync): trucks matched on the provider's VIN, linked to its vehicle ids, drivers linked too. */
async function seedFleet(db: Database['db'], provider: 'GLE' | 'SAMSARA', prefix: string, count: number, sealed: (i: number) => string) {
  const ids = rows<{ id: number }>(
    await db.execute(
      sql`insert into companies (name, email, phone, us_dot) select ${prefix} || ' ' || g, lower(${prefix}) || g || '@x.example', '+1 (312) 555-0100', '1' from generate_series(1, ${count}) g returning id`,
    ),
  ).map((r) => r.id);
  await db.execute(sql`insert into company_providers (company_id, provider, enabled, token_encrypted)
    select c, ${provider}, true, t from unnest(${`{${ids.join(',')}}`}::int[], ${`{${ids.map((_, i) => `"${sealed(i)}"`).join(',')}}`}::text[]) as x(c, t)`);
  // Vehicle v of company c: id `${c}-${v}` (Samsara) or c * 1000 + v (GLE), VIN `${prefix}VIN${c}X${v}`.
  const vehicleId = provider === 'GLE' ? sql`(c * 1000 + v)::text` : sql`c || '-' || v`;
  const vin = sql`${prefix} || 'VIN' || c || 'X' || v`;
  await db.execute(sql`insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location, company_id)
    select ${prefix} || c || '-' || v, ${vin}, ${vin}, '', '', c from unnest(${`{${ids.join(',')}}`}::int[]) c, generate_series(0, ${VEHICLES - 1}) v`);
  await db.execute(sql`insert into truck_provider_links (truck_id, provider, external_id)
    select t.id, ${provider}, ${vehicleId} from trucks t, unnest(${`{${ids.join(',')}}`}::int[]) c, generate_series(0, ${VEHICLES - 1}) v where lower(t.vin_number) = lower(${vin})`);
  await db.execute(sql`insert into drivers (first_name, last_name, truck_id)
    select 'Driver', ${prefix} || c || 'X' || v, l.truck_id from unnest(${`{${ids.join(',')}}`}::int[]) c cross join generate_series(0, ${VEHICLES - 1}) v
      join truck_provider_links l on l.provider = ${provider} and l.external_id = ${vehicleId}`);
  await db.execute(sql`insert into driver_provider_links (driver_id, provider, external_id)
    select d.id, ${provider}, c || ':' || ${provider === 'GLE' ? sql`(c * 1000 + v)::text` : sql`'d-' || c || '-' || v`}
    from unnest(${`{${ids.join(',')}}`}::int[]) c cross join generate_series(0, ${VEHICLES - 1}) v join drivers d on d.last_name = ${prefix} || c || 'X' || v`);
  return ids;
}

export async function telematicsScaleCase(): Promise<Figure[]> {
  if (!(await postgresReachable())) {
    console.warn('  telematics-scale: PostgreSQL not reachable; skipped');
    return [];
  }
  const { apiStale, buildApi } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build.mjs')).href)) as { apiStale(): boolean; buildApi(): Promise<void> };
  if (apiStale()) await buildApi();

  const scratch = await scratchDatabase('milepost_scale');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-scale-'));
  const secretKey = randomBytes(32).toString('hex');
  const box = createSecretBox(secretKey);
  const database = await openDatabase({ url: scratch.url, poolSize: 4 });
  const gle = await startFakeGle('unused');
  const samsara = await startFakeSamsara('unused');
  gle.fail(/./, { kind: 'slow', delayMs: CALL_MS }, Number.POSITIVE_INFINITY);
  samsara.fail(/./, { kind: 'slow', delayMs: CALL_MS }, Number.POSITIVE_INFINITY);
  const instances: Instance[] = [];
  let mover: NodeJS.Timeout | undefined;
  const figures: Figure[] = [];
  const label = INSTANCES === 1 ? 'one instance' : `${INSTANCES} instances on one PostgreSQL`;
  try {
    const { db } = database;
    await database.migrate();
    await syncAccessCatalogue(db);
    await createTripSettings(db, { homeRadius: 2, shopRadius: 1, pickupRadius: 1, trailerRadius: 0.5, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });

    // --- GLE: the fleet, each vehicle reporting a new position every REPORT_MS --------------------
    const gleIds = await seedFleet(db, 'GLE', 'Gle', COMPANIES, (i) => box.seal(`gle-${i}`));
    const tokenOf = new Map<string, number>();
    gleIds.forEach((companyId, i) => {
      gle.acceptToken(`gle-${i}`);
      tokenOf.set(`Bearer gle-${i}`, companyId);
      for (let v = 0; v < VEHICLES; v++) {
        gle.vehicles.push({
          id: companyId * 1000 + v,
          vin: `GleVIN${companyId}X${v}`,
          unitNumber: `Gle${companyId}-${v}`,
          driver: { id: companyId * 1000 + v, name: `Driver Gle${companyId}X${v}` },
          token: `gle-${i}`,
          fixes: [],
        });
      }
    });
    const move = () => {
      const at = Math.floor((Date.now() - 1_000) / 1000) * 1000;
      for (const [k, v] of gle.vehicles.entries()) {
        const step = (at / REPORT_MS) % 10_000;
        (v as FakeGleVehicle).fixes = [{ time: at, lat: 30 + (k % 100) * 0.1 + step * 1e-4, lng: -95 - Math.floor(k / 100) * 0.05, speedMph: 55, odometerMeters: null }];
      }
    };
    move();
    mover = setInterval(move, REPORT_MS);

    const env = {
      DATABASE_URL: scratch.url,
      MILEPOST_DATA_DIR: dataDir,
      MILEPOST_SECRET_KEY: secretKey,
      MILEPOST_JWT_SECRET: randomBytes(32).toString('hex'),
      GLE_BASE_URL: gle.url,
      SAMSARA_BASE_URL: samsara.url,
    };
    // The first instance migrates alone; the others start beside it.
    instances.push(await startInstance(env));
    for (let i = 1; i < INSTANCES; i++) instances.push(await startInstance(env));
    const started = Date.now();

    // Warm-up: every company polled once (the every-minute round queues the first polls).
    for (;;) {
      const polled = new Set(gle.requests.filter((r) => r.path === '/vehicles/current').map((r) => r.authorization)).size;
      if (polled >= COMPANIES) break;
      if (Date.now() - started > 300_000) throw new Error(`GLE: ${polled} of ${COMPANIES} companies polled 5 minutes after the start`);
      await sleep(1_000);
    }
    await sleep(5_000);
    console.log(`  every GLE company polled ${((Date.now() - started) / 1000).toFixed(0)} s after ready; measuring ${SECONDS} s…`);
    const starts = new Map<string, number[]>();
    const firstPages = () => {
      starts.clear();
      for (const r of gle.requests) {
        if (r.path !== '/vehicles/current' || (r.query.get('page') ?? '0') !== '0') continue;
        const key = r.authorization ?? '';
        if (!tokenOf.has(key)) continue;
        const list = starts.get(key) ?? [];
        list.push(r.at);
        starts.set(key, list);
      }
      return starts;
    };

    const measureWindow = async (seconds: number, until?: () => Promise<boolean>) => {
      const t0 = Date.now();
      const cpu0 = instances.map((i) => processCpuMs(i.proc.pid!));
      const pos0 = await positionsCount(db);
      while (Date.now() - t0 < seconds * 1000) {
        if (until && (await until())) break;
        await sleep(1_000);
      }
      const t1 = Date.now();
      const cpu = instances.map((i, k) => (100 * (processCpuMs(i.proc.pid!) - cpu0[k]!)) / (t1 - t0));
      const positions = (await positionsCount(db)) - pos0;
      const gaps = pollGaps(firstPages(), t0, t1, 75_000);
      return { t0, t1, cpu, positionsPerS: positions / ((t1 - t0) / 1000), gaps, loadAvg: load() };
    };

    const gleWindow = await measureWindow(SECONDS);
    const g = gleWindow.gaps;
    // How long one poll takes, wall time (its call included), over each company's last finished poll.
    const pollMs = rows<{ ms: number }>(
      await db.execute(
        sql`select avg(extract(epoch from finished_at - started_at) * 1000)::float8 as ms from integration_sync_status where provider = 'GLE' and state = 'SUCCEEDED'`,
      ),
    )[0]!.ms;
    const cpuText = gleWindow.cpu.map((c) => `${c.toFixed(1)} %`).join(' + ');
    const maxCpu = Math.max(...gleWindow.cpu);
    const vehicles = (COMPANIES * VEHICLES).toLocaleString('en-US');
    const common = `${SECONDS} s measured after every company's first poll; calls 200 ms; load average ${gleWindow.loadAvg} on ${os.cpus().length} cores`;
    console.log(
      `  GLE: poll ${Math.round(pollMs)} ms; gaps p50 ${(percentile(g, 50) / 1000).toFixed(1)} s, p95 ${(percentile(g, 95) / 1000).toFixed(1)} s, max ${(g.at(-1)! / 1000).toFixed(1)} s (${g.length}); ${gleWindow.positionsPerS.toFixed(1)} positions/s; CPU ${cpuText}; load ${gleWindow.loadAvg}`,
    );
    figures.push(
      {
        case: `telematics scale: ${vehicles} GLE vehicles (${COMPANIES} × ${VEHICLES}) polled every 60 s, ${label} — gap between two polls of a company`,
        engine: 'postgres',
        samples: g.length,
        medianMs: percentile(g, 50),
        p95Ms: percentile(g, 95),
        target: '≤ 75 000 (p95)',
        note: `longest ${(g.at(-1)! / 1000).toFixed(1)} s; one poll takes ${Math.round(pollMs)} ms (its 200 ms call included); ${common}`,
      },
      {
        case: `telematics scale: ${vehicles} GLE vehicles, ${label} — positions stored per second (in the ms columns)`,
        engine: 'postgres',
        samples: 1,
        medianMs: gleWindow.positionsPerS,
        p95Ms: gleWindow.positionsPerS,
        target: '≥ 160',
        note: `each vehicle reports every ${REPORT_MS / 1000} s, so each poll finds a new position; the most a 60 s cadence can store is ${((COMPANIES * VEHICLES) / POLL_S).toFixed(1)}/s; load average ${gleWindow.loadAvg} on ${os.cpus().length} cores`,
      },
      {
        case: `telematics scale: ${vehicles} GLE vehicles, ${label} — server CPU, % of one core (in the ms columns; the busiest instance)`,
        engine: 'postgres',
        samples: 1,
        medianMs: maxCpu,
        p95Ms: maxCpu,
        target: '≤ 50',
        note: `per instance ${cpuText} (utime + stime from /proc/<pid>/stat); ${common}`,
      },
    );

    // --- Samsara: one cycle of every company while the GLE polls go on ---------------------------
    const samsaraIds = await seedFleet(db, 'SAMSARA', 'Sam', SAMSARA, (i) => box.seal(`sam-${i}`));
    samsaraIds.forEach((companyId, i) => {
      samsara.acceptToken(`sam-${i}`);
      for (let v = 0; v < VEHICLES; v++) {
        samsara.vehicles.push({ id: `${companyId}-${v}`, name: `Sam${companyId}-${v}`, vin: `SamVIN${companyId}X${v}`, token: `sam-${i}` });
        samsara.drivers.push({ id: `d-${companyId}-${v}`, name: `Driver Sam${companyId}X${v}`, vehicleId: `${companyId}-${v}`, token: `sam-${i}` });
      }
    });
    const boss = createBoss(database);
    await boss.start();
    const jobId = await boss.send(SYNC_ALL_QUEUE, {});
    await boss.stop({ graceful: false, wait: true, timeout: 2_000 });
    console.log(`  ${SAMSARA} Samsara companies added; a sync of every company queued (${jobId ?? 'absorbed by one waiting'})…`);
    let cycleStart: Date | null = null;
    for (;;) {
      const [j] = rows<{ started_on: Date | null }>(
        await db.execute(
          jobId
            ? sql`select started_on from pgboss.job where id = ${jobId}`
            : sql`select max(started_on) as started_on from pgboss.job where name = ${SYNC_ALL_QUEUE} and state in ('active', 'completed')`,
        ),
      );
      if (j?.started_on) {
        cycleStart = new Date(j.started_on);
        break;
      }
      if (Date.now() - started > 30 * 60_000) throw new Error('the sync of every company never started');
      await sleep(500);
    }
    const synced = async () =>
      rows<{ n: number; last: Date | null }>(
        await db.execute(
          sql`select count(*)::int as n, max(finished_at) as last from integration_sync_status where provider = 'SAMSARA' and state = 'SUCCEEDED' and finished_at >= ${cycleStart}`,
        ),
      )[0]!;
    const samsaraWindow = await measureWindow(Math.max(1, SAMSARA_SECONDS - (Date.now() - cycleStart.getTime()) / 1000), async () => (await synced()).n >= SAMSARA);
    const done = await synced();
    const failed = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from integration_sync_status where provider = 'SAMSARA' and state = 'FAILED'`))[0]!.n;
    const all = done.n >= SAMSARA;
    const elapsed = (all ? new Date(done.last!).getTime() : samsaraWindow.t1) - cycleStart.getTime();
    const rate = done.n / (elapsed / 1000);
    const cycleMs = all ? elapsed : (SAMSARA / rate) * 1000;
    const sg = samsaraWindow.gaps;
    console.log(
      `  Samsara: ${done.n} of ${SAMSARA} synced in ${(elapsed / 1000).toFixed(0)} s (${rate.toFixed(2)}/s${all ? '' : `, a cycle of all ${(cycleMs / 1000).toFixed(0)} s at this rate`}); ${failed} failed; GLE gaps meanwhile p95 ${(percentile(sg, 95) / 1000).toFixed(1)} s; CPU ${samsaraWindow.cpu.map((c) => c.toFixed(1)).join(' + ')} %; load ${samsaraWindow.loadAvg}`,
    );
    figures.push({
      case: `telematics scale: a Samsara sync cycle of ${SAMSARA.toLocaleString('en-US')} companies (25 vehicles, 25 drivers each; calls 200 ms) beside the GLE polling, ${label}`,
      engine: 'postgres',
      samples: done.n,
      medianMs: cycleMs,
      p95Ms: cycleMs,
      target: '≤ 900 000 (the 15-min cycle)',
      note: `${all ? 'measured: all synced' : `extrapolated: ${done.n} synced in ${(elapsed / 1000).toFixed(0)} s`} (${rate.toFixed(2)} companies/s, ${failed} failed); meanwhile GLE gaps p95 ${(percentile(sg, 95) / 1000).toFixed(1)} s, ${samsaraWindow.positionsPerS.toFixed(0)} positions/s, CPU ${samsaraWindow.cpu.map((c) => `${c.toFixed(0)} %`).join(' + ')}; load average ${samsaraWindow.loadAvg}`,
    });
    return figures;
  } catch (err) {
    for (const i of instances) console.error(i.output().slice(-4_000));
    throw err;
  } finally {
    if (mover) clearInterval(mover);
    for (const i of instances) await i.stop();
    await gle.close();
    await samsara.close();
    await database.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
