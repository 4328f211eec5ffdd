import { and, asc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
  type ApproveResultItem,
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
import { metresToEnteredMiles, milesToMetres } from '@milepost/geo/units';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/access';
import { companyPayRules, tripReview, tripReviewCounts } from '../../db/schema/mileage-review';
import { companies, trucks } from '../../db/schema/reference';
import { tripMileStats } from '../../db/schema/telematics';
import { tripHistory, tripStops, trips } from '../../db/schema/trips';
import { compiledOnce, compiledPerShape, executeCompiled, givenNames, placeholdersFor } from '../../db/compiled';
import { metresToEnteredMilesSql, metresToMilesSql } from '../../db/units';
import { AppError } from '../../platform/errors';
import { orderBy } from '../../platform/paging';
import type { JsonPieces } from '../../platform/json-text';
import { decideReview, REVIEW_FLAGS_VERSION } from './flags';
import { companyProviderOnSql, PROVIDER_LABEL, PROVIDER_REVIEW_WORD, PROVIDERS, sourcesOf, sourceSwitchesSql, type ProviderName } from '../telematics';

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

const metresOf = (miles: number | null) => (miles === null ? null : milesToMetres(miles));

/** The integrations a trip's figures come from, in words (their labels joined with "and"); null for none. */
const integrationName = (sources: readonly ProviderName[]) => (sources.length ? sources.map((p) => PROVIDER_LABEL[p]).join(' and ') : null);

export interface RefreshOptions {
  /**
   * An approved row keeps the rule it was computed under (its basis, tolerance and version) rather
   * than taking its company's current rule: the flags backfill rewrites an approved row's flags
   * without moving it to a rule it was not approved by (docs/mileage-review.md "Rows of an older
   * flags version"). Open rows always take the current rule.
   */
  keepApprovedRule?: boolean;
}

/**
 * Computes and stores the trip's review row from its stored figures (or removes it when the trip
 * is not COMPLETED). Runs inside the caller's transaction when given one. `approval` says who set
 * the payable miles when this write set or changed them.
 */
export async function refreshTripReview(db: Db, tripId: number, approval?: ReviewApproval, opts: RefreshOptions = {}): Promise<ReviewStatus | null> {
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
      // Metres, on the trip and on its review row (docs/decisions/020-one-unit.md).
      payableM: trips.payableM,
      companyId: companies.id,
      // The company's and the TRIP settings' switches, read by the telematics module's rule (sourceOn).
      switches: sourceSwitchesSql(trucks.companyId),
      payBasis: companyPayRules.payBasis,
      tolerancePct: companyPayRules.tolerancePct,
      ruleVersion: companyPayRules.version,
      prevPayable: tripReview.payableM,
      prevApprovedBy: tripReview.approvedBy,
      prevApprovedAt: tripReview.approvedAt,
      prevApprovedRule: tripReview.approvedRule,
      prevRuleBasis: tripReview.ruleBasis,
      prevRuleTolerancePct: tripReview.ruleTolerancePct,
      prevRuleVersion: tripReview.ruleVersion,
      kept: sql<{ source: string; detail: unknown }[] | null>`(select json_agg(json_build_object('source', ${tripMileStats.source}, 'detail', ${tripMileStats.detail}))
        from ${tripMileStats} where ${tripMileStats.tripId} = ${trips.id} and ${tripMileStats.source} in ${[...PROVIDERS]})`,
      stops: sql<string[] | null>`(select json_agg(${tripStops.address} order by ${tripStops.orderIndex}) from ${tripStops} where ${tripStops.tripId} = ${trips.id})`,
    })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(companies, eq(companies.id, trucks.companyId))
    .leftJoin(companyPayRules, eq(companyPayRules.companyId, trucks.companyId))
    .leftJoin(tripReview, eq(tripReview.tripId, trips.id))
    .where(eq(trips.id, tripId));
  if (!t || t.status !== 'COMPLETED') {
    await db.delete(tripReview).where(eq(tripReview.tripId, tripId));
    return null;
  }
  const sources = t.companyId === null ? [] : sourcesOf(t.switches);
  // The actual miles are the provider's the Reports read too: the first source on that has figures (PROVIDERS order, migration 0012).
  const kept = typeof t.kept === 'string' ? (JSON.parse(t.kept) as { source: string; detail: unknown }[]) : (t.kept ?? []);
  const bySource = new Map(kept.filter((k) => k.detail !== null && sources.includes(k.source as ProviderName)).map((k) => [k.source, k.detail as SourceMileStats]));
  const actualSource = sources.find((p) => bySource.has(p)) ?? null;
  const keepRule = opts.keepApprovedRule === true && t.payableM !== null && t.prevPayable !== null && t.prevRuleBasis !== null;
  const rule = keepRule
    ? { payBasis: t.prevRuleBasis as PayBasis, tolerancePct: t.prevRuleTolerancePct! }
    : { payBasis: (t.payBasis ?? DEFAULT_PAY_RULE.payBasis) as PayBasis, tolerancePct: t.tolerancePct ?? DEFAULT_PAY_RULE.tolerancePct };
  const outcome = decideReview({
    route: { source: t.routeSource as RouteSource | null, totalMeters: t.routeTotalM, loadedMeters: t.routeM, emptyMeters: t.routeTotalEmptyM },
    actual: actualSource ? { source: actualSource, stats: bySource.get(actualSource)!, word: PROVIDER_REVIEW_WORD[actualSource] } : null,
    integrationOn: sources.length > 0,
    integrationName: integrationName(sources),
    rule,
    stops: typeof t.stops === 'string' ? (JSON.parse(t.stops) as string[]) : (t.stops ?? []),
    payableMileage: t.payableM === null ? null : metresToEnteredMiles(t.payableM),
  });

  // Who approved: kept while the payable miles stay what they were; set by the write that changed them.
  const payableChanged = t.payableM !== t.prevPayable || (t.prevApprovedAt === null && t.payableM !== null);
  const approvedFields =
    t.payableM === null
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
    flagsVersion: REVIEW_FLAGS_VERSION,
    routedM: outcome.routedMeters,
    routeSource: t.routeSource,
    actualM: outcome.actualMeters,
    actualSource,
    actualCoverage: outcome.actualCoverage,
    differencePct: outcome.differencePct,
    ruleBasis: outcome.basis,
    ruleTolerancePct: rule.tolerancePct,
    ruleVersion: keepRule ? t.prevRuleVersion! : (t.ruleVersion ?? 0),
    suggestedFrom: outcome.suggested.from,
    // The suggestion is decided in miles (to 0.1, as staff would type it) and kept in metres.
    suggestedPayableM: metresOf(outcome.suggested.payableMileage),
    suggestedLoadedM: metresOf(outcome.suggested.loadedMiles),
    suggestedEmptyM: metresOf(outcome.suggested.emptyMiles),
    payableM: t.payableM,
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

