import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as shops from './service';

export async function shopRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.shops.list, async (req) => ({ data: await shops.listShops(deps.db, req.query) }));
  route(r, routes.shops.create, async (req, reply) => reply.status(201).send({ data: await shops.createShop(deps.db, req.body) }));
  route(r, routes.shops.update, async (req) => ({ data: await shops.updateShop(deps.db, req.params.id, req.body) }));
  route(r, routes.shops.changeStatus, async (req) => ({ data: await shops.changeShopStatus(deps.db, req.params.id, req.query.active) }));
}
