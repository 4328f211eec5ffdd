import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { principalOf } from '../../platform/access';
import * as roles from './service';

export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.roles.list, async (req) => ({ data: await roles.listRoles(deps.db, req.query) }));

  route(r, routes.roles.get, async (req) => ({ data: await roles.getRole(deps.db, req.params.id) }));

  route(r, routes.roles.create, async (req, reply) => reply.status(201).send({ data: await roles.createRole(deps.db, principalOf(req), req.body) }));

  route(r, routes.roles.update, async (req) => ({ data: await roles.updateRole(deps.db, principalOf(req), req.params.id, req.body) }));

  route(r, routes.roles.changeStatus, async (req) => ({ data: await roles.changeRoleStatus(deps.db, principalOf(req), req.params.id, req.query.active) }));
}
