import type * as SamsaraSdk from '@samsarahq/samsara';
import type { SamsaraClient, SamsaraError } from '@samsarahq/samsara';
import { boundedFetch, EDGE_LIMITS, fixWindow, PageGuard, parseDriver, parseFix, parseOdometer, parseVehicle, type FixWindow } from './edge';
import { SyncReport } from './sync-report';
import { ProviderError, parseRetryAfter, withRetries, type Breadcrumb, type HistoryPage, type OdometerReading, type RetryPolicy, type TelematicsProvider } from './provider';

/**
 * Samsara through its official SDK (docs/integrations/telematics.md). The SDK is used for its
 * requests and types only: every call is made with `maxRetries: 0`, because it reads
 * Retry-After with parseInt (a fractional "0.40235" becomes no wait) — retries, backoff and
 * Retry-After live in `withRetries`. Lists are fetched one page at a time (the cursor stays
 * ours, so a retried page continues where it stopped) and the history calls, which the SDK
 * does not page, loop on `after` until `hasNextPage` is false. Every call goes through the
 * bounded fetch and every record through the parsers of edge.ts: the SDK's types are a promise
 * about Samsara's answers, not a check of them.
 */
type Sdk = typeof SamsaraSdk;
let sdkLoading: Promise<Sdk> | undefined;
/**
 * Samsara's SDK is large (over a second to load and ~100 MB resident): it is loaded by the first
 * sync, not when the server starts (docs/deploy.md#starting).
 */
const sdk = () => (sdkLoading ??= import('@samsarahq/samsara'));

export function samsaraProvider(opts: { token: string; baseUrl: string; retry: RetryPolicy; fetch?: typeof fetch }): TelematicsProvider {
  const report = new SyncReport();
  // The SDK turns a thrown fetch error into its own; the bounded fetch says here why it failed.
  let edgeFailure: ProviderError | null = null;
  let sdkClient: SamsaraClient | undefined;
  const client = async () =>
    (sdkClient ??= new (await sdk()).SamsaraClient({
      token: opts.token,
      baseUrl: opts.baseUrl.replace(/\/$/, ''),
      maxRetries: 0,
      timeoutInSeconds: opts.retry.timeoutMs / 1000 + 5,
      fetch: boundedFetch('SAMSARA', opts.fetch ?? fetch, opts.retry.timeoutMs, (e) => (edgeFailure = e)),
    }));
  // The SDK's own timer (headers only) is set past the bounded fetch's deadline, which covers the body too.
  const call = { maxRetries: 0, timeoutInSeconds: opts.retry.timeoutMs / 1000 + 5 };
  const run = <T>(fn: () => Promise<T>) =>
    withRetries(opts.retry, async () => {
      edgeFailure = null;
      try {
        return await fn();
      } catch (e) {
        throw edgeFailure ?? toProviderError(e, await sdk());
      }
    });
  const cursorOf = (p: { hasNextPage?: boolean; endCursor?: string } | undefined) => (p?.hasNextPage && p.endCursor ? p.endCursor : null);

  return {
    name: 'SAMSARA',
    report,
    async *vehicles() {
      const guard = new PageGuard('SAMSARA', 'vehicle list', report, EDGE_LIMITS.maxListPages);
      let after: string | undefined;
      for (;;) {
        const page = await run(async () => wellFormed(await (await client()).vehicles.list({ limit: 512, ...(after ? { after } : {}) }, call)));
        const rows = page.response.data as unknown[];
        yield rows.flatMap((v) => parseVehicle(fields(v, ['id', 'name', 'vin']), report) ?? []);
        const next = cursorOf(page.response.pagination);
        if (!guard.next(next)) return;
        after = next!;
      }
    },
    async *drivers() {
      const guard = new PageGuard('SAMSARA', 'driver list', report, EDGE_LIMITS.maxListPages);
      let after: string | undefined;
      for (;;) {
        const page = await run(async () => wellFormed(await (await client()).drivers.list({ limit: 512, driverActivationStatus: 'active', ...(after ? { after } : {}) }, call)));
        const rows = page.response.data as unknown[];
        yield rows.flatMap((d) => {
          const f = fields(d, ['id', 'name', 'staticAssignedVehicle']);
          return parseDriver({ id: f.id, fullName: f.name ?? '', vehicleId: fields(f.staticAssignedVehicle, ['id']).id }, report) ?? [];
        });
        const next = cursorOf(page.response.pagination);
        if (!guard.next(next)) return;
        after = next!;
      }
    },
    async *history(vehicleId, from, to) {
      const guard = new PageGuard('SAMSARA', 'GPS history', report, EDGE_LIMITS.maxHistoryPages);
      const window = fixWindow(from, to);
      let after: string | undefined;
      for (;;) {
        const body = await run(async () =>
          wellFormedBody(
            await (
              await client()
            ).vehicleStats.getVehicleStatsHistory(
              {
                startTime: from.toISOString(),
                endTime: to.toISOString(),
                vehicleIds: vehicleId,
                // One comma-separated string: the SDK would send an array as repeated keys.
                types: 'gps,obdOdometerMeters,gpsDistanceMeters' as never,
                ...(after ? { after } : {}),
              },
              call,
            ),
          ),
        );
        const rows = body.data as unknown[];
        // One page may carry both odometers: each series comes as its own chunk, never mixed (provider.ts HistoryPage).
        for (const chunk of toHistoryChunks(rows.find((d) => String(fields(d, ['id']).id) === vehicleId) ?? rows[0], window, report)) yield chunk;
        if (guard.next(cursorOf(body.pagination))) {
          after = cursorOf(body.pagination)!;
          continue;
        }
        // Stopped before Samsara's last page: the history is not complete, so the track is stored
        // up to its last fix and the rest is fetched next time (never marked fetched to the window's end).
        if (guard.stoppedEarly) throw new ProviderError('SAMSARA', guard.stoppedEarly, 'bad-answer');
        return;
      }
    },
  };
}

