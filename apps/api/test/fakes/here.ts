import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode } from '@milepost/geo/flexpolyline';
import { greatCircleMeters, type LatLng } from '@milepost/geo/distance';
import { providerFixture } from '../fixtures/providers';

/**
 * A local HERE that speaks the wire formats Milepost uses (docs/routing.md): Routing v8
 * (`GET /v8/routes`), Autosuggest (`GET /v1/autosuggest`) and raster tiles
 * (`GET /v3/base/mc/{z}/{x}/{y}/png8`). Its answers are deterministic, so tests can assert
 * the exact figures: each leg is the great-circle distance × 1.3 (fast) or × 1.27 (short),
 * rounded to the metre, at 25 m/s; alternative k is (1 + 0.04·k) times longer.
 *
 * Behaviours (set with `fake.set({ mode })`, or `POST /__control {"mode": …, "delayMs": …}`
 * for a fake started as its own process by the end-to-end suite):
 * - 'ok': routes as above.
 * - 'no-route': 200 with `routes: []` and a critical `noRouteFound` notice.
 * - 'restricted': routes whose first section carries a `violatedVehicleRestriction` notice.
 * - 'server-error': 500 with HERE's error body.
 * - 'throttled': 429 with HERE's sample body and `Retry-After: retryAfter` (none when null).
 * - 'unavailable': 503 with HERE's sample body, likewise.
 * - 'slow': answers after `delayMs` (default 1 000 ms).
 * - 'html-tile': tiles are a 200 `text/html` page (a captive portal, a broken CDN).
 * - 'huge-tile': tiles are a 200 `image/png` of 60 MB, sent in chunks with no length.
 * A key other than `apiKey` (default FAKE_HERE_KEY) gets HERE's 401 on every path. Answers and
 * error bodies are HERE's published samples (test/fixtures/providers/here/) with the test's
 * figures.
 */

export const FAKE_HERE_KEY = 'fake-here-key';
export type HereFakeMode = 'ok' | 'no-route' | 'restricted' | 'server-error' | 'throttled' | 'unavailable' | 'slow' | 'html-tile' | 'huge-tile';

export const FAKE_ROUTE_FACTOR = { fast: 1.3, short: 1.27 } as const;
export const FAKE_SPEED_MPS = 25;

/** Places the fake's autosuggest knows; a category suggestion (no position) is always offered too. */
export const FAKE_PLACES = [
  { id: 'here:pds:place:dallas', title: 'Dallas, TX, United States', label: 'Dallas, TX, United States', lat: 32.77822, lng: -96.79512 },
  { id: 'here:pds:place:dalhart', title: 'Dalhart, TX, United States', label: 'Dalhart, TX 79022, United States', lat: 36.05948, lng: -102.51325 },
  { id: 'here:pds:place:chicago', title: 'Chicago, IL, United States', label: 'Chicago, IL, United States', lat: 41.88425, lng: -87.63245 },
  { id: 'here:pds:place:denver', title: 'Denver, CO, United States', label: 'Denver, CO, United States', lat: 39.74001, lng: -104.99202 },
  { id: 'here:pds:place:memphis', title: 'Memphis, TN, United States', label: 'Memphis, TN, United States', lat: 35.14968, lng: -90.04892 },
] as const;

/** A valid 1×1 PNG: what the fake's tiles are. */
export const FAKE_TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface HereFakeRequest {
  path: string;
  query: URLSearchParams;
}