/**
 * Recomputes the open review rows of every company that runs `provider`: the trip settings'
 * switch of that provider decides whose figures are the actual miles, so when it changes these
 * rows follow. A job's work (jobs.ts, REVIEW_REFRESH_QUEUE), queued by the settings save.
 */
export async function refreshProviderReviews(db: Db, provider: ProviderName): Promise<number> {
  const rows = await db.select({ id: companies.id }).from(companies).where(companyProviderOnSql(provider, companies.id)).orderBy(asc(companies.id));
  let done = 0;
  for (const { id } of rows) done += await refreshCompanyReviews(db, id);
  return done;
}

/**
 * Review rows written before their flags' shape (`flags_version` below REVIEW_FLAGS_VERSION: flags
 * without params, migration 0035) computed again with `refreshTripReview`, in trip order, at most
 * `limit` a run and RULE_RECOMPUTE_BATCH a transaction, so a process killed mid-way leaves whole
 * batches done. An approved row keeps the rule it was approved by (`keepApprovedRule`); its payable
 * miles and approval are kept as they are. The background backfill's work
 * (modules/trip-figures/jobs.ts); answers the rows recomputed.
 */
export async function recomputeOldFlagReviews(db: Db, limit = 2000, signal?: AbortSignal): Promise<number> {
  let done = 0;
  let after = 0;
  while (done < limit) {
    if (signal?.aborted) return done;
    const ids = await db
      .select({ id: tripReview.tripId })
      .from(tripReview)
      // The literal 1 matches the partial index trip_review_flags_version_idx (migration 0035).
      .where(and(sql`${tripReview.flagsVersion} < ${sql.raw(String(REVIEW_FLAGS_VERSION))}`, sql`${tripReview.tripId} > ${after}`))
      .orderBy(asc(tripReview.tripId))
      .limit(Math.min(RULE_RECOMPUTE_BATCH, limit - done));
    if (!ids.length) return done;
    await db.transaction(async (tx) => {
      for (const { id } of ids) await refreshTripReview(tx, id, undefined, { keepApprovedRule: true });
    });
    done += ids.length;
    after = ids.at(-1)!.id;
  }
  return done;
}

