import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { principalOf } from '../../platform/access';
import { csvReply } from '../../platform/csv';
import { sendJsonText } from '../../platform/json-text';
import { exportSettlement } from './export';
import * as review from './service';

export async function mileageReviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.mileageReview.list, async (req, reply) => sendJsonText(req, reply, ['{"data":', ...(await review.listReview(deps.db, req.query)), '}']), {
    compress: false,
  });
  route(r, routes.mileageReview.ready, async (req) => ({ data: await review.readyItems(deps.db, req.query) }));
  route(r, routes.mileageReview.approve, async (req) => ({ data: await review.approve(deps.db, principalOf(req).userId, req.body) }));
  route(r, routes.mileageReview.exportCsv, async (req, reply) => {
    const csv = await exportSettlement(deps.exports, req.query, (err) => req.log.error({ err }, 'settlement CSV export failed'));
    return csvReply(reply, req.query.groupBy === 'driver' ? 'settlement-by-driver.csv' : 'settlement.csv').send(csv);
  });
}

/** The spec's paths this module serves outside /mileage-review (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function mileageReviewRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.mileageReview.payRule, async (req) => ({ data: await review.getPayRule(deps.db, req.params.id) }));
  route(r, routes.mileageReview.savePayRule, async (req) => {
    const saved = await review.savePayRule(deps.db, principalOf(req).userId, req.params.id, req.body);
    await queuePayRuleRecompute(deps, req.log, saved.companyId, saved.version);
    return { data: saved };
  });
}

/**
 * Queues the recompute of a company's open rows after its rule was saved (here, and by the
 * company form's one Save). Without one queued now, the pay-rule sweep finds them behind the rule
 * within a minute of the jobs running (docs/mileage-review.md "Pay rule").
 */
export async function queuePayRuleRecompute(deps: AppDeps, log: FastifyBaseLogger, companyId: number, version: number): Promise<void> {
  if (!deps.jobs) log.warn({ companyId }, 'pay rule recompute not queued: background jobs are not running');
  else await deps.jobs.enqueuePayRule(companyId, version).catch((err: unknown) => log.warn({ err, companyId }, 'pay rule recompute not queued'));
}