/** The named fields of a value that should be an object (anything else has none). */
function fields<K extends string>(v: unknown, keys: readonly K[]): Record<K, unknown> {
  if (!v || typeof v !== 'object') return {} as Record<K, unknown>;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Record<K, unknown>;
}
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * The SDK hands back whatever it could read: a body cut off mid-JSON comes back as text, not as
 * an error. A list without its `data` array is such an answer, and is retried.
 */
function wellFormedBody<T extends { data?: unknown }>(body: T): T {
  if (!body || typeof body !== 'object' || !Array.isArray(body.data)) throw new ProviderError('SAMSARA', 'Samsara sent an unreadable answer.', 'bad-answer');
  return body;
}
function wellFormed<P extends { response: { data?: unknown } }>(page: P): P {
  wellFormedBody(page.response);
  return page;
}

/**
 * One history page as chunks, every fix and reading parsed at the edge: the fixes with the
 * engine odometer (OBD) readings, then the gateway's cumulative GPS distance readings as a chunk
 * of their own. A page without `obdOdometerMeters` (no engine diagnostics, or none in this time
 * slice) yields no OBD readings; it never turns the GPS distance into the OBD series.
 */
function toHistoryChunks(d: unknown, window: FixWindow, report: SyncReport): HistoryPage[] {
  const f = fields(d, ['gps', 'obdOdometerMeters', 'gpsDistanceMeters']);
  const breadcrumbs: Breadcrumb[] = [];
  for (const g of list(f.gps)) {
    const p = fields(g, ['time', 'latitude', 'longitude', 'speedMilesPerHour']);
    const fix = parseFix({ time: p.time, lat: p.latitude, lng: p.longitude, speedMph: p.speedMilesPerHour }, window, report);
    if (fix) breadcrumbs.push(fix);
  }
  const readings = (v: unknown): OdometerReading[] => {
    const out: OdometerReading[] = [];
    for (const r of list(v)) {
      const p = fields(r, ['time', 'value']);
      const reading = parseOdometer({ time: p.time, meters: p.value }, window, report);
      if (reading) out.push(reading);
    }
    return out;
  };
  const obd = readings(f.obdOdometerMeters);
  const gpsDistance = readings(f.gpsDistanceMeters);
  return [
    { breadcrumbs, odometers: obd, odometerKind: obd.length ? 'OBD' : null },
    ...(gpsDistance.length ? [{ breadcrumbs: [], odometers: gpsDistance, odometerKind: 'GPS_DISTANCE' as const }] : []),
  ];
}

function header(e: SamsaraError, name: string): string | null {
  const headers = e.rawResponse?.headers as Headers | undefined;
  return typeof headers?.get === 'function' ? headers.get(name) : null;
}

function toProviderError(e: unknown, { SamsaraError, SamsaraTimeoutError }: Sdk): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof SamsaraTimeoutError) return new ProviderError('SAMSARA', 'Samsara did not answer in time.', 'timeout');
  if (e instanceof SamsaraError) {
    const status = e.statusCode ?? null;
    if (status === 429) return new ProviderError('SAMSARA', 'Samsara rate limit reached (429).', 'rate-limited', 429, parseRetryAfter(header(e, 'retry-after')));
    if (status === 401 || status === 403) return new ProviderError('SAMSARA', `Samsara refused the company's token (${status}).`, 'unauthorized', status);
    if (status !== null && status >= 500) return new ProviderError('SAMSARA', `Samsara is unavailable (${status}).`, 'unavailable', status);
    if (status === 408) return new ProviderError('SAMSARA', 'Samsara did not answer in time.', 'timeout', status);
    if (status !== null && status >= 400) return new ProviderError('SAMSARA', `Samsara refused the request (${status}).`, 'refused', status);
    // No status: the connection broke or the answer was not JSON (cut off).
    return new ProviderError('SAMSARA', 'Samsara sent an unreadable answer.', 'bad-answer', status);
  }
  return new ProviderError('SAMSARA', 'Samsara could not be reached.', 'unavailable');
}
