import { z } from 'zod';
import { PLACE_SEARCH, hereAutosuggestResponse, type LatLng, type PlaceItem } from '@milepost/contracts/places-api';
import type { RoutingMode } from '@milepost/contracts/routing-api';
import { countOutgoingCall } from '../../platform/metrics';
import { parseRetryAfter } from '../../platform/retry-after';

/**
 * HERE behind a small interface (docs/routing.md): Routing v8, Autosuggest and raster tiles,
 * with the key kept on the server. URLs carry the key as `apiKey=`, so they are never logged;
 * errors say what failed without the URL.
 */

export interface HereRouteRequest {
  stops: readonly LatLng[];
  routingMode: RoutingMode;
  trailer: boolean;
}

export interface HereSection {
  length: number;
  duration: number;
  polyline: string;
  notices: { code: string; title: string; severity: string | null }[];
}

export interface HereRoute {
  sections: HereSection[];
}

export interface HereRoutesAnswer {
  routes: HereRoute[];
  /** Route-level notices; with no routes they say why (noRouteFound …). */
  notices: { code: string; title: string; severity: string | null }[];
}

export interface HereTile {
  contentType: string;
  body: Buffer;
}

export interface HereClient {
  routes(req: HereRouteRequest): Promise<HereRoutesAnswer>;
  autosuggest(q: { q: string; at: LatLng; limit: number }): Promise<PlaceItem[]>;
  tile(z: number, x: number, y: number): Promise<HereTile>;
}

/** THROTTLED: 429 (rate limit) or 503 (unavailable), both with an optional Retry-After (docs/routing.md#throttles). */
export type HereFailure = 'UNAUTHORIZED' | 'HTTP' | 'THROTTLED' | 'TIMEOUT' | 'NETWORK' | 'BAD_ANSWER';

