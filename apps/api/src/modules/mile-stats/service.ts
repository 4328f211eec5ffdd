import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SourceMileStats, TelematicsLocation, TripMileStats } from '@milepost/contracts/mile-stats-api';
import { ROUTE_DATA_MESSAGES, type TripRouteData, type routeDataQuery } from '@milepost/contracts/route-data-api';
import { TRIP_MESSAGES, type IdentifierType } from '@milepost/contracts/trips-api';
import { plannedMileStats, telematicsMileStats, telematicsMileage } from '@milepost/geo/mileage';
import type { LoadStatus, StopType } from '@milepost/geo/stops';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, globalSettings, trucks } from '../../db/schema/reference';
import { tripMileStats, tripTracks } from '../../db/schema/telematics';
import { tripStops, trips } from '../../db/schema/trips';
import type { ProviderName, RetryPolicy } from '../telematics/provider';
import type { TelematicsDeps } from '../telematics/registry';
import { loadStoredTrack, refreshTrackIn, trackMetas, tripTimesColumns, windowOf } from '../telematics/tracks';
import { AppError } from '../../platform/errors';
import { recomputeStateMiles } from '../state-miles/service';
import { getTrip } from '../trips/service';

/**
 * Each trip's miles from three sources (docs/mileage-engine.md, docs/integrations/telematics.md):
 * HERE from the trip's own route figures, Samsara and GLE from the stored GPS history through
 * the mileage engine. Every result is kept in `trip_mile_stats` with the inputs it came from,
 * so an unchanged trip is answered from there without decoding its track.
 */

/** Bumped when the engine's rules change, so kept figures are computed again. */
const ENGINE_VERSION = 'engine-2';

/** A page waiting on a provider gives up sooner than the background sync. */
const REQUEST_RETRY: RetryPolicy = { attempts: 2, baseDelayMs: 500, maxDelayMs: 2_000, maxRetryAfterMs: 3_000, timeoutMs: 10_000 };

export interface MileStatsDeps {
  db: Db;
  telematics: TelematicsDeps;
}

type Source = 'HERE' | ProviderName;
interface StopRow {
  id: number;
  stopType: string;
  loadStatus: string;
  latitude: number;
  longitude: number;
  distance: number | null;
}
interface Kept {
  source: string;
  inputsKey: string;
  detail: unknown;
  location?: unknown;
}

export interface MileStatsAnswer {
  stats: TripMileStats;
  locations: Record<ProviderName, TelematicsLocation | null>;
}

async function keep(db: Db, tripId: number, source: Source, inputsKey: string, stats: SourceMileStats, location: TelematicsLocation | null) {
  const values = {
    tripId,
    source,
    miles: stats.miles,
    totalEmpty: stats.totalEmpty,
    pu: stats.pu,
    trl: stats.trl,
    totalMiles: stats.totalMiles,
    totalOdometers: stats.totalOdometers,
    inputsKey,
    detail: stats,
    location,
  };
  await db
    .insert(tripMileStats)
    .values(values)
    .onConflictDoUpdate({ target: [tripMileStats.tripId, tripMileStats.source], set: { ...values, computedAt: sql`now()` } });
  // A new telematics figure: the state miles follow its track and TOTAL MILES (docs/state-miles.md).
  if (source !== 'HERE') await recomputeStateMiles(db, tripId);
}

/**
 * The trip's mile stats; with `location`, also the cleaned tracks for the map. Telematics
 * sources show only when the company's switch and the TRIP settings' switch are both on.
 */
