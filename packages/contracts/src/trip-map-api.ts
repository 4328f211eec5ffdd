import { z } from 'zod';
import { id, requiredText } from './fields';
import { DISTANCE_METHODS, sourceCoverage } from './mile-stats-api';
import { estimateBasis } from './routing-api';
import { IDENTIFIER_TYPES } from './trips-api';
import { PROVIDER_KEYS } from './providers';

/**
 * The trip map's panels and its report dialog (docs/product/trips.md "Map panels", "Trip map report
 * dialog"): `GET /trips/summary?truckId&number` gives each source's total for the panel
 * titles, `GET /trips/report-summary?truckId&number` the report dialog's rows per source.
 * Distances are metres and durations seconds (shown in the user's unit); every figure says how
 * it was measured (`method`: HERE, ESTIMATE, ODOMETER, GPS).
 *
 * Sources are the map types, one per panel: 'here' (our routing) always; each provider's key
 * only when the trip's company runs that integration (and the TRIP settings have it on), with
 * the mileage engine's figures (docs/mileage-engine.md) — or, when there is no track for the
 * trip, `method` and `distance` null: the panel shows 'Limited Data Available'.
 */

/** HERE's route, then each provider's track (providers.ts, in lower case). */
export const MAP_TYPES = ['here', ...PROVIDER_KEYS] as const;
export type MapType = (typeof MAP_TYPES)[number];

/**
 * The spec's truck-and-number address of a trip; it resolves to the same trip as
 * `/trips/route-data` with the same parameters (identifierType and driverId narrow it when given).
 * The web addresses a trip by id: `GET /trips/{id}/map-summary` and `GET /trips/{id}/map-report`.
 */
export const tripMapQuery = z.object({
  truckId: id('truckId is required'),
  number: requiredText('number', 50, 'number is required'),
  identifierType: z.enum(IDENTIFIER_TYPES).optional(),
  driverId: id().optional(),
});

const tripRef = {
  tripId: z.number().int(),
  truckId: z.number().int(),
  identifierType: z.enum(IDENTIFIER_TYPES),
  number: z.string(),
};

/** One panel's title figures. */
export const mapSourceSummary = z.object({
  type: z.enum(MAP_TYPES),
  /**
   * How the figures were measured: for 'here' HERE or ESTIMATE; for a provider's key
   * ODOMETER, or GPS when any leg was measured along the track.
   */
  method: z.enum(DISTANCE_METHODS).nullable(),
  /** Metres (total miles of the trip by this source); null when it could not be measured. */
  distance: z.number().nullable(),
  /** Seconds (telematics: from reaching the first stop to reaching the last). */
  duration: z.number().nullable(),
  /**
   * Telematics: of `duration`, the seconds the truck stood still (time at stops, dwell); the rest
   * is driving, comparable with the route's driving hours. Null when not measured.
   */
  dwell: z.number().nullable().optional(),
  /** Telematics: how much of the trip this source measured (legs measured of all, share of the planned miles); null without figures. */
  coverage: sourceCoverage.nullish(),
  /** 'here' with method ESTIMATE: what the estimate was computed with, for its tooltip. */
  estimateBasis: estimateBasis.nullish(),
});
export type MapSourceSummary = z.infer<typeof mapSourceSummary>;

/** GET /trips/summary and GET /trips/{id}/map-summary answer (inside `{ data }`). */
export const tripMapSummary = z.object({
  ...tripRef,
  sources: z.array(mapSourceSummary),
  /** The rule the trip's review row was computed under (completed trips; null otherwise): the panels mark a figure beyond its tolerance. */
  payRule: z.object({ payBasis: z.enum(['ROUTED', 'ACTUAL', 'LOWER', 'HIGHER']), tolerancePct: z.number() }).nullish(),
});
export type TripMapSummary = z.infer<typeof tripMapSummary>;

/** One row of the report dialog: the leg into this stop. */
export const tripReportRow = z.object({
  stopType: z.string(),
  /** "Dallas, TX" from the stop's address. */
  city: z.string(),
  /** Metres of the leg into the stop (0 for the first). */
  distance: z.number().nullable(),
  /** Metres from the first stop. */
  totalDistance: z.number().nullable(),
  /** Seconds of the leg. */
  duration: z.number().nullable(),
});
export type TripReportRow = z.infer<typeof tripReportRow>;

export const mapSourceReport = z.object({
  type: z.enum(MAP_TYPES),
  method: z.enum(DISTANCE_METHODS).nullable(),
  /** 'here' with method ESTIMATE: what the estimate was computed with, for its tooltip. */
  estimateBasis: estimateBasis.nullish(),
  rows: z.array(tripReportRow),
  /** Telematics: how much of the trip this source measured; null without figures. */
  coverage: sourceCoverage.nullish(),
  /** The totals row. */
  totals: z.object({ distance: z.number().nullable(), duration: z.number().nullable() }),
});
export type MapSourceReport = z.infer<typeof mapSourceReport>;

/** GET /trips/report-summary and GET /trips/{id}/map-report answer (inside `{ data }`). */
export const tripMapReport = z.object({ ...tripRef, sources: z.array(mapSourceReport) });
export type TripMapReport = z.infer<typeof tripMapReport>;

/** The dialog's title: '{TYPE} Trip Report - {load}' (docs/product/trips.md). */
export const tripReportTitle = (type: MapType, number: string) => `${type.toUpperCase()} Trip Report - ${number}`;

/** "Dallas, TX" from "123 Main St, Dallas, TX 75201, United States"; the address itself when it has no state. */
export function cityOf(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length && /^(united states( of america)?|usa?)$/i.test(parts.at(-1)!)) parts.pop();
  const state = parts.at(-1)?.match(/^([A-Z]{2})(\s+\d{5}(-\d{4})?)?$/);
  if (state && parts.length >= 2) return `${parts.at(-2)}, ${state[1]}`;
  return parts.join(', ') || address;
}
