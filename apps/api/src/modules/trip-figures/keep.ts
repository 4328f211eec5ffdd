import { and, eq, isNull, notInArray, notLike, or, sql } from 'drizzle-orm';
import { tripMileStats, tripTracks } from '../../db/schema/telematics';
import { trips } from '../../db/schema/trips';
import { recomputeStateMiles } from '../state-miles';
import { refreshTripReview } from '../mileage-review';
import type { Db } from '../../db/client';
import { ENGINE_VERSION, syncActualMiles, tripFigures, type TripFigures } from './figures';
import { loadStoredTrack, PROVIDERS, refreshTrack, type ProviderName, type TelematicsDeps, type TrackState } from '../telematics';

/**
 * The jobs' side of a trip's figures (docs/mileage-engine.md "From save and sync to every
 * screen"): fetch what is missing of the tracks, keep the figures, and move what follows them —
 * the actual miles, the state miles and the Mileage Review row. Apart from figures.ts (reads)
 * because it calls the Mileage Review, which reads the switches through this module's index.ts:
 * the index exports no file that imports mileage-review, so the two modules form no cycle.
 */

export interface KeepResult {
  /** What fetching each source's track did (only with `fetch`). */
  tracks: Partial<Record<ProviderName, TrackState>>;
  /** Sources whose kept figures were written or removed. */
  changed: ProviderName[];
}

/**
 * The jobs' work for one trip: brings the stored tracks of the sources switched on up to the
 * trip window (with `fetch`; only what is missing is fetched), computes their figures and keeps
 * them with the trip's actual miles, in one transaction. Never throws on provider failures: the
 * states say what went wrong, and what was stored stays.
 */
export async function keepTripFigures(deps: TelematicsDeps, tripId: number, opts: { fetch?: boolean; now?: Date } = {}): Promise<KeepResult | null> {
  const { db } = deps;
  const tracks: KeepResult['tracks'] = {};
  let f = await tripFigures(db, tripId, { location: true });
  if (!f) return null;
  if (opts.fetch ?? true) {
    for (const source of f.sources) tracks[source] = await refreshTrack(deps, tripId, source, opts.now);
    // Computed once per change: only a track written by the fetch changes the figures read above.
    if (Object.values(tracks).some((t) => t.fetched)) f = await tripFigures(db, tripId, { location: true });
    if (!f) return null;
  }
  return { tracks, changed: await keepFigures(db, tripId, f) };
}

/**
 * Keeps the figures of the trip's stored tracks (no fetching): what follows them too — the
 * actual miles, the state miles, the review row — in one transaction. Returns the sources whose
 * kept figures were written or removed.
 */
async function keepFigures(db: Db, tripId: number, f: TripFigures): Promise<ProviderName[]> {
  const changed: ProviderName[] = [];
  await db.transaction(async (tx) => {
    for (const source of f.sources) {
      const s = f.telematics[source]!;
      if (s.kept) continue;
      changed.push(source);
      if (!s.stats || !s.figures || !s.inputsKey) {
        await tx.delete(tripMileStats).where(and(eq(tripMileStats.tripId, tripId), eq(tripMileStats.source, source)));
        continue;
      }
      const values = {
        tripId,
        source,
        ...s.figures,
        inputsKey: s.inputsKey,
        detail: s.stats,
        location: s.location,
      };
      await tx
        .insert(tripMileStats)
        .values(values)
        .onConflictDoUpdate({ target: [tripMileStats.tripId, tripMileStats.source], set: { ...values, computedAt: sql`now()` } });
    }
    // HERE is never kept (it is read from the stop legs): a row left from before goes.
    await tx.delete(tripMileStats).where(and(eq(tripMileStats.tripId, tripId), notInArray(tripMileStats.source, [...PROVIDERS])));
    await syncActualMiles(tx, tripId);
    // The state miles follow the track and its TOTAL MILES (docs/state-miles.md).
    if (changed.length) await recomputeStateMiles(tx, tripId, loadStoredTrack);
    // The trip's review row follows its figures (docs/mileage-review.md).
    await refreshTripReview(tx, tripId);
  });
  return changed;
}

/**
 * Keeps the figures of completed trips that have a stored track but no kept figures for it yet
 * (the demo's loads, tracks stored by a sync), or figures kept by an older engine (its rules
 * changed: `ENGINE_VERSION`), for the reports and the Mileage Review. At most `limit` trips a
 * run; returns how many it did. Fetches nothing, so it needs only the database: the demo seed
 * runs it in its transaction (db/seed/demo.ts), the backfill job after start.
 */
export async function backfillMileStats(deps: Pick<TelematicsDeps, 'db'>, limit = 2000, onError?: (tripId: number, err: unknown) => void, signal?: AbortSignal): Promise<number> {
  const rows = await deps.db
    .selectDistinct({ id: tripTracks.tripId })
    .from(tripTracks)
    .innerJoin(trips, eq(trips.id, tripTracks.tripId))
    .leftJoin(tripMileStats, and(eq(tripMileStats.tripId, tripTracks.tripId), eq(tripMileStats.source, tripTracks.source)))
    .where(and(or(isNull(tripMileStats.id), notLike(tripMileStats.inputsKey, `${ENGINE_VERSION}:%`)), eq(trips.tripStatus, 'COMPLETED')))
    .limit(limit);
  let done = 0;
  for (const { id } of rows) {
    if (signal?.aborted) break;
    done++;
    try {
      const f = await tripFigures(deps.db, id, { location: true });
      if (f) await keepFigures(deps.db, id, f);
    } catch (err) {
      onError?.(id, err);
    }
  }
  return done;
}
