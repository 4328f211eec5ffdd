import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import { issueTileToken } from '../src/modules/routing/tiles';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';
import { FAKE_HERE_KEY, startHereFake, type HereFake } from './fakes/here';

/**
 * The paid calls (docs/routing.md "Limits", "Map tiles"): the calls that cost HERE
 * quota are merged (single-flight), autosuggest answers are cached, each user is limited per
 * minute (429 + Retry-After, one error code per rule), and the map-tile token belongs to a live
 * sign-in, is never logged, and only small images are served from our origin.
 */

let fake: HereFake;
let ctx: TestContext;
const logLines: string[] = [];
const TILE_LIMIT = 40;

beforeAll(async () => {
  fake = await startHereFake();
  ctx = await createTestContext({ ...fake.env(), HERE_TIMEOUT_MS: '5000', MAP_TILES_USER_LIMIT_PER_MIN: String(TILE_LIMIT) }, { logLines });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => fake.set({ mode: 'ok', apiKey: FAKE_HERE_KEY, delayMs: 300 }));

async function viewer() {
  const user = await createUser(ctx.db, { permissions: ['CAN_VIEW_TRIP_MAP'] });
  return signIn(ctx.app, user);
}
const upstream = (prefix: string) => fake.requests.filter((r) => r.path.startsWith(prefix)).length;

let seq = 0;
function stops() {
  seq++;
  return [
    { lat: 41.878113 + seq * 0.01, lng: -87.629799 },
    { lat: 35.149534, lng: -90.04898 - seq * 0.01 },
  ];
}
const route = (token: string, body: object) => call(ctx.app, { method: 'POST', url: '/api/v1/routing/routes', token, payload: body });
const search = (token: string, q: string) => call(ctx.app, { method: 'GET', url: `/api/v1/places/autosuggest?q=${encodeURIComponent(q)}&at=40.7,-74&limit=5`, token });

async function tileTemplate(token: string): Promise<(z: number, x: number, y: number) => string> {
  const res = await call(ctx.app, { method: 'GET', url: '/api/v1/client-config', token });
  expect(res.statusCode, res.body).toBe(200);
  const template: string = res.json().data.mapTiles.urlTemplate;
  return (z, x, y) => template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

describe('identical concurrent requests share one HERE call', () => {
  it('30 concurrent identical route requests → 1 HERE routing call, 30 identical answers', async () => {
    const { accessToken } = await viewer();
    const body = { stops: stops(), routingMode: 'PRACTICAL', trailer: true };
    fake.set({ mode: 'slow', delayMs: 300 });
    const before = upstream('/v8/routes');
    const answers = await Promise.all(Array.from({ length: 30 }, () => route(accessToken, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.json().data))).size).toBe(1);
    expect(answers[0]!.json().data.source).toBe('HERE');
    expect(upstream('/v8/routes') - before).toBe(1);
  });

  it('30 concurrent identical place searches → 1 HERE autosuggest call; the answer is then cached', async () => {
    const { accessToken } = await viewer();
    fake.set({ mode: 'slow', delayMs: 300 });
    const before = upstream('/v1/autosuggest');
    const answers = await Promise.all(Array.from({ length: 30 }, () => search(accessToken, 'Dal')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.every((a) => a.json().data.source === 'HERE' && a.json().data.items[0].title === 'Dallas, TX, United States')).toBe(true);
    expect(upstream('/v1/autosuggest') - before).toBe(1);
    // Cached: the same search (other case and spacing) is answered without HERE.
    fake.set({ mode: 'ok' });
    const again = await search(accessToken, '  dal ');
    expect(again.json().data.source).toBe('HERE');
    expect(again.json().data.items[0].title).toBe('Dallas, TX, United States');
    expect(upstream('/v1/autosuggest') - before).toBe(1);
    // Another text is asked.
    expect((await search(accessToken, 'Chic')).json().data.items[0].title).toBe('Chicago, IL, United States');
    expect(upstream('/v1/autosuggest') - before).toBe(2);
  });

  it('a failed HERE search is not cached: the next one asks again', async () => {
    const { accessToken } = await viewer();
    fake.set({ mode: 'server-error' });
    const before = upstream('/v1/autosuggest');
    expect((await search(accessToken, 'Denv')).json().data.source).toBe('OFFLINE');
    fake.set({ mode: 'ok' });
    expect((await search(accessToken, 'Denv')).json().data.source).toBe('HERE');
    expect(upstream('/v1/autosuggest') - before).toBe(2);
  });

  it('30 concurrent requests for one map tile → 1 HERE tile call', async () => {
    const { accessToken } = await viewer();
    const url = await tileTemplate(accessToken);
    fake.set({ mode: 'slow', delayMs: 300 });
    const before = upstream('/v3/base/mc/');
    const answers = await Promise.all(Array.from({ length: 30 }, () => call(ctx.app, { method: 'GET', url: url(7, 30, 47) })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.every((a) => a.headers['content-type'] === 'image/png')).toBe(true);
    expect(upstream('/v3/base/mc/') - before).toBe(1);
  });
});

describe('per-user limits on the calls that cost HERE quota', () => {
  it('a viewer making 61 route requests in a minute gets 429 with Retry-After (ROUTING_USER_LIMIT_PER_MIN, 60)', async () => {
    expect(ctx.config.ROUTING_USER_LIMIT_PER_MIN).toBe(60);
    const { accessToken } = await viewer();
    const body = { stops: stops(), routingMode: 'SHORTEST', trailer: false };
    for (let i = 0; i < 60; i++) expect((await route(accessToken, body)).statusCode).toBe(200);
    const refused = await route(accessToken, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 429, code: 'ROUTING_RATE_LIMITED', message: LIMIT_MESSAGES.routing });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Per user: another viewer is not held back.
    expect((await route((await viewer()).accessToken, body)).statusCode).toBe(200);
  });

  it('a viewer making 61 place searches in a minute gets 429 AUTOSUGGEST_RATE_LIMITED with Retry-After', async () => {
    const { accessToken } = await viewer();
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await search(accessToken, 'Mem')).statusCode);
    expect(codes).toEqual(Array(60).fill(200));
    const refused = await search(accessToken, 'Mem');
    expect(refused.json()).toEqual({ status: 429, code: 'AUTOSUGGEST_RATE_LIMITED', message: LIMIT_MESSAGES.autosuggest });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('map tiles are limited per user too (MAP_TILES_USER_LIMIT_PER_MIN): 429 MAP_TILES_RATE_LIMITED with Retry-After', async () => {
    const { accessToken } = await viewer();
    const url = await tileTemplate(accessToken);
    for (let i = 0; i < TILE_LIMIT; i++) expect((await call(ctx.app, { method: 'GET', url: url(8, i, 90) })).statusCode).toBe(200);
    const refused = await call(ctx.app, { method: 'GET', url: url(8, 0, 90) });
    expect(refused.json()).toEqual({ status: 429, code: 'MAP_TILES_RATE_LIMITED', message: LIMIT_MESSAGES.mapTiles });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Counted per user (the token's), not per client address: another viewer still gets tiles.
    const other = await tileTemplate((await viewer()).accessToken);
    expect((await call(ctx.app, { method: 'GET', url: other(8, 0, 90) })).statusCode).toBe(200);
  });
});

describe('the map-tile token belongs to a sign-in', () => {
  it('is short-lived and refused once its sign-in ends (sign-out)', async () => {
    const { accessToken, refreshToken } = await viewer();
    const cfg = (await call(ctx.app, { method: 'GET', url: '/api/v1/client-config', token: accessToken })).json().data.mapTiles;
    expect(new Date(cfg.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const url = await tileTemplate(accessToken);
    expect((await call(ctx.app, { method: 'GET', url: url(5, 7, 12) })).statusCode).toBe(200);
    expect((await call(ctx.app, { method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken } })).statusCode).toBe(200);
    expect((await call(ctx.app, { method: 'GET', url: url(5, 7, 12) })).json()).toEqual({ status: 401, code: 'MAP_TILE_TOKEN_INVALID', message: LIMIT_MESSAGES.mapTileToken });
  });

  it('a token naming another sign-in, or well signed but expired, is refused', async () => {
    const { accessToken } = await viewer();
    const url = await tileTemplate(accessToken);
    const token = new URL(url(5, 7, 12), 'http://x').searchParams.get('token')!;
    const [sessionId] = token.split('.');
    // Another sign-in's id with this token's expiry and MAC: the MAC covers the sign-in.
    const swapped = token.replace(sessionId!, '00000000-0000-4000-8000-000000000000');
    const expired = issueTileToken(new TextEncoder().encode(ctx.jwtSecret), sessionId!, 1, Date.now() - 5 * 60_000).token;
    for (const bad of [swapped, expired, `${token}.extra`, 'a.b.c']) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1/map-tiles/5/7/12?token=${encodeURIComponent(bad)}` });
      expect(res.json(), bad).toMatchObject({ status: 401, code: 'MAP_TILE_TOKEN_INVALID' });
    }
    // The same sign-in's token, freshly signed with the server's key, passes: the refusals above are the rule, not the key.
    const fresh = issueTileToken(new TextEncoder().encode(ctx.jwtSecret), sessionId!, 1).token;
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/map-tiles/5/7/12?token=${fresh}` })).statusCode).toBe(200);
  });

  it('is never written to the access log', async () => {
    const { accessToken } = await viewer();
    const url = await tileTemplate(accessToken);
    const token = new URL(url(5, 8, 12), 'http://x').searchParams.get('token')!;
    const from = logLines.length;
    expect((await call(ctx.app, { method: 'GET', url: url(5, 8, 12) })).statusCode).toBe(200);
    const lines = logLines.slice(from);
    const incoming = lines.map((l) => JSON.parse(l) as { req?: { url?: string } }).find((l) => l.req?.url?.startsWith('/api/v1/map-tiles/5/8/12'));
    expect(incoming?.req?.url).toBe('/api/v1/map-tiles/5/8/12?token=[redacted]');
    expect(lines.join('\n')).not.toContain(token.split('.').at(-1));
  });
});

