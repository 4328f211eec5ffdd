import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as reasons from './service';

export async function recoveryReasonRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.recoveryReasons.list, async (req) => ({ data: await reasons.listRecoveryReasons(deps.db, req.query) }));
  route(r, routes.recoveryReasons.create, async (req, reply) => reply.status(201).send({ data: await reasons.createRecoveryReason(deps.db, req.body) }));
  route(r, routes.recoveryReasons.replace, async (req) => ({ data: await reasons.updateRecoveryReason(deps.db, req.body.id, req.body.name) }));
  route(r, routes.recoveryReasons.changeStatus, async (req) => ({ data: await reasons.changeRecoveryReasonStatus(deps.db, req.params.id, req.query.active) }));
}
