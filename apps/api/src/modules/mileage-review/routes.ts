import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@milepost/contracts/api';
import {
  approveBody,
  approveResult,
  payRule,
  payRuleUpdate,
  readyList,
  reviewExportQuery,
  reviewListQuery,
  reviewPage,
  reviewReadyQuery,
} from '@milepost/contracts/mileage-review-api';
import type { AppDeps } from '../../app-deps';
import { principalOf } from '../../platform/access';
import { csvReply } from '../../platform/csv';
import { sendJsonText } from '../../platform/json-text';
import { exportSettlement } from './export';
import * as review from './service';

/** Who may see a company (as GET /companies/{id}). */
const COMPANY_READ = { anyOf: ['CAN_SHOW_COMPANIES', 'CAN_SHOW_COMPANY_PAGE'] } as const;
const VIEW = { permission: 'CAN_VIEW_MILEAGE_REPORT_TRIP' } as const;
const EDIT = { permission: 'CAN_EDIT_MILEAGE_REPORT_TRIP' } as const;

export async function mileageReviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mileage-review'];

  r.get('/', {
    config: { access: VIEW },
    compress: false, // sendJsonText compresses the page itself
    schema: { tags, summary: 'Completed trips by review status, paged, with the count of each status', querystring: reviewListQuery, response: { 200: envelope(reviewPage) } },
    handler: async (req, reply) => sendJsonText(req, reply, `{"data":${await review.listReview(deps.db, req.query)}}`),
  });
  r.get('/ready', {
    config: { access: EDIT },
    schema: { tags, summary: 'Every READY trip of a filter, with its version and suggested payable miles', querystring: reviewReadyQuery, response: { 200: envelope(readyList) } },
    handler: async (req) => ({ data: await review.readyItems(deps.db, req.query) }),
  });
  r.post('/approve', {
    config: { access: EDIT },
    schema: { tags, summary: 'Approve READY trips by their rule, one transaction per trip; an answer per trip', body: approveBody, response: { 200: envelope(approveResult) } },
    handler: async (req) => ({ data: await review.approve(deps.db, principalOf(req).userId, req.body) }),
  });
  r.get('/export.csv', {
    config: { access: VIEW },
    schema: { tags, summary: 'Approved trips of a period for payroll, per trip or per driver, as CSV (streamed)', querystring: reviewExportQuery, response: { 200: z.string() } },
    handler: async (req, reply) => {
      const csv = await exportSettlement(deps.exports, req.query, (err) => req.log.error({ err }, 'settlement CSV export failed'));
      return csvReply(reply, req.query.groupBy === 'driver' ? 'settlement-by-driver.csv' : 'settlement.csv').send(csv);
    },
  });
}

/** The spec's paths this module serves outside /mileage-review (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function mileageReviewRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mileage-review'];
  r.get('/companies/:id/pay-rule', {
    config: { access: COMPANY_READ },
    schema: { tags, summary: "A company's pay rule (the default when none is saved)", params: idParam, response: { 200: envelope(payRule) } },
    handler: async (req) => ({ data: await review.getPayRule(deps.db, req.params.id) }),
  });
  r.put('/companies/:id/pay-rule', {
    config: { access: { permission: 'CAN_EDIT_COMPANY' } },
    schema: { tags, summary: "Save a company's pay rule (the version it was read at; 0 for the default)", params: idParam, body: payRuleUpdate, response: { 200: envelope(payRule) } },
    handler: async (req) => {
      const saved = await review.savePayRule(deps.db, principalOf(req).userId, req.params.id, req.body);
      // The company's open rows follow in a job (docs/mileage-review.md "Pay rule"); without one queued
      // now, the pay-rule sweep finds them behind the rule within a minute of the jobs running.
      if (!deps.jobs) req.log.warn({ companyId: saved.companyId }, 'pay rule recompute not queued: background jobs are not running');
      else await deps.jobs.enqueuePayRule(saved.companyId, saved.version).catch((err: unknown) => req.log.warn({ err, companyId: saved.companyId }, 'pay rule recompute not queued'));
      return { data: saved };
    },
  });
}
