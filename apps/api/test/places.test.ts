import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_MESSAGES, type PlaceItem } from '@milepost/contracts/places-api';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // Any signed-in user may search places: a user whose role holds no permission at all.
  token = (await signIn(ctx.app, await createUser(ctx.db))).accessToken;
});
afterAll(() => ctx.close());

/** `auth: null` sends no token. */
const search = (query: Record<string, string>, auth: string | null = token) =>
  call(ctx.app, { method: 'GET', url: `/api/v1/places/autosuggest?${new URLSearchParams(query)}`, token: auth ?? undefined });

async function items(query: Record<string, string>): Promise<PlaceItem[]> {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { items: PlaceItem[] } }>().data.items;
}

const titles = (list: PlaceItem[]) => list.map((i) => i.title);

describe('GET /places/autosuggest', () => {
  it('answers HERE-shaped items: id, title, address.label, position', async () => {
    const [dallas] = await items({ q: 'dal' });
    expect(dallas).toEqual({
      id: expect.any(String),
      title: 'Dallas, TX, United States',
      address: { label: 'Dallas, TX, United States' },
      position: { lat: expect.closeTo(32.78, 0), lng: expect.closeTo(-96.8, 0) },
    });
  });

  it("ranks the big city first: 'dal' → Dallas, TX; 'new y' → New York, NY", async () => {
    expect((await items({ q: 'dal' }))[0]!.title).toBe('Dallas, TX, United States');
    expect((await items({ q: 'DAL' }))[0]!.title).toBe('Dallas, TX, United States');
    const newYork = await items({ q: 'new y' });
    expect(newYork[0]!.title).toBe('New York, NY, United States');
    expect(newYork[0]!.position.lat).toBeCloseTo(40.7, 0);
  });

  it('puts exact and prefix name matches before matches on a later word', async () => {
    // "york" is a whole name (York, PA) and the second word of New York: the names come first.
    const york = titles(await items({ q: 'york', limit: '20' }));
    expect(york[0]).toMatch(/^York, /);
    const firstOther = york.findIndex((t) => !t.startsWith('York'));
    expect(york.slice(0, firstOther).every((t) => t.startsWith('York'))).toBe(true);
  });

  it("finds a Springfield in several states, the nearest first when 'at' is given", async () => {
    const all = await items({ q: 'springfield', limit: '10' });
    const states = new Set(all.map((i) => i.title.split(', ')[1]));
    expect(states.size).toBeGreaterThanOrEqual(5);
    expect(all.every((i) => i.title.startsWith('Springfield, '))).toBe(true);

    const nearMissouri = await items({ q: 'springfield', at: '37.2,-93.3' });
    expect(nearMissouri[0]!.title).toBe('Springfield, MO, United States');
    const nearIllinois = await items({ q: 'springfield', at: '39.8,-89.65' });
    expect(nearIllinois[0]!.title).toBe('Springfield, IL, United States');
    // Default bias is New York (docs/product/shell.md): the Massachusetts one leads.
    expect(all[0]!.title).toBe('Springfield, MA, United States');
  });

  it('a far bias does not bury the big city under a hamlet next door', async () => {
    // Dallas, PA is ~170 km from New York; Dallas, TX still comes first from there.
    expect((await items({ q: 'dallas', at: '41.33,-75.96' }))[0]!.title).toBe('Dallas, TX, United States');
  });

  it('understands a state after the name and the St/Saint, Ft/Fort spellings', async () => {
    expect(titles(await items({ q: 'dallas, pa' }))).toEqual(['Dallas, PA, United States']);
    expect((await items({ q: 'dallas texas' }))[0]!.title).toBe('Dallas, TX, United States');
    expect((await items({ q: 'st. louis' }))[0]!.title).toBe('Saint Louis, MO, United States');
    expect((await items({ q: 'ft worth' }))[0]!.title).toBe('Fort Worth, TX, United States');
  });

  it("finds ZIP codes: '75201' is in Dallas", async () => {
    const [zip] = await items({ q: '75201' });
    expect(zip).toMatchObject({ title: 'Dallas, TX 75201, United States', address: { label: 'Dallas, TX 75201, United States' } });
    expect(zip!.position.lat).toBeCloseTo(32.79, 1);
    const prefix = await items({ q: '752', limit: '10' });
    expect(prefix).toHaveLength(10);
    expect(prefix.every((i) => /, TX 752\d\d, United States$/.test(i.title))).toBe(true);
  });

  it('answers 5 items by default, up to limit, at most 20', async () => {
    expect(await items({ q: 'sa' })).toHaveLength(5);
    expect(await items({ q: 'sa', limit: '1' })).toHaveLength(1);
    expect(await items({ q: 'sa', limit: '20' })).toHaveLength(20);
    const over = await search({ q: 'sa', limit: '21' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(PLACE_MESSAGES.limitInvalid);
    expect((await search({ q: 'sa', limit: 'many' })).statusCode).toBe(400);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await items({ q: 'zzqx' })).toEqual([]);
    expect(await items({ q: '00000' })).toEqual([]);
  });

  it('answers 400 with a clear message below 2 characters or for a bad bias point', async () => {
    for (const q of [{ q: 'd' }, { q: '  d ' }, {}] as Record<string, string>[]) {
      const res = await search(q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: PLACE_MESSAGES.queryTooShort });
    }
    for (const at of ['40.7', 'north,west', '91,0', '0,181', '1,2,3']) {
      const res = await search({ q: 'dal', at });
      expect(res.statusCode, at).toBe(400);
      expect(res.json().message).toBe(PLACE_MESSAGES.atInvalid);
    }
  });

  it('answers 401 without a sign-in', async () => {
    const res = await search({ q: 'dal' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /client-config', () => {
  it('answers the offline basemap when HERE_API_KEY is not set', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/client-config', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { mapTiles: { provider: 'OFFLINE' } } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never hands out the key when HERE_API_KEY is set, and answers signed-in users only', async () => {
    const withKey = await createTestContext({ HERE_API_KEY: 'here-test-key-123' });
    try {
      const t = (await signIn(withKey.app, await createUser(withKey.db))).accessToken;
      const res = await call(withKey.app, { method: 'GET', url: '/api/v1/client-config', token: t });
      expect(res.json().data.mapTiles.provider).toBe('HERE');
      expect(res.body).not.toContain('here-test-key-123');
      expect((await call(withKey.app, { method: 'GET', url: '/api/v1/client-config' })).statusCode).toBe(401);
    } finally {
      await withKey.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents both routes', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/places/autosuggest'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['at', 'limit', 'q']);
    expect(doc.paths['/api/v1/client-config'].get).toBeDefined();
  });
});
