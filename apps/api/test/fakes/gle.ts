import { readFileSync } from 'node:fs';
import { startFakeServer, type FakeFix, type FakeServer } from './telematics-server';

/**
 * A local GreenLight ELD Vehicle Location API (docs/integrations/gle.md), built from the published
 * samples in test/fixtures/providers/gle (README there names the source): `GET /vehicles/current`
 * answers each vehicle in the 200 sample's shape with `pageable`, a refused token the 401 sample,
 * a forbidden one the 403 sample. Times are written as the sample writes them: without an offset.
 */
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/providers/gle/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
export const GLE_SAMPLE_200 = fixture('vehicles-current-200.json') as { content: GleItem[]; pageable: Record<string, unknown>; result: unknown };
export const GLE_SAMPLE_401 = fixture('refused-401.json');
export const GLE_SAMPLE_403 = fixture('refused-403.json');

export interface GleItem {
  vehicle: { id: number | string; make: string; model: string; vin: string; unit_number: string };
  driver: { id: number | string; name: string } | null;
  location: Record<string, unknown> | null;
  dot: string;
}

export interface FakeGleVehicle {
  /** GLE's ids are numbers; a test may give any id it can tell apart. */
  id: number | string;
  vin: string;
  unitNumber: string;
  make?: string;
  model?: string;
  driver?: { id: number | string; name: string } | null;
  /** Where the vehicle has been: the fake answers the last fix at or before its clock (none: `location` null). */
  fixes?: FakeFix[];
  /** A device whose clock runs this far ahead: its times are written that much later. */
  skewMs?: number;
  /** The one carrier's token this vehicle is answered to, as GLE answers each token its own fleet (none: every token's). */
  token?: string;
}

export interface FakeGle extends FakeServer {
  vehicles: FakeGleVehicle[];
  /** The fake's clock, epoch ms (real time unless a test drives it). */
  clock: () => number;
  /** Hours GLE's wall clock is ahead of UTC (-4: US Eastern in summer); its times carry no offset either way. */
  zoneHours: number;
  /** Most vehicles one page holds, whatever `size` asks (GLE's largest is not published). */
  maxPageSize: number;
  /** Answers this token 403 (the published `forbidden` sample). */
  forbid(token: string): void;
}

/** GLE's wall-clock time without an offset ("2024-04-06T08:53:52"). */
export const gleTime = (ms: number, zoneHours = 0) => new Date(ms + zoneHours * 3_600_000).toISOString().slice(0, 19);

/** One vehicle of a page, in the published sample's shape. */
export function gleItem(v: FakeGleVehicle, at: number, zoneHours = 0): GleItem {
  const sample = GLE_SAMPLE_200.content[0]!;
  let fix: FakeFix | undefined;
  for (const f of v.fixes ?? []) if (f.time <= at) fix = f;
  return {
    ...sample,
    vehicle: { ...sample.vehicle, id: v.id, vin: v.vin, unit_number: v.unitNumber, make: v.make ?? sample.vehicle.make, model: v.model ?? sample.vehicle.model },
    driver: v.driver === undefined ? null : v.driver,
    location: fix ? { ...sample.location, vehicle_coordinates: { latitude: fix.lat, longitude: fix.lng }, time: gleTime(fix.time + (v.skewMs ?? 0), zoneHours) } : null,
  };
}

export async function startFakeGle(token = 'gle-test-token'): Promise<FakeGle> {
  const forbidden = new Set<string>();
  // eslint-disable-next-line prefer-const -- the routes read it at request time
  let fake: FakeGle;
  const server: FakeServer = await startFakeServer(
    'GLE',
    token,
    (req) => {
      if (forbidden.has((req.authorization ?? '').replace(/^Bearer /, ''))) return { status: 403, body: GLE_SAMPLE_403 };
      if (req.path !== '/vehicles/current') return null;
      const page = Number(req.query.get('page') ?? 0);
      const size = Math.min(fake.maxPageSize, Number(req.query.get('size') ?? 10));
      const at = fake.clock();
      const who = (req.authorization ?? '').replace(/^Bearer /, '');
      const all = fake.vehicles.filter((v) => v.token === undefined || v.token === who);
      const pages = Math.max(1, Math.ceil(all.length / size));
      return {
        status: 200,
        body: {
          result: GLE_SAMPLE_200.result,
          content: all.slice(page * size, (page + 1) * size).map((v) => gleItem(v, at, fake.zoneHours)),
          pageable: { total: all.length, prev: page > 0 ? page - 1 : null, next: page + 1 < pages ? page + 1 : null, current: page },
        },
      };
    },
    { unauthorizedBody: GLE_SAMPLE_401 },
  );
  fake = Object.assign(server, {
    vehicles: [] as FakeGleVehicle[],
    clock: () => Date.now(),
    zoneHours: 0,
    maxPageSize: 100,
    forbid: (t: string) => {
      forbidden.add(t);
      server.acceptToken(t);
    },
  });
  return fake;
}
