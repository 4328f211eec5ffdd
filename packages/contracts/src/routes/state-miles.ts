import { z } from 'zod';
import { envelope, idParam } from '../api';
import { stateMilesQuery, stateMilesReport, tripStateMiles } from '../state-miles-api';
import { defineRoutes } from '../route-table';

/** IFTA work is the Reports screen's; a trip's split also shows in its Mileage Report. */
const REPORTS = { permission: 'CAN_SHOW_REPORTS' } as const;
const TRIP = { anyOf: ['CAN_SHOW_REPORTS', 'CAN_VIEW_MILEAGE_REPORT_TRIP'] } as const;

/** /api/v1/state-miles and the module's paths outside it (apps/api/src/modules/state-miles). */
export const stateMilesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/state-miles',
    tags: ['reports'],
    summary: 'Miles per truck, jurisdiction and source over a quarter or a range (each trip by its best source), with per state the share from GPS',
    access: REPORTS,
    query: stateMilesQuery,
    responses: { 200: envelope(stateMilesReport) },
    errors: [],
  },
  exportCsv: {
    method: 'GET',
    path: '/api/v1/state-miles/export.csv',
    tags: ['reports'],
    summary: 'The state miles as an IFTA worksheet: Jurisdiction, Truck, Miles, Source (streamed CSV)',
    access: REPORTS,
    query: stateMilesQuery,
    responses: { 200: z.string() },
    errors: ['EXPORTS_BUSY'],
  },
  tripStateMiles: {
    method: 'GET',
    path: '/api/v1/trips/:id/state-miles',
    tags: ['trips'],
    summary: "A trip's miles per jurisdiction, one entry per source it has, best first",
    access: TRIP,
    params: idParam,
    responses: { 200: envelope(tripStateMiles) },
    errors: ['NOT_FOUND'],
  },
});
