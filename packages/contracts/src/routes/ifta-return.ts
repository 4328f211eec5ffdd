import { z } from 'zod';
import { envelope, paged } from '../api';
import { iftaReturn, iftaReturnQuery, iftaReturnTrip, iftaReturnTripsQuery } from '../ifta-api';
import { defineRoutes } from '../route-table';

const READ = { permission: 'CAN_SHOW_REPORTS' } as const;

/** /api/v1/ifta-return and the module's paths outside it (apps/api/src/modules/ifta-return). */
export const iftaReturnRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/ifta-return',
    tags: ['ifta'],
    summary: "A company's IFTA return for a quarter (fileable miles only), with the warnings a filer must look at",
    access: READ,
    query: iftaReturnQuery,
    responses: { 200: envelope(iftaReturn) },
    errors: ['NOT_FOUND'],
  },
  exportCsv: {
    method: 'GET',
    path: '/api/v1/ifta-return/export.csv',
    tags: ['ifta'],
    summary: "The return's rows as CSV, with a TOTAL line",
    access: READ,
    query: iftaReturnQuery,
    responses: { 200: z.string() },
    errors: ['NOT_FOUND'],
  },
  trips: {
    method: 'GET',
    path: '/api/v1/ifta-return/trips',
    tags: ['ifta'],
    summary: "The trips behind a return's row: their miles in the jurisdiction, source and whether they count",
    access: READ,
    query: iftaReturnTripsQuery,
    responses: { 200: envelope(paged(iftaReturnTrip)) },
    errors: ['NOT_FOUND'],
  },
});
