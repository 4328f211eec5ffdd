import { z } from 'zod';
import { ProviderError, parseRetryAfter, withRetries, type HistoryPage, type RetryPolicy, type TelematicsProvider } from './provider';

/**
 * GLE, per the contract in docs/integrations/gle.md (GLE publishes no documentation; when its
 * real format is known, only this file changes). Zero-based numbered pages for vehicles and
 * drivers, an opaque `nextCursor` for positions.
 */
const vehiclesPage = z.object({
  items: z.array(z.object({ vehicleId: z.coerce.string(), vin: z.string().nullish(), name: z.string().nullish(), odometerMiles: z.number().nullish() })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
const driversPage = z.object({
  items: z.array(z.object({ driverId: z.coerce.string(), firstName: z.string().nullish(), lastName: z.string().nullish(), vehicleId: z.coerce.string().nullish() })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
const positionsPage = z.object({
  positions: z.array(z.object({ ts: z.string(), lat: z.number(), lon: z.number(), speedMph: z.number().nullish(), odometerMiles: z.number().nullish() })),
  nextCursor: z.string().nullish(),
});

const PAGE_SIZE = 100;
const METERS_PER_MILE = 1609.344;

export function gleProvider(opts: { token: string; baseUrl: string; retry: RetryPolicy; fetch?: typeof fetch }): TelematicsProvider {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/$/, '');

  async function getOnce<T>(path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    let res: Response;
    try {
      res = await doFetch(url, { headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json' }, signal: AbortSignal.timeout(opts.retry.timeoutMs) });
    } catch (e) {
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ProviderError('GLE', timeout ? 'GLE did not answer in time.' : 'GLE could not be reached.', timeout ? 'timeout' : 'unavailable');
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw new ProviderError('GLE', 'GLE rate limit reached (429).', 'rate-limited', 429, parseRetryAfter(res.headers.get('retry-after')));
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new ProviderError('GLE', `GLE refused the company's token (${res.status}).`, 'unauthorized', res.status);
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      throw new ProviderError('GLE', `GLE is unavailable (${res.status}).`, 'unavailable', res.status);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError('GLE', `GLE refused the request (${res.status}).`, 'refused', res.status);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (e) {
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ProviderError('GLE', timeout ? 'GLE did not answer in time.' : 'GLE sent an unreadable answer.', timeout ? 'timeout' : 'bad-answer', res.status);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderError('GLE', 'GLE sent an answer in an unexpected format.', 'bad-answer', res.status);
    return parsed.data;
  }
  const get = <T>(path: string, params: Record<string, string>, schema: z.ZodType<T>) => withRetries(opts.retry, () => getOnce(path, params, schema));

  return {
    name: 'GLE',
    async *vehicles() {
      for (let page = 0; ; page++) {
        const body = await get('/v1/vehicles', { page: String(page), pageSize: String(PAGE_SIZE) }, vehiclesPage);
        yield body.items.map((v) => ({ id: v.vehicleId, name: v.name?.trim() || v.vehicleId, vin: v.vin?.trim() || null }));
        if (!body.items.length || (page + 1) * body.pageSize >= body.total) return;
      }
    },
    async *drivers() {
      for (let page = 0; ; page++) {
        const body = await get('/v1/drivers', { page: String(page), pageSize: String(PAGE_SIZE) }, driversPage);
        yield body.items.map((d) => ({ id: d.driverId, firstName: d.firstName?.trim() || d.driverId, lastName: d.lastName?.trim() ?? '', vehicleId: d.vehicleId ?? null }));
        if (!body.items.length || (page + 1) * body.pageSize >= body.total) return;
      }
    },
    async *history(vehicleId, from, to) {
      let cursor: string | null = null;
      for (;;) {
        const params: Record<string, string> = { from: from.toISOString(), to: to.toISOString(), ...(cursor ? { cursor } : {}) };
        const body = await get(`/v1/vehicles/${encodeURIComponent(vehicleId)}/positions`, params, positionsPage);
        const page: HistoryPage = { breadcrumbs: [], odometers: [], odometerKind: null };
        for (const p of body.positions) {
          const time = Date.parse(p.ts);
          if (Number.isNaN(time)) continue;
          page.breadcrumbs.push({ time, lat: p.lat, lng: p.lon, speedMph: p.speedMph ?? null });
          if (typeof p.odometerMiles === 'number') page.odometers.push({ time, meters: p.odometerMiles * METERS_PER_MILE });
        }
        if (page.odometers.length) page.odometerKind = 'PROVIDER';
        yield page;
        if (!body.nextCursor) return;
        cursor = body.nextCursor;
      }
    },
  };
}
