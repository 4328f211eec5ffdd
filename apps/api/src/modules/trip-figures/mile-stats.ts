import { and, eq, isNotNull } from 'drizzle-orm';
import { MILEAGE_MESSAGES, type TripMileStats } from '@milepost/contracts/mile-stats-api';
import { INTEGRATION_MESSAGES } from '@milepost/contracts/integrations-api';
import { providerField, providerFields, type ProviderField } from '@milepost/contracts/providers';
import { ROUTE_DATA_MESSAGES, type TripRouteData, type routeDataQuery } from '@milepost/contracts/route-data-api';
import { TRIP_MESSAGES, type TripDetail } from '@milepost/contracts/trips-api';
import type { z } from 'zod';
import { metresToEnteredMiles } from '@milepost/geo/units';
import type { Db } from '../../db/client';
import { companies, trucks } from '../../db/schema/reference';
import { companyProviders } from '../../db/schema/telematics';
import { trips } from '../../db/schema/trips';
import type { Jobs } from '../../jobs/platform';
import { AppError } from '../../platform/errors';
import type { JsonPieces } from '../../platform/json-text';
import { reviewJsonSql, reviewOfJson, type TripReview } from '../mileage-review';
import { PROVIDER_LABEL, PROVIDERS, sourceSwitchesSql, sourcesOf } from '../telematics';
import { tripFigures, type TripFigures } from './figures';

/**
 * Each trip's miles from three sources (docs/mileage-engine.md, docs/integrations/telematics.md),
 * as the Mileage Report and the map read them: from stored data only. Fetching tracks and keeping
 * figures is the jobs' work (modules/trip-figures/figures.ts); a read never calls a telematics
 * provider and never writes.
 */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
/** The manual figures are kept in metres and answered in miles as typed (docs/decisions/020-one-unit.md). */
const enteredMiles = (m: number | null) => (m === null ? null : metresToEnteredMiles(m));

/**
 * `GET /mile-stats/{tripId}`'s answer, `{ data: TripMileStats }`, as JSON text in pieces: each
 * telematics source's figures are the text PostgreSQL sent of what the jobs kept, spliced in
 * unparsed (a figure computed now is written once); the rest is written here. A telematics source
 * shows only while it is switched on (`sourceOn`). With `review`, the trip's review row.
 */
export function mileStatsJson(f: TripFigures, review: TripReview | null): JsonPieces {
  const { trip, telematics } = f;
  const rest: Omit<TripMileStats, ProviderField<'Stats'>> = {
    hereStats: f.here,
    routeSource: f.here && (trip.routeSource === 'HERE' || trip.routeSource === 'ESTIMATE') ? trip.routeSource : null,
    routeEstimateBasis: f.here && trip.routeSource === 'ESTIMATE' ? trip.routeEstimateBasis : null,
    ...providerFields('FetchedAt', (p) => iso(telematics[p]?.fetchedAt)),
    manualStats: { payableMileage: enteredMiles(trip.payableM), emptyMiles: enteredMiles(trip.emptyM), loadedMiles: enteredMiles(trip.loadedM), version: trip.version },
    ...(review ? { review } : {}),
  };
  const pieces = ['{"data":', JSON.stringify(rest).slice(0, -1)];
  for (const p of PROVIDERS) pieces.push(`,"${providerField(p, 'Stats')}":`, telematics[p]?.statsJson ?? 'null');
  pieces.push('}}');
  return pieces;
}

/** The Mileage Report's answer for a trip, with its review row read in the same statement. */
export async function mileStatsOf(db: Db, tripId: number): Promise<JsonPieces> {
  const f = await tripFigures(db, tripId, { extra: reviewJsonSql });
  if (!f) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  return mileStatsJson(f, reviewOfJson(f.extra));
}

/**
 * `POST /mile-stats/{tripId}/refresh`: queues the job that fetches the trip's tracks and keeps
 * its figures (202). The answer never waits on a provider.
 */
export async function queueRefresh(db: Db, jobs: Jobs | null, tripId: number): Promise<{ tripId: number; state: 'QUEUED' }> {
  const [t] = await db
    .select({ id: trips.id, companyId: trucks.companyId, companyName: companies.name, switches: sourceSwitchesSql(trucks.companyId) })
    .from(trips)
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(companies, eq(companies.id, trucks.companyId))
    .where(eq(trips.id, tripId));
  if (!t) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  // Says why nothing can be fetched rather than queueing a fetch that finds nothing.
  const on = t.companyId === null ? [] : sourcesOf(t.switches);
  if (!on.length) throw new AppError('INTEGRATION_DISABLED', MILEAGE_MESSAGES.refreshOff(t.companyName));
  const tokens = await db
    .select({ provider: companyProviders.provider })
    .from(companyProviders)
    .where(and(eq(companyProviders.companyId, t.companyId!), isNotNull(companyProviders.tokenEncrypted)));
  if (!on.some((p) => tokens.some((x) => x.provider === p)))
    throw new AppError(
      'INTEGRATION_DISABLED',
      MILEAGE_MESSAGES.refreshNoToken(
        on.map((p) => PROVIDER_LABEL[p]),
        t.companyName ?? '',
      ),
    );
  if (!jobs) throw new AppError('UNAVAILABLE', INTEGRATION_MESSAGES.notRunning);
  await jobs.enqueueTripFigures(tripId);
  return { tripId, state: 'QUEUED' };
}

/**
 * The trips module's reads that answers about a trip's figures carry: the trip itself. Handed in
 * where the modules are wired (api-modules.ts), since the trips module calls this one on every
 * save and a module never imports one that imports it.
 */
export interface TripReads {
  getTrip(db: Db, id: number): Promise<TripDetail>;
  tripIdForMap(db: Db, q: z.output<typeof routeDataQuery>): Promise<number | null>;
}

/** The trip a map shows, with its stops, mileStats and the stored telematics tracks. */
export async function routeData(db: Db, reads: TripReads, q: z.output<typeof routeDataQuery>): Promise<TripRouteData> {
  const id = await reads.tripIdForMap(db, q);
  if (id === null) throw new AppError('NOT_FOUND', ROUTE_DATA_MESSAGES.notFound);
  const [trip, f] = await Promise.all([reads.getTrip(db, id), tripFigures(db, id, { location: true })]);
  if (!f) throw new AppError('NOT_FOUND', ROUTE_DATA_MESSAGES.notFound);
  return { ...trip, ...providerFields('Location', (p) => f.telematics[p]?.location ?? null) };
}
