import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { versionedChangeBody } from '@milepost/contracts/users-api';
import {
  changeTripStatusQuery,
  checkNumberQuery,
  duplicateCheckRow,
  historyEntry,
  historyQuery,
  identifierNumberItem,
  identifierNumbersQuery,
  infoByNumberQuery,
  payableMileageForm,
  tripDetail,
  tripExportQuery,
  tripInput,
  tripListQuery,
  tripRow,
  tripUpdate,
  vehicleInfo,
} from '@milepost/contracts/trips-api';
import { TRIPS_EXPORT_FILE_NAME } from '@milepost/contracts/trips-list';
import { tripMapQuery, tripMapReport, tripMapSummary } from '@milepost/contracts/trip-map-api';
import { recomputeRoutesRequest, recomputeRoutesResponse } from '@milepost/contracts/routing-api';
import { TELEMATICS_VIEW_PERMISSIONS, hasAnyPermission } from '@milepost/contracts/permissions';
import { principalOf } from '../../platform/access';
import { csvReply } from '../../platform/csv';
import { sendJsonText } from '../../platform/json-text';
import { exportTrips } from './export';
import type { AppDeps } from '../../app-deps';
import * as trips from './service';
import * as tripMap from './map-summary';
import { recomputeTripRoutes } from '../trip-figures';

/** Trip lookups also serve the Routes and Reports screens' filters. */
const LOOKUP = { anyOf: ['CAN_SHOW_TRIPS', 'CAN_SHOW_ROUTES', 'CAN_SHOW_REPORTS'] } as const;
/** The trips Map view and the Routes screen. */
const MAP = { anyOf: ['CAN_VIEW_TRIP_MAP', 'CAN_SHOW_ROUTES'] } as const;

/** Samsara and GLE panels only for those who may view the trips map or the Mileage Report; the Routes screen gets the primary one. */
function primaryOnlyUnlessAllowed<T extends { sources: { type: string }[] }>(req: FastifyRequest, answer: T): T {
  if (hasAnyPermission(principalOf(req).permissions, TELEMATICS_VIEW_PERMISSIONS)) return answer;
  return { ...answer, sources: answer.sources.filter((s) => s.type === 'here') };
}

