import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHereClient, HereError } from '../src/integrations/here/client';
import type { HistoryPage, TelematicsDriver, TelematicsVehicle } from '../src/modules/telematics/provider';
import { samsaraProvider } from '../src/modules/telematics/samsara';
import { providerFixture, type ProviderFixture } from './fixtures/providers';
import { FAST_RETRY } from './harness';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';

/**
 * Contract tests: the real clients (Samsara's SDK adapter, the HERE client) run over the
 * providers' published sample answers (test/fixtures/providers/, each naming its source),
 * replayed as they are — docs/integrations/samsara.md, docs/routing.md.
 */
const samsaraPage = (name: string) => {
  const f = providerFixture('samsara', name);
  return { status: f.status, body: f.body, ...(f.headers ? { headers: f.headers } : {}) };
};
const VEHICLE_ID = '281474977075805';
const WINDOW = [new Date('2026-11-20T13:55:00Z'), new Date('2026-11-20T14:35:00Z')] as const;

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const p of pages) out.push(p);
  return out;
}

describe('Samsara adapter over the published samples', () => {
  let samsara: FakeSamsara;
  beforeAll(async () => {
    samsara = await startFakeSamsara();
  });
  afterAll(() => samsara?.close());
  beforeEach(() => samsara.clearFaults());
  const client = () => samsaraProvider({ token: 'samsara-test-token', baseUrl: samsara.url, retry: FAST_RETRY });
  const calls = (path: string, since: number) => samsara.requests.filter((r) => r.path === path && r.at >= since);

  it('pages the history through an empty page that says more follows, to hasNextPage false, each odometer series apart', async () => {
    samsara.replay(/^\/fleet\/vehicles\/stats\/history$/, ['history-1-first', 'history-2-empty-more', 'history-3-no-obd', 'history-4-last'].map(samsaraPage));
    const since = Date.now();
    const p = client();
    const chunks: HistoryPage[] = [];
    for await (const chunk of p.history!(VEHICLE_ID, ...WINDOW)) chunks.push(chunk);
    const asked = calls('/fleet/vehicles/stats/history', since);
    expect(asked).toHaveLength(4);
    // Each page asks with the cursor the one before it gave, the empty one's included.
    expect(asked.map((r) => r.query.get('after'))).toEqual([null, 'MjkyNDY2', 'MjkyNDcw', 'MjkyNDc0']);
    expect(asked[0]!.query.get('types')).toBe('gps,obdOdometerMeters,gpsDistanceMeters');
    expect(chunks.flatMap((c) => c.breadcrumbs)).toHaveLength(30);
    const obd = chunks.filter((c) => c.odometerKind === 'OBD').flatMap((c) => c.odometers);
    const gpsDistance = chunks.filter((c) => c.odometerKind === 'GPS_DISTANCE').flatMap((c) => c.odometers);
    // OBD from pages 1 and 4 only (page 3 has none); the GPS distance from pages 1, 3 and 4, never in the OBD series.
    expect(obd).toHaveLength(20);
    expect(obd.every((o) => o.meters >= 512_345_000)).toBe(true);
    expect(gpsDistance).toHaveLength(30);
    expect(gpsDistance.every((o) => o.meters < 512_345_000)).toBe(true);
    expect(chunks.every((c) => c.odometers.length === 0 || c.odometerKind !== null)).toBe(true);
    expect(p.report.summary()).toBeNull();
  });

  it('pages the vehicle and driver lists through short and empty pages', async () => {
    samsara.replay(/^\/fleet\/vehicles$/, ['vehicles-1', 'vehicles-2-empty-more', 'vehicles-3-last'].map(samsaraPage));
    samsara.replay(/^\/fleet\/drivers$/, ['drivers-1-empty-more', 'drivers-2-last'].map(samsaraPage));
    const p = client();
    const vehicles: TelematicsVehicle[][] = await collect(p.vehicles());
    expect(vehicles.map((page) => page.length)).toEqual([2, 0, 1]);
    expect(vehicles.flat().map((v) => [v.id, v.name, v.vin])).toEqual([
      ['281474977075801', 'Truck 1', '1FUJGLDR01LM00000'],
      ['281474977075802', 'Truck 2', '1FUJGLDR02LM00000'],
      ['281474977075803', 'Truck 3', '1FUJGLDR03LM00000'],
    ]);
    const drivers: TelematicsDriver[][] = await collect(p.drivers());
    expect(drivers.flat()).toEqual([
      { id: '52001', firstName: 'Driver', lastName: 'A Smith', vehicleId: '281474977075801' },
      { id: '52002', firstName: 'Driver', lastName: 'B Smith', vehicleId: null },
    ]);
  });

  it('waits the 429 sample’s fractional Retry-After (0.40235 s), then reads the page', async () => {
    samsara.replay(/^\/fleet\/vehicles\/stats\/history$/, [samsaraPage('rate-limit-429'), samsaraPage('history-4-last')]);
    const since = Date.now();
    const chunks: HistoryPage[] = [];
    for await (const chunk of client().history!(VEHICLE_ID, ...WINDOW)) chunks.push(chunk);
    const asked = calls('/fleet/vehicles/stats/history', since);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.at - asked[0]!.at).toBeGreaterThanOrEqual(400);
    expect(chunks.flatMap((c) => c.breadcrumbs)).toHaveLength(10);
  });

  it('stops on a repeated cursor and says so, without claiming the history complete', async () => {
    const first = samsaraPage('history-1-first');
    samsara.replay(/^\/fleet\/vehicles\/stats\/history$/, [first, first]);
    const p = client();
    const seen: HistoryPage[] = [];
    await expect(
      (async () => {
        for await (const chunk of p.history!(VEHICLE_ID, ...WINDOW)) seen.push(chunk);
      })(),
    ).rejects.toThrow('Samsara sent the same page of the GPS history twice; the GPS history stopped there.');
    expect(seen.flatMap((c) => c.breadcrumbs)).toHaveLength(20);
    expect(p.report.summary()).toBe('Samsara sent the same page of the GPS history twice; the GPS history stopped there.');
  });
});

