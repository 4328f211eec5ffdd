import { queryOptions } from '@tanstack/react-query';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import {
  PLACE_SEARCH,
  hereAutosuggestResponse,
  type AutosuggestResponse,
  type ClientConfig,
  type HereAutosuggestResponse,
  type LatLng,
  type PlaceItem,
} from '@milepost/contracts/places-api';
import { API_TIMEOUT_MS, api, isApiError } from '@/lib/api-client';

/**
 * Where place suggestions come from (architecture §4 "Place search"): HERE Autosuggest, called
 * straight from the browser, when the server hands out a HERE key through GET /client-config;
 * otherwise the API's offline US place search. Both give HERE-shaped items, and only items with
 * a position and an address label are offered (spec 01 §7).
 */

export const HERE_AUTOSUGGEST_URL = 'https://autosuggest.search.hereapi.com/v1/autosuggest';

export type PlaceSource = 'here' | 'offline';

export interface PlaceSearchParams {
  q: string;
  at: LatLng;
  limit: number;
}

export const placeSearchKeys = {
  clientConfig: ['client-config'] as const,
  search: (source: PlaceSource, p: PlaceSearchParams) => ['place-search', source, p.q, p.at.lat, p.at.lng, p.limit] as const,
};

/** A failed HERE call: `message` is HERE's own text (its `title`), empty when it sent none. */
export class PlaceSearchError extends Error {
  override readonly name = 'PlaceSearchError';
  constructor(
    message: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
  ) {
    super(message);
  }
}

/** Run-time settings from the server; asked once per session. */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: placeSearchKeys.clientConfig,
    queryFn: ({ signal }) => api.get<ClientConfig>('/client-config', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The HERE Autosuggest address for a search, as spec 01 §7 and §9 describe it. */
export function hereAutosuggestUrl(apiKey: string, p: PlaceSearchParams): string {
  return (
    `${HERE_AUTOSUGGEST_URL}?q=${encodeURIComponent(p.q)}&at=${p.at.lat},${p.at.lng}` +
    `&in=countryCode:${PLACE_SEARCH.countryCode}&limit=${p.limit}&lang=${PLACE_SEARCH.lang}&apiKey=${encodeURIComponent(apiKey)}`
  );
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

function errorTitle(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { title, error_description: description } = body as { title?: unknown; error_description?: unknown };
  if (typeof title === 'string' && title.trim()) return title.trim();
  return typeof description === 'string' ? description.trim() : '';
}

export async function fetchHereAutosuggest(apiKey: string, p: PlaceSearchParams, signal?: AbortSignal): Promise<PlaceItem[]> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  let response: Response;
  try {
    response = await fetch(hereAutosuggestUrl(apiKey, p), { headers: { Accept: 'application/json' }, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new PlaceSearchError(GENERIC_ERROR_MESSAGES.timeout, 0);
    if (signal?.aborted) throw error;
    throw new PlaceSearchError(GENERIC_ERROR_MESSAGES.network, 0);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new PlaceSearchError(errorTitle(body), response.status);
  const parsed = hereAutosuggestResponse.safeParse(body);
  if (!parsed.success) throw new PlaceSearchError('', response.status);
  return toPlaces(parsed.data.items);
}

export async function fetchOfflineAutosuggest(p: PlaceSearchParams, signal?: AbortSignal): Promise<PlaceItem[]> {
  const data = await api.get<AutosuggestResponse>('/places/autosuggest', { query: { q: p.q, limit: p.limit, at: `${p.at.lat},${p.at.lng}` }, signal });
  return toPlaces(data.items);
}

/** Retry only what may pass next time: no answer, 429 or a server error (spec 01 §9: 2 retries). */
export function shouldRetryPlaceSearch(failureCount: number, error: Error): boolean {
  if (failureCount >= PLACE_SEARCH.retries) return false;
  const status = isApiError(error) || error instanceof PlaceSearchError ? error.status : undefined;
  return status === undefined || status === 0 || status === 429 || status >= 500;
}

/** Exponential backoff: 1 s, 2 s, 4 s … capped at 30 s. */
export const placeSearchRetryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, PLACE_SEARCH.retryMaxDelayMs);

export function placeSearchQueryOptions(source: PlaceSource, apiKey: string | null, p: PlaceSearchParams) {
  return queryOptions({
    queryKey: placeSearchKeys.search(source, p),
    queryFn: ({ signal }) => (source === 'here' && apiKey ? fetchHereAutosuggest(apiKey, p, signal) : fetchOfflineAutosuggest(p, signal)),
    staleTime: PLACE_SEARCH.cacheMs,
    gcTime: PLACE_SEARCH.cacheMs,
    retry: shouldRetryPlaceSearch,
    retryDelay: placeSearchRetryDelay,
  });
}
