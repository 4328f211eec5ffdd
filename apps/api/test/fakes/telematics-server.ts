import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the Samsara and GLE fakes share: a local HTTP server, the requests it saw, and faults
 * a test queues for the next matching requests (429 with a Retry-After, 5xx, a body cut off
 * mid-JSON, a slow answer).
 */
export type Fault =
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'status'; status: number }
  | { kind: 'truncate' }
  | { kind: 'slow'; delayMs: number }
  /** Headers at once, then the body one byte every 200 ms, never ending. */
  | { kind: 'drip' }
  /** A redirect (302) to `location`. */
  | { kind: 'redirect'; location: string }
  /** A 200 whose JSON body is `bytes` long, streamed without a Content-Length. */
  | { kind: 'huge'; bytes: number }
  /** A 200 with this body instead of the route's answer (hostile or looping pages). */
  | { kind: 'body'; body: unknown }
  /** This answer (a provider's published sample: status, headers, body) instead of the route's. */
  | { kind: 'reply'; reply: Reply };

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  at: number;
}

export interface FakeServer {
  url: string;
  requests: SeenRequest[];
  /** Most requests ever in flight at once with one token (one sync at a time keeps this at 1). */
  maxInFlight(token: string): number;
  /** Accept another token too (a second company's). */
  acceptToken(token: string): void;
  /** The next `times` requests whose path (and, when given, query and bearer header) matches get this fault. */
  fail(path: RegExp, fault: Fault, times?: number, query?: (q: URLSearchParams, authorization: string) => boolean): void;
  /** The next requests whose path matches get these answers, one each, in order (fixtures replayed page by page). */
  replay(path: RegExp, replies: readonly Reply[]): void;
  /** Forgets the faults not used up yet. */
  clearFaults(): void;
  /** Every request with this token hangs from now on: it is read and never answered (a provider stuck for one company). */
  hang(token: string): void;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export async function startFakeServer(
  name: string,
  token: string,
  route: (req: SeenRequest) => Reply | null,
  /** The provider's own body for a refused token (GLE's published 401 sample). */
  opts: { unauthorizedBody?: unknown } = {},
): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const faults: { path: RegExp; fault: Fault; left: number; query?: ((q: URLSearchParams, authorization: string) => boolean) | undefined }[] = [];
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const tokens = new Set([token]);
  const hanging = new Set<string>();
  const send = (res: ServerResponse, reply: Reply) => {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const seen: SeenRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, at: Date.now() };
    requests.push(seen);
    const who = req.headers.authorization ?? '';
    inFlight.set(who, (inFlight.get(who) ?? 0) + 1);
    maxInFlight.set(who, Math.max(maxInFlight.get(who) ?? 0, inFlight.get(who)!));
    res.on('close', () => inFlight.set(who, inFlight.get(who)! - 1));
    if (hanging.has(who.replace(/^Bearer /, ''))) return;
    void (async () => {
      const i = faults.findIndex((f) => f.left > 0 && f.path.test(url.pathname) && (!f.query || f.query(url.searchParams, req.headers.authorization ?? '')));
      const fault = i >= 0 ? faults[i]!.fault : null;
      if (i >= 0) faults[i]!.left--;
      if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
      if (res.destroyed) return;
      if (fault?.kind === 'drip') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if (fault?.kind === 'redirect') {
        res.writeHead(302, { location: fault.location });
        return res.end();
      }
      if (fault?.kind === 'huge') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = ' '.repeat(64 * 1024);
        let left = fault.bytes - 2;
        res.write('{');
        const pump = () => {
          while (left > 0 && !res.destroyed) {
            const n = Math.min(left, chunk.length);
            left -= n;
            if (!res.write(chunk.slice(0, n))) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end('}');
        };
        return pump();
      }
      if (fault?.kind === 'reply') return send(res, fault.reply);
      if (fault?.kind === 'body' && tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return send(res, { status: 200, body: fault.body });
      if (fault?.kind === 'rate-limit')
        return send(res, { status: 429, body: { message: 'Rate limit exceeded', requestId: 'fake' }, headers: { 'retry-after': fault.retryAfter } });
      if (fault?.kind === 'status') return send(res, { status: fault.status, body: { message: `${name} fake failure`, error: 'server_error', requestId: 'fake' } });
      if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
        return send(res, { status: 401, body: opts.unauthorizedBody ?? { message: 'Unauthorized', error: 'invalid_token' } });
      const reply = route(seen);
      if (!reply) return send(res, { status: 404, body: { message: 'Not found' } });
      if (fault?.kind === 'truncate') {
        const text = JSON.stringify(reply.body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
        return;
      }
      send(res, reply);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    maxInFlight: (t) => maxInFlight.get(`Bearer ${t}`) ?? 0,
    acceptToken: (t) => void tokens.add(t),
    fail(path, fault, times = 1, query) {
      faults.push({ path, fault, left: times, query });
    },
    replay(path, replies) {
      for (const reply of replies) faults.push({ path, fault: { kind: 'reply', reply }, left: 1 });
    },
    clearFaults: () => void faults.splice(0),
    hang: (t) => void hanging.add(t),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fix of a fake vehicle's history. */
export interface FakeFix {
  time: number;
  lat: number;
  lng: number;
  speedMph: number;
  odometerMeters: number | null;
}

/** Values of a multi-value parameter, sent either comma-separated or as repeated keys. */
export const multi = (q: URLSearchParams, key: string) =>
  q
    .getAll(key)
    .flatMap((v) => v.split(','))
    .filter(Boolean);

/** A straight drive between two points at a steady speed, one fix a minute: test tracks. */
export function straightDrive(from: { lat: number; lng: number }, to: { lat: number; lng: number }, start: Date, minutes: number, odometerStart = 500_000_000): FakeFix[] {
  const fixes: FakeFix[] = [];
  const stepMeters = (haversine(from, to) || 1) / minutes;
  for (let k = 0; k <= minutes; k++) {
    const f = k / minutes;
    fixes.push({
      time: start.getTime() + k * 60_000,
      lat: from.lat + (to.lat - from.lat) * f,
      lng: from.lng + (to.lng - from.lng) * f,
      speedMph: (stepMeters / 60) * 2.23694,
      odometerMeters: odometerStart + stepMeters * k,
    });
  }
  return fixes;
}

function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}
