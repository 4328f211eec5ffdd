import { startFakeServer, type FakeFix, type FakeServer } from './telematics-server';
import { metresToMiles } from '@milepost/geo/units';

/** A local GLE speaking the contract of docs/integrations/gle.md. */
export interface FakeGleVehicle {
  vehicleId: string;
  vin: string;
  name: string;
}
export interface FakeGleDriver {
  driverId: string;
  firstName: string;
  lastName: string;
  vehicleId: string | null;
}
export interface FakeGle extends FakeServer {
  vehicles: FakeGleVehicle[];
  drivers: FakeGleDriver[];
  history: Map<string, FakeFix[]>;
  positionsPageSize: number;
}

export async function startFakeGle(token = 'gle-test-token'): Promise<FakeGle> {
  const state = { vehicles: [] as FakeGleVehicle[], drivers: [] as FakeGleDriver[], history: new Map<string, FakeFix[]>(), positionsPageSize: 1000 };
  const paged = <T>(list: T[], q: URLSearchParams) => {
    const page = Number(q.get('page') ?? 0);
    const pageSize = Math.min(100, Number(q.get('pageSize') ?? 100));
    return { items: list.slice(page * pageSize, (page + 1) * pageSize), page, pageSize, total: list.length };
  };
  // eslint-disable-next-line prefer-const -- the routes read it at request time
  let fake: FakeGle;
  const server: FakeServer = await startFakeServer('GLE', token, (req) => {
    if (req.path === '/v1/vehicles') {
      const p = paged(fake.vehicles, req.query);
      return { status: 200, body: { ...p, items: p.items.map((v) => ({ ...v, odometerMiles: null })) } };
    }
    if (req.path === '/v1/drivers') return { status: 200, body: paged(fake.drivers, req.query) };
    const m = req.path.match(/^\/v1\/vehicles\/([^/]+)\/positions$/);
    if (m) {
      const from = Date.parse(req.query.get('from') ?? '');
      const to = Date.parse(req.query.get('to') ?? '');
      if (Number.isNaN(from) || Number.isNaN(to)) return { status: 400, body: { error: 'bad_request', message: 'from and to are required' } };
      const fixes = (fake.history.get(decodeURIComponent(m[1]!)) ?? []).filter((f) => f.time >= from && f.time <= to);
      const offset = Number(req.query.get('cursor') ?? 0);
      const slice = fixes.slice(offset, offset + fake.positionsPageSize);
      const next = offset + fake.positionsPageSize < fixes.length ? String(offset + fake.positionsPageSize) : null;
      return {
        status: 200,
        body: {
          positions: slice.map((f) => ({ ts: new Date(f.time).toISOString(), lat: f.lat, lon: f.lng, speedMph: f.speedMph, odometerMiles: f.odometerMeters === null ? null : metresToMiles(f.odometerMeters) })),
          nextCursor: next,
        },
      };
    }
    return null;
  });
  fake = Object.assign(server, state);
  return fake;
}
