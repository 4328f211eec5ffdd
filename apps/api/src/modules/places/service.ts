import type { z } from 'zod';
import { PLACE_SEARCH, type AutosuggestResponse, type ClientConfig, type autosuggestQuery } from '@milepost/contracts/places-api';
import type { Config } from '../../config';
import { buildPlaceIndex, searchPlaces, type GazetteerRow, type PlaceIndex } from './place-index';

/**
 * Offline US place search over the `zipcodes` gazetteer (docs/decisions/004). The index is
 * pure data, the same for every app in the process, so it is built once and shared; loading
 * the gazetteer and building it takes a few hundred milliseconds, done when the server starts
 * (see routes.ts) or on first use.
 */

let loading: Promise<PlaceIndex> | undefined;

async function readGazetteer(): Promise<GazetteerRow[]> {
  const { codes } = await import('zipcodes');
  const rows: GazetteerRow[] = [];
  for (const c of Object.values(codes)) {
    // The package also carries Canadian postal codes.
    if (c.country !== 'US') continue;
    rows.push({ zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude });
  }
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

export async function autosuggest(query: z.output<typeof autosuggestQuery>): Promise<AutosuggestResponse> {
  const index = await placeIndex();
  return { items: searchPlaces(index, query.q, { limit: query.limit, at: query.at ?? PLACE_SEARCH.defaultCenter }) };
}

export function clientConfig(config: Pick<Config, 'HERE_API_KEY'>): ClientConfig {
  return { hereApiKey: config.HERE_API_KEY ?? null };
}
