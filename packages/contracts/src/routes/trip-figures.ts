import { envelope } from '../api';
import { PROVIDERS, providerField, sentenceList } from '../providers';
import { mileStatsParams, mileStatsRefreshAccepted, tripMileStats } from '../mile-stats-api';
import { routeDataQuery, tripRouteData } from '../route-data-api';
import { payableMileageForm, tripDetail } from '../trips-api';
import { defineRoutes } from '../route-table';

/**
 * /api/v1/mile-stats (the spec's words) and the module's paths outside it
 * (apps/api/src/modules/trip-figures): every read of a trip's figures and the manual ones' save.
 */
export const tripFiguresRoutes = defineRoutes({
  get: {
    method: 'GET',
    path: '/api/v1/mile-stats/:tripId',
    tags: ['mile-stats'],
    summary: "A trip's miles from HERE and each telematics provider with the manual figures (miles, full precision), from stored data",
    access: { permission: 'CAN_VIEW_MILEAGE_REPORT_TRIP' },
    params: mileStatsParams,
    responses: { 200: envelope(tripMileStats) },
    errors: ['NOT_FOUND'],
  },
  refresh: {
    method: 'POST',
    path: '/api/v1/mile-stats/:tripId/refresh',
    tags: ['mile-stats'],
    summary: "Queue a fetch of the trip's telematics tracks and a new computation of its figures (202)",
    access: { anyOf: ['CAN_SYNC_INTEGRATIONS', 'CAN_EDIT_MILEAGE_REPORT_TRIP'] },
    params: mileStatsParams,
    responses: { 202: envelope(mileStatsRefreshAccepted) },
    errors: ['NOT_FOUND', 'REFRESH_RATE_LIMITED', 'INTEGRATION_DISABLED'],
  },
  savePayableMileage: {
    method: 'PUT',
    path: '/api/v1/mile-stats/payable-mileage',
    tags: ['trips'],
    summary: 'Save the manual mileage figures (the trip version they were read at is required)',
    access: { permission: 'CAN_EDIT_MILEAGE_REPORT_TRIP' },
    body: payableMileageForm,
    responses: { 200: envelope(tripDetail) },
    errors: ['NOT_FOUND', 'STALE_VERSION'],
  },
  routeData: {
    method: 'GET',
    path: '/api/v1/trips/route-data',
    tags: ['trips'],
    summary: `The trip a map shows: stops, mileStats, ${sentenceList(PROVIDERS.map((p) => providerField(p, 'Location')))}`,
    access: { anyOf: ['CAN_VIEW_TRIP_MAP', 'CAN_SHOW_ROUTES'] },
    query: routeDataQuery,
    responses: { 200: envelope(tripRouteData) },
    errors: ['NOT_FOUND'],
  },
});
