import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SourceMileStats } from '@milepost/contracts/mile-stats-api';
import {
  DEFAULT_PAY_RULE,
  MILEAGE_REVIEW_MESSAGES,
  READY_LIST_MAX,
  REVIEW_COUNT_CAP,
  REVIEW_STATUSES,
  approvedByRuleNote,
  payRuleSentence,
  ruleName,
  type ApproveStatus,
  type PayBasis,
  type PayRule,
  type ReadyList,
  type ReviewStatus,
  type approveBody,
  type payRuleUpdate,
  type reviewListQuery,
  type reviewReadyQuery,
} from '@milepost/contracts/mileage-review-api';
import type { RouteSource } from '@milepost/contracts/routing-api';
import { CENTRAL_TZ } from '@milepost/contracts/list-query';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';
import type { Db } from '../../db/client';
import { companyPayRules, tripReview } from '../../db/schema/mileage-review';
import { companies, globalSettings, trucks } from '../../db/schema/reference';
import { companyProviders, tripMileStats } from '../../db/schema/telematics';
import { tripHistory, tripStops, trips } from '../../db/schema/trips';
import { metresToEnteredMilesSql } from '../../db/units';
import { AppError } from '../../platform/errors';
import { orderBy } from '../../platform/paging';
import { decideReview } from './flags';

/**
 * Whether a company has a provider switched on (company_providers, kept by the telematics module;
 * this module cannot import it: telematics refreshes reviews). No company: off.
 */
const companyProviderOn = (provider: 'SAMSARA' | 'GLE') =>
  sql<boolean>`exists (select 1 from ${companyProviders} where ${companyProviders.companyId} = ${companies.id} and ${companyProviders.provider} = ${provider} and ${companyProviders.enabled})`;

/**
 * The Mileage Review queue (docs/mileage-review.md): each COMPLETED trip's review row is written
 * by `refreshTripReview` alone — called wherever the trip's figures or payable miles are stored —
 * and the queue, the approval and the export read those rows.
 */

export interface ReviewApproval {
  /** Who set the payable miles (null: nobody known, e.g. a backfill of an old trip). */
  actorId: number | null;
  /** The rule's name when approved by rule; null when by hand. */
  rule?: string | null;
}

const driverIntegration = (samsara: boolean, gle: boolean) => (samsara && gle ? 'Samsara and GLE' : samsara ? 'Samsara' : gle ? 'GLE' : null);

/**
 * Computes and stores the trip's review row from its stored figures (or removes it when the trip
 * is not COMPLETED). Runs inside the caller's transaction when given one. `approval` says who set
 * the payable miles when this write set or changed them.
 */