/** Completed trips without a review row (trips stored before the queue existed): at most `limit` a run. */
export async function backfillReviews(db: Db, limit = 2000, signal?: AbortSignal): Promise<number> {
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .leftJoin(tripReview, eq(tripReview.tripId, trips.id))
    .where(and(eq(trips.tripStatus, 'COMPLETED'), isNull(tripReview.tripId)))
    .limit(limit);
  let done = 0;
  for (const { id } of rows) {
    if (signal?.aborted) break;
    await refreshTripReview(db, id);
    done++;
  }
  return done;
}

// ---------------------------------------------------------------------------------------------
// Pay rule

async function companyIntegration(db: Db, companyId: number) {
  const [c] = await db
    .select({ switches: sourceSwitchesSql(companies.id) })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c) throw new AppError('NOT_FOUND', MILEAGE_REVIEW_MESSAGES.companyNotFound);
  return sourcesOf(c.switches).length > 0;
}

export async function getPayRule(db: Db, companyId: number): Promise<PayRule> {
  const [hasIntegration, [row]] = await Promise.all([companyIntegration(db, companyId), db.select().from(companyPayRules).where(eq(companyPayRules.companyId, companyId))]);
  const rule = row ? { payBasis: row.payBasis as PayBasis, tolerancePct: row.tolerancePct, version: row.version } : { ...DEFAULT_PAY_RULE };
  return { companyId, ...rule, hasIntegration, sentence: payRuleSentence(rule, hasIntegration) };
}

/**
 * Saves the rule (the version it was read at; 0 for the default) and answers it with its new
 * version. The company's open review rows are not recomputed here: the caller queues the pay-rule
 * job (`recomputeRuleReviews`), and rows behind the rule are never approved by rule meanwhile.
 */
export async function savePayRule(db: Db, actorId: number, companyId: number, input: z.output<typeof payRuleUpdate>): Promise<PayRule> {
  await db.transaction((tx) => writePayRule(tx, actorId, companyId, input));
  return getPayRule(db, companyId);
}

/**
 * The rule's write inside the caller's transaction (savePayRule; the company form's one Save,
 * companies/service.ts); answers the rule's new version.
 */
export async function writePayRule(tx: Db, actorId: number, companyId: number, input: z.output<typeof payRuleUpdate>): Promise<number> {
  await companyIntegration(tx, companyId);
  const [row] = await tx.select({ version: companyPayRules.version }).from(companyPayRules).where(eq(companyPayRules.companyId, companyId)).for('update');
  if ((row?.version ?? 0) !== input.version) throw new AppError('STALE_VERSION', MILEAGE_REVIEW_MESSAGES.staleRule);
  const values = { payBasis: input.payBasis, tolerancePct: input.tolerancePct, updatedBy: actorId, updatedAt: sql`now()` as unknown as Date };
  if (row)
    await tx
      .update(companyPayRules)
      .set({ ...values, version: sql`${companyPayRules.version} + 1` })
      .where(eq(companyPayRules.companyId, companyId));
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
  return input.version + 1;
}

/** Open review rows recomputed in one transaction by the pay-rule job (small: on PGlite a transaction holds the one connection). */
export const RULE_RECOMPUTE_BATCH = 100;

/**
 * Brings a company's open review rows (no payable miles) computed under an older version of its
 * pay rule up to the current one, `batch` rows a transaction, in trip order: a process killed
 * mid-way leaves whole batches done and the rest still behind, which the next run finds
 * (docs/mileage-review.md "Pay rule"). The job's work (jobs.ts, PAY_RULE_QUEUE). Answers the
 * rows recomputed.
 */
export async function recomputeRuleReviews(db: Db, companyId: number, opts: { batch?: number; signal?: AbortSignal } = {}): Promise<number> {
  const batch = opts.batch ?? RULE_RECOMPUTE_BATCH;
  let done = 0;
  let after = 0;
  for (;;) {
    if (opts.signal?.aborted) return done;
    const ids = await db
      .select({ id: tripReview.tripId })
      .from(tripReview)
      .innerJoin(companyPayRules, eq(companyPayRules.companyId, tripReview.companyId))
      .where(
        and(eq(tripReview.companyId, companyId), isNull(tripReview.payableM), sql`${tripReview.ruleVersion} < ${companyPayRules.version}`, sql`${tripReview.tripId} > ${after}`),
      )
      .orderBy(asc(tripReview.tripId))
      .limit(batch);
    if (!ids.length) return done;
    await db.transaction(async (tx) => {
      for (const { id } of ids) await refreshTripReview(tx, id);
    });
    done += ids.length;
    after = ids.at(-1)!.id;
  }
}

