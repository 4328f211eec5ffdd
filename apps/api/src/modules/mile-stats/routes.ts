import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@milepost/contracts/api';
import { mileStatsParams, mileStatsRefreshAccepted, tripMileStats } from '@milepost/contracts/mile-stats-api';
import { routeDataQuery, tripRouteData } from '@milepost/contracts/route-data-api';
import { TELEMATICS_VIEW_PERMISSIONS, hasAnyPermission } from '@milepost/contracts/permissions';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import type { AppDeps } from '../../app-deps';
import { principalOf } from '../../platform/access';
import { perUserPerMinute } from '../../platform/rate-limit';
import { reviewOf } from '../mileage-review';
import { mileStatsOf, queueRefresh, routeData } from './service';

/** /api/v1/mile-stats (api-modules.ts). */
export async function mileStatsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/:tripId', {
    config: { access: { permission: 'CAN_VIEW_MILEAGE_REPORT_TRIP' } },
    schema: {
      tags: ['mile-stats'],
      summary: "A trip's miles from HERE, Samsara and GLE with the manual figures (miles, full precision), from stored data",
      params: mileStatsParams,
      response: { 200: envelope(tripMileStats) },
    },
    handler: async (req) => {
      const [answer, review] = await Promise.all([mileStatsOf(deps.db, req.params.tripId), reviewOf(deps.db, req.params.tripId)]);
      return { data: review ? { ...answer.stats, review } : answer.stats };
    },
  });
  r.post('/:tripId/refresh', {
    config: {
      access: { anyOf: ['CAN_SYNC_INTEGRATIONS', 'CAN_EDIT_MILEAGE_REPORT_TRIP'] },
      // Each refresh queues provider calls: a per-user limit (docs/mileage-engine.md).
      rateLimit: perUserPerMinute(deps.config.REFRESH_USER_LIMIT_PER_MIN, 'REFRESH_RATE_LIMITED', LIMIT_MESSAGES.refresh),
    },
    schema: {
      tags: ['mile-stats'],
      summary: "Queue a fetch of the trip's telematics tracks and a new computation of its figures (202)",
      params: mileStatsParams,
      response: { 202: envelope(mileStatsRefreshAccepted) },
    },
    handler: async (req, reply) => reply.status(202).send({ data: await queueRefresh(deps.db, deps.jobs, req.params.tripId) }),
  });
}

/** The spec's paths this module serves outside /mile-stats (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function mileStatsRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/trips/route-data', {
    config: { access: { anyOf: ['CAN_VIEW_TRIP_MAP', 'CAN_SHOW_ROUTES'] } },
    schema: {
      tags: ['trips'],
      summary: 'The trip a map shows: stops, mileStats, samsaraLocation and gleLocation',
      querystring: routeDataQuery,
      response: { 200: envelope(tripRouteData) },
    },
    handler: async (req) => {
      const data = await routeData(deps.db, req.query);
      // Tracks only for those who may view the trips map or the Mileage Report (not the Routes screen's map-only mode).
      if (hasAnyPermission(principalOf(req).permissions, TELEMATICS_VIEW_PERMISSIONS)) return { data };
      return { data: { ...data, samsaraLocation: null, gleLocation: null } };
    },
  });
}
