import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trucks } from '../../db/schema/reference';
import { tripTracks, truckProviderLinks } from '../../db/schema/telematics';
import { trips } from '../../db/schema/trips';
import type { Breadcrumb, HistoryPage, OdometerKind, OdometerReading, TelematicsProvider } from './provider';
import type { ProviderName } from './providers';
import { decodeTrack, emptyTrack, encodeTrack, thinTrack, trackFrom, type Track } from './track-codec';
import { providerFor, type TelematicsDeps } from './registry';
import { sampledHistory } from './positions';

/**
 * A trip's GPS history per provider (docs/integrations/telematics.md#trip-history). The window
 * is the trip's start (or pickup) time to its end time — or now while it is in transit. What
 * was fetched is stored; a covered window is read from the database and never fetched again,
 * an in-transit trip fetches only what came after the stored part.
 */
export interface TripWindow {
  tripId: number;
  companyId: number | null;
  /** The trip's truck: a sampled provider's history is its stored positions (positions.ts). */
  truckId: number;
  /** The provider's vehicle id of the trip's truck, or null when the truck is not linked. */
  vehicleId: string | null;
  start: Date;
  end: Date;
  inTransit: boolean;
}

/**
 * Gateways upload fixes late (docs/integrations/samsara.md#late-fixes): every fetch re-reads this
 * much before where the previous one ended, and merges by time (track-codec.ts `trackFrom`), so
 * a fix uploaded up to two hours late still counts and none is counted twice.
 */
export const LATE_FIXES_MS = 2 * 60 * 60_000;

export interface TrackState {
  /** When the stored track was last written; null when nothing is stored. */
  fetchedAt: Date | null;
  /** Fetching failed; what was stored before (or fetched so far) stays. */
  error: string | null;
  /** The provider could not be asked (switched off, no token, GLE not configured): only stored data. */
  off: string | null;
  fetched: boolean;
}

/** What the trip window is made of (one row of trip + truck). */
export interface TripTimes {
  status: string;
  pickup: Date;
  start: Date | null;
  end: Date | null;
  companyId: number | null;
  truckId: number;
  /** The truck's id at each provider (truck_provider_links), as a JSON object provider → id. */
  vehicleIds: unknown;
}

/** The window from a trip's times; null when the trip has none (upcoming, or ended without an end time). */
export function windowOf(tripId: number, t: TripTimes, provider: ProviderName, now = new Date()): TripWindow | null {
  const start = t.start ?? t.pickup;
  const inTransit = t.status === 'IN_TRANSIT';
  const end = t.end ?? (inTransit ? now : null);
  if (!end || end <= start || start > now) return null;
  const ids = (typeof t.vehicleIds === 'string' ? JSON.parse(t.vehicleIds) : (t.vehicleIds ?? {})) as Partial<Record<string, string>>;
  return { tripId, companyId: t.companyId, truckId: t.truckId, vehicleId: ids[provider] ?? null, start, end: end > now ? now : end, inTransit };
}

export const tripTimesColumns = {
  status: trips.tripStatus,
  pickup: trips.pickupDateTime,
  start: trips.startDateTime,
  end: trips.endDateTime,
  companyId: trucks.companyId,
  truckId: trucks.id,
  vehicleIds: sql`(select json_object_agg(${truckProviderLinks.provider}, ${truckProviderLinks.externalId}) from ${truckProviderLinks} where ${truckProviderLinks.truckId} = ${trucks.id})`,
};

/** The trip window and the truck's id at the provider; null when the trip has no window. */
export async function tripWindow(db: Db, tripId: number, provider: ProviderName, now = new Date()): Promise<TripWindow | null> {
  const [row] = await db.select(tripTimesColumns).from(trips).innerJoin(trucks, eq(trucks.id, trips.truckId)).where(eq(trips.id, tripId));
  return row ? windowOf(tripId, row, provider, now) : null;
}

/** What is stored of a trip's tracks, without the tracks themselves. */
export interface TrackMeta {
  source: string;
  vehicleId: string;
  windowStart: Date;
  fetchedTo: Date;
  fetchedAt: Date;
}

export function trackMetas(db: Db, tripId: number): Promise<TrackMeta[]> {
  return db
    .select({ source: tripTracks.source, vehicleId: tripTracks.vehicleId, windowStart: tripTracks.windowStart, fetchedTo: tripTracks.fetchedTo, fetchedAt: tripTracks.fetchedAt })
    .from(tripTracks)
    .where(eq(tripTracks.tripId, tripId));
}

/** Reads the stored track without calling anyone (the demo, and sources that are switched off). */
export async function loadStoredTrack(db: Db, tripId: number, source: ProviderName): Promise<{ track: Track; windowStart: Date; fetchedTo: Date; fetchedAt: Date } | null> {
  const [row] = await db
    .select()
    .from(tripTracks)
    .where(and(eq(tripTracks.tripId, tripId), eq(tripTracks.source, source)));
  if (!row) return null;
  return { track: decodeTrack(row, row.odometerKind as OdometerKind | null), windowStart: row.windowStart, fetchedTo: row.fetchedTo, fetchedAt: row.fetchedAt };
}

/** Stores (replaces) a trip's track from one provider; returns its new fetchedAt. */
export async function saveTrack(db: Db, tripId: number, source: ProviderName, vehicleId: string, windowStart: Date, fetchedTo: Date, track: Track): Promise<Date> {
  const stored = encodeTrack(track);
  const values = { tripId, source, vehicleId, windowStart, fetchedTo, ...stored, odometerKind: track.odometerKind };
  const [row] = await db
    .insert(tripTracks)
    .values(values)
    .onConflictDoUpdate({ target: [tripTracks.tripId, tripTracks.source], set: { ...values, fetchedAt: sql`clock_timestamp()` } })
    .returning({ fetchedAt: tripTracks.fetchedAt });
  return row!.fetchedAt;
}

