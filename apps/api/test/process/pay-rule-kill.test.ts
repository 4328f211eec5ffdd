import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ApproveResult, PayRule, ReviewPage } from '@milepost/contracts/mileage-review-api';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';
import { openDatabase, type Db } from '../../src/db/client';
import { companyPayRules } from '../../src/db/schema/mileage-review';
import { tripMileStats } from '../../src/db/schema/telematics';
import { syncAccessCatalogue } from '../../src/db/seed/access';
import { refreshTripReview } from '../../src/modules/mileage-review/service';
import { backfillStateMiles } from '../../src/modules/state-miles';
import { loadStoredTrack } from '../../src/modules/telematics';
import { createTrip } from '../../src/modules/trips/service';
import { createCompanyRow, createDriverRow, createTripSettings, createTruckRow, createUser, measuredLeg as leg } from '../factories';
import { accessTokenOf, start, type Started } from './server';
import { fixedHereRoute } from '../telematics-fixtures';

/**
 * A pay rule saved, and the server killed (SIGKILL) while its job recomputes the company's open
 * review rows (docs/mileage-review.md "Pay rule"): after a restart every open row carries the new
 * rule within 60 s, by itself — the sweep at start finds the rows behind the rule.
 */
/**
 * Open trips of the company (PAY_RULE_KILL_TRIPS, default 600): six batches, so the kill lands
 * mid-way, and few enough that a restart on the busy shared machine (its job workers alone take
 * up to half a minute to start on PGlite at a load average over 20) converges within 60 s.
 */
const OPEN_TRIPS = Number(process.env.PAY_RULE_KILL_TRIPS ?? 600);
const ADMIN = { email: 'rule-admin@example.test', password: 'rule-admin-password' };

