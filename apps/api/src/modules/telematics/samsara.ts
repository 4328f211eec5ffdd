import { SamsaraClient, SamsaraError, SamsaraTimeoutError } from '@samsarahq/samsara';
import {
  ProviderError,
  parseRetryAfter,
  withRetries,
  type Breadcrumb,
  type HistoryPage,
  type OdometerReading,
  type RetryPolicy,
  type TelematicsDriver,
  type TelematicsProvider,
  type TelematicsVehicle,
} from './provider';

/**
 * Samsara through its official SDK (docs/integrations/telematics.md). The SDK is used for its
 * requests and types only: every call is made with `maxRetries: 0`, because it reads
 * Retry-After with parseInt (a fractional "0.40235" becomes no wait) — retries, backoff and
 * Retry-After live in `withRetries`. Lists are fetched one page at a time (the cursor stays
 * ours, so a retried page continues where it stopped) and the history calls, which the SDK
 * does not page, loop on `after` until `hasNextPage` is false.
 */
export function samsaraProvider(opts: { token: string; baseUrl: string; retry: RetryPolicy; fetch?: typeof fetch }): TelematicsProvider {
  const client = new SamsaraClient({
    token: opts.token,
    baseUrl: opts.baseUrl.replace(/\/$/, ''),
    maxRetries: 0,
    timeoutInSeconds: opts.retry.timeoutMs / 1000,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const call = { maxRetries: 0, timeoutInSeconds: opts.retry.timeoutMs / 1000 };
  const run = <T>(fn: () => Promise<T>) =>
    withRetries(opts.retry, async () => {
      try {
        return await fn();
      } catch (e) {
        throw toProviderError(e);
      }
    });

  return {
    name: 'SAMSARA',
    async *vehicles() {
      let after: string | undefined;
      for (;;) {
        const page = await run(async () => wellFormed(await client.vehicles.list({ limit: 512, ...(after ? { after } : {}) }, call)));
        yield page.data.map(
          (v): TelematicsVehicle => ({ id: String(v.id), name: v.name?.trim() || String(v.id), vin: v.vin?.trim() || null }),
        );
        const next = page.response.pagination;
        if (!next?.hasNextPage || !next.endCursor) return;
        after = next.endCursor;
      }
    },
    async *drivers() {
      let after: string | undefined;
      for (;;) {
        const page = await run(async () => wellFormed(await client.drivers.list({ limit: 512, driverActivationStatus: 'active', ...(after ? { after } : {}) }, call)));
        yield page.data
          .filter((d) => d.id)
          .map((d): TelematicsDriver => {
            const [firstName, ...rest] = (d.name ?? '').trim().split(/\s+/);
            return { id: String(d.id), firstName: firstName || String(d.id), lastName: rest.join(' '), vehicleId: d.staticAssignedVehicle?.id ? String(d.staticAssignedVehicle.id) : null };
          });
        const next = page.response.pagination;
        if (!next?.hasNextPage || !next.endCursor) return;
        after = next.endCursor;
      }
    },
    async *history(vehicleId, from, to) {
      let after: string | undefined;
      for (;;) {
        const body = await run(async () =>
          wellFormedBody(await client.vehicleStats.getVehicleStatsHistory(
            {
              startTime: from.toISOString(),
              endTime: to.toISOString(),
              vehicleIds: vehicleId,
              // One comma-separated string: the SDK would send an array as repeated keys.
              types: 'gps,obdOdometerMeters,gpsDistanceMeters' as never,
              ...(after ? { after } : {}),
            },
            call,
          )),
        );
        yield toHistoryPage(body.data.find((d) => String(d.id) === vehicleId) ?? body.data[0]);
        const next = body.pagination;
        if (!next?.hasNextPage || !next.endCursor) return;
        after = next.endCursor;
      }
    },
  };
}

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

type StatsData = Awaited<ReturnType<SamsaraClient['vehicleStats']['getVehicleStatsHistory']>>['data'][number];

function toHistoryPage(d: StatsData | undefined): HistoryPage {
  if (!d) return { breadcrumbs: [], odometers: [], odometerKind: null };
  const breadcrumbs: Breadcrumb[] = (d.gps ?? []).map((g) => ({
    time: Date.parse(g.time),
    lat: g.latitude,
    lng: g.longitude,
    speedMph: typeof g.speedMilesPerHour === 'number' ? g.speedMilesPerHour : null,
  }));
  const reading = (r: { time: string; value: number }): OdometerReading => ({ time: Date.parse(r.time), meters: r.value });
  // The engine odometer when the vehicle reports one; otherwise the gateway's cumulative GPS distance.
  const obd = (d.obdOdometerMeters ?? []).map(reading);
  if (obd.length) return { breadcrumbs, odometers: obd, odometerKind: 'OBD' };
  const gpsDistance = (d.gpsDistanceMeters ?? []).map(reading);
  return { breadcrumbs, odometers: gpsDistance, odometerKind: gpsDistance.length ? 'GPS_DISTANCE' : null };
}

function header(e: SamsaraError, name: string): string | null {
  const headers = e.rawResponse?.headers as Headers | undefined;
  return typeof headers?.get === 'function' ? headers.get(name) : null;
}

function toProviderError(e: unknown): ProviderError {
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
