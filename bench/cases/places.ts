import { eq } from 'drizzle-orm';
import { PLACE_SEARCH } from '@milepost/contracts/places-api';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { buildPlaceIndex, searchPlaces, type GazetteerRow } from '../../apps/api/src/modules/places/place-index';
import { placeIndex } from '../../apps/api/src/modules/places/service';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { measure, type BenchServer, type Figure } from '../lib';

const BIAS_POINTS = [PLACE_SEARCH.defaultCenter, { lat: 32.78, lng: -96.8 }, { lat: 47.61, lng: -122.33 }, { lat: 41.88, lng: -87.63 }];
const TWO_LETTERS = ['sa', 'ma', 'ch', 'ca', 'be', 'mo', 'st', 'ne', 'wa', 'po', 'fo', 'la', 'ha', 'gr', 'ba', 'co', 'mi', 'pa', 'ro', 'le'];

/**
 * Every kind of prefix a dispatcher types: 2, 3, 4 and 6 letters and whole names of cities
 * spread over the whole gazetteer, the busiest two-letter prefixes, name + state, ZIP prefixes
 * of 2 to 5 digits, and misses. Shuffled deterministically so no two neighbours repeat.
 */
async function queries(): Promise<string[]> {
  const index = await placeIndex();
  const out: string[] = [...TWO_LETTERS, 'dallas t', 'new york n', 'springfield m', 'st louis', 'ft worth', 'zzqx', 'qqq', '00000'];
  const cities = index.places.slice(0, index.cityCount);
  const stride = Math.floor(cities.length / 400);
  for (let i = 0; i < cities.length; i += stride) {
    const name = cities[i]!.label.split(',')[0]!.toLowerCase();
    for (const n of [2, 3, 4, 6]) if (name.length > n) out.push(name.slice(0, n));
    out.push(name);
  }
  const zipStride = Math.floor(index.zips.length / 150);
  for (let i = 0; i < index.zips.length; i += zipStride) for (const n of [2, 3, 5]) out.push(index.zips[i]!.slice(0, n));
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Offline place search: the prefix query in process (the 5 ms target), one HTTP figure, and the index build. */
export async function placesCase(server: BenchServer): Promise<Figure[]> {
  const index = await placeIndex();
  const qs = await queries();

  const inProcess = await measure(
    qs.length * 4,
    async (i) => {
      const items = searchPlaces(index, qs[i % qs.length]!, { limit: i % 7 === 0 ? PLACE_SEARCH.maxLimit : PLACE_SEARCH.defaultLimit, at: BIAS_POINTS[i % BIAS_POINTS.length]! });
      if (items.length > PLACE_SEARCH.maxLimit) throw new Error('places: too many items');
    },
    200,
  );

  const { db } = server.database;
  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-places@example.test', firstName: 'Bench', lastName: 'Places', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') });
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-places@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const httpQs = qs.filter((q) => q.trim().length >= PLACE_SEARCH.minChars);
  const http = await measure(
    Math.min(httpQs.length, 1000),
    async (i) => {
      const res = await fetch(`${server.url}/api/v1/places/autosuggest?q=${encodeURIComponent(httpQs[i % httpQs.length]!)}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`places: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
    20,
  );

  // The index itself, built again from the gazetteer rows (the package is already loaded).
  const { codes } = await import('zipcodes');
  const rows: GazetteerRow[] = Object.values(codes)
    .filter((c) => c.country === 'US')
    .map((c) => ({ zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude }));
  const build = await measure(3, async () => void buildPlaceIndex(rows), 1);

  const size = `${index.cityCount.toLocaleString('en-US')} cities + ${index.zipCount.toLocaleString('en-US')} ZIPs`;
  return [
    { case: `places: prefix search in process, ${size}, ${qs.length} prefixes`, engine: server.engine, ...inProcess, target: 'p95 < 5 ms' },
    { case: 'GET /places/autosuggest over HTTP (sign-in check included)', engine: server.engine, ...http, target: 'p95 < 50 ms' },
    { case: 'places: index build from the gazetteer rows (once at start)', engine: server.engine, ...build, target: 'under 1 s' },
  ];
}
