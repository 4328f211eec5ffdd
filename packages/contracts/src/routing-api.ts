import { z } from 'zod';
import { DEFAULT_BANDS, ESTIMATE_BANDS } from '@milepost/geo/estimate';
import { decimalNumber } from './fields';

/**
 * Truck routing (docs/product/trips.md "Map behaviour", "External maps service"; docs/routing.md).
 * Routing runs on the API (docs/decisions/006): the web app asks `POST /routing/routes`; the
 * API asks HERE Routing v8 with its own key, or answers an honest estimate when there is no
 * key, HERE fails, times out or finds no route. Distances are metres, durations seconds.
 */

export const ROUTING = {
  /** Origin + at most 20 vias + destination (docs/product/shell.md: up to 20 waypoints). */
  minStops: 2,
  maxStops: 22,
  /** Answers are kept this long and shared by every user and instance (docs/product/shell.md: 10 min). */
  cacheFreshMs: 10 * 60 * 1000,
  /** Alternatives asked of HERE besides the primary route. */
  alternatives: 2,
} as const;

export const ROUTING_MODES = ['PRACTICAL', 'SHORTEST'] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];

/** Where a distance came from: HERE's truck routing, or the straight-line estimate. */
export const ROUTE_SOURCES = ['HERE', 'ESTIMATE'] as const;
export type RouteSource = (typeof ROUTE_SOURCES)[number];

/**
 * Why an answer is an estimate: no HERE key configured, HERE answered an error (bad key, 4xx,
 * 5xx, unreadable answer), HERE did not answer in time, HERE answered 200 with no route, or HERE
 * throttled Milepost (429) or was unavailable (503) and no instance asks it until its
 * Retry-After (or the backoff) has passed (docs/routing.md#throttles). Every reason but NO_KEY is
 * recomputed by a job once HERE answers again.
 */
export const ESTIMATE_REASONS = ['NO_KEY', 'HERE_ERROR', 'TIMEOUT', 'NO_ROUTE', 'HERE_THROTTLED', 'HERE_UNAVAILABLE'] as const;
export type EstimateReason = (typeof ESTIMATE_REASONS)[number];

/** HERE's section notice for a route that breaks a restriction for the truck (weight, height, hazmat …). */
export const TRUCK_RESTRICTION_NOTICE = 'violatedVehicleRestriction';

export const ROUTING_MESSAGES = {
  stopsCount: `A route needs ${ROUTING.minStops} to ${ROUTING.maxStops} stops.`,
  stopInvalid: 'Each stop needs a latitude from -90 to 90 and a longitude from -180 to 180, not 0.',
  routingMode: 'routingMode must be PRACTICAL or SHORTEST.',
  trailer: 'trailer must be true or false.',
  /** Shown beside a route HERE returned with a truck-restriction notice. */
  notTruckLegal: 'Not truck-legal: this route breaks a truck restriction.',
  /** Labels of an estimated answer, by reason. */
  estimate: {
    NO_KEY: 'Estimated: no HERE key is configured, so distances are straight-line × road factor.',
    HERE_ERROR: 'Estimated: HERE routing answered an error, so distances are straight-line × road factor.',
    TIMEOUT: 'Estimated: HERE routing did not answer in time, so distances are straight-line × road factor.',
    NO_ROUTE: 'Estimated: HERE found no route between these stops, so distances are straight-line × road factor.',
    HERE_THROTTLED: 'Estimated: HERE asked Milepost to wait (rate limit), so distances are straight-line × road factor until HERE answers again.',
    HERE_UNAVAILABLE: 'Estimated: HERE routing is unavailable for a while, so distances are straight-line × road factor until HERE answers again.',
  } satisfies Record<EstimateReason, string>,
} as const;

/** A stop position: in range and not 0 (docs/product/trips.md coordinate validity). */
export const routeStop = z.object(
  {
    lat: z
      .number({ message: ROUTING_MESSAGES.stopInvalid })
      .min(-90, ROUTING_MESSAGES.stopInvalid)
      .max(90, ROUTING_MESSAGES.stopInvalid)
      .refine((v) => v !== 0, ROUTING_MESSAGES.stopInvalid),
    lng: z
      .number({ message: ROUTING_MESSAGES.stopInvalid })
      .min(-180, ROUTING_MESSAGES.stopInvalid)
      .max(180, ROUTING_MESSAGES.stopInvalid)
      .refine((v) => v !== 0, ROUTING_MESSAGES.stopInvalid),
  },
  { message: ROUTING_MESSAGES.stopInvalid },
);
export type RouteStop = z.infer<typeof routeStop>;

/** POST /routing/routes body. */
export const routeRequest = z.object({
  stops: z.array(routeStop, { message: ROUTING_MESSAGES.stopsCount }).min(ROUTING.minStops, ROUTING_MESSAGES.stopsCount).max(ROUTING.maxStops, ROUTING_MESSAGES.stopsCount),
  routingMode: z.enum(ROUTING_MODES, { message: ROUTING_MESSAGES.routingMode }),
  trailer: z.boolean({ message: ROUTING_MESSAGES.trailer }),
});
export type RouteRequest = z.infer<typeof routeRequest>;

/** The leg from stop i to stop i+1. */
export const routeLeg = z.object({
  /** Metres. */
  distance: z.number(),
  /** Seconds. */
  duration: z.number(),
  /** The leg's line as a flexible polyline (docs/routing.md); a straight line for an estimate. */
  polyline: z.string(),
});
export type RouteLeg = z.infer<typeof routeLeg>;

/** A notice HERE attached to the route (or one of its sections), e.g. violatedVehicleRestriction. */
export const routeNotice = z.object({
  code: z.string(),
  title: z.string(),
  severity: z.string().nullable(),
});
export type RouteNotice = z.infer<typeof routeNotice>;

