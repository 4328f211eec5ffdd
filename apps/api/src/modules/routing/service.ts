import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { encode } from '@milepost/geo/flexpolyline';
import {
  ROUTING,
  TRUCK_RESTRICTION_NOTICE,
  type EstimateBasis,
  type EstimateReason,
  type Route,
  type RouteNotice,
  type RouteRequest,
  type RouteResponse,
} from '@milepost/contracts/routing-api';
import { wgs84Meters } from '@milepost/geo/distance';
import { bandOf, DEFAULT_BANDS, DEFAULT_CIRCUITY, defaultBandOf, estimateLeg, type Calibration, type DefaultBand, type EstimateBand } from '@milepost/geo/estimate';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { routeCache } from '../../db/schema/routing';
import { calibrationOf } from './calibration';
import { recordAnswered, recordThrottle, throttleState } from './throttle';
import { createHereClient, HereError, type HereClient, type HereRoutesAnswer } from '../../integrations/here/client';
import { singleFlight } from '../../platform/single-flight';

/**
 * The one place Milepost gets route distances from (docs/routing.md, docs/decisions/006):
 * HERE Routing v8 when a key is configured, otherwise — or when HERE fails, times out or finds
 * no route — the honest estimate (WGS84 distance × circuity, packages/geo/src/estimate.ts).
 * While HERE throttles (429/503, `here_throttle`: throttle.ts) no instance calls it.
 * HERE answers are cached in PostgreSQL for 10 minutes, shared by every user and instance, and
 * identical requests in flight at once share one HERE call (single-flight).
 */
export interface RoutingService {
  /**
   * `companyId`: the company whose trip this is; its own circuity factors (modules/routing/calibration.ts)
   * replace the default bands in an estimate.
   */
  route(req: RouteRequest, opts?: { companyId?: number | null }): Promise<RouteResponse>;
  /** True when HERE is configured (answers may still be estimates when it fails). */
  readonly hasHere: boolean;
  /** The same service without HERE: estimates only, no database, no network (the demo seed's transaction). */
  withoutHere(): RoutingService;
}

