import { z } from 'zod';
import { envelope, idParam } from '../api';
import { approveBody, approveResult, payRule, payRuleUpdate, readyList, reviewExportQuery, reviewListQuery, reviewPage, reviewReadyQuery } from '../mileage-review-api';
import { defineRoutes } from '../route-table';

/** Who may see a company (as GET /companies/{id}). */
const COMPANY_READ = { anyOf: ['CAN_SHOW_COMPANIES', 'CAN_SHOW_COMPANY_PAGE'] } as const;
const VIEW = { permission: 'CAN_VIEW_MILEAGE_REPORT_TRIP' } as const;
const EDIT = { permission: 'CAN_EDIT_MILEAGE_REPORT_TRIP' } as const;

/** /api/v1/mileage-review and the module's paths outside it (apps/api/src/modules/mileage-review). */
export const mileageReviewRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/mileage-review',
    tags: ['mileage-review'],
    summary: 'Completed trips by review status, paged, with the count of each status',
    access: VIEW,
    query: reviewListQuery,
    responses: { 200: envelope(reviewPage) },
    errors: [],
  },
  ready: {
    method: 'GET',
    path: '/api/v1/mileage-review/ready',
    tags: ['mileage-review'],
    summary: 'Every READY trip of a filter, with its version and suggested payable miles',
    access: EDIT,
    query: reviewReadyQuery,
    responses: { 200: envelope(readyList) },
    errors: [],
  },
  approve: {
    method: 'POST',
    path: '/api/v1/mileage-review/approve',
    tags: ['mileage-review'],
    summary: 'Approve READY trips by their rule, one transaction per trip; an answer per trip',
    access: EDIT,
    body: approveBody,
    responses: { 200: envelope(approveResult) },
    errors: [],
  },
  exportCsv: {
    method: 'GET',
    path: '/api/v1/mileage-review/export.csv',
    tags: ['mileage-review'],
    summary: 'Approved trips of a period for payroll, per trip or per driver, as CSV (streamed)',
    access: VIEW,
    query: reviewExportQuery,
    responses: { 200: z.string() },
    errors: ['EXPORTS_BUSY'],
  },
  payRule: {
    method: 'GET',
    path: '/api/v1/companies/:id/pay-rule',
    tags: ['mileage-review'],
    summary: "A company's pay rule (the default when none is saved)",
    access: COMPANY_READ,
    params: idParam,
    responses: { 200: envelope(payRule) },
    errors: ['NOT_FOUND'],
  },
  savePayRule: {
    method: 'PUT',
    path: '/api/v1/companies/:id/pay-rule',
    tags: ['mileage-review'],
    summary: "Save a company's pay rule (the version it was read at; 0 for the default)",
    access: { permission: 'CAN_EDIT_COMPANY' },
    params: idParam,
    body: payRuleUpdate,
    responses: { 200: envelope(payRule) },
    errors: ['NOT_FOUND', 'STALE_VERSION'],
  },
});
