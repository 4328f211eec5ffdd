import { z } from 'zod';
import { envelope, idParam, paged } from '../api';
import { companyForm, companyListQuery, companyRow, companyTokensUpdate, companyUpdate } from '../companies-api';
import { changeActiveQuery, versionedChangeBody } from '../users-api';
import { defineRoutes } from '../route-table';

const READ = { anyOf: ['CAN_SHOW_COMPANIES', 'CAN_SHOW_COMPANY_PAGE', 'CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE'] } as const;

/** /api/v1/companies and the module's paths outside it (apps/api/src/modules/companies). */
export const companiesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/companies',
    tags: ['companies'],
    summary: 'Companies, paged',
    // Also feeds the company filter of the trucks screen.
    access: READ,
    query: companyListQuery,
    responses: { 200: envelope(paged(companyRow)) },
    errors: [],
  },
  get: {
    method: 'GET',
    path: '/api/v1/companies/:id',
    tags: ['companies'],
    summary: 'One company (tokens only as hints)',
    access: READ,
    params: idParam,
    responses: { 200: envelope(companyRow) },
    errors: ['NOT_FOUND'],
  },
  create: {
    method: 'POST',
    path: '/api/v1/companies',
    tags: ['companies'],
    summary: 'Create a company',
    // The spec names no create permission for companies; editing them is the closest.
    access: { permission: 'CAN_EDIT_COMPANY' },
    body: companyForm,
    responses: { 201: envelope(companyRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/companies/:id',
    tags: ['companies'],
    summary: 'Update a company',
    access: { permission: 'CAN_EDIT_COMPANY' },
    params: idParam,
    body: companyUpdate,
    responses: { 200: envelope(companyRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND', 'STALE_VERSION'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/companies/change-status/:id',
    tags: ['companies'],
    summary: 'Activate or deactivate a company',
    access: { permission: 'CAN_CHANGE_STATUS_COMPANY' },
    params: idParam,
    query: changeActiveQuery,
    body: versionedChangeBody,
    responses: { 200: envelope(companyRow) },
    errors: ['NOT_FOUND', 'STALE_VERSION'],
  },
  changeTokens: {
    method: 'PUT',
    path: '/api/v1/companies/change-tokens/:companyId',
    tags: ['companies'],
    summary: "Replace every telematics provider's token (stored encrypted, never returned)",
    access: { permission: 'CAN_EDIT_COMPANY_TOKENS' },
    params: z.object({ companyId: idParam.shape.id }),
    body: companyTokensUpdate,
    responses: { 200: envelope(companyRow) },
    errors: ['NOT_FOUND', 'STALE_VERSION'],
  },
});