export async function refreshTripReview(db: Db, tripId: number, approval?: ReviewApproval): Promise<ReviewStatus | null> {
  // One statement: the trip, its company's rule and switches, its kept telematics figures and its stop addresses.
  const [t] = await db
    .select({
      status: trips.tripStatus,
      truckId: trips.truckId,
      driverId: trips.driverId,
      endDateTime: trips.endDateTime,
      routeSource: trips.routeSource,
      routeM: trips.routeM,
      routeTotalEmptyM: trips.routeTotalEmptyM,
      routeTotalM: trips.routeTotalM,
      // The trip keeps metres (docs/decisions/020-one-unit.md); the review row keeps the payable miles as typed.
      payableMileage: sql<number | null>`case when ${trips.payableM} is null then null else ${metresToEnteredMilesSql(trips.payableM)} end`,
      companyId: companies.id,
      companySamsara: companyProviderOn('SAMSARA'),
      companyGle: companyProviderOn('GLE'),
      settingsSamsara: globalSettings.samsaraEnabled,
      settingsGle: globalSettings.gleEnabled,
      payBasis: companyPayRules.payBasis,
      tolerancePct: companyPayRules.tolerancePct,
      prevPayable: tripReview.payableMileage,
      prevApprovedBy: tripReview.approvedBy,
      prevApprovedAt: tripReview.approvedAt,
      prevApprovedRule: tripReview.approvedRule,
      kept: sql<{ source: string; detail: unknown }[] | null>`(select json_agg(json_build_object('source', ${tripMileStats.source}, 'detail', ${tripMileStats.detail}))
        from ${tripMileStats} where ${tripMileStats.tripId} = ${trips.id} and ${tripMileStats.source} in ('SAMSARA', 'GLE'))`,
      stops: sql<string[] | null>`(select json_agg(${tripStops.address} order by ${tripStops.orderIndex}) from ${tripStops} where ${tripStops.tripId} = ${trips.id})`,
    })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(companies, eq(companies.id, trucks.companyId))
    .leftJoin(globalSettings, eq(globalSettings.type, 'TRIP'))
    .leftJoin(companyPayRules, eq(companyPayRules.companyId, trucks.companyId))
    .leftJoin(tripReview, eq(tripReview.tripId, trips.id))
    .where(eq(trips.id, tripId));
  if (!t || t.status !== 'COMPLETED') {
    await db.delete(tripReview).where(eq(tripReview.tripId, tripId));
    return null;
  }
  const samsara = t.companySamsara === true && t.settingsSamsara === true;
  const gle = t.companyGle === true && t.settingsGle === true;
  // The actual miles are the provider's the Reports read too: Samsara's, else GLE's (migration 0012).
  const kept = typeof t.kept === 'string' ? (JSON.parse(t.kept) as { source: string; detail: unknown }[]) : (t.kept ?? []);
  const bySource = new Map(kept.filter((k) => k.detail !== null && (k.source === 'SAMSARA' ? samsara : gle)).map((k) => [k.source, k.detail as SourceMileStats]));
  const actualSource = bySource.has('SAMSARA') ? 'SAMSARA' : bySource.has('GLE') ? 'GLE' : null;
  const rule = { payBasis: (t.payBasis ?? DEFAULT_PAY_RULE.payBasis) as PayBasis, tolerancePct: t.tolerancePct ?? DEFAULT_PAY_RULE.tolerancePct };
  const outcome = decideReview({
    route: { source: t.routeSource as RouteSource | null, totalMeters: t.routeTotalM, loadedMeters: t.routeM, emptyMeters: t.routeTotalEmptyM },
    actual: actualSource ? { source: actualSource, stats: bySource.get(actualSource)! } : null,
    integrationOn: samsara || gle,
    integrationName: driverIntegration(samsara, gle),
    rule,
    stops: typeof t.stops === 'string' ? (JSON.parse(t.stops) as string[]) : (t.stops ?? []),
    payableMileage: t.payableMileage,
  });

  // Who approved: kept while the payable miles stay what they were; set by the write that changed them.
  const payableChanged = t.payableMileage !== t.prevPayable || (t.prevApprovedAt === null && t.payableMileage !== null);
  const approvedFields =
    t.payableMileage === null
      ? { approvedBy: null, approvedAt: null, approvedRule: null }
      : payableChanged || approval?.rule
        ? { approvedBy: approval?.actorId ?? null, approvedAt: sql`now()` as unknown as Date, approvedRule: approval?.rule ?? null }
        : { approvedBy: t.prevApprovedBy, approvedAt: t.prevApprovedAt, approvedRule: t.prevApprovedRule };

  const values = {
    tripId,
    companyId: t.companyId,
    truckId: t.truckId,
    driverId: t.driverId,
    endDateTime: t.endDateTime,
    status: outcome.status,
    flags: outcome.flags,
    routedMeters: outcome.routedMeters,
    routeSource: t.routeSource,
    actualMeters: outcome.actualMeters,
    actualSource,
    differencePct: outcome.differencePct,
    ruleBasis: outcome.basis,
    ruleTolerancePct: rule.tolerancePct,
    suggestedFrom: outcome.suggested.from,
    suggestedPayable: outcome.suggested.payableMileage,
    suggestedLoaded: outcome.suggested.loadedMiles,
    suggestedEmpty: outcome.suggested.emptyMiles,
    payableMileage: t.payableMileage,
    ...approvedFields,
  };
  await db
    .insert(tripReview)
    .values(values)
    .onConflictDoUpdate({ target: tripReview.tripId, set: { ...values, computedAt: sql`now()` } });
  return outcome.status;
}

