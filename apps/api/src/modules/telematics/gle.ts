import { z } from 'zod';
import { boundedFetch, EDGE_LIMITS, parseDriver, parseFix, parseVehicle } from './edge';
import { SyncReport } from './sync-report';
import { ProviderError, parseRetryAfter, withRetries, type CurrentPage, type RetryPolicy, type SampledPosition, type TelematicsProvider } from './provider';

/**
 * GLE is GreenLight ELD's Vehicle Location API (docs/integrations/gle.md, published at
 * greenlighteld.com/docs): `GET {base}/vehicles/current?page=&size=` answers every vehicle of
 * the token's company with its driver and where it is now, in numbered pages. There is no
 * history: Milepost polls this (gle-poll.ts) and keeps the positions (positions.ts).
 */
// The page's frame is checked here; each record is parsed on its own (edge.ts), so one bad record is skipped, not the page.
const currentPage = z.object({
  content: z.array(z.unknown()),
  pageable: z.object({
    total: z.number().nullish(),
    prev: z.number().int().nullish(),
    next: z.number().int().min(0).nullish(),
    current: z.number().int().nullish(),
  }),
});
/** A refusal's body (401 `invalid_token`, 403 `forbidden`): only its code is shown, and only when it looks like one. */
const refusal = z.object({ result: z.object({ code: z.string().regex(/^[a-z_]{1,40}$/) }) });

/** Vehicles asked per page. GLE's default is 10 and its largest `size` is not published; a smaller page still pages on `next`. */
export const GLE_PAGE_SIZE = 100;
/** Pages of one poll round; past this the round stops and says so. */
export const GLE_MAX_PAGES = EDGE_LIMITS.maxListPages;

const HOUR = 3_600_000;
/** How far from a whole number of hours a time may sit to be read as a local time sent without its offset. */
const OFFSET_SLACK_MS = 10 * 60_000;
/** A position older than this when GLE answered is not the vehicle's new position (it was stored when it was new). */
const STALE_MS = HOUR;

/** `2024-04-06T08:53:52` (no offset) is UTC; a time with an offset is read as it says. NaN when unreadable. */
function readTime(v: unknown): { ms: number; zoned: boolean } {
  if (typeof v !== 'string' || v.length > 40) return { ms: Number.NaN, zoned: false };
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(v);
  return { ms: Date.parse(zoned ? v : `${v}Z`), zoned };
}

/**
 * Where on the clock a position goes (docs/integrations/gle.md "Times"): a time without an offset
 * sitting a whole number of hours (± 10 min) away from the moment the answer was received is a
 * local time, and that offset is applied. Null: in the future, or too old to be a new position.
 */
export function placeTime(reported: number, receivedAt: number, zoned: boolean): { time: number; shiftHours: number } | 'future' | 'stale' {
  const diff = receivedAt - reported;
  const hours = Math.round(diff / HOUR);
  const shiftHours = !zoned && hours !== 0 && Math.abs(hours) <= 14 && Math.abs(diff - hours * HOUR) <= OFFSET_SLACK_MS ? hours : 0;
  const time = reported + shiftHours * HOUR;
  if (time > receivedAt + EDGE_LIMITS.futureSlackMs) return 'future';
  if (time < receivedAt - STALE_MS) return 'stale';
  return { time, shiftHours };
}

