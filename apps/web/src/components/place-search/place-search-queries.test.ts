import { describe, expect, it } from 'vitest';
import { TILE_TOKEN_RENEW_BEFORE_MS, clientConfigFreshMs } from './place-search-queries';

/** The tile token is short-lived and bound to the sign-in (docs/routing.md "Map tiles"): the web app renews it before it runs out. */
describe('clientConfigFreshMs', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const here = (minutes: number) => ({
    mapTiles: { provider: 'HERE' as const, urlTemplate: '/api/v1/map-tiles/{z}/{x}/{y}?token=t', expiresAt: new Date(now + minutes * 60_000).toISOString() },
  });

  it('asks again shortly before the tile token expires', () => {
    expect(clientConfigFreshMs(here(15), now)).toBe(15 * 60_000 - TILE_TOKEN_RENEW_BEFORE_MS);
  });

  it('asks again soon (not in a tight loop) when the token is about to expire or has', () => {
    expect(clientConfigFreshMs(here(1), now)).toBe(15_000);
    expect(clientConfigFreshMs(here(-5), now)).toBe(15_000);
  });

  it('keeps an OFFLINE answer for 30 minutes', () => {
    expect(clientConfigFreshMs({ mapTiles: { provider: 'OFFLINE' } }, now)).toBe(30 * 60_000);
  });
});
