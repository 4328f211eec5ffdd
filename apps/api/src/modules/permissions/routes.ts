import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { principalOf } from '../../platform/access';
import * as service from './service';

export async function permissionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.permissions.list, async (req) => ({ data: await service.listPermissions(deps.db, req.query) }));

  route(r, routes.permissions.get, async (req) => ({ data: await service.getPermission(deps.db, req.params.id) }));

  route(r, routes.permissions.create, async (req, reply) => reply.status(201).send({ data: await service.createPermission(deps.db, req.body) }));

  route(r, routes.permissions.update, async (req) => ({ data: await service.updatePermission(deps.db, principalOf(req), req.params.id, req.body) }));

  route(r, routes.permissions.changeStatus, async (req) => ({ data: await service.changePermissionStatus(deps.db, principalOf(req), req.params.id, req.query.enabled) }));
}
