import { createRequire } from 'node:module';
import type { z } from 'zod';
import type zipcodes from 'zipcodes';
import type { FastifyBaseLogger } from 'fastify';
import { PLACE_SEARCH, type AutosuggestResponse, type autosuggestQuery } from '@milepost/contracts/places-api';
import { LRUCache } from 'lru-cache';
import type { HereClient } from '../../integrations/here/client';
import { buildPlaceIndex, searchPlaces, type GazetteerRow, type PlaceIndex } from './place-index';

/**
 * Offline US place search over the `zipcodes` gazetteer (docs/decisions/004). The index is
 * pure data, the same for every app in the process, so it is built once and shared, on the first
 * search: loading the gazetteer and building it takes a few hundred milliseconds and ~100 MB
 * resident, which a server whose users never search offline (a HERE key) never spends
 * (docs/deploy.md#starting). The gazetteer's modules are let go once the index is built.
 */

let loading: Promise<PlaceIndex> | undefined;

async function readGazetteer(): Promise<GazetteerRow[]> {
  const load = createRequire(import.meta.url);
  const before = new Set(Object.keys(load.cache));
  const { codes } = load('zipcodes') as typeof zipcodes;
  const rows: GazetteerRow[] = [];
  for (const c of Object.values(codes)) {
    // The package also carries Canadian postal codes.
    if (c.country !== 'US') continue;
    rows.push({ zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude });
  }
  // Its source (megabytes of object literals) need not stay in memory beside the index.
  for (const id of Object.keys(load.cache)) if (!before.has(id)) delete load.cache[id];
  return rows;
}

/** The shared index, built on the first call. */
export function placeIndex(): Promise<PlaceIndex> {
  loading ??= readGazetteer()
    .then(buildPlaceIndex)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** HERE Autosuggest answers kept in memory (docs/routing.md "Limits"): at most this many, this long. */
export const AUTOSUGGEST_CACHE = { max: 5_000, ttlMs: PLACE_SEARCH.cacheMs } as const;

type HereSuggestion = Awaited<ReturnType<HereClient['autosuggest']>>;
export type AutosuggestCache = LRUCache<string, HereSuggestion, { here: HereClient; q: string; at: { lat: number; lng: number }; limit: number }>;

/**
 * A bounded, expiring cache of HERE answers whose `fetch` also merges identical searches in
 * flight into one HERE call. Failures are not kept. One per app (apps/api/src/app.ts).
 */
export function autosuggestCache(): AutosuggestCache {
  return new LRUCache({
    max: AUTOSUGGEST_CACHE.max,
    ttl: AUTOSUGGEST_CACHE.ttlMs,
    fetchMethod: (_key, _stale, { context }) => context.here.autosuggest({ q: context.q, at: context.at, limit: context.limit }),
  });
}

/** Case and spacing of the text, and the bias point to ~1 km, do not change HERE's answer enough to ask again. */
const cacheKey = (q: string, at: { lat: number; lng: number }, limit: number) =>
  JSON.stringify([q.trim().replace(/\s+/g, ' ').toLowerCase(), Math.round(at.lat * 100) / 100, Math.round(at.lng * 100) / 100, limit]);

/**
 * HERE Autosuggest when a key is configured (the API asks, the key never reaches a browser);
 * the offline gazetteer without a key or when HERE fails.
 */
export async function autosuggest(
  query: z.output<typeof autosuggestQuery>,
  here: HereClient | null = null,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  cache?: AutosuggestCache,
): Promise<AutosuggestResponse> {
  const at = query.at ?? PLACE_SEARCH.defaultCenter;
  if (here) {
    try {
      const context = { here, q: query.q, at, limit: query.limit };
      const items = cache ? await cache.fetch(cacheKey(query.q, at, query.limit), { context }) : await here.autosuggest(context);
      return { items: items ?? [], source: 'HERE' };
    } catch (err) {
      log?.warn({ reason: err instanceof Error ? err.message : String(err) }, 'HERE autosuggest failed: answering from the offline gazetteer');
    }
  }
  const index = await placeIndex();
  return { items: searchPlaces(index, query.q, { limit: query.limit, at }), source: 'OFFLINE' };
}