/** The companies with open review rows behind their pay rule (a recompute was killed, or never queued). */
export async function companiesBehindRule(db: Db): Promise<{ companyId: number; version: number }[]> {
  const result = (await db.execute(sql`
    select p.company_id as "companyId", p.version from ${companyPayRules} p
    where exists (select 1 from ${tripReview} b where b.company_id = p.company_id and b.payable_m is null and b.rule_version < p.version)
    order by p.company_id`)) as unknown as { rows: { companyId: number; version: number }[] };
  return result.rows.map((x) => ({ companyId: Number(x.companyId), version: Number(x.version) }));
}

// ---------------------------------------------------------------------------------------------
// Queue

const r = tripReview;
const t = trips;

/** The queue's filters by name; their values bound by the caller (a value, or a placeholder: `listReview`). */
const REVIEW_FILTERS = ['companyId', 'truckId', 'driverId', 'fromDate', 'toDate'] as const;
type ReviewFilterName = (typeof REVIEW_FILTERS)[number];
type ReviewFilterValues = Partial<Record<ReviewFilterName, unknown>>;

/** A filter's values as the statement takes them (the dates as ISO text); the filters not given are left out. */
function reviewFilterValues(q: { companyId?: number; truckId?: number; driverId?: number; fromDate?: Date; toDate?: Date }): ReviewFilterValues {
  const v: ReviewFilterValues = {};
  for (const name of REVIEW_FILTERS) {
    const value = q[name];
    if (value !== undefined) v[name] = value instanceof Date ? value.toISOString() : value;
  }
  return v;
}

function reviewFilters(v: ReviewFilterValues): SQL[] {
  const f: SQL[] = [];
  if (v.companyId !== undefined) f.push(sql`${r.companyId} = ${v.companyId}`);
  if (v.truckId !== undefined) f.push(sql`${r.truckId} = ${v.truckId}`);
  if (v.driverId !== undefined) f.push(sql`${r.driverId} = ${v.driverId}`);
  if (v.fromDate !== undefined) f.push(sql`${r.endDateTime} >= ${v.fromDate}`);
  if (v.toDate !== undefined) f.push(sql`${r.endDateTime} <= ${v.toDate}`);
  return f;
}
const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

const sortColumns = {
  endDateTime: r.endDateTime,
  differencePct: r.differencePct,
  routedMiles: r.routedM,
  actualMiles: r.actualM,
  payableMileage: r.payableM,
};

/** The figures' sort keys where a period is filtered: the same order, not served by the figures' own indexes (listReview). */
const periodSortColumns = {
  differencePct: sql`(${r.differencePct} + 0)`,
  routedMiles: sql`(${r.routedM} + 0)`,
  actualMiles: sql`(${r.actualM} + 0)`,
  payableMileage: sql`(${r.payableM} + 0)`,
};

/** A queue row's JSON, written out as SQL text once (`compiledOnce`, docs/trips-query-plans.md). */
const rowJson = compiledOnce(sql`json_build_object(
  'tripId', ${r.tripId}, 'version', ${t.version}, 'identifierType', ${t.identifierType}, 'number', ${t.identifierValue},
  'truckId', ${r.truckId}, 'unitNumber', ${t.truckUnit}, 'driverId', ${r.driverId}, 'driverName', ${t.driverName}, 'companyName', ${t.companyName},
  'endDateTime', to_char(${r.endDateTime} at time zone ${sql.raw(`'${CENTRAL_TZ}'`)}, 'MM/DD/YYYY HH24:MI:SS'),
  'routedMiles', ${metresToMilesSql(r.routedM)}, 'routeSource', ${r.routeSource},
  'actualMiles', ${metresToMilesSql(r.actualM)}, 'actualSource', ${r.actualSource}, 'actualCoverage', ${r.actualCoverage},
  'differencePct', ${r.differencePct}, 'flags', ${r.flags},
  'suggested', json_build_object('payableMileage', ${metresToEnteredMilesSql(r.suggestedPayableM)}, 'loadedMiles', ${metresToEnteredMilesSql(r.suggestedLoadedM)},
    'emptyMiles', ${metresToEnteredMilesSql(r.suggestedEmptyM)},
    'basis', ${r.ruleBasis}, 'from', ${r.suggestedFrom}),
  'payableMileage', ${metresToEnteredMilesSql(r.payableM)}, 'status', ${r.status})`);

