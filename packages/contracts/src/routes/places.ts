import { envelope } from '../api';
import { autosuggestQuery, autosuggestResponse, clientConfig } from '../places-api';
import { defineRoutes } from '../route-table';

/** /api/v1/places and the module's paths outside it (apps/api/src/modules/places). */
export const placesRoutes = defineRoutes({
  autosuggest: {
    method: 'GET',
    path: '/api/v1/places/autosuggest',
    tags: ['places'],
    summary: 'Place search: HERE Autosuggest asked by the API when a key is configured, else (or when HERE fails) the offline US gazetteer; HERE-shaped items',
    access: 'signed-in',
    query: autosuggestQuery,
    responses: { 200: envelope(autosuggestResponse) },
    errors: ['AUTOSUGGEST_RATE_LIMITED'],
  },
  clientConfig: {
    method: 'GET',
    path: '/api/v1/client-config',
    tags: ['config'],
    summary: 'Settings the web app reads at run time: where map tiles come from (never a key)',
    access: 'signed-in',
    responses: { 200: envelope(clientConfig) },
    errors: [],
  },
});
