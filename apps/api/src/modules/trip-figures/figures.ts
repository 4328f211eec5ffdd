import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SourceMileStats, TelematicsLocation } from '@milepost/contracts/mile-stats-api';
import type { EstimateBasis } from '@milepost/contracts/routing-api';
import { telematicsMileage, type StopRadii } from '@milepost/geo/mileage';
import type { LoadStatus, StopType } from '@milepost/geo/stops';
import type { Db } from '../../db/client';
import { globalSettings, trucks } from '../../db/schema/reference';
import { tripMileStats, tripTracks } from '../../db/schema/telematics';
import { tripStops, trips } from '../../db/schema/trips';
import {
  actualSource,
  companySwitchesSql,
  loadStoredTrack,
  PROVIDERS,
  sourcesOn,
  switchesOf,
  tripSettingsSwitchesSql,
  type ProviderName,
  type ProviderSwitches,
} from '../telematics';
import { compiledPerShape, executeCompiled } from '../../db/compiled';
import { plannedMileStats, telematicsMileStats } from './wire';

/**
 * A trip's figures per source (docs/mileage-engine.md "From save and sync to every screen").
 *
 * - HERE (or the estimate) is derived on every read from the trip's stored stop legs — the same
 *   legs the trip's route columns (Trips list, CSV, Reports' planned miles) were summed from at
 *   save or recompute, so the two can never disagree. Nothing of it is kept.
 * - Each telematics provider's are computed by the mileage engine from the stored track. The jobs (the
 *   sync, a trip saved as or moved to COMPLETED, `POST /mile-stats/{tripId}/refresh`) fetch the
 *   track and keep the figures in `trip_mile_stats`, keyed by what they were computed from: the
 *   engine version, the stops and stop radii, and the stored track's fetch time. A read
 *   (`tripFigures`) never calls a provider and never writes: a kept figure whose key no longer
 *   matches (the stops were edited) is computed again in memory from the stored track.
 * - The reports' actual miles (`trips.telematics_m`, the first provider in PROVIDERS order — `actualSource`) are
 *   written here, with the kept figures, in one transaction. The database trigger
 *   `trips_sync_period_stats` (migrations 0009/0012) then moves the Reports screen's period totals
 *   (`trip_period_stats`) with every trip write; it is the only trigger on these figures.
 */

/** Bumped when the engine's rules change, so kept figures are computed again. */
export const ENGINE_VERSION = 'engine-4';

export interface FigureStop {
  id: number;
  stopType: StopType;
  loadStatus: LoadStatus;
  latitude: number;
  longitude: number;
  address: string;
  distance: number | null;
  totalDistance: number | null;
  duration: number | null;
}

/** A source's figures in metres, as `trip_mile_stats` keeps them (docs/decisions/020-one-unit.md). */
export interface MetreFigures {
  loadedM: number;
  totalEmptyM: number;
  puM: number;
  trlM: number;
  totalM: number;
  totalOdometersM: number | null;
}

export interface SourceFigures {
  /** The wire answer (miles), parsed from `statsJson` when first read. */
  readonly stats: SourceMileStats | null;
  /**
   * The same as JSON text: a kept figure's as PostgreSQL sent it, spliced into the Mileage Report's
   * answer without being parsed and written again (docs/trips-query-plans.md "The Mileage Report
   * read, spliced").
   */
  readonly statsJson: string | null;
  /** The same figures in metres; null exactly when `stats` is. */
  figures: MetreFigures | null;
  /** The cleaned track for the map, when asked for. */
  location: TelematicsLocation | null;
  /** When the stored track was fetched from the provider; null when nothing is stored. */
  fetchedAt: Date | null;
  /** The kept figure matches the stored inputs (false: computed in memory, the jobs keep it). */
  kept: boolean;
  inputsKey: string | null;
}

export interface TripFigures {
  trip: {
    id: number;
    truckId: number;
    identifierType: string;
    identifierValue: string | null;
    version: number;
    routeSource: string | null;
    /** What an estimated route was computed with (the estimate's tooltip); null for HERE. */
    routeEstimateBasis: EstimateBasis | null;
    /** Metres and seconds, as the trip's columns. */
    routeTotalM: number | null;
    routeDurationS: number | null;
    payableM: number | null;
    emptyM: number | null;
    loadedM: number | null;
    telematicsM: number | null;
  };
  stops: FigureStop[];
  /** HERE (or the estimate) from the stored stop legs; null for a trip never routed by the server. */
  here: SourceMileStats | null;
  /** The providers switched on for the trip's company and in the TRIP settings (`sourceOn`). */
  sources: ProviderName[];
  telematics: Partial<Record<ProviderName, SourceFigures>>;
  /** What the caller's own column (`FigureOptions.extra`) read in the same statement (parsed JSON; null without). */
  extra?: unknown;
}

