import { z } from 'zod';
import { decimalNumber, typedText } from './fields';
import { DECIMAL } from './list-query';
import { mapTilesConfig } from './routing-api';

/**
 * Place search (docs/product/trips.md), always through the API: HERE Autosuggest (asked by the API
 * with its key) when one is configured, otherwise — or when HERE fails — the API's own offline
 * US place search. Both answer the same item shape.
 */

/** Address autosuggest constants (docs/product/trips.md). */
export const PLACE_SEARCH = {
  /** Nothing is searched below this many characters. */
  minChars: 2,
  defaultLimit: 5,
  /** The offline search answers at most this many items. */
  maxLimit: 20,
  /** Bias location when none is given: New York. */
  defaultCenter: { lat: 40.7128, lng: -74.006 },
  /** HERE country restriction and language. */
  countryCode: 'USA',
  lang: 'en-US',
  /** The location field waits this long after the last keystroke. */
  debounceMs: 700,
  /** Answers are cached this long. */
  cacheMs: 5 * 60 * 1000,
  /** Failed searches are retried this often, with exponential backoff capped below. */
  retries: 2,
  retryMaxDelayMs: 30_000,
} as const;

/** User-facing texts (docs/product/shell.md "Location search error" and picker texts). */
export const PLACE_MESSAGES = {
  queryTooShort: `Type at least ${PLACE_SEARCH.minChars} characters to search for a place.`,
  queryTooLong: 'The search text is too long.',
  limitInvalid: `limit must be a whole number from 1 to ${PLACE_SEARCH.maxLimit}.`,
  atInvalid: 'at must be "lat,lng": latitude -90 to 90, longitude -180 to 180.',
  searching: 'Searching...',
  noOptions: 'No options',
  noResults: (text: string) => `No results for "${text}"`,
  /** The offline place search knows cities and ZIP codes, not streets. */
  offlineStreet: (text: string) => `No results for "${text}": street addresses need HERE; try a city or ZIP`,
  unknownError: 'Unknown error occurred',
} as const;

export const latLng = z.object({ lat: z.number(), lng: z.number() });
export type LatLng = z.infer<typeof latLng>;

/** One place: the shape of a HERE Autosuggest place item, reduced to what Milepost uses. */
export const placeItem = z.object({
  id: z.string(),
  title: z.string(),
  address: z.object({ label: z.string() }),
  position: latLng,
});
export type PlaceItem = z.infer<typeof placeItem>;

/** `at=lat,lng` as HERE writes it. */
export const atParam = z
  .string()
  .max(100, PLACE_MESSAGES.atInvalid)
  .transform((raw, ctx): LatLng => {
    const parts = raw.split(',');
    const [lat, lng] = parts.map(Number);
    // Plain decimal notation only ("0x10" is not 16, "4e1" not 40).
    if (parts.length !== 2 || parts.some((p) => !DECIMAL.test(p)) || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat!) > 90 || Math.abs(lng!) > 180) {
      ctx.addIssue({ code: 'custom', message: PLACE_MESSAGES.atInvalid });
      return z.NEVER;
    }
    return { lat: lat!, lng: lng! };
  });

/** GET /places/autosuggest query. */
export const autosuggestQuery = z.object({
  q: typedText(
    z.string({ message: PLACE_MESSAGES.queryTooShort }).trim().min(PLACE_SEARCH.minChars, PLACE_MESSAGES.queryTooShort).max(200, PLACE_MESSAGES.queryTooLong),
    'Search text',
  ),
  limit: decimalNumber(
    z.number({ message: PLACE_MESSAGES.limitInvalid }).int(PLACE_MESSAGES.limitInvalid).min(1, PLACE_MESSAGES.limitInvalid).max(PLACE_SEARCH.maxLimit, PLACE_MESSAGES.limitInvalid),
  ).default(PLACE_SEARCH.defaultLimit),
  at: atParam.optional(),
});
export type AutosuggestQuery = z.input<typeof autosuggestQuery>;

/** GET /places/autosuggest answer (inside `{ data }`), like HERE's `{ items }`. */
export const autosuggestResponse = z.object({
  items: z.array(placeItem),
  /** HERE Autosuggest (asked by the API with its key), or the offline gazetteer (no key, or HERE failed). */
  source: z.enum(['HERE', 'OFFLINE']).optional(),
});
export type AutosuggestResponse = z.infer<typeof autosuggestResponse>;

/**
 * HERE Autosuggest's own answer, read leniently: query items (category and chain suggestions)
 * carry no position, and only items with a position and an address are offered.
 */
export const hereAutosuggestResponse = z.object({
  items: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        title: z.string().optional(),
        resultType: z.string().optional(),
        address: z.looseObject({ label: z.string().optional() }).optional(),
        position: z.looseObject({ lat: z.number().optional(), lng: z.number().optional() }).optional(),
      }),
    )
    .default([]),
});
export type HereAutosuggestResponse = z.infer<typeof hereAutosuggestResponse>;

/** GET /client-config: what the web app learns at run time instead of at build time. No key ever. */
export const clientConfig = z.object({
  /** Map tiles through the API (HERE, with a signed short-lived link) or the offline basemap. */
  mapTiles: mapTilesConfig,
});
export type ClientConfig = z.infer<typeof clientConfig>;