describe('HERE client over the published samples', () => {
  let serving: ProviderFixture;
  let lastQuery: URLSearchParams | null = null;
  const server = createServer((req, res) => {
    lastQuery = new URL(req.url ?? '/', 'http://here').searchParams;
    res.writeHead(serving.status, { 'content-type': 'application/json', ...serving.headers });
    res.end(JSON.stringify(serving.body));
  });
  let here: ReturnType<typeof createHereClient>;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    here = createHereClient({ apiKey: 'k', routerUrl: `${url}/v8/routes`, autosuggestUrl: `${url}/v1/autosuggest`, tilesUrl: `${url}/t/{z}/{x}/{y}`, timeoutMs: 5_000 });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const stops = [
    { lat: 50.10228, lng: 8.69821 },
    { lat: 50.10063, lng: 8.6915 },
    { lat: 50.09878, lng: 8.68752 },
  ];
  const ask = async (name: string) => {
    serving = providerFixture('here', name);
    return here.routes({ stops, routingMode: 'PRACTICAL', trailer: true });
  };
  const failure = async (name: string) => {
    try {
      await ask(name);
    } catch (e) {
      return e as HereError;
    }
    throw new Error(`${name} did not fail`);
  };

  it('reads the v8 route sample: one leg per section, lengths and durations, the restriction notice', async () => {
    const answer = await ask('route-truck-200');
    expect(answer.routes).toHaveLength(1);
    expect(answer.routes[0]!.sections.map((s) => [s.length, s.duration])).toEqual([
      [560, 70],
      [345, 50],
    ]);
    expect(answer.routes[0]!.sections[1]!.notices).toEqual([{ code: 'violatedVehicleRestriction', title: 'Violated vehicle restriction.', severity: 'critical' }]);
    expect(lastQuery!.get('departureTime')).toBe('any');
    expect(lastQuery!.get('vehicle[type]')).toBe('tractor');
  });

  it('reads the no-route sample as no routes with its notice', async () => {
    expect(await ask('no-route-200')).toEqual({ routes: [], notices: [{ code: 'noRouteFound', title: 'Route not found', severity: 'critical' }] });
  });

  it('tells the 400, 401, 429 and 503 samples apart (throttles with their Retry-After)', async () => {
    expect(await failure('error-400')).toMatchObject({ kind: 'HTTP', status: 400, message: 'HERE routing answered 400: Malformed request' });
    expect(await failure('error-401')).toMatchObject({ kind: 'UNAUTHORIZED', status: 401, message: 'HERE routing answered 401: apiKey invalid. apiKey not found.' });
    expect(await failure('error-429')).toMatchObject({ kind: 'THROTTLED', status: 429, retryAfterMs: 7_000 });
    expect(await failure('error-503')).toMatchObject({ kind: 'THROTTLED', status: 503, retryAfterMs: null });
    expect(await failure('error-503')).toBeInstanceOf(HereError);
  });
});