export interface FigureOptions {
  /** The cleaned tracks for the map too. */
  location?: boolean;
  /**
   * One more column of the same statement, as JSON, given the trip's id column: what the caller
   * reads beside the figures (the Mileage Report's review row), so the read stays one statement.
   */
  extra?: (tripId: AnyColumn) => SQL;
}

const radiiOf = (s: { [K in keyof StopRadii]: number | null } | null): StopRadii => ({
  homeRadius: s?.homeRadius ?? 0,
  shopRadius: s?.shopRadius ?? 0,
  pickupRadius: s?.pickupRadius ?? 0,
  trailerRadius: s?.trailerRadius ?? 0,
  deliveryRadius: s?.deliveryRadius ?? 0,
});

/**
 * What a telematics figure is computed from: the engine, the stops (with their planned leg
 * distances, which weigh the coverage), the radii, the track's fetch.
 */
function inputsKeyOf(stopsAndRadii: string, fetchedAt: Date): string {
  return `${stopsAndRadii}:${fetchedAt.getTime()}`;
}
/** The part of every source's inputs key that the stops and radii make: hashed once per read. */
function stopsAndRadiiKey(stops: readonly FigureStop[], radii: StopRadii): string {
  const inputs = JSON.stringify([stops.map((s) => [s.id, s.stopType, s.loadStatus, s.latitude, s.longitude, s.distance]), radii]);
  return `${ENGINE_VERSION}:${createHash('sha256').update(inputs).digest('base64url').slice(0, 22)}`;
}

type KeptRow = { source: string; inputsKey: string; location?: unknown } & { [K in keyof MetreFigures]: number | null };
interface FigureInputs {
  trip: TripFigures['trip'] & { routeM: number | null };
  company: ProviderSwitches;
  settings: ProviderSwitches;
  radii: { [K in keyof StopRadii]: number | null } | null;
  stops: FigureStop[];
  metas: { source: string; fetchedAt: Date }[];
  kept: KeptRow[];
  /** Each kept figure's wire answer as JSON text (`detail`), by source: not parsed on the way. */
  details: Partial<Record<ProviderName, string | null>>;
  extra: unknown;
}

