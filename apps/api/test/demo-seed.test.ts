import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TripMileStats } from '@milepost/contracts/mile-stats-api';
import { REVIEW_FLAGS, type ReviewPage } from '@milepost/contracts/mileage-review-api';
import { companies, trucks } from '../src/db/schema/reference';
import { companyProviders, tripMileStats, tripTracks } from '../src/db/schema/telematics';
import { tripStops, trips } from '../src/db/schema/trips';
import { tripStateMiles } from '../src/db/schema/trip-statistics';
import type { TripStateMiles } from '@milepost/contracts/state-miles-api';
import { seedDemo, DEMO_LOGIN } from '../src/db/seed/demo';
import { CROSS_BORDER_DEMO_COMPANY } from '../src/db/seed/demo-trips';
import type { IftaReturnRow } from '@milepost/contracts/ifta-api';
import { backupDatabase, BackupError, defaultBackupFile, pgliteDir, restoreDatabase, serveBackups, type BackupTarget } from '../src/db/backup';
import { openDatabase, type Database } from '../src/db/client';
import { adminUrl } from './global-setup';
import { backfillMileStats, keepTripFigures } from '../src/modules/trip-figures';
import { dueSyncs } from '../src/modules/telematics/sync';
import { routingServiceFor } from '../src/modules/routing/service';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, FAST_RETRY, usePostgres, type TestContext } from './harness';
import { setCompanyProvider, signIn } from './factories';
import { metresToMiles } from '@milepost/geo/units';

/**
 * The demo a fresh `npm start` shows: believable regional loads, and for the completed loads of
 * companies with Samsara or GLE, stored GPS history that gives three sources with no network.
 */
let ctx: TestContext;
let token: string;
let seedMs = 0;
const MI = metresToMiles(1);
/** Stands in for Samsara and GLE, counting what reaches it: the demo must ask neither. */
let provider: Server;
const providerHits: string[] = [];

