import { providerFixture } from '../fixtures/providers';
import { multi, startFakeServer, type FakeFix, type FakeServer } from './telematics-server';

/**
 * A local Samsara speaking its REST wire format (the parts Milepost uses): vehicles and drivers
 * paged with `limit`/`after`, and `/fleet/vehicles/stats/history` paged with `after` only,
 * `historyPageSize` fixes a page. Cursors are opaque strings; the last page's endCursor is "".
 * Its records are the published samples' (test/fixtures/providers/samsara/) with the test's ids,
 * names and positions; `replay` serves the samples themselves, page by page.
 */
type Sample = Record<string, unknown>;
const firstOf = (name: string, key?: string) => {
  const data = providerFixture<{ data: Sample[] }>('samsara', name).body.data[0]!;
  return (key ? (data[key] as Sample[])[0]! : data) as Sample;
};
const VEHICLE = firstOf('vehicles-1');
const { staticAssignedVehicle: _assigned, ...DRIVER } = firstOf('drivers-2-last');
const GPS = firstOf('history-1-first', 'gps');
export interface FakeSamsaraVehicle {
  id: string;
  name: string;
  vin: string;
  /** No engine diagnostics: the history has no obdOdometerMeters. */
  noObd?: boolean;
  /** The one carrier's token this vehicle is answered to, as Samsara answers each token its own fleet (none: every token's). */
  token?: string;
}
export interface FakeSamsaraDriver {
  id: string;
  name: string;
  vehicleId?: string;
  /** The one carrier's token this driver is answered to (none: every token's). */
  token?: string;
}

export interface FakeSamsara extends FakeServer {
  vehicles: FakeSamsaraVehicle[];
  drivers: FakeSamsaraDriver[];
  history: Map<string, FakeFix[]>;
  historyPageSize: number;
  /** Largest page of vehicles and drivers, whatever `limit` asks (Samsara allows 512). */
  listPageSize: number;
}

const cursor = (n: number) => Buffer.from(`o:${n}`).toString('base64url');
const offsetOf = (after: string | null) => (after ? Number(Buffer.from(after, 'base64url').toString().slice(2)) || 0 : 0);

export async function startFakeSamsara(token = 'samsara-test-token'): Promise<FakeSamsara> {
  const state = { vehicles: [] as FakeSamsaraVehicle[], drivers: [] as FakeSamsaraDriver[], history: new Map<string, FakeFix[]>(), historyPageSize: 200, listPageSize: 512 };
  const page = <T extends { token?: string }>(all: T[], q: URLSearchParams, authorization: string | undefined) => {
    const who = (authorization ?? '').replace(/^Bearer /, '');
    const list = all.filter((x) => x.token === undefined || x.token === who);
    const limit = Math.min(fake.listPageSize, Number(q.get('limit') ?? 512));
    const from = offsetOf(q.get('after'));
    const items = list.slice(from, from + limit);
    const more = from + limit < list.length;
    return { items, pagination: { endCursor: more ? cursor(from + limit) : '', hasNextPage: more } };
  };
  // eslint-disable-next-line prefer-const -- the routes read it at request time
  let fake: FakeSamsara;
  const server: FakeServer = await startFakeServer('Samsara', token, (req) => {
    if (req.path === '/fleet/vehicles') {
      const p = page(fake.vehicles, req.query, req.authorization);
      return { status: 200, body: { data: p.items.map((v) => ({ ...VEHICLE, id: v.id, name: v.name, vin: v.vin })), pagination: p.pagination } };
    }
    if (req.path === '/fleet/drivers') {
      const p = page(fake.drivers, req.query, req.authorization);
      return {
        status: 200,
        body: {
          data: p.items.map((d) => ({
            ...DRIVER,
            id: d.id,
            name: d.name,
            username: d.name.toLowerCase().replace(/\s+/g, '.'),
            ...(d.vehicleId ? { staticAssignedVehicle: { id: d.vehicleId, name: d.vehicleId } } : {}),
          })),
          pagination: p.pagination,
        },
      };
    }
    if (req.path === '/fleet/vehicles/stats/history') {
      const start = Date.parse(req.query.get('startTime') ?? '');
      const end = Date.parse(req.query.get('endTime') ?? '');
      if (Number.isNaN(start) || Number.isNaN(end)) return { status: 400, body: { message: 'startTime and endTime are required', requestId: 'fake' } };
      const types = multi(req.query, 'types');
      const ids = multi(req.query, 'vehicleIds');
      if (req.query.has('limit')) return { status: 400, body: { message: 'limit is not a parameter of this endpoint', requestId: 'fake' } };
      const vehicle = fake.vehicles.find((v) => v.id === ids[0]);
      const fixes = (fake.history.get(ids[0] ?? '') ?? []).filter((f) => f.time >= start && f.time <= end);
      const from = offsetOf(req.query.get('after'));
      const slice = fixes.slice(from, from + fake.historyPageSize);
      const more = from + fake.historyPageSize < fixes.length;
      const iso = (t: number) => new Date(t).toISOString();
      const withOdo = slice.filter((f) => f.odometerMeters !== null);
      return {
        status: 200,
        body: {
          data: vehicle
            ? [
                {
                  id: vehicle.id,
                  name: vehicle.name,
                  ...(types.includes('gps') ? { gps: slice.map((f) => ({ ...GPS, time: iso(f.time), latitude: f.lat, longitude: f.lng, speedMilesPerHour: f.speedMph })) } : {}),
                  ...(types.includes('obdOdometerMeters') && !vehicle.noObd
                    ? { obdOdometerMeters: withOdo.map((f) => ({ time: iso(f.time), value: Math.round(f.odometerMeters!) })) }
                    : {}),
                  ...(types.includes('gpsDistanceMeters') ? { gpsDistanceMeters: withOdo.map((f) => ({ time: iso(f.time), value: f.odometerMeters! - 400_000_000 })) } : {}),
                },
              ]
            : [],
          pagination: { endCursor: more ? cursor(from + fake.historyPageSize) : '', hasNextPage: more },
        },
      };
    }
    return null;
  });
  fake = Object.assign(server, state);
  return fake;
}