export async function mileStatsOf(deps: MileStatsDeps, tripId: number, opts: { location?: boolean; now?: Date } = {}): Promise<MileStatsAnswer> {
  const { db } = deps;
  // The trip, what is stored of its tracks and the kept figures, read at once: an unchanged trip
  // is answered from these without decoding its tracks.
  const [[t], metas, kept] = await Promise.all([
    db
      .select({
        ...tripTimesColumns,
        version: trips.version,
        updatedAt: trips.updatedAt,
        routeSource: trips.routeSource,
        routeMiles: trips.routeMiles,
        emptyMiles: trips.emptyMiles,
        loadedMiles: trips.loadedMiles,
        payableMileage: trips.payableMileage,
        samsaraOn: companies.samsaraEnabled,
        gleOn: companies.gleEnabled,
        settings: globalSettings,
      })
      .from(trips)
      .innerJoin(trucks, eq(trucks.id, trips.truckId))
      .leftJoin(companies, eq(companies.id, trucks.companyId))
      .leftJoin(globalSettings, eq(globalSettings.type, 'TRIP'))
      .where(eq(trips.id, tripId)),
    trackMetas(db, tripId),
    db
      .select({ source: tripMileStats.source, inputsKey: tripMileStats.inputsKey, detail: tripMileStats.detail, ...(opts.location ? { location: tripMileStats.location } : {}) })
      .from(tripMileStats)
      .where(eq(tripMileStats.tripId, tripId)) as Promise<Kept[]>,
  ]);
  if (!t) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  const settings = t.settings;
  // The stops are read only when a figure has to be computed again.
  let stopRows: Promise<StopRow[]> | null = null;
  const stopsOf = () =>
    (stopRows ??= db
      .select({ id: tripStops.id, stopType: tripStops.stopType, loadStatus: tripStops.loadStatus, latitude: tripStops.latitude, longitude: tripStops.longitude, distance: tripStops.distance })
      .from(tripStops)
      .where(eq(tripStops.tripId, tripId))
      .orderBy(asc(tripStops.orderIndex)));
  const keptBy = new Map(kept.map((k) => [k.source, k]));
  const tripKey = `${t.version}:${t.updatedAt.getTime()}`;

  // HERE (or the estimate): the route figures the trip was saved with. A trip saved before the
  // server recorded where its figures came from has legs without a method.
  let hereStats: SourceMileStats | null = null;
  if (t.routeSource || t.routeMiles !== null) {
    const key = `${ENGINE_VERSION}:${tripKey}`;
    const k = keptBy.get('HERE');
    if (k?.inputsKey === key) hereStats = k.detail as SourceMileStats;
    else {
      const method = t.routeSource === 'HERE' ? 'HERE' : t.routeSource === 'ESTIMATE' ? 'ESTIMATE' : null;
      const stops = await stopsOf();
      hereStats = plannedMileStats(stops.map((s) => ({ id: s.id, stopType: s.stopType as StopType, loadStatus: s.loadStatus as LoadStatus, distance: s.distance, method })));
      await keep(db, tripId, 'HERE', key, hereStats, null);
    }
  }

  const telematics = deps.telematics.retry ? deps.telematics : { ...deps.telematics, retry: REQUEST_RETRY };
  const radii = {
    homeRadius: settings?.homeRadius ?? 0,
    shopRadius: settings?.shopRadius ?? 0,
    pickupRadius: settings?.pickupRadius ?? 0,
    trailerRadius: settings?.trailerRadius ?? 0,
    deliveryRadius: settings?.deliveryRadius ?? 0,
  };
  const settingsKey = settings ? `${settings.updatedAt.getTime()}` : 'none';
  const telematicsStats = async (source: ProviderName): Promise<{ stats: SourceMileStats | null; location: TelematicsLocation | null }> => {
    const on = source === 'SAMSARA' ? t.samsaraOn && settings?.samsaraEnabled : t.gleOn && settings?.gleEnabled;
    if (!on) return { stats: null, location: null };
    const state = await refreshTrackIn(telematics, tripId, source, windowOf(tripId, t, source, opts.now), metas.find((m) => m.source === source) ?? null);
    if (!state.fetchedAt) return { stats: null, location: null };
    const key = `${ENGINE_VERSION}:${tripKey}:${settingsKey}:${state.fetchedAt.getTime()}`;
    const k = keptBy.get(source);
    if (k?.inputsKey === key) return { stats: k.detail as SourceMileStats | null, location: (k.location ?? null) as TelematicsLocation | null };
    const stored = await loadStoredTrack(db, tripId, source);
    if (!stored || !stored.track.time.length) {
      await db.delete(tripMileStats).where(and(eq(tripMileStats.tripId, tripId), eq(tripMileStats.source, source)));
      await recomputeStateMiles(db, tripId);
      return { stats: null, location: null };
    }
    const { track } = stored;
    const stops = await stopsOf();
    const result = telematicsMileage({
      fixes: { time: track.time, lat: track.lat, lng: track.lng },
      odometer: { time: track.odoTime, meters: track.odoMeters },
      stops: stops.map((s) => ({ id: s.id, stopType: s.stopType as StopType, loadStatus: s.loadStatus as LoadStatus, lat: s.latitude, lng: s.longitude })),
      radii,
      location: true,
    });
    const stats = telematicsMileStats(result);
    await keep(db, tripId, source, key, stats, result.location);
    return { stats, location: result.location };
  };
  const [samsara, gle] = await Promise.all([telematicsStats('SAMSARA'), telematicsStats('GLE')]);
  return {
    stats: {
      hereStats,
      samsaraStats: samsara.stats,
      gleStats: gle.stats,
      manualStats: { payableMileage: t.payableMileage, emptyMiles: t.emptyMiles, loadedMiles: t.loadedMiles, version: t.version },
    },
    locations: { SAMSARA: samsara.location, GLE: gle.location },
  };
}

/** The truck's trip with that number (and that driver, when given) for the map: the latest recovery, then the latest pickup. */
export async function routeData(deps: MileStatsDeps, q: z.output<typeof routeDataQuery>): Promise<TripRouteData> {
  const type: IdentifierType = q.identifierType;
  const [row] = await deps.db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.truckId, q.truckId),
        eq(trips.identifierType, type),
        eq(sql`lower(${trips.identifierValue})`, q.number.toLowerCase()),
        q.driverId !== undefined ? eq(trips.driverId, q.driverId) : undefined,
      ),
    )
    // The same trip /trips/summary and /trips/report-summary answer for (trips/map-summary.ts).
    .orderBy(desc(trips.recoveryLoadIndex), desc(trips.pickupDateTime), desc(trips.id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', ROUTE_DATA_MESSAGES.notFound);
  const [trip, stats] = await Promise.all([getTrip(deps.db, row.id), mileStatsOf(deps, row.id, { location: true })]);
  return { ...trip, samsaraLocation: stats.locations.SAMSARA, gleLocation: stats.locations.GLE };
}

/**
 * Computes and keeps the mile stats of completed trips that have a stored track but no kept
 * figures for it yet (the demo's loads, tracks stored by a sync), for the reports. At most
 * `limit` trips a run; returns how many it did.
 */
export async function backfillMileStats(deps: MileStatsDeps, limit = 2000, onError?: (tripId: number, err: unknown) => void): Promise<number> {
  const rows = await deps.db
    .selectDistinct({ id: tripTracks.tripId })
    .from(tripTracks)
    .innerJoin(trips, eq(trips.id, tripTracks.tripId))
    .leftJoin(tripMileStats, and(eq(tripMileStats.tripId, tripTracks.tripId), eq(tripMileStats.source, tripTracks.source)))
    .where(and(isNull(tripMileStats.id), eq(trips.tripStatus, 'COMPLETED')))
    .limit(limit);
  for (const { id } of rows) {
    try {
      await mileStatsOf(deps, id);
    } catch (err) {
      onError?.(id, err);
    }
  }
  return rows.length;
}
