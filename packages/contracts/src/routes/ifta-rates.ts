import { envelope } from '../api';
import { iftaRates, iftaRatesForm, iftaRatesImportBody, iftaRatesQuery } from '../ifta-api';
import { defineRoutes } from '../route-table';

const READ = { permission: 'CAN_SHOW_REPORTS' } as const;
const EDIT = { permission: 'CAN_EDIT_FUEL_PURCHASES' } as const;

/** /api/v1/ifta-rates and the module's paths outside it (apps/api/src/modules/ifta-rates). */
export const iftaRatesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/ifta-rates',
    tags: ['ifta'],
    summary: "A quarter's IFTA diesel rates (version 0 and no rows: none yet)",
    access: READ,
    query: iftaRatesQuery,
    responses: { 200: envelope(iftaRates) },
    errors: [],
  },
  replace: {
    method: 'PUT',
    path: '/api/v1/ifta-rates',
    tags: ['ifta'],
    summary: "Replace a quarter's rates (with the version read; 0 for a quarter without rates)",
    access: EDIT,
    body: iftaRatesForm,
    responses: { 200: envelope(iftaRates) },
    errors: ['STALE_VERSION'],
  },
  import: {
    method: 'POST',
    path: '/api/v1/ifta-rates/import',
    tags: ['ifta'],
    summary: "Import IFTA, Inc.'s rate matrix (CSV) as a quarter's diesel rates",
    access: EDIT,
    body: iftaRatesImportBody,
    responses: { 200: envelope(iftaRates) },
    errors: ['STALE_VERSION'],
  },
});