export interface HereFake {
  /** http://127.0.0.1:port */
  url: string;
  routerUrl: string;
  autosuggestUrl: string;
  tilesUrl: string;
  /** The key the fake accepts at start. */
  apiKey: string;
  /** Every request received, oldest first (the key included: tests only). */
  requests: HereFakeRequest[];
  /** Behaviour from now on; `apiKey` changes the key the fake accepts (to see a 401); `retryAfter` is the throttles' header (null: none). */
  set(opts: { mode?: HereFakeMode; delayMs?: number; apiKey?: string; retryAfter?: string | null }): void;
  /** Settings that point the API at this fake. */
  env(): Record<string, string>;
  /** The legs the fake answers for these stops (metres, seconds): what tests compare with. */
  expectedLegs(stops: readonly LatLng[], routingMode: 'fast' | 'short', alternative?: number): { length: number; duration: number }[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

type SectionSample = Record<string, unknown> & { departure: { time: string }; arrival: { time: string } };
const SECTION = providerFixture<{ routes: { sections: SectionSample[] }[] }>('here', 'route-truck-200').body.routes[0]!.sections[0]!;
const unauthorized = providerFixture('here', 'error-401').body;
const NO_ROUTE = providerFixture('here', 'no-route-200').body;
const THROTTLED = providerFixture('here', 'error-429');
const UNAVAILABLE = providerFixture('here', 'error-503');
/** HERE's error body (the 400 sample's shape) with this status, title, code and cause. */
const hereError = (status: number, title: string, code: string, cause: string) => ({ ...(providerFixture('here', 'error-400').body as object), title, status, code, cause });

function parsePoint(raw: string | null): LatLng | null {
  if (!raw) return null;
  const [lat, lng] = raw.split(',').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null;
}

function legsFor(stops: readonly LatLng[], mode: 'fast' | 'short', alternative = 0) {
  return stops.slice(1).map((to, i) => {
    const from = stops[i]!;
    const length = Math.round(greatCircleMeters(from, to) * FAKE_ROUTE_FACTOR[mode] * (1 + 0.04 * alternative));
    return { from, to, length, duration: Math.round(length / FAKE_SPEED_MPS) };
  });
}

/** Ten points along the leg, bowed a little per alternative so lines do not overlap. */
function linePoints(from: LatLng, to: LatLng, alternative: number): [number, number][] {
  const points: [number, number][] = [];
  for (let k = 0; k <= 10; k++) {
    const t = k / 10;
    const bow = Math.sin(Math.PI * t) * 0.05 * alternative;
    points.push([from.lat + (to.lat - from.lat) * t + bow, from.lng + (to.lng - from.lng) * t + bow]);
  }
  return points;
}

export async function startHereFake(opts: { port?: number; apiKey?: string } = {}): Promise<HereFake> {
  let apiKey = opts.apiKey ?? FAKE_HERE_KEY;
  let mode: HereFakeMode = 'ok';
  let delayMs = 1000;
  let retryAfter: string | null = THROTTLED.headers?.['retry-after'] ?? null;
  const requests: HereFakeRequest[] = [];

  function routes(q: URLSearchParams, res: ServerResponse) {
    const origin = parsePoint(q.get('origin'));
    const destination = parsePoint(q.get('destination'));
    const vias = q.getAll('via').map(parsePoint);
    const transportMode = q.get('transportMode');
    const routingMode = q.get('routingMode') ?? 'fast';
    const mixed = [...q.keys()].some((k) => k.startsWith('truck[')) && [...q.keys()].some((k) => k.startsWith('vehicle['));
    // HERE's truck types (vehicle[type]): straightTruck (the default) or tractor; anything else is a malformed request.
    const badType = q.has('vehicle[type]') && !['straightTruck', 'tractor'].includes(q.get('vehicle[type]')!);
    if (!origin || !destination || vias.some((v) => !v) || !['truck', 'car'].includes(transportMode ?? '') || !['fast', 'short'].includes(routingMode) || mixed || badType) {
      return send(res, 400, hereError(400, 'Malformed request', 'E605001', 'Invalid or missing parameters'));
    }
    const alternatives = Number(q.get('alternatives') ?? 0);
    if (alternatives > 6) return send(res, 400, hereError(400, 'Too many alternatives', 'E605015', 'alternatives must be at most 6'));
    if (mode === 'server-error') return send(res, 500, hereError(500, 'Internal Server Error', 'E605500', 'Routing failed'));
    if (mode === 'throttled' || mode === 'unavailable') {
      const sample = mode === 'throttled' ? THROTTLED : UNAVAILABLE;
      return send(res, sample.status, sample.body, retryAfter === null ? {} : { 'retry-after': retryAfter });
    }
    if (mode === 'no-route') return send(res, 200, NO_ROUTE);
    const stops = [origin, ...(vias as LatLng[]), destination];
    const list = Array.from({ length: 1 + alternatives }, (_, alt) => ({
      id: `route-${alt}`,
      sections: legsFor(stops, routingMode as 'fast' | 'short', alt).map((leg, i) => ({
        ...SECTION,
        id: `section-${alt}-${i}`,
        departure: {
          time: SECTION.departure.time,
          place: {
            type: 'place',
            location: { lat: leg.from.lat, lng: leg.from.lng },
            originalLocation: { lat: leg.from.lat, lng: leg.from.lng },
            ...(i > 0 ? { waypoint: i - 1 } : {}),
          },
        },
        arrival: {
          time: SECTION.arrival.time,
          place: {
            type: 'place',
            location: { lat: leg.to.lat, lng: leg.to.lng },
            originalLocation: { lat: leg.to.lat, lng: leg.to.lng },
            ...(i < stops.length - 2 ? { waypoint: i } : {}),
          },
        },
        summary: { duration: leg.duration, length: leg.length, baseDuration: leg.duration },
        polyline: encode({ polyline: linePoints(leg.from, leg.to, alt), precision: 5 }),
        ...(mode === 'restricted' && i === 0 ? { notices: [{ title: 'Violated vehicle restriction.', code: 'violatedVehicleRestriction', severity: 'critical' }] } : {}),
        transport: { mode: transportMode },
      })),
    }));
    send(res, 200, { routes: list });
  }

  function autosuggest(q: URLSearchParams, res: ServerResponse) {
    const text = q.get('q');
    const inParam = q.get('in') ?? '';
    const hasArea = q.has('at') || inParam.startsWith('circle:') || inParam.startsWith('bbox:');
    if (!text || !hasArea)
      return send(res, 400, { status: 400, title: 'Illegal input for parameter', cause: 'at, in=circle or in=bbox is required', correlationId: 'fake', requestId: 'fake' });
    if (mode === 'server-error') return send(res, 503, { status: 503, title: 'Service unavailable', correlationId: 'fake', requestId: 'fake' });
    const limit = Number(q.get('limit') ?? 20);
    const wanted = text.toLowerCase();
    const items = [
      { title: `${text} (category)`, id: 'here:cm:category:fake', resultType: 'categoryQuery', href: 'https://autosuggest.search.hereapi.com/v1/discover?q=fake', highlights: {} },
      ...FAKE_PLACES.filter((p) => p.title.toLowerCase().startsWith(wanted)).map((p) => ({
        title: p.title,
        id: p.id,
        resultType: 'locality',
        address: { label: p.label },
        position: { lat: p.lat, lng: p.lng },
        highlights: {},
      })),
    ].slice(0, limit);
    send(res, 200, { items, queryTerms: [] });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/__control') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const body = JSON.parse(raw || '{}') as { mode?: HereFakeMode; delayMs?: number; apiKey?: string };
      if (body.mode) mode = body.mode;
      if (typeof body.delayMs === 'number') delayMs = body.delayMs;
      if (body.apiKey) apiKey = body.apiKey;
      return send(res, 200, { mode, delayMs });
    }
    requests.push({ path: url.pathname, query: url.searchParams });
    if (mode === 'slow') await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    const key = url.searchParams.get('apiKey') ?? url.searchParams.get('apikey');
    if (key !== apiKey) return send(res, 401, unauthorized);
    if (url.pathname === '/v8/routes') return routes(url.searchParams, res);
    if (url.pathname === '/v1/autosuggest') return autosuggest(url.searchParams, res);
    if (/^\/v3\/base\/mc\/\d+\/\d+\/\d+\/png8$/.test(url.pathname)) {
      if (mode === 'server-error') return send(res, 503, { status: 503, title: 'Service unavailable' });
      if (mode === 'html-tile') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><script>document.title = "not a tile"</script>');
      }
      if (mode === 'huge-tile') {
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        for (let sent = 0; sent < 60 * 1024 * 1024 && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk)) await new Promise((r) => res.once('drain', r).once('close', r));
        }
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(FAKE_TILE_PNG);
    }
    send(res, 404, { status: 404, title: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, hereError(500, 'Internal Server Error', 'E605500', 'fake failed'));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: HereFake = {
    url: base,
    routerUrl: `${base}/v8/routes`,
    autosuggestUrl: `${base}/v1/autosuggest`,
    tilesUrl: `${base}/v3/base/mc/{z}/{x}/{y}/png8?style=logistics.day`,
    apiKey,
    requests,
    set(o) {
      if (o.mode) mode = o.mode;
      if (typeof o.delayMs === 'number') delayMs = o.delayMs;
      if (o.apiKey) apiKey = o.apiKey;
      if (o.retryAfter !== undefined) retryAfter = o.retryAfter;
    },
    env: () => ({ HERE_API_KEY: opts.apiKey ?? FAKE_HERE_KEY, HERE_ROUTER_URL: fake.routerUrl, HERE_AUTOSUGGEST_URL: fake.autosuggestUrl, HERE_TILES_URL: fake.tilesUrl }),
    expectedLegs: (stops, routingMode, alternative = 0) => legsFor(stops, routingMode, alternative).map(({ length, duration }) => ({ length, duration })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