/** The pay rule of the company a queue filter shows, with its name; null for no such company. */
async function companyRuleInView(db: Db, companyId: number) {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!c) return null;
  const rule = await getPayRule(db, companyId);
  return { companyId, companyName: c.name, sentence: rule.sentence };
}

/** A status as an SQL literal: one of REVIEW_STATUSES, never user text. */
const statusLiteral = (status: ReviewStatus) => sql.raw(`'${status}'`);

/**
 * The queue's counts per status and whether the pay-rule job is still recomputing, as columns of
 * the page's statement. The whole queue's or one company's counts are exact, from
 * trip_review_counts; in a narrower filter each status is counted up to REVIEW_COUNT_CAP from the
 * filter's index. The whole queue's columns hold no value, so they are SQL text written once.
 */
const countsKept = (v: ReviewFilterValues) => v.truckId === undefined && v.driverId === undefined && v.fromDate === undefined && v.toDate === undefined;

function countsColumns(v: ReviewFilterValues, filters: SQL[]): SQL {
  const kept = countsKept(v);
  const count = (status: ReviewStatus) =>
    kept
      ? sql`(select coalesce(sum(${tripReviewCounts.trips}), 0)::int from ${tripReviewCounts} where ${tripReviewCounts.status} = ${statusLiteral(status)}${
          v.companyId !== undefined ? sql` and ${tripReviewCounts.companyId} = ${v.companyId}` : sql``
        })`
      : sql`(select count(*)::int from (select 1 from ${r} ${whereOf([sql`${r.status} = ${statusLiteral(status)}`, ...filters])} limit ${sql.raw(String(REVIEW_COUNT_CAP + 1))}) c)`;
  return sql`${count('NEEDS_REVIEW')} as needs, ${count('READY')} as ready, ${count('APPROVED')} as approved,
      -- Open rows of the filter's company (or of any company) still behind its pay rule: the job is recomputing them.
      exists (select 1 from ${companyPayRules} p where ${v.companyId !== undefined ? sql`p.company_id = ${v.companyId}` : sql`true`}
        and exists (select 1 from ${r} b where b.company_id = p.company_id and b.payable_m is null and b.rule_version < p.version)) as recomputing`;
}

/**
 * The queue's page statement, written out once per shape (`compiledPerShape`): which filters are
 * given and the order; the status, the filters' values, the limit and the offset are its values.
 */
const reviewPageStatement = compiledPerShape((shape: { filters: ReviewFilterName[]; sort: z.output<typeof reviewListQuery>['sort'] }) => {
  const v: ReviewFilterValues = placeholdersFor(shape.filters);
  const filters = reviewFilters(v);
  const pageWhere = whereOf([sql`${r.status} = ${sql.placeholder('status')}`, ...filters]);
  // A period is read as its range of an end-date index and sorted there (its sort figures are in
  // that index): a figure's own index walked in order would pass every trip outside the period
  // first, and the planner cannot tell how many (the ids run with the dates). `+ 0` keeps the
  // order and the nulls' place, and takes those indexes out of the choice (docs/mileage-review.md).
  const columns = v.fromDate !== undefined || v.toDate !== undefined ? { ...sortColumns, ...periodSortColumns } : sortColumns;
  // The default: the latest trips first — the end-date index read backwards (a completed trip without an end date, if any, leads).
  const order = shape.sort.length ? orderBy(shape.sort, columns, r.tripId) : [sql`${r.endDateTime} desc`, sql`${r.tripId} desc`];
  return sql`
    select coalesce((select json_agg(x.j) from (
        select ${rowJson} as j from (select ${r.tripId} as id from ${r} ${pageWhere} order by ${sql.join(order, sql`, `)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p
        join ${r} on ${r.tripId} = p.id join ${t} on ${t.id} = p.id
        order by ${sql.join(order, sql`, `)}
      ) x), '[]')::text as content,
      ${countsColumns(v, filters)}`;
});

