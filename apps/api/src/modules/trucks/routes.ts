import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as trucks from './service';

export async function truckRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.trucks.list, async (req) => ({ data: await trucks.listTrucks(deps.db, req.query) }));

  route(r, routes.trucks.get, async (req) => ({ data: await trucks.getTruck(deps.db, req.params.id) }));

  route(r, routes.trucks.update, async (req) => ({ data: await trucks.updateTruck(deps.db, req.params.id, req.body) }));

  route(r, routes.trucks.changeStatus, async (req) => ({ data: await trucks.changeTruckStatus(deps.db, req.params.id, { active: req.query.active, version: req.body.version }) }));
}