export function gleProvider(opts: { token: string; baseUrl: string; retry: RetryPolicy; fetch?: typeof fetch; now?: () => number }): TelematicsProvider {
  const report = new SyncReport();
  const doFetch = boundedFetch('GLE', opts.fetch ?? fetch, opts.retry.timeoutMs, () => undefined);
  const base = opts.baseUrl.replace(/\/$/, '');
  const now = opts.now ?? Date.now;

  async function getOnce(page: number) {
    const url = `${base}/vehicles/current?${new URLSearchParams({ page: String(page), size: String(GLE_PAGE_SIZE) })}`;
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
      const code = refusal.safeParse(await res.json().catch(() => null));
      throw new ProviderError('GLE', `GLE refused the company's token (${res.status}${code.success ? ` ${code.data.result.code}` : ''}).`, 'unauthorized', res.status);
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
    const parsed = currentPage.safeParse(body);
    if (!parsed.success) throw new ProviderError('GLE', 'GLE sent an answer in an unexpected format.', 'bad-answer', res.status);
    return { ...parsed.data, receivedAt: now() };
  }

  const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const shifts = new Set<number>();

  /** One page's records, each parsed on its own: a bad one is skipped and counted. */
  function parsePage(content: unknown[], receivedAt: number): CurrentPage {
    const page: CurrentPage = { vehicles: [], drivers: [], positions: [] };
    for (const raw of content) {
      const item = obj(raw);
      const v = obj(item.vehicle);
      const vehicle = parseVehicle({ id: v.id, name: v.unit_number, vin: v.vin }, report);
      if (!vehicle) continue;
      page.vehicles.push(vehicle);
      const d = item.driver === null || item.driver === undefined ? null : obj(item.driver);
      if (d && d.id !== null && d.id !== undefined) {
        const driver = parseDriver({ id: d.id, fullName: d.name, vehicleId: vehicle.id }, report);
        if (driver) page.drivers.push(driver);
      }
      if (item.location === null || item.location === undefined) continue;
      const loc = obj(item.location);
      const at = obj(loc.vehicle_coordinates);
      const reported = readTime(loc.time);
      if (!Number.isFinite(reported.ms)) {
        report.skip('GPS fix with an impossible time or position');
        continue;
      }
      const placed = placeTime(reported.ms, receivedAt, reported.zoned);
      if (placed === 'stale') continue; // the vehicle has not reported since: nothing new
      if (placed === 'future') {
        report.skip('GPS fix in the future');
        continue;
      }
      const fix = parseFix({ time: new Date(placed.time).toISOString(), lat: at.latitude, lng: at.longitude, speedMph: null }, { from: -Infinity, to: Infinity }, report);
      if (!fix) continue;
      if (placed.shiftHours && !shifts.has(placed.shiftHours)) {
        shifts.add(placed.shiftHours);
        const h = Math.abs(placed.shiftHours);
        report.stop(
          `GLE sent times without an offset ${h} hour${h === 1 ? '' : 's'} ${placed.shiftHours > 0 ? 'behind' : 'ahead of'} the moment they were received; Milepost read them as local times and moved them ${h} hour${h === 1 ? '' : 's'} ${placed.shiftHours > 0 ? 'later' : 'earlier'}.`,
        );
      }
      const position: SampledPosition = { vehicleId: vehicle.id, time: fix.time, reportedTime: reported.ms, lat: fix.lat, lng: fix.lng };
      page.positions.push(position);
    }
    return page;
  }

  /** Every page of `/vehicles/current`: `pageable.next` is followed until null, never to a page already read nor past the cap. */
  async function* current(): AsyncIterable<CurrentPage> {
    const asked = new Set<number>();
    for (let page = 0, n = 1; ; n++) {
      asked.add(page);
      const body = await withRetries(opts.retry, () => getOnce(page));
      yield parsePage(body.content, body.receivedAt);
      const next = body.pageable.next ?? null;
      if (next === null) return;
      // The page GLE says it sent: a GLE that ignores `page`, or points back, repeats a page, and the round stops.
      const got = body.pageable.current ?? page;
      if (got !== page || asked.has(next)) {
        report.stop(`GLE sent page ${got !== page ? got : next} of the vehicles again; the round stopped there.`);
        return;
      }
      if (n >= GLE_MAX_PAGES) {
        report.stop(`The round stopped after ${GLE_MAX_PAGES} pages of GLE vehicles (the most read in one round).`);
        return;
      }
      page = next;
    }
  }

  return {
    name: 'GLE',
    report,
    current,
    async *vehicles() {
      for await (const page of current()) yield page.vehicles;
    },
    async *drivers() {
      for await (const page of current()) yield page.drivers;
    },
  };
}
