import { envelope, idParam, paged } from '../api';
import { companyQuery, fuelImportBody, fuelImportMappingAnswer, fuelImportResult, fuelPurchaseForm, fuelPurchaseListQuery, fuelPurchaseRow, fuelPurchaseUpdate } from '../ifta-api';
import { defineRoutes } from '../route-table';

/** Reading is the Reports screen's (the IFTA return); writing has its own permission. */
const READ = { permission: 'CAN_SHOW_REPORTS' } as const;
const EDIT = { permission: 'CAN_EDIT_FUEL_PURCHASES' } as const;

/** /api/v1/fuel-purchases and the module's paths outside it (apps/api/src/modules/fuel-purchases). */
export const fuelPurchasesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/fuel-purchases',
    tags: ['ifta'],
    summary: 'Fuel purchases, paged, oldest first',
    access: READ,
    query: fuelPurchaseListQuery,
    responses: { 200: envelope(paged(fuelPurchaseRow)) },
    errors: [],
  },
  create: {
    method: 'POST',
    path: '/api/v1/fuel-purchases',
    tags: ['ifta'],
    summary: 'Record a fuel purchase',
    access: EDIT,
    body: fuelPurchaseForm,
    responses: { 201: envelope(fuelPurchaseRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND', 'UNPROCESSABLE'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/fuel-purchases/:id',
    tags: ['ifta'],
    summary: 'Change a fuel purchase (with the version read)',
    access: EDIT,
    params: idParam,
    body: fuelPurchaseUpdate,
    responses: { 200: envelope(fuelPurchaseRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND', 'STALE_VERSION', 'UNPROCESSABLE'],
  },
  remove: {
    method: 'DELETE',
    path: '/api/v1/fuel-purchases/:id',
    tags: ['ifta'],
    summary: 'Delete a fuel purchase',
    access: EDIT,
    params: idParam,
    responses: {},
    errors: ['NOT_FOUND'],
  },
  importMapping: {
    method: 'GET',
    path: '/api/v1/fuel-purchases/import-mapping',
    tags: ['ifta'],
    summary: "The company's last fuel card column mapping (null: none yet)",
    access: EDIT,
    query: companyQuery,
    responses: { 200: envelope(fuelImportMappingAnswer) },
    errors: ['NOT_FOUND'],
  },
  import: {
    method: 'POST',
    path: '/api/v1/fuel-purchases/import',
    tags: ['ifta'],
    summary: 'Import a fuel card export with a column mapping (dryRun: check only)',
    access: EDIT,
    body: fuelImportBody,
    responses: { 200: envelope(fuelImportResult) },
    errors: ['NOT_FOUND'],
  },
});
