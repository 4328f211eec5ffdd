import { z } from 'zod';
import { milesToMetres } from '@milepost/geo/units';
import { boundedFetch, EDGE_LIMITS, fixWindow, PageGuard, parseDriver, parseFix, parseOdometer, parseVehicle, SyncReport } from './edge';
import { ProviderError, parseRetryAfter, withRetries, type HistoryPage, type RetryPolicy, type TelematicsProvider } from './provider';

/**
 * GLE, per the contract in docs/integrations/gle.md (GLE publishes no documentation; when its
 * real format is known, only this file changes). Zero-based numbered pages for vehicles and
 * drivers, an opaque `nextCursor` for positions.
 */
// The page's frame is checked here; each record is parsed on its own (edge.ts), so one bad record is skipped, not the page.
const listPage = z.object({ items: z.array(z.unknown()), page: z.number(), pageSize: z.number(), total: z.number() });
const positionsPage = z.object({ positions: z.array(z.unknown()), nextCursor: z.string().max(2048).nullish() });

const PAGE_SIZE = 100;

export function gleProvider(opts: { token: string; baseUrl: string; retry: RetryPolicy; fetch?: typeof fetch }): TelematicsProvider {
  const report = new SyncReport();
  const doFetch = boundedFetch('GLE', opts.fetch ?? fetch, opts.retry.timeoutMs, () => undefined);
  const base = opts.baseUrl.replace(/\/$/, '');

  async function getOnce<T>(path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    let res: Response;
    try {
      res = await doFetch(url, { headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json' } });
    } catch (e) {
      if (e instanceof ProviderError) throw e;
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

  /** Numbered pages: the next is asked while the items seen are fewer than `total`, never past a repeated or empty page. */
  async function* pages<T>(path: string, what: string, parse: (raw: unknown) => T | null) {
    const guard = new PageGuard('GLE', what, report, EDGE_LIMITS.maxListPages);
    let seen = 0;
    for (let page = 0; ; page++) {
      const body = await get(path, { page: String(page), pageSize: String(PAGE_SIZE) }, listPage);
      seen += body.items.length;
      yield body.items.flatMap((raw) => parse(raw) ?? []);
      // The page number GLE says it sent: a GLE that ignores `page` repeats it, and the list stops.
      if (!guard.next(seen < body.total ? `page ${body.page}` : null)) return;
    }
  }
  const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

  return {
    name: 'GLE',
    report,
    vehicles() {
      return pages('/v1/vehicles', 'vehicle list', (raw) => {
        const v = obj(raw);
        return parseVehicle({ id: v.vehicleId, name: v.name, vin: v.vin }, report);
      });
    },
    drivers() {
      return pages('/v1/drivers', 'driver list', (raw) => {
        const d = obj(raw);
        return parseDriver({ id: d.driverId, firstName: d.firstName, lastName: d.lastName, vehicleId: d.vehicleId }, report);
      });
    },
    async *history(vehicleId, from, to) {
      const guard = new PageGuard('GLE', 'GPS history', report, EDGE_LIMITS.maxHistoryPages);
      const window = fixWindow(from, to);
      let cursor: string | null = null;
      for (;;) {
        const params: Record<string, string> = { from: from.toISOString(), to: to.toISOString(), ...(cursor ? { cursor } : {}) };
        const body = await get(`/v1/vehicles/${encodeURIComponent(vehicleId)}/positions`, params, positionsPage);
        const page: HistoryPage = { breadcrumbs: [], odometers: [], odometerKind: null };
        for (const raw of body.positions) {
          const p = obj(raw);
          const fix = parseFix({ time: p.ts, lat: p.lat, lng: p.lon, speedMph: p.speedMph }, window, report);
          if (!fix) continue;
          page.breadcrumbs.push(fix);
          if (p.odometerMiles !== null && p.odometerMiles !== undefined) {
            const reading = parseOdometer({ time: p.ts, meters: typeof p.odometerMiles === 'number' ? milesToMetres(p.odometerMiles) : Number.NaN }, window, report);
            if (reading) page.odometers.push(reading);
          }
        }
        if (page.odometers.length) page.odometerKind = 'PROVIDER';
        yield page;
        if (!guard.next(body.nextCursor || null)) return;
        cursor = body.nextCursor!;
      }
    },
  };
}