describe('upstream tiles must be small images', () => {
  it('a text/html tile from HERE is a 502, never served nor kept', async () => {
    const { accessToken } = await viewer();
    const url = await tileTemplate(accessToken);
    fake.set({ mode: 'html-tile' });
    const res = await call(ctx.app, { method: 'GET', url: url(9, 100, 200) });
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 502, code: 'MAP_TILE_UPSTREAM_INVALID', message: LIMIT_MESSAGES.mapTileUpstream });
    // Not kept: once HERE answers an image, that is what is served.
    fake.set({ mode: 'ok' });
    const good = await call(ctx.app, { method: 'GET', url: url(9, 100, 200) });
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toBe('image/png');
  });

  it('a 60 MB tile is refused at the size cap (MAP_TILE_MAX_BYTES): 502, not buffered, not kept', async () => {
    const { accessToken } = await viewer();
    const url = await tileTemplate(accessToken);
    fake.set({ mode: 'huge-tile' });
    const res = await call(ctx.app, { method: 'GET', url: url(9, 101, 200) });
    expect(res.json()).toMatchObject({ status: 502, code: 'MAP_TILE_UPSTREAM_INVALID' });
    fake.set({ mode: 'ok' });
    const good = await call(ctx.app, { method: 'GET', url: url(9, 101, 200) });
    expect(good.statusCode).toBe(200);
    expect(good.rawPayload.length).toBeLessThan(1024);
  });
});