const dataDirs: string[] = [];
const running: Started[] = [];
afterAll(async () => {
  for (const s of running) s.proc.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** A fixed HERE route of 220 km: 70 km empty, 150 km loaded. */
const route = fixedHereRoute([70_000, 3600], [150_000, 5400]);

/** Copies the template trip (its load number numbered) and the rows of every table that hangs off `trip_id` (own ids and generated columns kept out). */
async function cloneTrip(db: Db, templateId: number, copies: number) {
  const columns = async (table: string) =>
    (
      (await db.execute(sql`select column_name as c, coalesce(column_default, '') like 'nextval%' or is_identity = 'YES' or is_generated = 'ALWAYS' as serial
        from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`)) as unknown as {
        rows: { c: string; serial: boolean }[];
      }
    ).rows
      .filter((x) => !x.serial)
      .map((x) => x.c);
  const tripCols = await columns('trips');
  const list = tripCols.map((c) => `"${c}"`).join(', ');
  const values = tripCols.map((c) => (c === 'load_number' ? `t.load_number || '-' || g` : `t."${c}"`)).join(', ');
  await db.execute(sql.raw(`create temp table clone_ids as select 0 as id limit 0`));
  await db.execute(
    sql.raw(`with n as (insert into trips (${list}) select ${values} from trips t, generate_series(1, ${copies}) g where t.id = ${templateId} returning id)
      insert into clone_ids select id from n`),
  );
  const children = (
    (await db.execute(
      sql`select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'trip_id' and table_name <> 'trips'`,
    )) as unknown as { rows: { t: string }[] }
  ).rows.map((x) => x.t);
  for (const table of children) {
    const cols = (await columns(table)).filter((c) => c !== 'trip_id');
    const own = cols.map((c) => `"${c}"`).join(', ');
    await db.execute(
      sql.raw(
        `insert into "${table}" (trip_id${own ? `, ${own}` : ''}) select n.id${own ? `, ${cols.map((c) => `s."${c}"`).join(', ')}` : ''} from "${table}" s, clone_ids n where s.trip_id = ${templateId}`,
      ),
    );
  }
}

async function api<T>(url: string, token: string, method = 'GET', body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

async function until<T>(what: string, timeoutMs: number, fn: () => Promise<T | null>, everyMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('a pay rule recompute killed mid-way', () => {
  it('converges to the new rule by itself after a restart: every open row within 60 s', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-rule-kill-'));
    dataDirs.push(dataDir);

    // One company running Samsara, its rule Routed 3 %, and OPEN_TRIPS completed trips whose GPS is
    // 2 % over routed: READY under 3 %, NEEDS_REVIEW under the 1 % the test saves.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await database.migrate();
    await syncAccessCatalogue(database.db);
    const db = database.db;
    await createTripSettings(db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: false });
    const company = await createCompanyRow(db, { samsaraEnabled: true });
    await db.insert(companyPayRules).values({ companyId: company.id, payBasis: 'ROUTED', tolerancePct: 3, version: 1 });
    const truck = await createTruckRow(db, { companyId: company.id });
    const driver = await createDriverRow(db, { truckId: truck.id });
    const actor = await createUser(db, { permissions: [] });
    const start0 = new Date(Date.UTC(2026, 9, 5, 13, 0));
    const stop = (i: number, address: string, distance: number) => ({
      address,
      latitude: 41 + i,
      longitude: -88,
      stopType: (['START', 'PICKUP', 'DELIVERY'] as const)[i]!,
      loadStatus: i === 2 ? 'LOADED' : 'EMPTY',
      orderIndex: i,
      distance,
      totalDistance: distance,
      duration: 0,
    });
    const template = await createTrip(db, route, actor.id, {
      truckId: truck.id,
      driverId: driver.id,
      dispatcherId: null,
      identifierType: 'LOAD_NUMBER',
      identifierValue: 'LD-KILL',
      tripStatus: 'COMPLETED',
      pickupDateTime: start0,
      startDateTime: start0,
      endDateTime: new Date(start0.getTime() + 5 * 3600_000),
      startOdometer: null,
      endOdometer: null,
      emptyMiles: null,
      loadedMiles: null,
      notes: null,
      recoveryReasonId: null,
      tripStops: [stop(0, 'Chicago, IL, United States', 0), stop(1, 'Joliet, IL, United States', 70_000), stop(2, 'Tulsa, OK, United States', 150_000)],
    } as Parameters<typeof createTrip>[3]);
    const empty = metresToMiles(70_000) * 1.02;
    const loaded = metresToMiles(150_000) * 1.02;
    await db.insert(tripMileStats).values({
      tripId: template.id,
      source: 'SAMSARA',
      loadedM: milesToMetres(loaded),
      totalEmptyM: milesToMetres(empty),
      puM: milesToMetres(empty),
      trlM: 0,
      totalM: milesToMetres(empty + loaded),
      totalOdometersM: milesToMetres(empty + loaded),
      inputsKey: 'test',
      detail: { miles: loaded, totalEmpty: empty, pu: empty, trl: 0, totalMiles: empty + loaded, totalOdometers: empty + loaded, legs: [leg(1, empty), leg(2, loaded)] },
    });
    expect(await refreshTripReview(db, template.id)).toBe('READY');
    // Its state miles too, so the copies carry them and the server's start-up backfill has nothing to compute beside the recompute.
    await backfillStateMiles(db, loadStoredTrack, { limit: 10 });
    await cloneTrip(db, template.id, OPEN_TRIPS - 1);
    await database.close();

    const env = {
      MILEPOST_DATA_DIR: dataDir,
      MILEPOST_SEED_DEMO: 'false',
      MILEPOST_SECRET_KEY: randomBytes(32).toString('hex'),
      MILEPOST_JWT_SECRET: randomBytes(32).toString('hex'),
      MILEPOST_ADMIN_EMAIL: ADMIN.email,
      MILEPOST_ADMIN_PASSWORD: ADMIN.password,
    };
    const first = await start(env, 120_000);
    running.push(first);
    const token1 = await accessTokenOf(first.url, ADMIN);
    // The job workers are running (they start after the server listens).
    await until('the job workers', 120_000, async () => (first.output().includes('job workers running') ? true : null));
    const pageOf = async (url: string, token: string) => (await api<ReviewPage>(`${url}/api/v1/mileage-review?status=READY&companyId=${company.id}&size=5`, token)).data;
    const before = await pageOf(first.url, token1);
    expect(before).toMatchObject({ counts: { READY: OPEN_TRIPS, NEEDS_REVIEW: 0 }, recomputing: false });

    // The save answers with the new version without recomputing a row; the job does that.
    const t0 = performance.now();
    const saved = await api<PayRule>(`${first.url}/api/v1/companies/${company.id}/pay-rule`, token1, 'PUT', { payBasis: 'ROUTED', tolerancePct: 1, version: 1 });
    const saveMs = performance.now() - t0;
    expect(saved.status).toBe(200);
    expect(saved.data.version).toBe(2);
    console.info(`pay rule saved in ${saveMs.toFixed(0)} ms with ${OPEN_TRIPS} open trips`);

    // Killed once the job has recomputed some batches and not all.
    const mid = await until(
      'the recompute to be part-way',
      60_000,
      async () => {
        const p = await pageOf(first.url, token1);
        return p.counts.READY > 0 && p.counts.READY < OPEN_TRIPS ? p : null;
      },
      50,
    );
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(mid.recomputing).toBe(true);

    const second = await start(env, 120_000); // PGlite recovers from the kill first; the 60 s count from its start
    running.push(second);
    const startedAt = Date.now();
    const token2 = await accessTokenOf(second.url, ADMIN);
    const after = await pageOf(second.url, token2);
    // What the kill left: the rows done before it under the new rule, the rest under the old one — and none of those approved by it.
    if (after.counts.READY > 0) {
      const row = after.content[0]!;
      const answer = await api<ApproveResult>(`${second.url}/api/v1/mileage-review/approve`, token2, 'POST', { items: [{ tripId: row.tripId, version: row.version }] });
      expect(answer.data.results.map(({ tripId, status }) => ({ tripId, status }))).toEqual([{ tripId: row.tripId, status: 'STALE_RULE' }]);
    }
    const done = await until('every open row under the new rule', 90_000, async () => {
      const p = await pageOf(second.url, token2);
      return !p.recomputing && p.counts.READY === 0 ? p : null;
    });
    const convergedMs = Date.now() - startedAt;
    expect(done.counts).toMatchObject({ READY: 0, NEEDS_REVIEW: OPEN_TRIPS, APPROVED: 0 });
    expect(convergedMs).toBeLessThan(60_000);
    console.info(`killed at ${OPEN_TRIPS - mid.counts.READY} of ${OPEN_TRIPS} rows recomputed; converged ${convergedMs} ms after the restart`);
    // Saved again once the start-up jobs are over: the answer does not wait for the recompute it queues.
    const t1 = performance.now();
    const again = await api<PayRule>(`${second.url}/api/v1/companies/${company.id}/pay-rule`, token2, 'PUT', { payBasis: 'ROUTED', tolerancePct: 3, version: 2 });
    expect(again.status).toBe(200);
    console.info(
      `pay rule saved again in ${(performance.now() - t1).toFixed(0)} ms with ${OPEN_TRIPS} open trips (the first save ${saveMs.toFixed(0)} ms, during the server's start-up jobs)`,
    );
    expect((await pageOf(second.url, token2)).recomputing).toBe(true);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 400_000);
});