export async function tripRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trips'];
  /**
   * A saved trip's telematics figures follow it (docs/mileage-engine.md): a job fetches what is
   * missing of its tracks (a COMPLETED trip's final ones) and keeps its figures. A queue that is
   * down costs the save nothing: the next sync or refresh catches up.
   */
  const figuresFollow = async <T extends { id: number }>(trip: T): Promise<T> => {
    await deps.jobs?.enqueueTripFigures(trip.id).catch((err: unknown) => app.log.warn({ err, tripId: trip.id }, 'trip figures not queued'));
    return trip;
  };

  r.get('/', {
    config: { access: { permission: 'CAN_SHOW_TRIPS' } },
    compress: false, // sendJsonText compresses the page itself
    schema: { tags, summary: 'Trips, paged, filtered and sorted', querystring: tripListQuery, response: { 200: envelope(paged(tripRow)) } },
    // PostgreSQL writes the page's JSON (docs/trips-query-plans.md): it is sent as it is, not
    // serialised again; trips.test.ts parses the answer with this response schema.
    handler: async (req, reply) => sendJsonText(req, reply, `{"data":${await trips.listTrips(deps.db, req.query)}}`),
  });

  // Before /trips/:id, so the path is not read as an id.
  r.get('/export.csv', {
    config: { access: { permission: 'CAN_SHOW_TRIPS' } },
    schema: { tags, summary: 'Every trip matching the list filters, in its sort order, as CSV (streamed)', querystring: tripExportQuery, response: { 200: z.string() } },
    handler: async (req, reply) => {
      const csv = await exportTrips(deps.exports, req.query, (err) => req.log.error({ err }, 'trips CSV export failed'));
      return csvReply(reply, TRIPS_EXPORT_FILE_NAME).send(csv);
    },
  });

  r.get('/check-number', {
    config: { access: { anyOf: ['CAN_CREATE_TRIP', 'CAN_EDIT_TRIP'] } },
    schema: { tags, summary: 'Trips already using a number, by recovery index', querystring: checkNumberQuery, response: { 200: envelope(z.array(duplicateCheckRow)) } },
    handler: async (req) => ({ data: await trips.checkNumber(deps.db, req.query.number, req.query.identifierType) }),
  });

  r.get('/identifier-numbers', {
    config: { access: LOOKUP },
    schema: { tags, summary: 'Load or trailer numbers, paged', querystring: identifierNumbersQuery, response: { 200: envelope(paged(identifierNumberItem)) } },
    handler: async (req) => ({ data: await trips.identifierNumbers(deps.db, req.query) }),
  });

  r.get('/vehicle/info-by-identifier-number', {
    config: { access: LOOKUP },
    schema: { tags, summary: 'Trucks and drivers that ran a number', querystring: infoByNumberQuery, response: { 200: envelope(vehicleInfo) } },
    handler: async (req) => ({ data: await trips.vehicleInfoByNumber(deps.db, req.query.number, req.query.identifierType) }),
  });

  r.get('/trucks-search', {
    config: { access: LOOKUP },
    schema: { tags, summary: 'Trucks that ran a number', querystring: checkNumberQuery, response: { 200: envelope(vehicleInfo.shape.trucks) } },
    handler: async (req) => ({ data: (await trips.vehicleInfoByNumber(deps.db, req.query.number, req.query.identifierType)).trucks }),
  });

  // Registered before /trips/:id, which would otherwise take 'summary' for an id.
  r.get('/summary', {
    config: { access: MAP },
    schema: { tags, summary: "A trip's total distance and duration per source, for the map panels' titles", querystring: tripMapQuery, response: { 200: envelope(tripMapSummary) } },
    handler: async (req) => ({ data: primaryOnlyUnlessAllowed(req, await tripMap.tripMapSummaryFor(deps.db, req.query)) }),
  });

  r.get('/report-summary', {
    config: { access: MAP },
    schema: { tags, summary: "The trip map report's rows per source (stop type, city, distance, total distance, duration)", querystring: tripMapQuery, response: { 200: envelope(tripMapReport) } },
    handler: async (req) => ({ data: primaryOnlyUnlessAllowed(req, await tripMap.tripMapReportFor(deps.db, req.query)) }),
  });

  r.post('/recompute-routes', {
    config: { access: { permission: 'CAN_RECOMPUTE_TRIP_ROUTES' } },
    schema: {
      tags,
      summary: "Recompute stored trips' route figures from the routing service, a batch at a time (docs/routing.md)",
      body: recomputeRoutesRequest,
      response: { 200: envelope(recomputeRoutesResponse) },
    },
    handler: async (req) => ({ data: await recomputeTripRoutes(deps.db, deps.routing, principalOf(req).userId, req.body) }),
  });

  r.get('/:id/map-summary', {
    config: { access: MAP },
    schema: { tags, summary: "A trip's total distance and duration per source, for the map panels' titles (by trip id)", params: idParam, response: { 200: envelope(tripMapSummary) } },
    handler: async (req) => ({ data: await tripMap.tripMapSummary(deps.db, req.params.id) }),
  });

  r.get('/:id/map-report', {
    config: { access: MAP },
    schema: { tags, summary: "The trip map report's rows per source (by trip id)", params: idParam, response: { 200: envelope(tripMapReport) } },
    handler: async (req) => ({ data: await tripMap.tripMapReport(deps.db, req.params.id) }),
  });

  r.get('/:id', {
    config: { access: { anyOf: ['CAN_SHOW_TRIPS', 'CAN_EDIT_TRIP'] } },
    schema: { tags, summary: 'One trip with its stops', params: idParam, response: { 200: envelope(tripDetail) } },
    handler: async (req) => ({ data: await trips.getTrip(deps.db, req.params.id) }),
  });

  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_TRIP' } },
    schema: { tags, summary: 'Create a trip with its stops', body: tripInput, response: { 201: envelope(tripDetail) } },
    handler: async (req, reply) => reply.status(201).send({ data: await figuresFollow(await trips.createTrip(deps.db, deps.routing, principalOf(req).userId, req.body)) }),
  });

  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_TRIP' } },
    schema: { tags, summary: 'Save a trip (the version it was loaded at is required)', params: idParam, body: tripUpdate, response: { 200: envelope(tripDetail) } },
    handler: async (req) => ({ data: await figuresFollow(await trips.updateTrip(deps.db, deps.routing, principalOf(req).userId, req.params.id, req.body)) }),
  });

  r.patch('/change-trip-status/:id', {
    config: { access: { permission: 'CAN_EDIT_TRIP' } },
    schema: {
      tags,
      summary: 'Change the status within the allowed transitions (the version the trip was shown at is required)',
      params: idParam,
      querystring: changeTripStatusQuery,
      body: versionedChangeBody,
      response: { 200: envelope(tripDetail) },
    },
    handler: async (req) => ({ data: await figuresFollow(await trips.changeTripStatus(deps.db, principalOf(req).userId, req.params.id, req.query.tripStatus, req.body.version)) }),
  });
}

/** The spec's paths this module serves outside /trips (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function tripRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trips'];
  r.put('/mile-stats/payable-mileage', {
    config: { access: { permission: 'CAN_EDIT_MILEAGE_REPORT_TRIP' } },
    schema: { tags, summary: 'Save the manual mileage figures (the trip version they were read at is required)', body: payableMileageForm, response: { 200: envelope(tripDetail) } },
    handler: async (req) => ({ data: await trips.savePayableMileage(deps.db, principalOf(req).userId, req.body) }),
  });
  r.get('/trip-action-history', {
    config: { access: { permission: 'CAN_SHOW_TRIP_HISTORY' } },
    schema: { tags, summary: "A trip's field-level history, newest first", querystring: historyQuery, response: { 200: envelope(paged(historyEntry)) } },
    handler: async (req) => ({ data: await trips.historyOf(deps.db, req.query) }),
  });
}
