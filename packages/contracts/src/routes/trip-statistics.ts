import { z } from 'zod';
import { envelope } from '../api';
import { reportResult, tripStatisticsExportQuery, tripStatisticsPeriodQuery, tripStatisticsRangeQuery } from '../trip-statistics-api';
import { defineRoutes } from '../route-table';

const ACCESS = { permission: 'CAN_SHOW_REPORTS' } as const;

/** /api/v1/trip-statistics and the module's paths outside it (apps/api/src/modules/trip-statistics). */
export const tripStatisticsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/trip-statistics',
    tags: ['reports'],
    summary: 'Mileage per Central day of a custom range (cancelled trips left out), newest first',
    access: ACCESS,
    query: tripStatisticsRangeQuery,
    responses: { 200: envelope(reportResult) },
    errors: [],
  },
  periodType: {
    method: 'GET',
    path: '/api/v1/trip-statistics/period-type',
    tags: ['reports'],
    summary: 'Mileage per week (Monday), month or year, Central time (cancelled trips left out), newest first',
    access: ACCESS,
    query: tripStatisticsPeriodQuery,
    responses: { 200: envelope(reportResult) },
    errors: [],
  },
  exportCsv: {
    method: 'GET',
    path: '/api/v1/trip-statistics/export.csv',
    tags: ['reports'],
    summary: 'The report as CSV: periodType, or fromDate and toDate; truckId optional',
    access: ACCESS,
    query: tripStatisticsExportQuery,
    responses: { 200: z.string() },
    errors: [],
  },
});