beforeAll(async () => {
  provider = createServer((req, res) => {
    providerHits.push(req.url ?? '');
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  ctx = await createTestContext({ SAMSARA_BASE_URL: providerUrl, GLE_BASE_URL: providerUrl });
  const t0 = performance.now();
  // No HERE key: the demo trips are routed with the estimate as they are saved.
  await seedDemo(ctx.db, routingServiceFor(ctx.config, ctx.db));
  seedMs = performance.now() - t0;
  // No background job runs here: whatever the reports read must be there once the seed has committed.
  token = (await signIn(ctx.app, DEMO_LOGIN)).accessToken;
}, 300_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

describe('demo data', () => {
  it('splits trips crossing states into real state miles: a Fort Wayne → Kansas City load shows IN, IL and MO', async () => {
    // Written as the demo saves its trips (ESTIMATE: no HERE key) and as the background job keeps the tracks' figures (TELEMATICS).
    const kc = await ctx.db
      .select({ id: trips.id, total: trips.routeTotalM, status: trips.tripStatus })
      .from(trips)
      .where(and(eq(trips.deliveryLocation, 'Kansas City, MO, United States'), eq(trips.pickupLocation, 'Indianapolis, IN, United States')));
    expect(kc.length).toBeGreaterThan(3);
    for (const t of kc) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${t.id}/state-miles`, token });
      expect(res.statusCode).toBe(200);
      const sources = res.json<{ data: TripStateMiles }>().data.sources;
      const estimate = sources.find((s) => s.source === 'ESTIMATE')!;
      expect(estimate.states.map((s) => s.state).sort()).toEqual(['IL', 'IN', 'MO']);
      expect(estimate.states.reduce((a, s) => a + s.miles, 0)).toBeCloseTo(t.total! * MI, 3);
      // Driven loads with a stored track are counted by their GPS split.
      if (t.status === 'COMPLETED' && sources[0]!.source === 'GPS') expect(sources[0]!.states.map((s) => s.state).sort()).toEqual(['IL', 'IN', 'MO']);
    }
    const completed = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tripStateMiles)
      .where(eq(tripStateMiles.source, 'GPS'));
    expect(completed[0]!.n).toBeGreaterThan(30);
  });

  it('crosses into Canada and Mexico: its Detroit → Toronto, Toronto → Buffalo and Laredo → Monterrey loads count ON and MX by GPS, on State miles and the IFTA return (docs/state-miles.md "Demo")', async () => {
    const [prairie] = await ctx.db.select().from(companies).where(eq(companies.name, CROSS_BORDER_DEMO_COMPANY));
    const loads = await ctx.db
      .select({ id: trips.id, to: trips.deliveryLocation, status: trips.tripStatus, pickup: trips.pickupDateTime, companyId: trucks.companyId })
      .from(trips)
      .innerJoin(trucks, eq(trucks.id, trips.truckId))
      .where(inArray(trips.deliveryLocation, ['Toronto, ON, Canada', 'Monterrey, NL, Mexico', 'Buffalo, NY, United States']));
    expect(loads.map((l) => l.to).sort()).toEqual(['Buffalo, NY, United States', 'Monterrey, NL, Mexico', 'Monterrey, NL, Mexico', 'Toronto, ON, Canada']);
    const quarterOf = (d: Date) => {
      const c = new Date(d.toLocaleString('en-US', { timeZone: 'America/Chicago' }));
      return { year: c.getFullYear(), quarter: Math.floor(c.getMonth() / 3) + 1 };
    };
    for (const l of loads) {
      expect(l.status).toBe('COMPLETED');
      expect(l.companyId).toBe(prairie!.id);
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${l.id}/state-miles`, token });
      const best = res.json<{ data: TripStateMiles }>().data.sources[0]!;
      // Every leg measured by the stored track: the GPS split is the best and counts.
      expect(best.source).toBe('GPS');
      const states = best.states.map((s) => s.state);
      if (l.to!.startsWith('Monterrey')) expect(states).toEqual(expect.arrayContaining(['TX', 'MX']));
      else expect(states).toEqual(expect.arrayContaining(['MI', 'ON']));
      if (l.to!.startsWith('Buffalo')) expect(states).toContain('NY');
      expect(states).not.toContain('NL');
      for (const s of best.states.filter((x) => x.state === 'ON' || x.state === 'MX')) expect(s.miles).toBeGreaterThan(40);
    }
    // Each quarter holding them (the last full one State miles opens on, the current one the IFTA return opens on) shows ON and MX from GPS.
    const quarters = new Map(loads.map((l) => [JSON.stringify(quarterOf(l.pickup!)), quarterOf(l.pickup!)]));
    for (const q of quarters.values()) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1/state-miles?periodType=QUARTERLY&year=${q.year}&quarter=${q.quarter}&companyId=${prairie!.id}`, token });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data.rows as { state: string; source: string; miles: number }[];
      // Rows are per truck: the code's GPS miles over all the company's trucks.
      const gpsMiles = (code: string) => rows.filter((r) => r.state === code && r.source === 'GPS').reduce((sum, r) => sum + r.miles, 0);
      for (const code of ['ON', 'MX']) expect(gpsMiles(code), `${code} in ${q.year}Q${q.quarter}`).toBeGreaterThan(40);
      const ret = await call(ctx.app, { method: 'GET', url: `/api/v1/ifta-return?companyId=${prairie!.id}&quarter=${q.year}Q${q.quarter}`, token });
      expect(ret.statusCode, ret.body).toBe(200);
      const on = (ret.json().data.rows as IftaReturnRow[]).find((r) => r.jurisdiction === 'ON');
      // Ontario is taxed at its rate; Mexico is no IFTA jurisdiction and is never taxed.
      expect(on, `ON taxed in ${q.year}Q${q.quarter}`).toMatchObject({ ratePerGallon: 0.433 });
      expect(on!.taxableMiles).toBeGreaterThan(40);
      expect(on!.trips).toBeGreaterThan(0);
      expect((ret.json().data.rows as IftaReturnRow[]).find((r) => r.jurisdiction === 'MX' && r.taxDue !== 0)).toBeUndefined();
    }
  });

  it('opens a complete IFTA return: a quarter of fuel purchases and that quarter\'s rates, rows with tax due (docs/ifta.md "Demo")', async () => {
    // The company and quarter with the most fuel: what a newcomer opens.
    const [busiest] = (
      (await ctx.db.execute(sql`
        select t.company_id, to_char(f.purchased_at at time zone 'America/Chicago', 'YYYY"Q"Q') as quarter, count(*)::int as n
        from fuel_purchases f join trucks t on t.id = f.truck_id group by 1, 2 order by 3 desc limit 1`)) as unknown as {
        rows: { company_id: number; quarter: string; n: number }[];
      }
    ).rows;
    expect(busiest!.n).toBeGreaterThan(20);
    const rates = await call(ctx.app, { method: 'GET', url: `/api/v1/ifta-rates?quarter=${busiest!.quarter}`, token });
    expect(rates.json().data.rows.length).toBe(58);
    const res = await call(ctx.app, { method: 'GET', url: `/api/v1/ifta-return?companyId=${busiest!.company_id}&quarter=${busiest!.quarter}`, token });
    expect(res.statusCode).toBe(200);
    const ret = res.json().data as {
      totalMiles: number;
      totalGallons: number;
      mpg: number;
      rows: { taxDue: number; taxPaidGallons: number }[];
      notFileable: { miles: number };
      warnings: { code: string }[];
    };
    // Right after the seed, before any job: the GPS tracks' state miles are fileable already, and they outweigh what is left out.
    expect(ret.totalMiles).toBeGreaterThan(1000);
    expect(ret.totalMiles).toBeGreaterThan(ret.notFileable.miles);
    expect(ret.mpg).toBeGreaterThan(4);
    expect(ret.mpg).toBeLessThan(9);
    expect(ret.warnings.map((w) => w.code)).not.toContain('NO_MILES');
    // The job after start finds nothing left to do.
    expect(await backfillMileStats({ db: ctx.db })).toBe(0);
    expect(ret.totalGallons).toBeGreaterThan(100);
    expect(ret.rows.filter((r) => r.taxPaidGallons > 0).length).toBeGreaterThan(2);
    expect(ret.rows.some((r) => r.taxDue !== 0)).toBe(true);
    expect(ret.warnings.map((w) => w.code)).not.toContain('NO_RATES');
  });

  it('runs regional loads of 50–1 200 miles with stops in a sensible order', async () => {
    const rows = await ctx.db.select({ id: trips.id, total: trips.routeTotalM, source: trips.routeSource, status: trips.tripStatus }).from(trips);
    expect(rows.length).toBeGreaterThan(300);
    for (const r of rows) {
      expect(r.total! * MI).toBeGreaterThanOrEqual(50);
      expect(r.total! * MI).toBeLessThanOrEqual(1200);
      expect(r.source).toBe('ESTIMATE');
    }
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['CANCELLED', 'COMPLETED', 'IN_TRANSIT', 'UPCOMING']);
    const stops = await ctx.db.select().from(tripStops);
    const byTrip = new Map<number, typeof stops>();
    for (const s of stops) byTrip.set(s.tripId, [...(byTrip.get(s.tripId) ?? []), s]);
    for (const list of byTrip.values()) {
      const types = list.sort((a, b) => a.orderIndex - b.orderIndex).map((s) => s.stopType);
      expect(types[0]).toBe('START');
      expect(types.at(-1)).toBe('DELIVERY');
      expect(types[1]).toBe('PICKUP');
    }
    console.info(`demo seed: ${rows.length} trips in ${Math.round(seedMs)} ms`);
  });

  it('ships stored breadcrumbs, so completed loads show three sources a few percent off the route, with no network', async () => {
    const [prairie] = await ctx.db.select().from(companies).where(eq(companies.name, 'Prairie Freight Lines'));
    const done = await ctx.db
      .select({ id: trips.id })
      .from(trips)
      .innerJoin(trucks, eq(trucks.id, trips.truckId))
      .where(and(eq(trucks.companyId, prairie!.id), eq(trips.tripStatus, 'COMPLETED'), eq(trips.isRecoveryLoad, false)));
    expect(done.length).toBeGreaterThan(30);
    const tracks = await ctx.db
      .select({ tripId: tripTracks.tripId, source: tripTracks.source })
      .from(tripTracks)
      .where(
        inArray(
          tripTracks.tripId,
          done.map((d) => d.id),
        ),
      );
    expect(tracks.length).toBe(done.length * 2);
    // The reports read the kept figures: every completed load has Samsara's and GLE's (HERE is read from the stop legs).
    const kept = await ctx.db
      .select({ source: tripMileStats.source })
      .from(tripMileStats)
      .where(
        inArray(
          tripMileStats.tripId,
          done.map((d) => d.id),
        ),
      );
    expect(kept.length).toBe(done.length * 2);

    const offs: number[] = [];
    for (const { id } of done.slice(0, 12)) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${id}`, token });
      expect(res.statusCode).toBe(200);
      const s = res.json<{ data: TripMileStats }>().data;
      for (const src of [s.samsaraStats, s.gleStats]) {
        expect(src).not.toBeNull();
        expect(src!.legs.every((l) => l.miles !== null && l.method === 'ODOMETER')).toBe(true);
        const off = src!.totalMiles / s.hereStats!.totalMiles - 1;
        offs.push(off);
        expect(Math.abs(off)).toBeLessThan(0.06);
        expect(src!.totalOdometers).not.toBeNull();
      }
    }
    // Not all identical: telematics differ from the plan by a few percent either way.
    expect(Math.max(...offs) - Math.min(...offs)).toBeGreaterThan(0.01);
  });

  it('fills the Mileage Review: all three tabs, every flag at least once, and a trip with three flags (the "+N" chip)', async () => {
    const seen = new Set<string>();
    const manyFlags: string[][] = [];
    const counts: Record<string, number> = {};
    for (const status of ['NEEDS_REVIEW', 'READY', 'APPROVED']) {
      for (let page = 0; ; page++) {
        const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mileage-review?status=${status}&size=100&page=${page}`, token });
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json<{ data: ReviewPage }>().data;
        counts[status] = data.totalElements;
        for (const r of data.content) for (const f of r.flags) seen.add(f.code);
        for (const r of data.content) if (r.flags.length >= 3) manyFlags.push(r.flags.map((f) => f.code));
        if (page >= data.totalPages - 1) break;
      }
    }
    expect(counts.NEEDS_REVIEW).toBeGreaterThan(0);
    expect(counts.READY).toBeGreaterThan(0);
    expect(counts.APPROVED).toBeGreaterThan(0);
    expect([...seen].sort()).toEqual([...REVIEW_FLAGS].sort());
    // A missed stop with a GPS hole (docs/mileage-review.md#demo): one or two such trips.
    expect(manyFlags.some((codes) => codes.includes('GPS_GAP') && codes.includes('STOP_NOT_REACHED'))).toBe(true);
  });

  it('counts the demo by freight on board: a second pickup and a trailer stop after a pickup run their middle leg loaded, on the list and in the Mileage Report', async () => {
    for (const types of [
      ['START', 'PICKUP', 'PICKUP', 'DELIVERY'],
      ['START', 'PICKUP', 'TRAILER', 'DELIVERY'],
    ] as const) {
      // The demo's first load of that shape (LD-786695 and LD-784700 when the issue was filed).
      const [found] = await ctx.db
        .select({ id: tripStops.tripId })
        .from(tripStops)
        .groupBy(tripStops.tripId)
        .having(sql`string_agg(${tripStops.stopType}, ',' order by ${tripStops.orderIndex}) = ${types.join(',')}`)
        .orderBy(tripStops.tripId)
        .limit(1);
      expect(found, `a demo load ${types.join(' → ')}`).toBeDefined();
      const [trip] = await ctx.db.select().from(trips).where(eq(trips.id, found!.id));
      const stops = await ctx.db.select().from(tripStops).where(eq(tripStops.tripId, trip!.id));
      stops.sort((a, b) => a.orderIndex - b.orderIndex);
      expect(stops.map((s) => s.stopType)).toEqual(types);
      expect(stops.slice(1).map((s) => s.loadStatus)).toEqual(['EMPTY', 'LOADED', 'LOADED']);
      expect(trip!.routeM).toBeCloseTo(stops[2]!.distance! + stops[3]!.distance!, 3);
      expect(trip!.routeTotalEmptyM).toBeCloseTo(stops[1]!.distance!, 3);
      expect(trip!.routeTrlM).toBe(0);
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${trip!.id}`, token });
      const stats = res.json().data as TripMileStats;
      expect(stats.hereStats!.legs.map((l) => l.loadStatus)).toEqual(['EMPTY', 'LOADED', 'LOADED']);
    }
  });

  it("gives recovery loads their own truck's odometer, not a copy of the original trip's", async () => {
    const recoveries = await ctx.db.select().from(trips).where(eq(trips.isRecoveryLoad, true));
    expect(recoveries.length).toBeGreaterThan(3);
    for (const r of recoveries) {
      const [original] = await ctx.db
        .select()
        .from(trips)
        .where(and(eq(trips.identifierType, r.identifierType), eq(trips.identifierValue, r.identifierValue!), eq(trips.recoveryLoadIndex, 0)));
      expect(r.truckId).not.toBe(original!.truckId);
      expect(r.startOdometerM).not.toBe(original!.startOdometerM);
      expect(r.endOdometerM).not.toBe(original!.endOdometerM);
      expect((r.endOdometerM! - r.startOdometerM!) * MI).toBeCloseTo(r.routeTotalM! * MI, 0);
    }
  });

  it('is quiet offline: its companies hold no token, so the scheduled sync queues nothing and no provider is called', async () => {
    const telematics = { db: ctx.db, secretBox: createSecretBox(ctx.secretKey), config: ctx.config };
    expect(await dueSyncs(telematics)).toEqual([]);

    const [prairie] = await ctx.db.select().from(companies).where(eq(companies.name, 'Prairie Freight Lines'));
    const prairieProviders = await ctx.db.select().from(companyProviders).where(eq(companyProviders.companyId, prairie!.id)).orderBy(companyProviders.provider);
    expect(prairieProviders).toMatchObject([
      { provider: 'GLE', enabled: true, tokenEncrypted: null },
      { provider: 'SAMSARA', enabled: true, tokenEncrypted: null },
    ]);
    // The Companies screen: never run, not failed, and why it does not run.
    const status = await call(ctx.app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${prairie!.id}`, token });
    expect(status.statusCode).toBe(200);
    for (const [name, label] of [
      ['SAMSARA', 'Samsara'],
      ['GLE', 'GLE'],
    ] as const) {
      expect(status.json().data[name]).toMatchObject({ state: 'NEVER', enabled: false, error: null, disabledReason: `No ${label} token is stored for this company.` });
    }
    // An in-transit load: its track would be brought up to now if a provider could be asked. Which
    // demo company runs one depends on the hour the demo was seeded, so its company gets Samsara
    // switched on here (still without a token).
    const [running] = await ctx.db
      .select({ id: trips.id, companyId: companies.id })
      .from(trips)
      .innerJoin(trucks, eq(trucks.id, trips.truckId))
      .innerJoin(companies, eq(companies.id, trucks.companyId))
      .where(eq(trips.tripStatus, 'IN_TRANSIT'));
    expect(running).toBeDefined();
    await setCompanyProvider(ctx.db, running!.companyId, 'SAMSARA', { enabled: true });
    const stats = () => call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${running!.id}`, token });
    expect((await stats()).statusCode).toBe(200);
    expect(providerHits).toEqual([]);

    // A company that does hold a token is still synced on schedule.
    await setCompanyProvider(ctx.db, running!.companyId, 'SAMSARA', { tokenEncrypted: telematics.secretBox.seal('a-real-token-1234') });
    expect(await dueSyncs(telematics)).toEqual([{ companyId: running!.companyId, provider: 'SAMSARA' }]);
    // Reading its mileage still calls no one; the jobs' work for the trip does.
    await stats();
    expect(providerHits).toEqual([]);
    await keepTripFigures({ ...telematics, retry: FAST_RETRY }, running!.id);
    expect(providerHits.length).toBeGreaterThan(0);
  });
});