/** Recomputes the not yet approved review rows of a company (its rule or its integration changed), `batch` trips at a time. */
export async function refreshCompanyReviews(db: Db, companyId: number, batch = 500): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const ids = await db
      .select({ id: trips.id })
      .from(trips)
      .innerJoin(trucks, eq(trucks.id, trips.truckId))
      .where(and(eq(trucks.companyId, companyId), eq(trips.tripStatus, 'COMPLETED'), isNull(trips.payableM), sql`${trips.id} > ${after}`))
      .orderBy(asc(trips.id))
      .limit(batch);
    for (const { id } of ids) await refreshTripReview(db, id);
    done += ids.length;
    if (ids.length < batch) return done;
    after = ids.at(-1)!.id;
  }
}

/** Completed trips without a review row (trips stored before the queue existed): at most `limit` a run. */
export async function backfillReviews(db: Db, limit = 2000): Promise<number> {
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .leftJoin(tripReview, eq(tripReview.tripId, trips.id))
    .where(and(eq(trips.tripStatus, 'COMPLETED'), isNull(tripReview.tripId)))
    .limit(limit);
  for (const { id } of rows) await refreshTripReview(db, id);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Pay rule

async function companyIntegration(db: Db, companyId: number) {
  const [c] = await db
    .select({ samsara: companyProviderOn('SAMSARA'), gle: companyProviderOn('GLE'), settingsSamsara: globalSettings.samsaraEnabled, settingsGle: globalSettings.gleEnabled })
    .from(companies)
    .leftJoin(globalSettings, eq(globalSettings.type, 'TRIP'))
    .where(eq(companies.id, companyId));
  if (!c) throw new AppError('NOT_FOUND', MILEAGE_REVIEW_MESSAGES.companyNotFound);
  return (c.samsara && c.settingsSamsara === true) || (c.gle && c.settingsGle === true);
}

export async function getPayRule(db: Db, companyId: number): Promise<PayRule> {
  const [hasIntegration, [row]] = await Promise.all([
    companyIntegration(db, companyId),
    db.select().from(companyPayRules).where(eq(companyPayRules.companyId, companyId)),
  ]);
  const rule = row ? { payBasis: row.payBasis as PayBasis, tolerancePct: row.tolerancePct, version: row.version } : { ...DEFAULT_PAY_RULE };
  return { companyId, ...rule, hasIntegration, sentence: payRuleSentence(rule, hasIntegration) };
}

/** Saves the rule (the version it was read at; 0 for the default) and recomputes the company's open trips. */
export async function savePayRule(db: Db, actorId: number, companyId: number, input: z.output<typeof payRuleUpdate>): Promise<PayRule> {
  await db.transaction(async (tx) => {
    await companyIntegration(tx, companyId);
    const [row] = await tx.select({ version: companyPayRules.version }).from(companyPayRules).where(eq(companyPayRules.companyId, companyId)).for('update');
    if ((row?.version ?? 0) !== input.version) throw new AppError('STALE_VERSION', MILEAGE_REVIEW_MESSAGES.staleRule);
    const values = { payBasis: input.payBasis, tolerancePct: input.tolerancePct, updatedBy: actorId, updatedAt: sql`now()` as unknown as Date };
    if (row) await tx.update(companyPayRules).set({ ...values, version: sql`${companyPayRules.version} + 1` }).where(eq(companyPayRules.companyId, companyId));
    else
      await tx
        .insert(companyPayRules)
        .values({ companyId, ...values, version: 1 })
        // Two first saves at once: the second finds the first's row and is stale.
        .onConflictDoNothing()
        .returning({ id: companyPayRules.companyId })
        .then((r) => {
          if (!r.length) throw new AppError('STALE_VERSION', MILEAGE_REVIEW_MESSAGES.staleRule);
        });
  });
  await refreshCompanyReviews(db, companyId);
  return getPayRule(db, companyId);
}

// ---------------------------------------------------------------------------------------------
// Queue

const r = tripReview;
const t = trips;
const MI = sql.raw(String(metresToMiles(1)));

function reviewFilters(q: { companyId?: number | undefined; truckId?: number | undefined; driverId?: number | undefined; fromDate?: Date | undefined; toDate?: Date | undefined }): SQL[] {
  const f: SQL[] = [];
  if (q.companyId !== undefined) f.push(sql`${r.companyId} = ${q.companyId}`);
  if (q.truckId !== undefined) f.push(sql`${r.truckId} = ${q.truckId}`);
  if (q.driverId !== undefined) f.push(sql`${r.driverId} = ${q.driverId}`);
  if (q.fromDate) f.push(sql`${r.endDateTime} >= ${q.fromDate.toISOString()}`);
  if (q.toDate) f.push(sql`${r.endDateTime} <= ${q.toDate.toISOString()}`);
  return f;
}
const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

const sortColumns = {
  endDateTime: r.endDateTime,
  differencePct: r.differencePct,
  routedMiles: r.routedMeters,
  actualMiles: r.actualMeters,
  payableMileage: r.payableMileage,
};

const rowJson = sql`json_build_object(
  'tripId', ${r.tripId}, 'version', ${t.version}, 'identifierType', ${t.identifierType}, 'number', ${t.identifierValue},
  'unitNumber', ${t.truckUnit}, 'driverName', ${t.driverName}, 'companyName', ${t.companyName},
  'endDateTime', to_char(${r.endDateTime} at time zone ${sql.raw(`'${CENTRAL_TZ}'`)}, 'MM/DD/YYYY HH24:MI:SS'),
  'routedMiles', ${r.routedMeters} * ${MI}::float8, 'routeSource', ${r.routeSource},
  'actualMiles', ${r.actualMeters} * ${MI}::float8, 'actualSource', ${r.actualSource},
  'differencePct', ${r.differencePct}, 'flags', ${r.flags},
  'suggested', json_build_object('payableMileage', ${r.suggestedPayable}, 'loadedMiles', ${r.suggestedLoaded}, 'emptyMiles', ${r.suggestedEmpty},
    'basis', ${r.ruleBasis}, 'from', ${r.suggestedFrom}),
  'payableMileage', ${r.payableMileage}, 'status', ${r.status})`;

/**
 * One page of the queue as the JSON text of `reviewPage`, with the count of each status in the
 * same filter (exact up to REVIEW_COUNT_CAP), in one statement over `trip_review`'s indexes.
 */
export async function listReview(db: Db, q: z.output<typeof reviewListQuery>): Promise<string> {
  const filters = reviewFilters(q);
  const pageWhere = whereOf([sql`${r.status} = ${q.status}`, ...filters]);
  // The default: the latest trips first.
  const order = q.sort.length ? orderBy(q.sort, sortColumns, r.tripId) : [sql`${r.endDateTime} desc nulls last`, sql`${r.tripId} desc`];
  const capped = (status: ReviewStatus) =>
    sql`(select count(*)::int from (select 1 from ${r} ${whereOf([sql`${r.status} = ${status}`, ...filters])} limit ${REVIEW_COUNT_CAP + 1}) c)`;
  const result = (await db.execute(sql`
    select coalesce((select json_agg(x.j) from (
        select ${rowJson} as j from (select ${r.tripId} as id from ${r} ${pageWhere} order by ${sql.join(order, sql`, `)} limit ${q.size} offset ${q.page * q.size}) p
        join ${r} on ${r.tripId} = p.id join ${t} on ${t.id} = p.id
        order by ${sql.join(order, sql`, `)}
      ) x), '[]')::text as content,
      ${capped('NEEDS_REVIEW')} as needs, ${capped('READY')} as ready, ${capped('APPROVED')} as approved`)) as unknown as {
    rows: { content: string; needs: number; ready: number; approved: number }[];
  };
  const row = result.rows[0]!;
  const counts = { NEEDS_REVIEW: Number(row.needs), READY: Number(row.ready), APPROVED: Number(row.approved) };
  const capped_ = REVIEW_STATUSES.filter((s) => counts[s] > REVIEW_COUNT_CAP);
  const total = counts[q.status];
  return `{"content":${row.content},"totalElements":${total},"totalPages":${Math.ceil(total / q.size)},"page":${q.page},"size":${q.size},"counts":${JSON.stringify(counts)},"countsCapped":${JSON.stringify(capped_)}${capped_.includes(q.status) ? ',"totalIsEstimate":true' : ''}}`;
}

/** Every READY trip of a filter with its version and suggested payable miles (for "Approve all ready in this filter"). */
export async function readyItems(db: Db, q: z.output<typeof reviewReadyQuery>): Promise<ReadyList> {
  const rows = (await db.execute(sql`
    select ${r.tripId} as "tripId", ${t.version} as "version", ${r.suggestedPayable} as "payableMileage"
    from ${r} join ${t} on ${t.id} = ${r.tripId}
    ${whereOf([sql`${r.status} = 'READY'`, ...reviewFilters(q)])}
    order by ${r.endDateTime} desc nulls last, ${r.tripId} desc limit ${READY_LIST_MAX + 1}`)) as unknown as { rows: { tripId: number; version: number; payableMileage: number | null }[] };
  const items = rows.rows.slice(0, READY_LIST_MAX).map((x) => ({ tripId: Number(x.tripId), version: Number(x.version), payableMileage: x.payableMileage === null ? null : Number(x.payableMileage) }));
  const totalMiles = Math.round(items.reduce((s, i) => s + (i.payableMileage ?? 0), 0) * 10) / 10;
  return { items, totalMiles, truncated: rows.rows.length > READY_LIST_MAX };
}

// ---------------------------------------------------------------------------------------------
// Approve by rule

const historyValue = (v: number | null) => (v === null ? null : String(v));

/** Approves one READY trip by its suggestion, in its own transaction. */
export async function approveOne(db: Db, actorId: number, item: { tripId: number; version: number }): Promise<ApproveStatus> {
  return db.transaction(async (tx) => {
    // The trip locked, with its review row (written with the trip's figures, so current under the lock).
    const [row] = await tx
      .select({
        status: trips.tripStatus,
        version: trips.version,
        empty: sql<number | null>`case when ${trips.emptyM} is null then null else ${metresToEnteredMilesSql(trips.emptyM)} end`,
        loaded: sql<number | null>`case when ${trips.loadedM} is null then null else ${metresToEnteredMilesSql(trips.loadedM)} end`,
        payable: sql<number | null>`case when ${trips.payableM} is null then null else ${metresToEnteredMilesSql(trips.payableM)} end`,
        review: { status: r.status, loaded: r.suggestedLoaded, empty: r.suggestedEmpty, payable: r.suggestedPayable, basis: r.ruleBasis, tolerance: r.ruleTolerancePct },
      })
      .from(trips)
      .leftJoin(r, eq(r.tripId, trips.id))
      .where(eq(trips.id, item.tripId))
      .for('update', { of: trips });
    if (!row || row.status !== 'COMPLETED') return 'NOT_FOUND';
    if (row.version !== item.version) return 'STALE_VERSION';
    const review = row.review;
    if (!review || review.status !== 'READY' || review.payable === null) return 'NOT_READY';
    await tx
      .update(trips)
      .set({ emptyM: review.empty === null ? null : milesToMetres(review.empty), loadedM: review.loaded === null ? null : milesToMetres(review.loaded), payableM: milesToMetres(review.payable), updatedBy: actorId, updatedAt: sql`now()`, version: sql`${trips.version} + 1` })
      .where(eq(trips.id, item.tripId));
    const basis = review.basis as PayBasis;
    const changes = [
      ['EMPTY_MILES', row.empty, review.empty, null],
      ['LOADED_MILES', row.loaded, review.loaded, null],
      ['PAYABLE_MILEAGE', row.payable, review.payable, approvedByRuleNote(basis, review.tolerance)],
    ] as const;
    const history = changes
      .filter(([c, a, b]) => a !== b || c === 'PAYABLE_MILEAGE')
      .map(([columnName, a, b, note]) => ({
        tripId: item.tripId,
        columnName,
        oldValue: historyValue(a),
        newValue: note ? `${historyValue(b)} (${note})` : historyValue(b),
        changedBy: actorId,
        createdAt: sql`clock_timestamp()` as unknown as Date,
      }));
    await tx.insert(tripHistory).values(history);
    await refreshTripReview(tx, item.tripId, { actorId, rule: ruleName(basis, review.tolerance) });
    return 'APPROVED';
  });
}

/** Trips approved at once, each in its own transaction (a few of the pool's connections; different trips never wait on each other). */
const APPROVE_CONCURRENCY = 8;

export async function approve(db: Db, actorId: number, body: z.output<typeof approveBody>) {
  const results: { tripId: number; status: ApproveStatus }[] = new Array(body.items.length);
  let next = 0;
  const worker = async () => {
    while (next < body.items.length) {
      const i = next++;
      const item = body.items[i]!;
      results[i] = { tripId: item.tripId, status: await approveOne(db, actorId, item) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(APPROVE_CONCURRENCY, body.items.length) }, worker));
  return { results };
}
