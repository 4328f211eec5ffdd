import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { principalOf } from '../../platform/access';
import { queuePayRuleRecompute } from '../mileage-review';
import * as companies from './service';

export async function companyRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.companies.list, async (req) => ({ data: await companies.listCompanies(deps.db, req.query) }));
  route(r, routes.companies.get, async (req) => ({ data: await companies.getCompany(deps.db, req.params.id) }));
  route(r, routes.companies.create, async (req, reply) => reply.status(201).send({ data: await companies.createCompany(deps.db, req.body) }));
  route(r, routes.companies.update, async (req) => {
    const { row, ruleVersion } = await companies.updateCompany(deps.db, principalOf(req).userId, req.params.id, req.body);
    if (ruleVersion !== null) await queuePayRuleRecompute(deps, req.log, row.id, ruleVersion);
    return { data: row };
  });
  route(r, routes.companies.changeStatus, async (req) => ({
    data: await companies.changeCompanyStatus(deps.db, req.params.id, { active: req.query.active, version: req.body.version }),
  }));
  route(r, routes.companies.changeTokens, async (req) => ({ data: await companies.changeCompanyTokens(deps.db, deps.secretBox, req.params.companyId, req.body) }));
}
