import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { AppError } from '../../platform/errors';
import { perUserPerMinute } from '../../platform/rate-limit';
import { routingStatusOf } from './throttle';
import { TILE_BROWSER_MAX_AGE_S, mapTile, tileTokenUser } from './tiles';

/**
 * Whoever plans or looks at a route may ask for one: the trip form's stops editor (create,
 * edit), the trips Map view and the Routes screen.
 */
export const ROUTING_ACCESS = { anyOf: ['CAN_CREATE_TRIP', 'CAN_EDIT_TRIP', 'CAN_VIEW_TRIP_MAP', 'CAN_SHOW_ROUTES'] } as const;

export async function routingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.routing.route, async (req) => ({ data: await deps.routing.route(req.body) }), {
    config: { rateLimit: perUserPerMinute(deps.config.ROUTING_USER_LIMIT_PER_MIN, 'ROUTING_RATE_LIMITED', LIMIT_MESSAGES.routing) },
  });

  // The System screen's HERE line (docs/routing.md#throttles): from the database, never from HERE.
  route(r, routes.routing.status, async () => ({ data: await routingStatusOf(deps.db, deps.routing.hasHere) }));
}

/** The spec's paths this module serves outside /routing (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function routingRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The user a tile request's token belongs to (set before the per-user limit counts it).
  const tileUser = new WeakMap<FastifyRequest, number>();

  route(
    r,
    routes.routing.mapTile,
    async (req, reply) => {
      const tile = await mapTile({ db: deps.db, here: deps.here, log: req.log }, req.params.z, req.params.x, req.params.y);
      return reply.header('content-type', tile.contentType).header('cache-control', `private, max-age=${TILE_BROWSER_MAX_AGE_S}`).send(tile.body);
    },
    {
      config: { rateLimit: perUserPerMinute(deps.config.MAP_TILES_USER_LIMIT_PER_MIN, 'MAP_TILES_RATE_LIMITED', LIMIT_MESSAGES.mapTiles, (req) => tileUser.get(req)) },
      // Runs before the rate limit's own preHandler (which @fastify/rate-limit appends).
      preHandler: async (req) => {
        const userId = await tileTokenUser(deps.db, deps.keys.secret, (req.query as { token: string }).token);
        if (userId === null) throw new AppError('MAP_TILE_TOKEN_INVALID', LIMIT_MESSAGES.mapTileToken);
        tileUser.set(req, userId);
      },
    },
  );
}
