import { queryOptions } from '@tanstack/react-query';
import { PLACE_SEARCH, type AutosuggestResponse, type ClientConfig, type HereAutosuggestResponse, type LatLng, type PlaceItem } from '@milepost/contracts/places-api';
import { callApi, isApiError } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';

/**
 * Place suggestions always come from the API (docs/decisions/README.md "Place search",
 * docs/decisions/006): it asks HERE Autosuggest with its own key when one is configured, else
 * its offline US place search. Both give HERE-shaped items, and only items with a position and
 * an address label are offered (docs/product/trips.md). No HERE key ever reaches the browser.
 */

export interface PlaceSearchParams {
  q: string;
  at: LatLng;
  limit: number;
}

export const placeSearchKeys = {
  clientConfig: ['client-config'] as const,
  search: (p: PlaceSearchParams) => ['place-search', p.q, p.at.lat, p.at.lng, p.limit] as const,
};

/** The tile link is renewed this long before its token runs out. */
export const TILE_TOKEN_RENEW_BEFORE_MS = 2 * 60_000;

/** How long a client-config answer serves: until shortly before its tile token expires (30 min without tiles). */
export function clientConfigFreshMs(data: ClientConfig | undefined, now = Date.now()): number {
  if (data?.mapTiles.provider !== 'HERE') return 30 * 60_000;
  const expires = Date.parse(data.mapTiles.expiresAt);
  return Number.isFinite(expires) ? Math.max(15_000, expires - now - TILE_TOKEN_RENEW_BEFORE_MS) : 15_000;
}

/**
 * Run-time settings from the server (where map tiles come from). The tile link's token is
 * short-lived (mapTiles.expiresAt, 15 min by default) and bound to this sign-in, so the answer
 * is asked again before it runs out, also while a map stays open (the map swaps the link in
 * place, components/map/route-map.tsx).
 */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: placeSearchKeys.clientConfig,
    queryFn: ({ signal }) => callApi(routes.places.clientConfig, { signal }),
    staleTime: (query) => clientConfigFreshMs(query.state.data),
    refetchInterval: (query) => clientConfigFreshMs(query.state.data),
  });
}

/** Only places with a position and an address; query suggestions (categories, chains) have neither. */
export function toPlaces(items: HereAutosuggestResponse['items'] | AutosuggestResponse['items']): PlaceItem[] {
  const places: PlaceItem[] = [];
  for (const item of items) {
    const lat = item.position?.lat;
    const lng = item.position?.lng;
    const label = item.address?.label?.trim();
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng) || !label) continue;
    places.push({ id: item.id ?? `${lat},${lng}`, title: item.title?.trim() || label, address: { label }, position: { lat, lng } });
  }
  return places;
}

/** The places offered, and whether they came from HERE or the offline search (cities and ZIPs only). */
export interface PlaceSuggestions {
  places: PlaceItem[];
  source: AutosuggestResponse['source'];
}

/** Degrees in plain decimal notation, as the API reads numbers: rounded to 6 places (10 cm) so one near 0 never prints as 1e-7. */
const plainDegrees = (deg: number) => String(Number(deg.toFixed(6)));

export async function fetchAutosuggest(p: PlaceSearchParams, signal?: AbortSignal): Promise<PlaceSuggestions> {
  const data = await callApi(routes.places.autosuggest, { query: { q: p.q, limit: p.limit, at: `${plainDegrees(p.at.lat)},${plainDegrees(p.at.lng)}` }, signal });
  return { places: toPlaces(data.items), source: data.source };
}

/** Text that reads as a street address: a house number before a word, or a street word (St, Ave, Rd…). */
export const looksLikeStreet = (text: string) =>
  /^\s*\d+[a-z]?\s+[a-z]/i.test(text) || /\b(st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|hwy|highway|ln|lane|way|pkwy|parkway|ct|court)\b\.?/i.test(text);

/** Retry only what may pass next time: no answer, 429 or a server error (docs/product/shell.md: 2 retries). */
export function shouldRetryPlaceSearch(failureCount: number, error: Error): boolean {
  if (failureCount >= PLACE_SEARCH.retries) return false;
  const status = isApiError(error) ? error.status : undefined;
  return status === undefined || status === 0 || status === 429 || status >= 500;
}

/** Exponential backoff: 1 s, 2 s, 4 s … capped at 30 s. */
export const placeSearchRetryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, PLACE_SEARCH.retryMaxDelayMs);

export function placeSearchQueryOptions(p: PlaceSearchParams) {
  return queryOptions({
    queryKey: placeSearchKeys.search(p),
    queryFn: ({ signal }) => fetchAutosuggest(p, signal),
    staleTime: PLACE_SEARCH.cacheMs,
    gcTime: PLACE_SEARCH.cacheMs,
    retry: shouldRetryPlaceSearch,
    retryDelay: placeSearchRetryDelay,
  });
}