/**
 * One page of the queue as the JSON text of `reviewPage`, with the count of each status in the
 * same filter (exact up to REVIEW_COUNT_CAP), in one statement over `trip_review`'s indexes.
 */
export async function listReview(db: Db, q: z.output<typeof reviewListQuery>): Promise<JsonPieces> {
  const values = reviewFilterValues(q);
  const statement = reviewPageStatement({ filters: givenNames(REVIEW_FILTERS, values), sort: q.sort }, { ...values, status: q.status, limit: q.size, offset: q.page * q.size });
  const result = await executeCompiled<{ content: string; needs: number; ready: number; approved: number; recomputing: boolean }>(db, statement);
  const row = result.rows[0]!;
  const rule = q.companyId !== undefined ? await companyRuleInView(db, q.companyId) : null;
  const counts = { NEEDS_REVIEW: Number(row.needs), READY: Number(row.ready), APPROVED: Number(row.approved) };
  const capped = countsKept(values) ? [] : REVIEW_STATUSES.filter((s) => counts[s] > REVIEW_COUNT_CAP);
  const total = counts[q.status];
  return [
    '{"content":',
    row.content,
    `,"totalElements":${total},"totalPages":${Math.ceil(total / q.size)},"page":${q.page},"size":${q.size},"counts":${JSON.stringify(counts)},"countsCapped":${JSON.stringify(capped)},"recomputing":${row.recomputing === true},"rule":${JSON.stringify(rule)}${capped.includes(q.status) ? ',"totalIsEstimate":true' : ''}}`,
  ];
}

/** Every READY trip of a filter with its version and suggested payable miles (for "Approve all ready in this filter"). */
export async function readyItems(db: Db, q: z.output<typeof reviewReadyQuery>): Promise<ReadyList> {
  const rows = (await db.execute(sql`
    select ${r.tripId} as "tripId", ${t.version} as "version", ${metresToEnteredMilesSql(r.suggestedPayableM)} as "payableMileage"
    from ${r} join ${t} on ${t.id} = ${r.tripId}
    ${whereOf([sql`${r.status} = 'READY'`, ...reviewFilters(reviewFilterValues(q))])}
    order by ${r.endDateTime} desc, ${r.tripId} desc limit ${READY_LIST_MAX + 1}`)) as unknown as { rows: { tripId: number; version: number; payableMileage: number | null }[] };
  const items = rows.rows
    .slice(0, READY_LIST_MAX)
    .map((x) => ({ tripId: Number(x.tripId), version: Number(x.version), payableMileage: x.payableMileage === null ? null : Number(x.payableMileage) }));
  const totalMiles = Math.round(items.reduce((s, i) => s + (i.payableMileage ?? 0), 0) * 10) / 10;
  return { items, totalMiles, truncated: rows.rows.length > READY_LIST_MAX };
}

// ---------------------------------------------------------------------------------------------
// Approve by rule

const historyValue = (metres: number | null) => (metres === null ? null : String(metresToEnteredMiles(metres)));

/** One trip as an approval reads it: the trip's figures and its review row's suggestion (metres). */
interface ApprovalRow {
  id: number;
  tripStatus: string;
  version: number;
  emptyM: number | null;
  loadedM: number | null;
  payableM: number | null;
  reviewStatus: string | null;
  suggestedPayableM: number | null;
  suggestedLoadedM: number | null;
  suggestedEmptyM: number | null;
  ruleBasis: string | null;
  ruleTolerancePct: number | null;
  /** The rule version the review row was computed under, and its company's current one (0: none saved). */
  ruleVersion: number | null;
  currentRuleVersion: number;
}

/** The current version of the review row's company's pay rule (0: none saved). */
const currentRuleVersionSql = (lock: boolean) =>
  sql<number>`coalesce((select p.version from ${companyPayRules} p where p.company_id = ${r.companyId}${lock ? sql` for share` : sql``}), 0)`;

/** The trips of an approval in one read (no lock): most answers are known from it. */
async function readForApproval(db: Db, tripIds: number[]): Promise<Map<number, ApprovalRow>> {
  const rows = await db
    .select({
      id: trips.id,
      tripStatus: trips.tripStatus,
      version: trips.version,
      emptyM: trips.emptyM,
      loadedM: trips.loadedM,
      payableM: trips.payableM,
      reviewStatus: r.status,
      suggestedPayableM: r.suggestedPayableM,
      suggestedLoadedM: r.suggestedLoadedM,
      suggestedEmptyM: r.suggestedEmptyM,
      ruleBasis: r.ruleBasis,
      ruleTolerancePct: r.ruleTolerancePct,
      ruleVersion: r.ruleVersion,
      currentRuleVersion: currentRuleVersionSql(false),
    })
    .from(trips)
    .leftJoin(r, eq(r.tripId, trips.id))
    .where(inArray(trips.id, tripIds));
  return new Map(rows.map((x) => [x.id, { ...x, currentRuleVersion: Number(x.currentRuleVersion) }]));
}

