import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@milepost/contracts/api';
import { integrationStatus, integrationStatusQuery, syncAccepted, syncRequest } from '@milepost/contracts/integrations-api';
import type { AppDeps } from '../../app-deps';
import * as integrations from './status';

export async function integrationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['integrations'];
  r.post('/sync', {
    config: { access: { permission: 'CAN_SYNC_INTEGRATIONS' } },
    schema: { tags, summary: "Queue a sync of a company's Samsara or GLE vehicles and drivers", body: syncRequest, response: { 202: envelope(syncAccepted) } },
    handler: async (req, reply) => reply.status(202).send({ data: await integrations.requestSync(deps, req.body) }),
  });
  r.get('/status', {
    config: { access: { permission: 'CAN_SYNC_INTEGRATIONS' } },
    schema: { tags, summary: "How each provider's last sync of a company went", querystring: integrationStatusQuery, response: { 200: envelope(integrationStatus) } },
    handler: async (req) => ({ data: await integrations.statusOf(deps, req.query.companyId) }),
  });
}