/** Row count and checksum (md5 of its rows as text, in order) of every table, by schema-qualified name. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const { rows: tables } = (await database.executeSql(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
    [],
  )) as { rows: { s: string; t: string }[] };
  const out: Record<string, string> = {};
  for (const { s, t } of tables) {
    const { rows } = (await database.executeSql(`select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as sum from "${s}"."${t}" r`, [])) as {
      rows: { n: number; sum: string }[];
    };
    out[`${s}.${t}`] = `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`;
  }
  return out;
}

/**
 * npm run db:backup / db:restore (docs/deploy.md#backups) over the demo data: backed up while the
 * app holds its database open (on PGlite the running server writes the dump, as main.ts does, on
 * its backup socket; on PostgreSQL pg_dump), restored into an empty database, every table compared.
 */
describe(`backups of the demo data (${usePostgres() ? 'PostgreSQL: pg_dump, pg_restore' : 'embedded PGlite: the data folder'})`, () => {
  let work: string;
  let backupSocket: Server | null = null;
  let source: BackupTarget;
  let empty: BackupTarget;
  let emptyDb: string | undefined;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'milepost-backup-'));
    if (usePostgres()) {
      emptyDb = `milepost_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      await admin.query(`create database ${emptyDb}`);
      await admin.end();
      const url = new URL(adminUrl());
      url.pathname = `/${emptyDb}`;
      source = { databaseUrl: ctx.databaseUrl!, dataDir: path.join(work, 'source') };
      empty = { databaseUrl: url.toString(), dataDir: path.join(work, 'restored') };
    } else {
      backupSocket = await serveBackups(work, ctx.database);
      source = { dataDir: work };
      empty = { dataDir: path.join(work, 'restored') };
    }
  });

  afterAll(async () => {
    await new Promise((resolve) => (backupSocket ? backupSocket.close(resolve) : resolve(undefined)));
    if (emptyDb) {
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      await admin.query(`drop database if exists ${emptyDb} with (force)`);
      await admin.end();
    }
    await rm(work, { recursive: true, force: true });
  });

  it('backs up while the server runs and restores every table into an empty database: same row counts, same checksums', async () => {
    const before = await fingerprint(ctx.database);
    const file = path.join(work, 'backups', usePostgres() ? 'milepost.dump' : 'milepost.tar.gz');
    const made = await backupDatabase(source, file);
    // PGlite: the running server wrote it (no second process may open its data folder).
    expect(made).toEqual(usePostgres() ? { kind: 'postgres', source: 'pg_dump' } : { kind: 'pglite', source: 'server' });
    expect(statSync(file).size).toBeGreaterThan(10_000);
    // Private: the file 0600, its new folder 0700 (docs/deploy.md#backups).
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    // A copy cut in half is refused with one line and writes nothing: the target stays empty for the restore below.
    const cut = `${file}.cut`;
    await writeFile(cut, (await readFile(file)).subarray(0, Math.floor(statSync(file).size / 2)));
    const cutRefusal = await restoreDatabase(empty, cut).then(
      () => null,
      (err: unknown) => err,
    );
    expect(cutRefusal).toBeInstanceOf(BackupError);
    expect((cutRefusal as Error).message).toMatch(usePostgres() ? /could not be restored, nothing was written: pg_restore failed/ : /is damaged or not a Milepost backup/);
    expect((cutRefusal as Error).message).not.toContain('\n');
    if (!usePostgres()) expect(existsSync(empty.dataDir)).toBe(false);
    // The server answers on.
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?pageSize=1', token })).statusCode).toBe(200);

    await restoreDatabase(empty, file);
    const copy = empty.databaseUrl ? await openDatabase({ url: empty.databaseUrl, poolSize: 2 }) : await openDatabase({ dataDir: pgliteDir(empty.dataDir) });
    const after = await fingerprint(copy).finally(() => copy.close());
    // Every table, with the demo's rows and the migrations' journal in them.
    expect(Object.keys(before).length).toBeGreaterThan(20);
    for (const table of ['public.trips', 'public.trip_stops', 'public.users', 'public.companies', 'drizzle.__drizzle_migrations']) {
      expect(before[table]).toMatch(/^[1-9]\d* rows/);
    }
    expect(after).toEqual(before);

    // Restoring again, into the database that now holds it, is refused with the way out.
    const refusal = await restoreDatabase(empty, file).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toMatch(
      usePostgres() ? /not empty \(\d+ tables\): restore into a new, empty database/ : /pgdata is not empty: restore into an empty data folder/,
    );
  });

  it('names a timestamped file under backups/ when none is given, and refuses a file that is no backup', async () => {
    const kind = usePostgres() ? 'postgres' : 'pglite';
    expect(defaultBackupFile('/srv/milepost/backups', kind, new Date('2026-11-26T21:05:07.123Z'))).toBe(
      `/srv/milepost/backups/milepost-${kind}-2026-11-26T21-05-07Z.${usePostgres() ? 'dump' : 'tar.gz'}`,
    );
    const notABackup = path.join(work, 'notes.txt');
    await writeFile(notABackup, 'hello');
    await expect(restoreDatabase({ ...empty, dataDir: path.join(work, 'other') }, notABackup)).rejects.toThrow(/is not a Milepost backup/);
    expect(existsSync(pgliteDir(path.join(work, 'other')))).toBe(false);
  });
});
