import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@milepost/contracts/api';
import { autosuggestQuery, autosuggestResponse, clientConfig } from '@milepost/contracts/places-api';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import type { AppDeps } from '../../app-deps';
import { principalOf } from '../../platform/access';
import { perUserPerMinute } from '../../platform/rate-limit';
import { mapTilesConfig } from '../routing';
import * as places from './service';

export async function placeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // HERE answers are cached and identical searches merged (one cache per app).
  const cache = places.autosuggestCache();

  r.get('/autosuggest', {
    config: {
      access: 'signed-in',
      rateLimit: perUserPerMinute(deps.config.AUTOSUGGEST_USER_LIMIT_PER_MIN, 'AUTOSUGGEST_RATE_LIMITED', LIMIT_MESSAGES.autosuggest),
    },
    schema: {
      tags: ['places'],
      summary: 'Place search: HERE Autosuggest asked by the API when a key is configured, else (or when HERE fails) the offline US gazetteer; HERE-shaped items',
      querystring: autosuggestQuery,
      response: { 200: envelope(autosuggestResponse) },
    },
    handler: async (req) => ({ data: await places.autosuggest(req.query, deps.here, req.log, cache) }),
  });

}

/** The spec's paths this module serves outside /places (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function placeRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/client-config', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['config'],
      summary: 'Settings the web app reads at run time: where map tiles come from (never a key)',
      response: { 200: envelope(clientConfig) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: { mapTiles: mapTilesConfig(deps.here, deps.keys.secret, deps.config.MAP_TILE_TOKEN_TTL_MINUTES, principalOf(req).sessionId) } };
    },
  });
}
