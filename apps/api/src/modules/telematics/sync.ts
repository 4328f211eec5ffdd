import { randomUUID } from 'node:crypto';
import { and, eq, exists, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { UNIT_NUMBER_MAX } from '@milepost/contracts/trucks-api';
import type { Db } from '../../db/client';
import { companies, drivers, trucks } from '../../db/schema/reference';
import { companyProviders, driverProviderLinks, integrationSyncStatus, truckProviderLinks } from '../../db/schema/telematics';
import { trips } from '../../db/schema/trips';
import type { SyncReport } from './sync-report';
import { DEFAULT_RETRY, describeError, ProviderError, type TelematicsDriver, type TelematicsProvider, type TelematicsVehicle } from './provider';
import type { ProviderName } from './providers';
import { providerFor, type TelematicsDeps } from './registry';
import { refreshTrack } from './tracks';
import { linkDriver, linkTruck } from './links';
import { appendPositions } from './positions';
import { PROVIDER_REGISTRY } from './providers';
import { companySwitchesSql, switchesOf } from './company-providers';
import { tripSettingsSwitches } from './settings-providers';
import { sourcesOn } from './sources';

/**
 * One company's sync with one provider (docs/integrations/telematics.md#sync):
 * vehicles → trucks, drivers → drivers, then the tracks of its trips in transit. Each page is
 * written in its own transaction and the counts are updated as it goes, so a run that fails
 * part-way keeps what it did and the status says how far it got.
 */
export interface SyncResult {
  vehicles: number;
  drivers: number;
  tracks: number;
  /** New positions of a sampled provider (GLE) stored by the round. */
  positions: number;
}

export type SyncState = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';

/** How long a run's lease lasts without renewal; it is renewed every third of that while the run lives. */
export const DEFAULT_LEASE_SECONDS = 30;

/**
 * The time one sync run may take, all its calls and retries included (docs/integrations/telematics.md#sync).
 * When it is spent, the call in flight is abandoned (its page is not written), no retry or backoff
 * is waited out, and the run ends FAILED with what it stored so far kept; the job queue tries it
 * again in the provider's retry queue, behind fresh work, with twice this budget. A healthy
 * company's run takes seconds (a 500-vehicle fleet is one page); one hanging call is cut at 30 s
 * by the client and retried, so without a budget it held a worker ~3.5 min.
 */
export const DEFAULT_SYNC_BUDGET_SECONDS = 60;

type StatusPatch = Partial<typeof integrationSyncStatus.$inferInsert> & { state: SyncState };

/** The run lost its lease (another run took over a run it thought dead): it stops writing. */
class LeaseLost extends Error {}

/** A RUNNING row whose lease ran out: its run died (or hangs) and another may take over. */
export const leaseExpired = sql`(${integrationSyncStatus.leaseUntil} is null or ${integrationSyncStatus.leaseUntil} < now())`;

export const markQueued = (db: Db, companyId: number, provider: ProviderName) =>
  db
    .insert(integrationSyncStatus)
    .values({ companyId, provider, state: 'QUEUED', queuedAt: new Date() })
    .onConflictDoUpdate({
      target: [integrationSyncStatus.companyId, integrationSyncStatus.provider],
      // A live run stays RUNNING; the queued one follows it. A stalled one is queued again.
      set: {
        state: sql`case when ${integrationSyncStatus.state} = 'RUNNING' and not ${leaseExpired} then 'RUNNING' else 'QUEUED' end`,
        queuedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    // The last run's error, if it failed: the schedule queues such a company behind the others (jobs.ts).
    .returning({ error: integrationSyncStatus.error });

/**
 * A run's hold on its company and provider (docs/integrations/telematics.md#sync): taken only
 * when no live run holds it, renewed while the run lives, so a run whose instance was killed
 * lets the next one in within a lease, and never blocks another company's sync.
 */
interface Lease {
  runId: string;
  /** Writes the run's progress, only while it still holds the lease. */
  write(patch: StatusPatch): Promise<void>;
  release(): void;
}

async function takeLease(db: Db, companyId: number, provider: ProviderName, leaseSeconds: number): Promise<Lease | null> {
  const runId = randomUUID();
  const until = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const fresh = { state: 'RUNNING' as const, runId, startedAt: new Date(), finishedAt: null, vehicles: 0, drivers: 0, skipped: 0, error: null, notice: null };
  const [row] = await db
    .insert(integrationSyncStatus)
    .values({ companyId, provider, ...fresh, leaseUntil: until })
    .onConflictDoUpdate({
      target: [integrationSyncStatus.companyId, integrationSyncStatus.provider],
      set: { ...fresh, leaseUntil: until, updatedAt: sql`now()` },
      setWhere: sql`${integrationSyncStatus.state} <> 'RUNNING' or ${leaseExpired}`,
    })
    .returning({ runId: integrationSyncStatus.runId });
  if (!row) return null;
  const mine = and(eq(integrationSyncStatus.companyId, companyId), eq(integrationSyncStatus.provider, provider), eq(integrationSyncStatus.runId, runId));
  let lost = false;
  const renew = setInterval(
    () => {
      db.update(integrationSyncStatus)
        .set({ leaseUntil: until })
        .where(mine)
        .returning({ runId: integrationSyncStatus.runId })
        .then((rows) => (lost ||= rows.length === 0))
        .catch(() => undefined); // a database hiccup: the next renewal tries again
    },
    (leaseSeconds * 1000) / 3,
  );
  renew.unref();
  return {
    runId,
    async write(patch) {
      if (lost) throw new LeaseLost();
      const rows = await db
        .update(integrationSyncStatus)
        .set({ ...patch, ...(patch.state === 'RUNNING' ? { leaseUntil: until } : { leaseUntil: null }), updatedAt: sql`now()` })
        .where(mine)
        .returning({ runId: integrationSyncStatus.runId });
      if (!rows.length) {
        lost = true;
        throw new LeaseLost();
      }
    },
    release: () => clearInterval(renew),
  };
}

export interface SyncOptions {
  leaseSeconds?: number;
  /** DEFAULT_SYNC_BUDGET_SECONDS; tests shorten it. */
  budgetSeconds?: number;
}

/** The run's budget ran out (`DEFAULT_SYNC_BUDGET_SECONDS`): retryable, like a timeout. */
const budgetSpent = (name: ProviderName, seconds: number) =>
  new ProviderError(name, `The sync stopped when its time budget (${seconds} s) was spent; what it stored so far is kept.`, 'timeout');

/**
 * The telematics deps of one run: every provider call carries the run's budget signal, and the
 * clients' retries stop once it is aborted (RetryPolicy.signal).
 */
function withBudget(deps: TelematicsDeps, signal: AbortSignal): TelematicsDeps {
  const base = deps.fetch ?? fetch;
  return {
    ...deps,
    retry: { ...(deps.retry ?? DEFAULT_RETRY), signal },
    fetch: (input, init) => base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
  };
}

/**
 * Runs the sync. Throws a retryable error (5xx, timeouts, rate limits that outlasted the
 * client's patience) so the job queue tries again later with backoff; a refused token or a
 * switched-off provider ends the run as FAILED without retrying. Answers 'busy' (and does
 * nothing) while a live run of the same company and provider holds the lease.
 */
export async function syncCompany(plainDeps: TelematicsDeps, companyId: number, name: ProviderName, opts: SyncOptions = {}): Promise<SyncResult | null | 'busy'> {
  const budgetSeconds = opts.budgetSeconds ?? DEFAULT_SYNC_BUDGET_SECONDS;
  const budget = AbortSignal.timeout(budgetSeconds * 1000);
  const deps = withBudget(plainDeps, budget);
  const { db } = deps;
  const availability = await providerFor(deps, companyId, name);
  const lease = await takeLease(db, companyId, name, opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  if (!lease) return 'busy';
  try {
    if (!availability.enabled) {
      await lease.write({ state: 'FAILED', finishedAt: new Date(), error: availability.reason });
      return null;
    }
    return await runSync(deps, companyId, availability.provider, lease, { signal: budget, seconds: budgetSeconds });
  } catch (e) {
    if (e instanceof LeaseLost) return null;
    throw e;
  } finally {
    lease.release();
  }
}

/** A run's budget: its signal, and its length for the status text. */
interface Budget {
  signal: AbortSignal;
  seconds: number;
}

/**
 * One round of a sampled provider (GLE, docs/integrations/gle.md "Polling"): every page of its
 * current positions — the vehicles matched to trucks, the drivers linked, and each vehicle's new
 * position appended to its truck's positions — page by page, the status written after each.
 */
async function sampleRound(db: Db, companyId: number, provider: TelematicsProvider, lease: Lease, result: SyncResult, checkBudget: () => void) {
  const report = provider.report;
  const vins = new Set<string>();
  for await (const page of provider.current!()) {
    await upsertVehicles(db, companyId, provider.name, page.vehicles, vins, report);
    await upsertDrivers(db, companyId, provider.name, page.drivers);
    result.positions += await appendPositions(db, companyId, provider.name, page.positions);
    result.vehicles += page.vehicles.length;
    result.drivers += page.drivers.length;
    await lease.write({ state: 'RUNNING', vehicles: result.vehicles, drivers: result.drivers, skipped: report.skippedCount, notice: report.summary() });
    checkBudget();
  }
}

/**
 * One poll round of a sampled provider (gle-poll.ts; docs/integrations/gle.md "Polling"): its
 * vehicles, drivers and new positions, under the same lease as the sync, so a poll and a sync of
 * one company never run at once, and within the same time budget as a sync run. The in-transit
 * tracks are brought up to date by the scheduled sync, not here: a stored track is not rewritten
 * at every poll. 'off': the provider is not on for the company (no status is written, the poll
 * chain ends); 'busy': a run holds the lease.
 */
export async function pollCompany(plainDeps: TelematicsDeps, companyId: number, name: ProviderName, opts: SyncOptions = {}): Promise<SyncResult | null | 'busy' | 'off'> {
  const budgetSeconds = opts.budgetSeconds ?? DEFAULT_SYNC_BUDGET_SECONDS;
  const budget = AbortSignal.timeout(budgetSeconds * 1000);
  const deps = withBudget(plainDeps, budget);
  const availability = await providerFor(deps, companyId, name);
  if (!availability.enabled || !availability.provider.current) return 'off';
  const lease = await takeLease(deps.db, companyId, name, opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  if (!lease) return 'busy';
  try {
    return await runSync(deps, companyId, availability.provider, lease, { signal: budget, seconds: budgetSeconds }, { poll: true });
  } catch (e) {
    if (e instanceof LeaseLost) return null;
    throw e;
  } finally {
    lease.release();
  }
}

async function runSync(
  deps: TelematicsDeps,
  companyId: number,
  provider: TelematicsProvider,
  lease: Lease,
  budget: Budget,
  opts: { poll?: boolean } = {},
): Promise<SyncResult | null> {
  const { db } = deps;
  const name = provider.name;
  const result: SyncResult = { vehicles: 0, drivers: 0, tracks: 0, positions: 0 };
  const report = provider.report;
  const progress = () => ({ skipped: report.skippedCount, notice: report.summary() });
  // A clean point (a page written, a trip's track stored): the run stops here once its budget is spent.
  const checkBudget = () => {
    if (budget.signal.aborted) throw budgetSpent(name, budget.seconds);
  };
  try {
    if (provider.current) {
      await sampleRound(db, companyId, provider, lease, result, checkBudget);
    } else {
      const vins = new Set<string>();
      for await (const page of provider.vehicles()) {
        await upsertVehicles(db, companyId, name, page, vins, report);
        result.vehicles += page.length;
        await lease.write({ state: 'RUNNING', vehicles: result.vehicles, ...progress() });
        checkBudget();
      }
      for await (const page of provider.drivers()) {
        await upsertDrivers(db, companyId, name, page);
        result.drivers += page.length;
        await lease.write({ state: 'RUNNING', drivers: result.drivers, ...progress() });
        checkBudget();
      }
    }
    if (!opts.poll) result.tracks = await refreshInTransitTracks(deps, companyId, provider, checkBudget);
    await lease.write({ state: 'SUCCEEDED', finishedAt: new Date(), error: null, ...progress() });
    return result;
  } catch (caught) {
    if (caught instanceof LeaseLost) throw caught;
    // A call cut by the budget fails as "could not be reached": say what happened.
    const e = budget.signal.aborted ? budgetSpent(name, budget.seconds) : caught;
    const retry = e instanceof ProviderError && e.retryable;
    await lease.write({ state: 'FAILED', finishedAt: new Date(), error: `${describeError(e)}${retry ? ' It will be tried again.' : ''}`, ...progress() });
    if (retry || !(e instanceof ProviderError)) throw e;
    return null;
  }
}

/**
 * Vehicles → trucks. A provider's vehicle matches a truck of the company on the truck's VIN the
 * provider is matched on (PROVIDER_REGISTRY truckVin: Samsara the "Samsara VIN", GLE the VIN
 * number shown as "GLE VIN"), then on the stored vehicle id (truck_provider_links). Trucks without
 * a company can be matched (and join the company). An unknown vehicle becomes a truck of the
 * company whose unit number is the vehicle's name — unless its id already names another
 * company's truck, which is reported, not copied.
 */
async function upsertVehicles(db: Db, companyId: number, name: ProviderName, vehicles: readonly TelematicsVehicle[], vinsSeen: Set<string>, report: SyncReport) {
  if (!vehicles.length) return;
  const vins = vehicles.map((v) => v.vin?.toLowerCase()).filter((v): v is string => Boolean(v));
  const ids = vehicles.map((v) => v.id);
  const vinColumn = trucks[PROVIDER_REGISTRY[name].truckVin];
  const link = truckProviderLinks;
  const candidatesOf = (q: Pick<Db, 'select'>) =>
    q
      .select({ id: trucks.id, vin: vinColumn, vehicleId: link.externalId, companyId: trucks.companyId })
      .from(trucks)
      .leftJoin(link, and(eq(link.truckId, trucks.id), eq(link.provider, name)))
      .where(
        and(or(eq(trucks.companyId, companyId), isNull(trucks.companyId)), or(vins.length ? inArray(sql`lower(${vinColumn})`, vins) : undefined, inArray(link.externalId, ids))),
      );
  // The steady state of a fleet polled every minute: every vehicle is already linked to its truck of
  // this company, so there is nothing to write — one query, no transaction (docs/integrations/gle.md "Polling").
  if (allLinked(vehicles, await candidatesOf(db), companyId, vinsSeen)) {
    for (const v of vehicles) if (v.vin) vinsSeen.add(v.vin.toLowerCase());
    return;
  }
  await db.transaction(async (tx) => {
    const candidates = await candidatesOf(tx);
    const byVin = new Map(candidates.map((c) => [c.vin.toLowerCase(), c]));
    const byId = new Map(candidates.filter((c) => c.vehicleId).map((c) => [c.vehicleId!, c]));
    const elsewhere = new Set(
      (
        await tx
          .select({ id: link.externalId })
          .from(link)
          .where(and(eq(link.provider, name), inArray(link.externalId, ids)))
      )
        .map((r) => r.id)
        .filter((id) => !byId.has(id)),
    );
    for (const v of vehicles) {
      // One VIN links one vehicle: a second vehicle with a VIN already seen in this run is reported, not linked.
      const vinKey = v.vin?.toLowerCase();
      if (vinKey) {
        if (vinsSeen.has(vinKey)) {
          report.skip('vehicle whose VIN another vehicle has');
          continue;
        }
        vinsSeen.add(vinKey);
      }
      const match = (vinKey ? byVin.get(vinKey) : undefined) ?? byId.get(v.id);
      if (match) {
        if (match.vehicleId !== v.id || match.companyId !== companyId) {
          await tx
            .update(trucks)
            .set({ companyId, updatedAt: sql`now()` })
            .where(eq(trucks.id, match.id));
          await linkTruck(tx, match.id, name, v.id);
        }
        continue;
      }
      if (elsewhere.has(v.id)) {
        report.skip("vehicle whose id another company's truck has");
        continue;
      }
      const vin = v.vin ?? `${name}-${v.id}`;
      const values = { unitNumber: v.name, vinNumber: vin, samsaraVin: vin, licencePlate: '', homeLocation: '', companyId };
      // A unit number taken by another company's truck gets the provider's id appended (within the unit number's length).
      const suffix = ` (${v.id.slice(0, 20)})`;
      const created =
        (await tx.insert(trucks).values(values).onConflictDoNothing().returning({ id: trucks.id }))[0] ??
        (
          await tx
            .insert(trucks)
            .values({
              ...values,
              unitNumber: `${Array.from(v.name)
                .slice(0, UNIT_NUMBER_MAX - suffix.length)
                .join('')}${suffix}`,
            })
            .onConflictDoNothing()
            .returning({ id: trucks.id })
        )[0];
      if (created) {
        await linkTruck(tx, created.id, name, v.id);
        byId.set(v.id, { id: created.id, vin, vehicleId: v.id, companyId });
      } else report.skip('vehicle whose VIN or unit number another truck has');
    }
  });
}

/** Whether each vehicle of a page is linked already to the truck of this company its VIN (else its id) matches, with no VIN seen twice. */
function allLinked(
  vehicles: readonly TelematicsVehicle[],
  candidates: { vin: string; vehicleId: string | null; companyId: number | null }[],
  companyId: number,
  vinsSeen: ReadonlySet<string>,
) {
  const byVin = new Map(candidates.map((c) => [c.vin.toLowerCase(), c]));
  const byId = new Map(candidates.filter((c) => c.vehicleId).map((c) => [c.vehicleId!, c]));
  const seen = new Set<string>();
  for (const v of vehicles) {
    const vinKey = v.vin?.toLowerCase();
    if (vinKey) {
      if (vinsSeen.has(vinKey) || seen.has(vinKey)) return false;
      seen.add(vinKey);
    }
    const match = (vinKey ? byVin.get(vinKey) : undefined) ?? byId.get(v.id);
    if (!match || match.vehicleId !== v.id || match.companyId !== companyId) return false;
  }
  return true;
}

/** A provider's driver id as stored: scoped to the company, so one company's sync never finds another company's driver. */
export const scopedDriverId = (companyId: number, id: string) => `${companyId}:${id}`;

/**
 * Drivers: matched on the provider's driver id (scoped to the company; driver_provider_links),
 * then on first and last name among drivers not linked to the provider yet (of this company's
 * trucks or of none); unknown ones are created. A driver the provider assigns to a known vehicle
 * is put on that truck.
 */
async function upsertDrivers(db: Db, companyId: number, name: ProviderName, list: readonly TelematicsDriver[]) {
  if (!list.length) return;
  const tl = truckProviderLinks;
  const dl = driverProviderLinks;
  const vehicleIds = [...new Set(list.map((d) => d.vehicleId).filter((v): v is string => Boolean(v)))];
  const scoped = (d: TelematicsDriver) => scopedDriverId(companyId, d.id);
  const read = (q: Pick<Db, 'select'>) =>
    Promise.all([
      vehicleIds.length
        ? q
            .select({ id: trucks.id, vehicleId: tl.externalId })
            .from(tl)
            .innerJoin(trucks, eq(trucks.id, tl.truckId))
            .where(and(eq(tl.provider, name), eq(trucks.companyId, companyId), inArray(tl.externalId, vehicleIds)))
        : [],
      q
        .select({ id: dl.driverId, ext: dl.externalId, truckId: drivers.truckId })
        .from(dl)
        .innerJoin(drivers, eq(drivers.id, dl.driverId))
        .where(and(eq(dl.provider, name), inArray(dl.externalId, list.map(scoped)))),
    ] as const);
  // A linked driver already on the truck the provider names is left alone: a poll every minute
  // writes nothing for it, and when that is every driver of the page, no transaction is opened.
  const isUnchanged = (d: TelematicsDriver, truckOf: Map<string, number>, unchanged: Map<string, number | null>) => {
    const truckId = d.vehicleId ? (truckOf.get(d.vehicleId) ?? null) : null;
    return unchanged.has(scoped(d)) && (truckId === null || unchanged.get(scoped(d)) === truckId);
  };
  {
    const [truckRows, linked] = await read(db);
    const truckOf = new Map(truckRows.map((t) => [t.vehicleId, t.id]));
    const unchanged = new Map(linked.map((d) => [d.ext, d.truckId]));
    if (list.every((d) => isUnchanged(d, truckOf, unchanged))) return;
  }
  await db.transaction(async (tx) => {
    const [truckRows, linked] = await read(tx);
    const truckOf = new Map(truckRows.map((t) => [t.vehicleId, t.id]));
    const byExt = new Map(linked.map((d) => [d.ext, d.id]));
    const unchanged = new Map(linked.map((d) => [d.ext, d.truckId]));
    const names = list.filter((d) => !byExt.has(scoped(d))).map((d) => `${d.firstName} ${d.lastName}`.trim().toLowerCase());
    const unlinked = names.length
      ? await tx
          .select({ id: drivers.id, key: sql<string>`lower(trim(${drivers.firstName} || ' ' || ${drivers.lastName}))` })
          .from(drivers)
          .leftJoin(trucks, eq(trucks.id, drivers.truckId))
          .where(
            and(
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(dl)
                  .where(and(eq(dl.driverId, drivers.id), eq(dl.provider, name))),
              ),
              or(isNull(drivers.truckId), eq(trucks.companyId, companyId)),
              inArray(sql`lower(trim(${drivers.firstName} || ' ' || ${drivers.lastName}))`, names),
            ),
          )
      : [];
    const byName = new Map<string, number>();
    for (const d of unlinked) if (!byName.has(d.key)) byName.set(d.key, d.id);
    for (const d of list) {
      const truckId = d.vehicleId ? (truckOf.get(d.vehicleId) ?? null) : null;
      if (isUnchanged(d, truckOf, unchanged)) continue;
      const key = `${d.firstName} ${d.lastName}`.trim().toLowerCase();
      const existing = byExt.get(scoped(d)) ?? byName.get(key);
      let id = existing;
      if (existing) {
        byName.delete(key);
        await tx
          .update(drivers)
          .set({ ...(truckId ? { truckId } : {}), updatedAt: sql`now()` })
          .where(eq(drivers.id, existing));
      } else {
        id = (
          await tx
            .insert(drivers)
            .values({ firstName: d.firstName, lastName: d.lastName || '-', truckId })
            .returning({ id: drivers.id })
        )[0]!.id;
      }
      await linkDriver(tx, id!, name, scoped(d));
      // The same driver twice in one page links once.
      byExt.set(scoped(d), id!);
    }
  });
}

/** Tracks of the company's trips in transit are brought up to now, and their mile stats (which the reports read) with them. */
async function refreshInTransitTracks(deps: TelematicsDeps, companyId: number, provider: TelematicsProvider, checkBudget: () => void): Promise<number> {
  const name = provider.name;
  const rows = await deps.db
    .select({ id: trips.id })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .where(and(eq(trips.tripStatus, 'IN_TRANSIT'), eq(trucks.companyId, companyId)));
  let n = 0;
  for (const { id } of rows) {
    checkBudget();
    const r = await refreshTrack(deps, id, name, new Date(), provider);
    if (r.error) throw new ProviderError(name, r.error, 'unavailable');
    if (r.fetched) {
      n++;
      await deps.trackStored?.(id);
    }
  }
  return n;
}

/**
 * What the scheduled sync queues: each active company's providers that are switched on (`sourceOn`:
 * the company's and the TRIP settings' switch) and usable (a stored token, the provider configured:
 * `providerFor`). A provider without a token is left alone — the demo's companies have none (their
 * GPS history is stored demo data), so an offline demo never calls Samsara or GLE and shows no
 * failed runs (docs/integrations/telematics.md#demo-data).
 */
export async function dueSyncs(deps: TelematicsDeps): Promise<{ companyId: number; provider: ProviderName }[]> {
  const [rows, settings] = await Promise.all([
    deps.db
      .select({ id: companies.id, switches: companySwitchesSql(companies.id) })
      .from(companies)
      .where(
        and(
          eq(companies.active, true),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(companyProviders)
              .where(and(eq(companyProviders.companyId, companies.id), eq(companyProviders.enabled, true))),
          ),
        ),
      ),
    tripSettingsSwitches(deps.db),
  ]);
  const due: { companyId: number; provider: ProviderName }[] = [];
  for (const c of rows) {
    for (const provider of sourcesOn(switchesOf(c.switches), settings)) {
      if ((await providerFor(deps, c.id, provider)).enabled) due.push({ companyId: c.id, provider });
    }
  }
  return due;
}
