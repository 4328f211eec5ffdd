import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as integrations from './status';

export async function integrationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.telematics.sync, async (req, reply) => reply.status(202).send({ data: await integrations.requestSync(deps, req.body) }));
  route(r, routes.telematics.status, async (req) => ({ data: await integrations.statusOf(deps, req.query.companyId) }));
}