export const route = z.object({
  /** stops.length − 1 legs, in stop order. */
  legs: z.array(routeLeg),
  /** Metres, the sum of the legs. */
  distance: z.number(),
  /** Seconds, the sum of the legs. */
  duration: z.number(),
  notices: z.array(routeNotice),
  /**
   * True when HERE returned this route with a `violatedVehicleRestriction` notice: kept, but
   * the web app labels it with ROUTING_MESSAGES.notTruckLegal.
   */
  truckRestricted: z.boolean(),
});
export type Route = z.infer<typeof route>;

/**
 * What an estimate was computed with (docs/decisions/021-estimate-calibration.md), for the band
 * carrying most of the route's straight-line distance: the company's own factor (COMPANY: its
 * calibration band SHORT/LONG, the median of its completed telematics legs, their number and the
 * p25–p75 spread) or the fitted default (DEFAULT: the default band UNDER_100/FROM_100/FROM_500,
 * docs/routing.md "The estimate"; no sample, no spread; SHORT/LONG on figures stored before).
 */
export const estimateBasis = z.object({
  kind: z.enum(['COMPANY', 'DEFAULT']),
  band: z.enum([...ESTIMATE_BANDS, ...DEFAULT_BANDS]),
  factor: z.number(),
  sampleSize: z.number().int().nullable(),
  p25: z.number().nullable(),
  p75: z.number().nullable(),
});
export type EstimateBasis = z.infer<typeof estimateBasis>;
export { estimateBasisText } from './estimate-basis';

/** POST /routing/routes answer (inside `{ data }`): the primary route first, then up to 2 alternatives. */
export const routeResponse = z.object({
  source: z.enum(ROUTE_SOURCES),
  /** Why this is an estimate; null for HERE answers. */
  estimateReason: z.enum(ESTIMATE_REASONS).nullable(),
  /** What the estimate was computed with; null for HERE answers. */
  estimateBasis: estimateBasis.nullish(),
  routes: z.array(route),
});
export type RouteResponse = z.infer<typeof routeResponse>;

/**
 * GET /routing/status answer (inside `{ data }`), for the System screen (docs/routing.md#throttles):
 * whether HERE routing is answering, throttled (429) or unavailable (503) since when and until
 * when, when the last throttle ended, and how many trips still wait to be routed again.
 */
export const HERE_STATES = ['NO_KEY', 'ANSWERING', 'THROTTLED', 'UNAVAILABLE'] as const;
export const routingStatus = z.object({
  here: z.enum(HERE_STATES),
  /** ISO time the current throttle began; null while HERE answers. */
  since: z.string().nullable(),
  /** ISO time until which no instance calls HERE; null while HERE answers. */
  until: z.string().nullable(),
  /** ISO time the last throttle ended (HERE answered again); null when none did. */
  lastEndedAt: z.string().nullable(),
  /** Trips whose figures are an estimate for a reason other than NO_KEY: the retry job routes them again. */
  estimatesWaiting: z.number().int(),
});
export type RoutingStatus = z.infer<typeof routingStatus>;

export const ROUTING_STATUS_TEXT = {
  NO_KEY: 'No HERE key is configured: every route is an estimate.',
  ANSWERING: 'HERE routing is answering.',
  THROTTLED: 'HERE is throttling Milepost (rate limit)',
  UNAVAILABLE: 'HERE routing is unavailable',
} as const satisfies Record<(typeof HERE_STATES)[number], string>;

// ---------------------------------------------------------------------------------------------
// Map tiles

/**
 * GET /client-config → mapTiles. With a HERE key the web app loads raster tiles through the API
 * (`urlTemplate` is a Leaflet template carrying a short-lived signed token, since an <img>
 * cannot send the bearer header; ask /client-config again before `expiresAt`). Without a key
 * the web app draws its offline basemap.
 */
export const mapTilesConfig = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('HERE'),
    /** e.g. /api/v1/map-tiles/{z}/{x}/{y}?token=… */
    urlTemplate: z.string(),
    /** ISO time after which the token in urlTemplate is refused. */
    expiresAt: z.string(),
  }),
  z.object({ provider: z.literal('OFFLINE') }),
]);
export type MapTilesConfig = z.infer<typeof mapTilesConfig>;

/** GET /map-tiles/{z}/{x}/{y} path and query. */
export const mapTileParams = z.object({
  z: decimalNumber(z.number().int().min(0).max(20)),
  x: decimalNumber(z.number().int().min(0)),
  y: decimalNumber(z.number().int().min(0)),
});
export const mapTileQuery = z.object({ token: z.string().min(1).max(500) });

// ---------------------------------------------------------------------------------------------
// Recomputing stored trips

/** POST /trips/recompute-routes body: a batch of trips in id order (call again with afterId = lastId). */
export const recomputeRoutesRequest = z.object({
  /** Only these trips; all when absent. */
  tripIds: z.array(z.number().int().positive()).min(1).max(500).optional(),
  /** Only trips whose figures the server never computed (no routeSource). */
  onlyMissing: z.boolean().default(true),
  afterId: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).default(100),
});
export const recomputeRoutesResponse = z.object({
  recomputed: z.number().int(),
  /** Trips saved meanwhile (their own save computed the figures). */
  skipped: z.number().int(),
  /** The last trip id of this batch: pass it as afterId; null when there was nothing to do. */
  lastId: z.number().int().nullable(),
  /** Trips still to do after this batch. */
  remaining: z.number().int(),
});
export type RecomputeRoutesResponse = z.infer<typeof recomputeRoutesResponse>;