/**
 * Makes sure the stored track covers the trip window, fetching only what is missing: a covered
 * window is never fetched again, a trip in transit fetches what came after the stored part —
 * from `LATE_FIXES_MS` before where the last fetch ended, for the fixes uploaded late. Never throws on provider failures: the state carries the error, the stored part stays (the
 * pages fetched before the failure are stored too, so the next attempt continues from there).
 * Reads no track blobs when nothing is missing.
 */
export async function refreshTrack(deps: TelematicsDeps, tripId: number, source: ProviderName, now = new Date(), provider?: TelematicsProvider): Promise<TrackState> {
  const [window, metas] = await Promise.all([tripWindow(deps.db, tripId, source, now), trackMetas(deps.db, tripId)]);
  return refreshTrackIn(deps, tripId, source, window, metas.find((m) => m.source === source) ?? null, provider);
}

/**
 * `refreshTrack` when the caller already read the window and the stored track's description.
 * A sync passes its own client, so what the history skipped is counted in the sync's status.
 */
export async function refreshTrackIn(
  deps: TelematicsDeps,
  tripId: number,
  source: ProviderName,
  window: TripWindow | null,
  meta: TrackMeta | null,
  client?: TelematicsProvider,
): Promise<TrackState> {
  const stored: TrackState = { fetchedAt: meta?.fetchedAt ?? null, error: null, off: null, fetched: false };
  if (!window || !window.vehicleId || window.companyId === null) return stored;
  // A track stored past the window's end (a trip fetched while in transit, up to then, and given an
  // earlier end since) holds fixes the trip no longer has: it is fetched anew for the window.
  const sameWindow = meta && meta.vehicleId === window.vehicleId && meta.windowStart.getTime() === window.start.getTime() && meta.fetchedTo.getTime() <= window.end.getTime();
  if (sameWindow && meta.fetchedTo.getTime() === window.end.getTime()) return stored;
  const availability = client ? { enabled: true as const, provider: client } : await providerFor(deps, window.companyId, source);
  if (!availability.enabled) return { ...stored, off: availability.reason };
  const base = sameWindow ? ((await loadStoredTrack(deps.db, tripId, source))?.track ?? emptyTrack()) : emptyTrack();
  const from = sameWindow ? new Date(Math.max(window.start.getTime(), meta.fetchedTo.getTime() - LATE_FIXES_MS)) : window.start;
  const provider = availability.provider;
  // A provider without history (GLE) is sampled by polling: its history is the truck's stored positions.
  const history: HistorySource = provider.history ? (f, t) => provider.history!(window.vehicleId!, f, t) : (f, t) => sampledHistory(deps.db, window.truckId, source, f, t);
  return fetchInto(deps, source, history, window, base, from);
}

/** Fixes gathered before they are written: a long history is stored as it comes, page after page. */
const FLUSH_EVERY = 5_000;

/**
 * Fetches the history page by page and stores it as it comes (every few thousand fixes), each
 * time merged into the stored track by time and thinned to MAX_TRACK_FIXES: a failure keeps what
 * was stored, and `fetchedTo` never passes the window's end nor the last stored fix, so the next
 * fetch continues from there. The odometer readings are kept apart by kind: the track keeps one
 * series — the one it has, else the engine's (OBD) when this fetch got any, else the first kind
 * that came — and readings of another kind never enter it.
 */
type HistorySource = (from: Date, to: Date) => AsyncIterable<HistoryPage>;

async function fetchInto(deps: TelematicsDeps, source: ProviderName, history: HistorySource, window: TripWindow, base: Track, from: Date): Promise<TrackState> {
  let track = base;
  let crumbs: Breadcrumb[] = [];
  let odos = new Map<OdometerKind, OdometerReading[]>();
  let error: string | null = null;
  let fetchedAt: Date | null = null;
  const lastFixAt = () => {
    const t = track.time.length ? track.time[track.time.length - 1]! * 1000 : from.getTime();
    return new Date(Math.min(window.end.getTime(), Math.max(from.getTime(), t)));
  };
  const readings = () => {
    let n = 0;
    for (const list of odos.values()) n += list.length;
    return n;
  };
  const flush = async (fetchedTo: Date | null) => {
    const kind = track.odometerKind ?? (odos.get('OBD')?.length ? 'OBD' : ([...odos.keys()][0] ?? null));
    track = thinTrack(trackFrom(crumbs, kind ? (odos.get(kind) ?? []) : [], kind, track));
    crumbs = [];
    odos = new Map();
    fetchedAt = await saveTrack(deps.db, window.tripId, source, window.vehicleId!, window.start, fetchedTo ?? lastFixAt(), track);
  };
  try {
    for await (const page of history(from, window.end)) {
      for (const b of page.breadcrumbs) crumbs.push(b);
      if (page.odometerKind && page.odometers.length) {
        const list = odos.get(page.odometerKind) ?? [];
        for (const o of page.odometers) list.push(o);
        odos.set(page.odometerKind, list);
      }
      if (crumbs.length + readings() >= FLUSH_EVERY) await flush(null);
    }
  } catch (e) {
    error = e instanceof Error ? e.message : 'The history could not be fetched.';
  }
  if (!error) {
    // Complete: stored up to the window's end (the next fetch re-reads the late-fix window before it).
    await flush(window.end);
  } else if (crumbs.length || readings() || base.time.length || fetchedAt) {
    // Failed part-way: stored up to the last fix received, and the rest is fetched next time.
    await flush(null);
  }
  return { fetchedAt, off: null, error, fetched: true };
}
