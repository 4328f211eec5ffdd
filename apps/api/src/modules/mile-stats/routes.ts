import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@milepost/contracts/api';
import { mileStatsParams, tripMileStats } from '@milepost/contracts/mile-stats-api';
import { routeDataQuery, tripRouteData } from '@milepost/contracts/route-data-api';
import { TELEMATICS_VIEW_PERMISSIONS, hasAnyPermission } from '@milepost/contracts/permissions';
import type { AppDeps } from '../../app';
import { principalOf } from '../../platform/access';
import { mileStatsOf, routeData } from './service';

/** Registered before the trip routes, so /trips/route-data is never read as /trips/{id}. */
export async function mileStatsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/mile-stats/:tripId', {
    config: { access: { permission: 'CAN_VIEW_MILEAGE_REPORT_TRIP' } },
    schema: {
      tags: ['mile-stats'],
      summary: "A trip's miles from HERE, Samsara and GLE with the manual figures (miles, full precision)",
      params: mileStatsParams,
      response: { 200: envelope(tripMileStats) },
    },
    handler: async (req) => ({ data: (await mileStatsOf(deps, req.params.tripId)).stats }),
  });
  r.get('/trips/route-data', {
    config: { access: { anyOf: ['CAN_VIEW_TRIP_MAP', 'CAN_SHOW_ROUTES'] } },
    schema: {
      tags: ['trips'],
      summary: 'The trip a map shows: stops, mileStats, samsaraLocation and gleLocation',
      querystring: routeDataQuery,
      response: { 200: envelope(tripRouteData) },
    },
    handler: async (req) => {
      const data = await routeData(deps, req.query);
      // Tracks only for those who may view the trips map or the Mileage Report (not the Routes screen's map-only mode).
      if (hasAnyPermission(principalOf(req).permissions, TELEMATICS_VIEW_PERMISSIONS)) return { data };
      return { data: { ...data, samsaraLocation: null, gleLocation: null } };
    },
  });
}
