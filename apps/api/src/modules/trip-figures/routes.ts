import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasAnyPermission } from '@milepost/contracts/permission-checks';
import { TELEMATICS_VIEW_PERMISSIONS } from '@milepost/contracts/permissions';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import { providerFields } from '@milepost/contracts/providers';
import type { AppDeps } from '../../app-deps';
import { sendJsonText } from '../../platform/json-text';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { principalOf } from '../../platform/access';
import { perUserPerMinute } from '../../platform/rate-limit';
import { mileStatsOf, queueRefresh, routeData, type TripReads } from './mile-stats';
import { savePayableMileage } from './payable';

/** /api/v1/mile-stats (api-modules.ts): the Mileage Report's reads, refresh and manual figures. */
export const tripFiguresRoutes = (trips: TripReads) => async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Sent as JSON text (sendJsonText), without the type provider's zod check of every answer: ~8 %
  // of this read's CPU (docs/trips-query-plans.md); mile-stats.test.ts checks each answer against
  // the response schema, extra keys included.
  route(
    r,
    routes.tripFigures.get,
    async (req, reply) => {
      // The review row (what "Use these miles" and the beyond-tolerance marker read) comes in the same statement as the figures.
      return sendJsonText(req, reply, await mileStatsOf(deps.db, req.params.tripId));
    },
    { compress: false },
  );
  // Each refresh queues provider calls: a per-user limit (docs/mileage-engine.md).
  route(r, routes.tripFigures.refresh, async (req, reply) => reply.status(202).send({ data: await queueRefresh(deps.db, deps.jobs, req.params.tripId) }), {
    config: { rateLimit: perUserPerMinute(deps.config.REFRESH_USER_LIMIT_PER_MIN, 'REFRESH_RATE_LIMITED', LIMIT_MESSAGES.refresh) },
  });
  route(r, routes.tripFigures.savePayableMileage, async (req) => ({ data: await savePayableMileage(deps.db, trips, principalOf(req).userId, req.body) }));
};

/** The spec's paths this module serves outside /mile-stats (listed in api-modules.ts OUTSIDE_PREFIX). */
export const tripFiguresRoutesOutsidePrefix = (trips: TripReads) => async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.tripFigures.routeData, async (req) => {
    const data = await routeData(deps.db, trips, req.query);
    // Tracks only for those who may view the trips map or the Mileage Report (not the Routes screen's map-only mode).
    if (hasAnyPermission(principalOf(req).permissions, TELEMATICS_VIEW_PERMISSIONS)) return { data };
    return { data: { ...data, ...providerFields('Location', () => null) } };
  });
};
