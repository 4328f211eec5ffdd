import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { principalOf } from '../../platform/access';
import { perUserPerMinute } from '../../platform/rate-limit';
import { mapTilesConfig } from '../routing';
import * as places from './service';

export async function placeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // HERE answers are cached and identical searches merged (one cache per app).
  const cache = places.autosuggestCache();

  route(r, routes.places.autosuggest, async (req) => ({ data: await places.autosuggest(req.query, deps.here, req.log, cache) }), {
    config: { rateLimit: perUserPerMinute(deps.config.AUTOSUGGEST_USER_LIMIT_PER_MIN, 'AUTOSUGGEST_RATE_LIMITED', LIMIT_MESSAGES.autosuggest) },
  });
}

/** The spec's paths this module serves outside /places (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function placeRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.places.clientConfig, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: { mapTiles: mapTilesConfig(deps.here, deps.keys.secret, deps.config.MAP_TILE_TOKEN_TTL_MINUTES, principalOf(req).sessionId) } };
  });
}