function answerOf(row: ApprovalRow | undefined, version: number): ApproveStatus | null {
  if (!row || row.tripStatus !== 'COMPLETED') return 'NOT_FOUND';
  if (row.version !== version) return 'STALE_VERSION';
  // Computed under an older rule than the company's: never approved by it (the job recomputes it; docs/mileage-review.md).
  if (row.reviewStatus !== null && row.payableM === null && (row.ruleVersion ?? 0) < row.currentRuleVersion) return 'STALE_RULE';
  if (row.reviewStatus !== 'READY' || row.suggestedPayableM === null) return 'NOT_READY';
  return null;
}

const same = (column: AnyColumn, value: number | string | null) => (value === null ? sql`${column} is null` : sql`${column} = ${value}`);

/**
 * Approves one READY trip by its suggestion as read in `seen`, in one statement — its own
 * transaction. The trip and its review row are locked first; the write happens only when both
 * are still exactly as read (same version, same figures, same suggestion and rule), so a trip
 * changed or approved meanwhile is left alone (concurrent approvals of a trip: one wins). Sets the
 * trip's payable, loaded and empty distance, writes the Trip History rows naming the rule and
 * marks the review row approved by rule — what `refreshTripReview` would write, the flags and
 * the suggestion staying as they were. Answers whether it wrote.
 */
