import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TRIPS_EXPORT_FILE_NAME } from '@milepost/contracts/trips-list';
import { hasAnyPermission } from '@milepost/contracts/permission-checks';
import { TELEMATICS_VIEW_PERMISSIONS } from '@milepost/contracts/permissions';
import { principalOf } from '../../platform/access';
import { csvReply } from '../../platform/csv';
import { sendJsonText } from '../../platform/json-text';
import { exportTrips } from './export';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as trips from './service';
import * as tripLookups from './lookups';
import * as tripQueries from './queries';
import * as tripMap from './map-summary';
import { recomputeTripRoutes } from '../trip-figures';

/** The telematics providers' panels only for those who may view the trips map or the Mileage Report; the Routes screen gets the primary one. */
function primaryOnlyUnlessAllowed<T extends { sources: { type: string }[] }>(req: FastifyRequest, answer: T): T {
  if (hasAnyPermission(principalOf(req).permissions, TELEMATICS_VIEW_PERMISSIONS)) return answer;
  return { ...answer, sources: answer.sources.filter((s) => s.type === 'here') };
}

export async function tripRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /**
   * A saved trip's telematics figures follow it (docs/mileage-engine.md): a job fetches what is
   * missing of its tracks (a COMPLETED trip's final ones) and keeps its figures. A queue that is
   * down costs the save nothing: the next sync or refresh catches up.
   */
  const figuresFollow = async <T extends { id: number }>(trip: T): Promise<T> => {
    await deps.jobs?.enqueueTripFigures(trip.id).catch((err: unknown) => app.log.warn({ err, tripId: trip.id }, 'trip figures not queued'));
    return trip;
  };

  // PostgreSQL writes the page's JSON (docs/trips-query-plans.md): it is sent as it is, not
  // serialised again; trips.test.ts parses the answer with this response schema.
  route(r, routes.trips.list, async (req, reply) => sendJsonText(req, reply, ['{"data":', ...(await tripQueries.listTrips(deps.db, req.query)), '}']), {
    compress: false,
  });

  // Before /trips/:id, so the path is not read as an id.
  route(r, routes.trips.exportCsv, async (req, reply) => {
    const csv = await exportTrips(deps.exports, req.query, (err) => req.log.error({ err }, 'trips CSV export failed'));
    return csvReply(reply, TRIPS_EXPORT_FILE_NAME).send(csv);
  });

  route(r, routes.trips.checkNumber, async (req) => ({ data: await tripLookups.checkNumber(deps.db, req.query.number, req.query.identifierType) }));

  route(r, routes.trips.identifierNumbers, async (req) => ({ data: await tripLookups.identifierNumbers(deps.db, req.query) }));

  route(r, routes.trips.vehicleInfoByIdentifierNumber, async (req) => ({ data: await tripLookups.vehicleInfoByNumber(deps.db, req.query.number, req.query.identifierType) }));

  route(r, routes.trips.trucksSearch, async (req) => ({ data: (await tripLookups.vehicleInfoByNumber(deps.db, req.query.number, req.query.identifierType)).trucks }));

  // Registered before /trips/:id, which would otherwise take 'summary' for an id.
  route(r, routes.trips.summary, async (req) => ({ data: primaryOnlyUnlessAllowed(req, await tripMap.tripMapSummaryFor(deps.db, req.query)) }));

  route(r, routes.trips.reportSummary, async (req) => ({ data: primaryOnlyUnlessAllowed(req, await tripMap.tripMapReportFor(deps.db, req.query)) }));

  route(r, routes.trips.recomputeRoutes, async (req) => ({ data: await recomputeTripRoutes(deps.db, deps.routing, principalOf(req).userId, req.body) }));

  route(r, routes.trips.mapSummary, async (req) => ({ data: await tripMap.tripMapSummary(deps.db, req.params.id) }));

  route(r, routes.trips.mapReport, async (req) => ({ data: await tripMap.tripMapReport(deps.db, req.params.id) }));

  route(r, routes.trips.get, async (req) => ({ data: await tripQueries.getTrip(deps.db, req.params.id) }));

  route(r, routes.trips.create, async (req, reply) =>
    reply.status(201).send({ data: await figuresFollow(await trips.createTrip(deps.db, deps.routing, principalOf(req).userId, req.body)) }),
  );

  route(r, routes.trips.update, async (req) => ({ data: await figuresFollow(await trips.updateTrip(deps.db, deps.routing, principalOf(req).userId, req.params.id, req.body)) }));

  route(r, routes.trips.changeTripStatus, async (req) => ({
    data: await figuresFollow(await trips.changeTripStatus(deps.db, principalOf(req).userId, req.params.id, req.query.tripStatus, req.body.version)),
  }));
}

/** The spec's paths this module serves outside /trips (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function tripRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.trips.history, async (req) => ({ data: await tripQueries.historyOf(deps.db, req.query) }));
}
