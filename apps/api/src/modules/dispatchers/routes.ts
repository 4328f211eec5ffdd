import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as dispatchers from './service';

export async function dispatcherRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.dispatchers.list, async (req) => ({ data: await dispatchers.listDispatchers(deps.db, req.query) }));
  route(r, routes.dispatchers.create, async (req, reply) => reply.status(201).send({ data: await dispatchers.createDispatcher(deps.db, req.body) }));
  route(r, routes.dispatchers.update, async (req) => ({ data: await dispatchers.updateDispatcher(deps.db, req.params.id, req.body) }));
  route(r, routes.dispatchers.changeStatus, async (req) => ({ data: await dispatchers.changeDispatcherStatus(deps.db, req.params.id, req.query.active) }));
}