/** A source's figures whose stats are JSON text (kept) or an object (computed now): the other form is made when first asked for. */
class FiguresOfSource implements SourceFigures {
  readonly figures: MetreFigures | null;
  readonly location: TelematicsLocation | null;
  readonly fetchedAt: Date | null;
  readonly kept: boolean;
  readonly inputsKey: string | null;
  private json: string | null | undefined;
  private value: SourceMileStats | null | undefined;
  constructor(rest: Omit<SourceFigures, 'stats' | 'statsJson'>, stats: { json: string | null } | { value: SourceMileStats | null }) {
    ({ figures: this.figures, location: this.location, fetchedAt: this.fetchedAt, kept: this.kept, inputsKey: this.inputsKey } = rest);
    if ('json' in stats) this.json = stats.json;
    else this.value = stats.value;
  }
  get stats(): SourceMileStats | null {
    return (this.value ??= this.json == null ? null : (JSON.parse(this.json) as SourceMileStats | null));
  }
  get statsJson(): string | null {
    return (this.json ??= this.value == null ? null : JSON.stringify(this.value));
  }
}

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * The figures' statement, written out as SQL text once per variant (with or without the map
 * tracks, per caller's extra column) rather than by drizzle on every read, and prepared once per
 * connection (`compiledPerShape`, docs/trips-query-plans.md "The Mileage Report read", "Prepared
 * once per connection").
 */
const figureStatements = new Map<FigureOptions['extra'], ReturnType<typeof compiledPerShape<boolean>>>();
function figureStatement(extra: FigureOptions['extra']) {
  let statement = figureStatements.get(extra);
  if (!statement) {
    // The shape is `location`: with or without the map tracks.
    statement = compiledPerShape((location: boolean) => sql`select ${figureColumnsSql(location, extra)} from ${trips} where ${trips.id} = ${sql.placeholder('tripId')}`);
    figureStatements.set(extra, statement);
  }
  return statement;
}

function figureColumnsSql(location: boolean, extra?: FigureOptions['extra']): SQL {
  const t = trips;
  const st = tripStops;
  const tr = tripTracks;
  const m = tripMileStats;
  const g = globalSettings;
  return sql`
      json_build_object('id', ${t.id}, 'truckId', ${t.truckId}, 'identifierType', ${t.identifierType}, 'identifierValue', ${t.identifierValue},
        'version', ${t.version}, 'routeSource', ${t.routeSource}, 'routeEstimateBasis', ${t.routeEstimateBasis}, 'routeM', ${t.routeM}, 'routeTotalM', ${t.routeTotalM},
        'routeDurationS', ${t.routeDurationS}, 'payableM', ${t.payableM}, 'emptyM', ${t.emptyM}, 'loadedM', ${t.loadedM},
        'telematicsM', ${t.telematicsM}) as trip,
      (select ${companySwitchesSql(trucks.companyId)} from ${trucks} where ${trucks.id} = ${t.truckId}) as company,
      ${tripSettingsSwitchesSql()} as settings,
      (select json_build_object('homeRadius', ${g.homeRadius},
          'shopRadius', ${g.shopRadius}, 'pickupRadius', ${g.pickupRadius}, 'trailerRadius', ${g.trailerRadius}, 'deliveryRadius', ${g.deliveryRadius})
        from ${g} where ${g.type} = 'TRIP' limit 1) as radii,
      (select coalesce(json_agg(json_build_object('id', ${st.id}, 'stopType', ${st.stopType}, 'loadStatus', ${st.loadStatus}, 'latitude', ${st.latitude},
          'longitude', ${st.longitude}, 'address', ${st.address}, 'distance', ${st.distance}, 'totalDistance', ${st.totalDistance},
          'duration', ${st.duration}) order by ${st.orderIndex}), '[]')
        from ${st} where ${st.tripId} = ${t.id}) as stops,
      (select coalesce(json_agg(json_build_object('source', ${tr.source}, 'fetchedAt', ${tr.fetchedAt})), '[]') from ${tr} where ${tr.tripId} = ${t.id}) as metas,
      (select coalesce(json_agg(json_build_object('source', ${m.source}, 'inputsKey', ${m.inputsKey}, 'loadedM', ${m.loadedM},
          'totalEmptyM', ${m.totalEmptyM}, 'puM', ${m.puM}, 'trlM', ${m.trlM}, 'totalM', ${m.totalM}, 'totalOdometersM', ${m.totalOdometersM}${
            location ? sql`, 'location', ${m.location}` : sql``
          })), '[]')
        from ${m} where ${m.tripId} = ${t.id}) as kept,
      ${sql.join(
        PROVIDERS.map((p) => sql`(select ${m.detail}::text from ${m} where ${m.tripId} = ${t.id} and ${m.source} = ${sql.raw(`'${p}'`)}) as ${sql.identifier(`detail_${p}`)}`),
        sql`, `,
      )},
      ${extra ? extra(t.id) : sql`null`} as extra`;
}

/**
 * Everything a read of the trip's figures needs, in one statement: the trip's figure columns, its
 * company's and the TRIP settings' switches and radii, its stops, when each stored track was
 * fetched (not the track) and the kept figures (their map track only with `location`). One
 * statement rather than four: on PGlite each statement costs its own parse, plan and round trip
 * through the engine, which was most of a Mileage Report read (docs/mileage-engine.md "Reading").
 * Exported as the statement alone, for the guard on what a read adds to it (request-allocations.test.ts).
 */
export async function figureInputs(db: Db, tripId: number, location: boolean, extra?: FigureOptions['extra']): Promise<FigureInputs | null> {
  const res = await executeCompiled<Record<string, unknown>>(db, figureStatement(extra)(location, { tripId }));
  const r = res.rows[0];
  if (!r) return null;
  return {
    trip: parsed(r.trip),
    company: switchesOf(r.company),
    settings: switchesOf(r.settings),
    radii: parsed(r.radii ?? null),
    stops: parsed(r.stops),
    metas: parsed<{ source: string; fetchedAt: string }[]>(r.metas).map((x) => ({ source: x.source, fetchedAt: new Date(x.fetchedAt) })),
    kept: parsed(r.kept),
    details: Object.fromEntries(PROVIDERS.map((p) => [p, r[`detail_${p}`] ?? null])),
    extra: parsed(r.extra ?? null),
  };
}

/** A source's figures computed now from its stored track (nothing written); null without a track. */
async function figuresFromTrack(db: Db, tripId: number, source: ProviderName, stops: readonly FigureStop[], radii: StopRadii) {
  const stored = await loadStoredTrack(db, tripId, source);
  if (!stored || !stored.track.time.length) return null;
  const { track } = stored;
  const result = telematicsMileage({
    fixes: { time: track.time, lat: track.lat, lng: track.lng },
    odometer: { time: track.odoTime, meters: track.odoMeters },
    stops: stops.map((s) => ({ id: s.id, stopType: s.stopType, loadStatus: s.loadStatus, lat: s.latitude, lng: s.longitude, planned: s.distance })),
    radii,
    location: true,
  });
  const figures: MetreFigures = {
    loadedM: result.miles,
    totalEmptyM: result.totalEmpty,
    puM: result.pu,
    trlM: result.trl,
    totalM: result.totalMiles,
    totalOdometersM: result.totalOdometers,
  };
  return { figures, stats: telematicsMileStats(result), location: result.location };
}

/**
 * The trip's figures from stored data only (no provider call, no write); null for an unknown
 * trip. With `location`, the cleaned tracks for the map too.
 */
export async function tripFigures(db: Db, tripId: number, opts: FigureOptions = {}): Promise<TripFigures | null> {
  const row = await figureInputs(db, tripId, opts.location === true, opts.extra);
  if (!row) return null;
  const { stops, metas, kept } = row;
  const {
    trip: { routeM, ...trip },
    company,
    settings,
  } = row;

  // HERE (or the estimate): the route figures the trip was saved with. A trip saved before the
  // server recorded where its figures came from has legs without a method.
  const method = trip.routeSource === 'HERE' ? 'HERE' : trip.routeSource === 'ESTIMATE' ? 'ESTIMATE' : null;
  const here =
    trip.routeSource || routeM !== null ? plannedMileStats(stops.map((s) => ({ id: s.id, stopType: s.stopType, loadStatus: s.loadStatus, distance: s.distance, method }))) : null;

  const radii = radiiOf(row.radii);
  const sources = sourcesOn(company, settings);
  const telematics: Partial<Record<ProviderName, SourceFigures>> = {};
  // A kept figure is answered as it is; only a source whose figure is missing or stale reads its track.
  const computing: Promise<void>[] = [];
  let stopsKey: string | undefined;
  for (const source of sources) {
    const meta = metas.find((m) => m.source === source);
    if (!meta) {
      telematics[source] = new FiguresOfSource({ figures: null, location: null, fetchedAt: null, kept: true, inputsKey: null }, { value: null });
      continue;
    }
    stopsKey ??= stopsAndRadiiKey(stops, radii);
    const inputsKey = inputsKeyOf(stopsKey, meta.fetchedAt);
    const k = kept.find((r) => r.source === source);
    if (k?.inputsKey === inputsKey) {
      const detail = row.details[source];
      const json = detail === undefined || detail === 'null' ? null : detail;
      const figures: MetreFigures | null =
        json !== null
          ? { loadedM: k.loadedM ?? 0, totalEmptyM: k.totalEmptyM ?? 0, puM: k.puM ?? 0, trlM: k.trlM ?? 0, totalM: k.totalM ?? 0, totalOdometersM: k.totalOdometersM }
          : null;
      telematics[source] = new FiguresOfSource(
        { figures, location: (k.location ?? null) as TelematicsLocation | null, fetchedAt: meta.fetchedAt, kept: true, inputsKey },
        { json },
      );
      continue;
    }
    computing.push(
      figuresFromTrack(db, tripId, source, stops, radii).then((computed) => {
        telematics[source] = computed
          ? new FiguresOfSource({ figures: computed.figures, location: computed.location, fetchedAt: meta.fetchedAt, kept: false, inputsKey }, { value: computed.stats })
          : new FiguresOfSource({ figures: null, location: null, fetchedAt: meta.fetchedAt, kept: !k, inputsKey }, { value: null });
      }),
    );
  }
  if (computing.length) await Promise.all(computing);
  return { trip, stops, here, sources, telematics, extra: row.extra };
}

/**
 * Sets the trip's actual miles (`trips.telematics_m`, metres, read by the Reports screen) from
 * its kept telematics figures: the first provider's in PROVIDERS order (`actualSource`).
 */
export async function syncActualMiles(db: Db, tripId: number): Promise<void> {
  const rows = await db
    .select({ source: tripMileStats.source, totalM: tripMileStats.totalM })
    .from(tripMileStats)
    .where(and(eq(tripMileStats.tripId, tripId), inArray(tripMileStats.source, [...PROVIDERS])));
  const actual = actualSource(Object.fromEntries(rows.map((r) => [r.source, r])) as Partial<Record<ProviderName, { totalM: number | null }>>);
  await db
    .update(trips)
    .set({ telematicsM: actual?.totalM ?? null })
    .where(and(eq(trips.id, tripId), sql`${trips.telematicsM} is distinct from ${actual?.totalM ?? null}::double precision`));
}