async function approveSeen(db: Db, actorId: number, seen: ApprovalRow): Promise<boolean> {
  const basis = seen.ruleBasis as PayBasis;
  const tolerance = seen.ruleTolerancePct!;
  const history = (
    [
      ['EMPTY_MILES', seen.emptyM, seen.suggestedEmptyM, null],
      ['LOADED_MILES', seen.loadedM, seen.suggestedLoadedM, null],
      ['PAYABLE_MILEAGE', seen.payableM, seen.suggestedPayableM, approvedByRuleNote(basis, tolerance)],
    ] as const
  )
    .filter(([c, a, b]) => historyValue(a) !== historyValue(b) || c === 'PAYABLE_MILEAGE')
    .map(([column, a, b, note], i) => sql`(${i}, ${column}, ${historyValue(a)}, ${note ? `${historyValue(b)} (${note})` : historyValue(b)})`);
  const result = (await db.execute(sql`
    with cur as (
      select ${t.id} as id from ${t} join ${r} on ${r.tripId} = ${t.id}
      where ${t.id} = ${seen.id} and ${t.tripStatus} = 'COMPLETED' and ${t.version} = ${seen.version}
        and ${same(t.emptyM, seen.emptyM)} and ${same(t.loadedM, seen.loadedM)} and ${same(t.payableM, seen.payableM)}
        and ${r.status} = 'READY' and ${same(r.suggestedPayableM, seen.suggestedPayableM)} and ${same(r.suggestedLoadedM, seen.suggestedLoadedM)}
        and ${same(r.suggestedEmptyM, seen.suggestedEmptyM)} and ${r.ruleBasis} = ${seen.ruleBasis} and ${r.ruleTolerancePct} = ${tolerance}
        -- Still under the company's current rule: the rule's row is share-locked, so a rule save waits for this approval or this sees it.
        and ${r.ruleVersion} = ${currentRuleVersionSql(true)}
      for update of ${t}, ${r}
    ), upd as (
      update ${t} set empty_m = ${seen.suggestedEmptyM}::float8, loaded_m = ${seen.suggestedLoadedM}::float8, payable_m = ${seen.suggestedPayableM}::float8,
        updated_by = ${actorId}, updated_at = now(), version = ${t.version} + 1
      from cur where ${t.id} = cur.id
      returning ${t.id} as id
    ), hist as (
      insert into ${tripHistory} (trip_id, column_name, old_value, new_value, changed_by, created_at)
      select upd.id, h.column_name, h.old_value, h.new_value, ${actorId}::int, clock_timestamp()
      from upd cross join (values ${sql.join(history, sql`, `)}) h(n, column_name, old_value, new_value)
      order by h.n
    ), rev as (
      update ${r} set status = 'APPROVED', payable_m = ${r.suggestedPayableM}, approved_by = ${actorId}, approved_at = now(),
        approved_rule = ${ruleName(basis, tolerance)}, computed_at = now()
      from upd where ${r.tripId} = upd.id
    )
    select count(*)::int as n from upd`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n) === 1;
}

/** A trip whose lock-time state differed from the read is read again and tried again, this many times at most. */
const APPROVE_ATTEMPTS = 3;

/** Approves one trip: its answer, from the batch read `seen` (read again when it moved on meanwhile). */
async function approveItem(db: Db, actorId: number, item: { tripId: number; version: number }, seen: ApprovalRow | undefined): Promise<ApproveStatus> {
  for (let attempt = 0; ; attempt++) {
    const answer = answerOf(seen, item.version);
    if (answer) return answer;
    if (await approveSeen(db, actorId, seen!)) return 'APPROVED';
    // Changed between the read and the lock (approved by someone else, edited, recomputed): read it again.
    if (attempt + 1 >= APPROVE_ATTEMPTS) return 'NOT_READY';
    seen = (await readForApproval(db, [item.tripId])).get(item.tripId);
  }
}

/**
 * Trips approved at once, each in its own transaction, a few at a time on the pool's connections
 * (different trips never wait on each other; PGlite runs them one after another).
 */
const APPROVE_CONCURRENCY = 6;

export async function approve(db: Db, actorId: number, body: z.output<typeof approveBody>) {
  // One read for the whole batch: the trips not found, stale or not ready are answered from it.
  const seen = await readForApproval(
    db,
    body.items.map((i) => i.tripId),
  );
  const results: { tripId: number; status: ApproveStatus }[] = new Array(body.items.length);
  let next = 0;
  const worker = async () => {
    while (next < body.items.length) {
      const i = next++;
      const item = body.items[i]!;
      results[i] = { tripId: item.tripId, status: await approveItem(db, actorId, item, seen.get(item.tripId)) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(APPROVE_CONCURRENCY, body.items.length) }, worker));
  // What names each trip on screen, read after the writes: who changed a stale trip and when.
  const named = await db
    .select({
      id: trips.id,
      number: trips.identifierValue,
      changedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      changedAt: trips.updatedAt,
    })
    .from(trips)
    .leftJoin(users, eq(users.id, trips.updatedBy))
    .where(
      inArray(
        trips.id,
        body.items.map((i) => i.tripId),
      ),
    );
  const byId = new Map(named.map((n) => [n.id, n]));
  return {
    results: results.map((x): ApproveResultItem => {
      const n = byId.get(x.tripId);
      return { ...x, number: n?.number ?? null, changedBy: n?.changedBy ?? null, changedAt: n ? new Date(n.changedAt).toISOString() : null };
    }),
  };
}

/** A trip's review row as the Mileage Report reads it: status and the rule it was computed under; null when none. */
export async function reviewOf(db: Db, tripId: number) {
  const [row] = await db.select({ status: r.status, payBasis: r.ruleBasis, tolerancePct: r.ruleTolerancePct }).from(r).where(eq(r.tripId, tripId));
  return row ? { status: row.status as ReviewStatus, payBasis: row.payBasis as PayBasis, tolerancePct: row.tolerancePct } : null;
}

/** A trip's review row as `reviewOf` answers it, null when none */
export interface TripReview {
  status: ReviewStatus;
  payBasis: PayBasis;
  tolerancePct: number;
}

/**
 * The same review row as a JSON column of another statement, given its trip id column: the Mileage
 * Report reads it within the statement of the trip's figures (one statement a read,
 * request-cost.test.ts). `reviewOfJson` reads the value back.
 */
export const reviewJsonSql = (tripId: AnyColumn): SQL =>
  sql`(select json_build_object('status', ${r.status}, 'payBasis', ${r.ruleBasis}, 'tolerancePct', ${r.ruleTolerancePct}) from ${r} where ${r.tripId} = ${tripId})`;

export const reviewOfJson = (value: unknown): TripReview | null => {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as { status: string; payBasis: string; tolerancePct: number } | null | undefined;
  return v ? { status: v.status as ReviewStatus, payBasis: v.payBasis as PayBasis, tolerancePct: Number(v.tolerancePct) } : null;
};