export interface RoutingOptions {
  db: Db;
  /** null: no HERE key, every answer is an estimate. */
  here: HereClient | null;
  estimateSpeedMph: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Estimates with the default bands and reads no database (withoutHere: inside a transaction, on PGlite's one connection, another read would wait forever). */
  offline?: boolean;
}

/** The HERE client of this configuration, or null without a key. */
export function hereClientFor(config: Config): HereClient | null {
  if (!config.HERE_API_KEY) return null;
  return createHereClient({
    apiKey: config.HERE_API_KEY,
    routerUrl: config.HERE_ROUTER_URL,
    autosuggestUrl: config.HERE_AUTOSUGGEST_URL,
    tilesUrl: config.HERE_TILES_URL,
    timeoutMs: config.HERE_TIMEOUT_MS,
    tileMaxBytes: config.MAP_TILE_MAX_BYTES,
  });
}

export function routingServiceFor(config: Config, db: Db, log?: RoutingOptions['log']): RoutingService {
  return createRoutingService({ db, here: hereClientFor(config), estimateSpeedMph: config.ROUTE_ESTIMATE_SPEED_MPH, log });
}

/** Positions are compared to 6 decimals (~0.1 m): closer stops share an answer. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The cache key: a hash of everything that changes HERE's answer. */
export function routeSignature(req: RouteRequest): string {
  const key = JSON.stringify({ v: 1, stops: req.stops.map((s) => [round6(s.lat), round6(s.lng)]), mode: req.routingMode, trailer: req.trailer });
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * What the estimate of these stops is computed with: the company's factor for the calibration band
 * carrying most of the straight-line distance (with its sample and spread) when it has one, else
 * the fitted default of the default band carrying most of it (docs/routing.md "The estimate").
 */
export function basisOf(req: RouteRequest, calibration: Calibration): EstimateBasis {
  const own: Record<EstimateBand, number> = { SHORT: 0, LONG: 0 };
  const byDefault: Record<DefaultBand, number> = { UNDER_100: 0, FROM_100: 0, FROM_500: 0 };
  req.stops.slice(1).forEach((to, i) => {
    const m = wgs84Meters(req.stops[i]!, to);
    own[bandOf(m)] += m;
    byDefault[defaultBandOf(m)] += m;
  });
  const band: EstimateBand = own.LONG >= own.SHORT ? 'LONG' : 'SHORT';
  const company = calibration[band];
  if (company) return { kind: 'COMPANY', band, factor: company.factor, sampleSize: company.sampleSize, p25: company.p25, p75: company.p75 };
  const fallback = DEFAULT_BANDS.reduce((best, b) => (byDefault[b] > byDefault[best] ? b : best));
  return { kind: 'DEFAULT', band: fallback, factor: DEFAULT_CIRCUITY[fallback].factor, sampleSize: null, p25: null, p75: null };
}

/** A straight-line estimate for every leg, labelled with why and with what it was computed. */
export function estimateRoute(req: RouteRequest, reason: EstimateReason, speedMph: number, calibration: Calibration = {}): RouteResponse {
  const legs = req.stops.slice(1).map((to, i) => {
    const from = req.stops[i]!;
    const leg = estimateLeg(from, to, req.routingMode, speedMph, calibration);
    return {
      distance: leg.distance,
      duration: leg.duration,
      polyline: encode({
        polyline: [
          [from.lat, from.lng],
          [to.lat, to.lng],
        ],
        precision: 5,
      }),
    };
  });
  return {
    source: 'ESTIMATE',
    estimateReason: reason,
    estimateBasis: basisOf(req, calibration),
    routes: [{ legs, distance: sum(legs, 'distance'), duration: sum(legs, 'duration'), notices: [], truckRestricted: false }],
  };
}

const sum = <K extends string>(list: readonly Record<K, number>[], key: K) => list.reduce((a, x) => a + x[key], 0);

/**
 * HERE's routes in Milepost's shape: one leg per section (a route with N vias has N+1
 * sections). A route whose sections do not line up with the stops is dropped rather than
 * guessed at. Null when no usable route remains.
 */
export function fromHere(answer: HereRoutesAnswer, legCount: number): Route[] | null {
  const routes: Route[] = [];
  for (const r of answer.routes) {
    if (r.sections.length !== legCount) continue;
    const legs = r.sections.map((s) => ({ distance: s.length, duration: s.duration, polyline: s.polyline }));
    const notices = new Map<string, RouteNotice>();
    for (const s of r.sections) for (const n of s.notices) if (!notices.has(n.code)) notices.set(n.code, n);
    routes.push({
      legs,
      distance: sum(legs, 'distance'),
      duration: sum(legs, 'duration'),
      notices: [...notices.values()],
      truckRestricted: notices.has(TRUCK_RESTRICTION_NOTICE),
    });
  }
  return routes.length ? routes.slice(0, 1 + ROUTING.alternatives) : null;
}

export function createRoutingService(opts: RoutingOptions): RoutingService {
  const { db, here } = opts;

  async function cached(signature: string): Promise<RouteResponse | null> {
    try {
      const [row] = await db
        .select({ answer: routeCache.answer })
        .from(routeCache)
        .where(and(eq(routeCache.signature, signature), gt(routeCache.createdAt, sql`now() - make_interval(secs => ${ROUTING.cacheFreshMs / 1000})`)));
      return (row?.answer as RouteResponse | undefined) ?? null;
    } catch (err) {
      opts.log?.warn({ err }, 'route cache could not be read');
      return null;
    }
  }

  async function remember(signature: string, answer: RouteResponse): Promise<void> {
    try {
      await db
        .insert(routeCache)
        .values({ signature, answer })
        .onConflictDoUpdate({ target: routeCache.signature, set: { answer, createdAt: sql`now()` } });
      // Stale answers are of no use to anyone: drop them as new ones come in (created_at index).
      await db.delete(routeCache).where(lt(routeCache.createdAt, sql`now() - make_interval(secs => ${ROUTING.cacheFreshMs / 1000})`));
    } catch (err) {
      opts.log?.warn({ err }, 'route cache could not be written');
    }
  }

  const shared = singleFlight<RouteResponse | EstimateReason>();

  /** HERE answered after a throttle: the spell ends for every instance (and the retry job may recompute). */
  const endSpell = () => recordAnswered(db).catch((err: unknown) => opts.log?.warn({ err }, 'HERE throttle could not be ended'));

  const service: RoutingService = {
    hasHere: here !== null,
    withoutHere: () => (opts.offline ? service : createRoutingService({ ...opts, here: null, offline: true })),
    async route(req, routeOpts) {
      // The company's calibration is applied per caller, outside the shared part: callers of one signature may be different companies.
      const estimate = async (reason: EstimateReason) => estimateRoute(req, reason, opts.estimateSpeedMph, opts.offline ? {} : await calibrationOf(db, routeOpts?.companyId));
      if (!here) return estimate('NO_KEY');
      const signature = routeSignature(req);
      // The signature covers everything HERE is asked (stops to ~0.1 m, mode, trailer), so callers with one signature may share an answer.
      const answer = await shared(signature, () => fromCacheOrHere(here, req, signature));
      return typeof answer === 'string' ? estimate(answer) : answer;
    },
  };

  /** HERE's answer (from the cache or HERE), or why it must be an estimate. */
  async function fromCacheOrHere(here: HereClient, req: RouteRequest, signature: string): Promise<RouteResponse | EstimateReason> {
    const hit = await cached(signature);
    if (hit) return hit;
    // Shared by every instance: while HERE throttles, nobody calls it (docs/routing.md#throttles).
    const throttle = await throttleState(db).catch((err: unknown) => {
      opts.log?.warn({ err }, 'HERE throttle state could not be read');
      return null;
    });
    if (throttle?.blocked) return throttle.reason;
    let answer: HereRoutesAnswer;
    try {
      answer = await here.routes(req);
    } catch (err) {
      const kind = err instanceof HereError ? err.kind : 'NETWORK';
      opts.log?.warn({ here: kind, reason: err instanceof Error ? err.message : String(err) }, 'HERE routing failed: answering an estimate');
      if (err instanceof HereError && err.kind === 'THROTTLED') {
        await recordThrottle(db, err.status, err.retryAfterMs).catch((e: unknown) => opts.log?.warn({ err: e }, 'HERE throttle could not be recorded'));
        return err.status === 429 ? 'HERE_THROTTLED' : 'HERE_UNAVAILABLE';
      }
      if (kind !== 'TIMEOUT' && kind !== 'NETWORK' && throttle && !throttle.endedAt) await endSpell();
      return kind === 'TIMEOUT' ? 'TIMEOUT' : 'HERE_ERROR';
    }
    if (throttle && !throttle.endedAt) await endSpell();
    if (!answer.routes.length) {
      opts.log?.warn({ notices: answer.notices.map((n) => n.code) }, 'HERE found no route: answering an estimate');
      return 'NO_ROUTE';
    }
    const routes = fromHere(answer, req.stops.length - 1);
    if (!routes) {
      opts.log?.warn('HERE routes do not line up with the stops: answering an estimate');
      return 'HERE_ERROR';
    }
    const result: RouteResponse = { source: 'HERE', estimateReason: null, routes };
    await remember(signature, result);
    return result;
  }
  return service;
}
