import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as driversService from './service';

export async function driverRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.drivers.list, async (req) => ({ data: await driversService.listDrivers(deps.db, req.query) }));

  route(r, routes.drivers.assignUser, async (req) => ({ data: await driversService.assignDriversToUser(deps.db, req.body) }));
}