/** A failed HERE call; `message` never holds the key or the URL. */
export class HereError extends Error {
  override readonly name = 'HereError';
  constructor(
    readonly kind: HereFailure,
    message: string,
    readonly status = 0,
    /** A THROTTLED answer's Retry-After in ms (fractional seconds kept); null when HERE sent none. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface HereClientOptions {
  apiKey: string;
  routerUrl: string;
  autosuggestUrl: string;
  /** Template with {z}/{x}/{y}; its own query (style …) is kept. */
  tilesUrl: string;
  timeoutMs: number;
  /** Largest tile accepted (bytes); a bigger one, or one that is not an image, is a BAD_ANSWER. */
  tileMaxBytes?: number;
}

/** Default cap on a tile's size (config MAP_TILE_MAX_BYTES). */
export const TILE_MAX_BYTES = 2 * 1024 * 1024;

/** Reads a body up to `max` bytes; null (and the rest cancelled) past it. */
async function readCapped(res: Response, max: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A 53' trailer behind a typical tractor (docs/routing.md): 36 287 kg, 411 cm high, 259 cm
 * wide, 2 195 cm overall, one trailer, five axles. Only `vehicle[...]` names (the older
 * `truck[...]` ones are deprecated and must not be mixed in).
 */
export const TRACTOR_TRAILER_53 = {
  grossWeight: 36_287,
  height: 411,
  width: 259,
  length: 2_195,
  trailerCount: 1,
  axleCount: 5,
} as const;

const notice = z.looseObject({ code: z.string().default(''), title: z.string().default(''), severity: z.string().optional() });
const routesAnswer = z.looseObject({
  routes: z
    .array(
      z.looseObject({
        sections: z.array(
          z.looseObject({
            summary: z.looseObject({ length: z.number(), duration: z.number() }),
            polyline: z.string(),
            notices: z.array(notice).optional(),
          }),
        ),
      }),
    )
    .default([]),
  notices: z.array(notice).optional(),
});

const toNotice = (n: z.infer<typeof notice>) => ({ code: n.code, title: n.title, severity: n.severity ?? null });

/**
 * HERE's truck type for a tractor pulling semi-trailers (HERE Routing v8 `vehicle[type]`:
 * `straightTruck`, HERE's default, or `tractor`; docs/routing.md#here-routing-v8).
 */
export const TRACTOR_TYPE = 'tractor';

/**
 * The HERE Routing v8 query Milepost sends (docs/routing.md, external wire format). Planning
 * mode (`departureTime=any`): no live traffic and no time-dependent restriction, so a trip's
 * planned miles do not depend on when it was saved. Only what Milepost reads is returned (no
 * `actions`), and nothing that only shapes instructions (`lang`, `units`) is sent.
 */
export function routesQuery(apiKey: string, req: HereRouteRequest): URLSearchParams {
  const at = (p: LatLng) => `${p.lat},${p.lng}`;
  const q = new URLSearchParams();
  q.set('apiKey', apiKey);
  q.set('transportMode', req.trailer ? 'truck' : 'car');
  q.set('origin', at(req.stops[0]!));
  q.set('destination', at(req.stops.at(-1)!));
  for (const via of req.stops.slice(1, -1)) q.append('via', at(via));
  q.set('routingMode', req.routingMode === 'PRACTICAL' ? 'fast' : 'short');
  q.set('departureTime', 'any');
  q.set('return', 'polyline,summary');
  q.set('alternatives', '2');
  q.set('avoid[features]', 'ferry');
  if (req.trailer) {
    q.set('vehicle[type]', TRACTOR_TYPE);
    for (const [k, v] of Object.entries(TRACTOR_TRAILER_53)) q.set(`vehicle[${k}]`, String(v));
  }
  return q;
}

function withQuery(base: string, q: URLSearchParams): string {
  return `${base}${base.includes('?') ? '&' : '?'}${q.toString()}`;
}

export function createHereClient(opts: HereClientOptions): HereClient {
  async function get(url: string, what: string): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json, image/*' }, signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      countOutgoingCall('HERE', timedOut ? 'timeout' : 'network');
      if (timedOut) throw new HereError('TIMEOUT', `HERE ${what} did not answer within ${opts.timeoutMs} ms`);
      throw new HereError('NETWORK', `HERE ${what} could not be reached`);
    }
    countOutgoingCall('HERE', res.ok ? 'ok' : res.status === 429 ? 'rate_limited' : res.status === 401 || res.status === 403 ? 'unauthorized' : 'http_error');
    if (res.ok) return res;
    const body = (await res.json().catch(() => undefined)) as { title?: unknown; error_description?: unknown } | undefined;
    const detail = typeof body?.title === 'string' ? body.title : typeof body?.error_description === 'string' ? body.error_description : '';
    const message = `HERE ${what} answered ${res.status}${detail ? `: ${detail}` : ''}`;
    if (res.status === 429 || res.status === 503) throw new HereError('THROTTLED', message, res.status, parseRetryAfter(res.headers.get('retry-after')));
    throw new HereError(res.status === 401 || res.status === 403 ? 'UNAUTHORIZED' : 'HTTP', message, res.status);
  }

  async function json(res: Response, what: string): Promise<unknown> {
    try {
      return await res.json();
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') throw new HereError('TIMEOUT', `HERE ${what} did not answer within ${opts.timeoutMs} ms`);
      throw new HereError('BAD_ANSWER', `HERE ${what} answered something that is not JSON`);
    }
  }

  return {
    async routes(req) {
      const res = await get(withQuery(opts.routerUrl, routesQuery(opts.apiKey, req)), 'routing');
      const parsed = routesAnswer.safeParse(await json(res, 'routing'));
      if (!parsed.success) throw new HereError('BAD_ANSWER', 'HERE routing answered an unexpected shape');
      return {
        routes: parsed.data.routes.map((r) => ({
          sections: r.sections.map((s) => ({ length: s.summary.length, duration: s.summary.duration, polyline: s.polyline, notices: (s.notices ?? []).map(toNotice) })),
        })),
        notices: (parsed.data.notices ?? []).map(toNotice),
      };
    },

    async autosuggest({ q, at, limit }) {
      const query = new URLSearchParams({
        q,
        at: `${at.lat},${at.lng}`,
        in: `countryCode:${PLACE_SEARCH.countryCode}`,
        limit: String(limit),
        lang: PLACE_SEARCH.lang,
        apiKey: opts.apiKey,
      });
      const res = await get(withQuery(opts.autosuggestUrl, query), 'autosuggest');
      const parsed = hereAutosuggestResponse.safeParse(await json(res, 'autosuggest'));
      if (!parsed.success) throw new HereError('BAD_ANSWER', 'HERE autosuggest answered an unexpected shape');
      const places: PlaceItem[] = [];
      for (const item of parsed.data.items) {
        const lat = item.position?.lat;
        const lng = item.position?.lng;
        const label = item.address?.label?.trim();
        // Only places with a position and an address (category and chain suggestions have neither).
        if (typeof lat !== 'number' || typeof lng !== 'number' || !label) continue;
        places.push({ id: item.id ?? `${lat},${lng}`, title: item.title?.trim() || label, address: { label }, position: { lat, lng } });
      }
      return places;
    },

    async tile(z, x, y) {
      const url = withQuery(opts.tilesUrl.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)), new URLSearchParams({ apiKey: opts.apiKey }));
      const res = await get(url, 'map tiles');
      // Only images are served from our origin (an upstream HTML page would run as ours), and only small ones.
      const contentType = (res.headers.get('content-type') ?? '').trim().toLowerCase();
      if (!/^image\/[a-z0-9.+-]+(;|$)/.test(contentType) || contentType.startsWith('image/svg')) {
        await res.body?.cancel().catch(() => undefined);
        throw new HereError('BAD_ANSWER', `HERE map tiles answered ${contentType || 'no content type'}, not an image`);
      }
      const max = opts.tileMaxBytes ?? TILE_MAX_BYTES;
      let body: Buffer | null;
      try {
        body = await readCapped(res, max);
      } catch {
        throw new HereError('TIMEOUT', `HERE map tiles did not answer within ${opts.timeoutMs} ms`);
      }
      if (!body) throw new HereError('BAD_ANSWER', `HERE map tile is larger than ${max} bytes`);
      return { contentType, body };
    },
  };
}
