import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { companyForm, companyListQuery, companyRow, companyTokensUpdate, companyUpdate } from '@milepost/contracts/companies-api';
import { changeActiveQuery, versionedChangeBody } from '@milepost/contracts/users-api';
import type { AppDeps } from '../../app-deps';
import * as companies from './service';

const READ = { anyOf: ['CAN_SHOW_COMPANIES', 'CAN_SHOW_COMPANY_PAGE', 'CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE'] } as const;

export async function companyRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];
  r.get('/', {
    // Also feeds the company filter of the trucks screen.
    config: { access: READ },
    schema: { tags, summary: 'Companies, paged', querystring: companyListQuery, response: { 200: envelope(paged(companyRow)) } },
    handler: async (req) => ({ data: await companies.listCompanies(deps.db, req.query) }),
  });
  r.get('/:id', {
    config: { access: READ },
    schema: { tags, summary: 'One company (tokens only as hints)', params: idParam, response: { 200: envelope(companyRow) } },
    handler: async (req) => ({ data: await companies.getCompany(deps.db, req.params.id) }),
  });
  r.post('/', {
    // The spec names no create permission for companies; editing them is the closest.
    config: { access: { permission: 'CAN_EDIT_COMPANY' } },
    schema: { tags, summary: 'Create a company', body: companyForm, response: { 201: envelope(companyRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await companies.createCompany(deps.db, req.body) }),
  });
  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_COMPANY' } },
    schema: { tags, summary: 'Update a company', params: idParam, body: companyUpdate, response: { 200: envelope(companyRow) } },
    handler: async (req) => ({ data: await companies.updateCompany(deps.db, req.params.id, req.body) }),
  });
  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_COMPANY' } },
    schema: { tags, summary: 'Activate or deactivate a company', params: idParam, querystring: changeActiveQuery, body: versionedChangeBody, response: { 200: envelope(companyRow) } },
    handler: async (req) => ({ data: await companies.changeCompanyStatus(deps.db, req.params.id, { active: req.query.active, version: req.body.version }) }),
  });
  r.put('/change-tokens/:companyId', {
    config: { access: { permission: 'CAN_EDIT_COMPANY_TOKENS' } },
    schema: {
      tags,
      summary: "Replace every telematics provider's token (stored encrypted, never returned)",
      params: z.object({ companyId: idParam.shape.id }),
      body: companyTokensUpdate,
      response: { 200: envelope(companyRow) },
    },
    handler: async (req) => ({ data: await companies.changeCompanyTokens(deps.db, deps.secretBox, req.params.companyId, req.body) }),
  });
}
