import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FUEL_IMPORT_MAX_CHARS } from '@milepost/contracts/ifta-api';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as fuel from './service';

/** /api/v1/fuel-purchases (api-modules.ts): the IFTA return's fuel (docs/ifta.md). */
export async function fuelPurchaseRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.fuelPurchases.list, async (req) => ({ data: await fuel.listFuelPurchases(deps.db, req.query) }));
  route(r, routes.fuelPurchases.create, async (req, reply) => reply.status(201).send({ data: await fuel.createFuelPurchase(deps.db, req.body) }));
  route(r, routes.fuelPurchases.update, async (req) => ({ data: await fuel.updateFuelPurchase(deps.db, req.params.id, req.body) }));
  route(r, routes.fuelPurchases.remove, async (req, reply) => {
    await fuel.deleteFuelPurchase(deps.db, req.params.id);
    return reply.status(204).send();
  });
  route(r, routes.fuelPurchases.importMapping, async (req) => ({ data: await fuel.fuelImportMappingOf(deps.db, req.query.companyId) }));
  // A fuel card export of a quarter is a few MB of text (FUEL_IMPORT_MAX_CHARS, with the JSON around it).
  route(r, routes.fuelPurchases.import, async (req) => ({ data: await fuel.importFuelPurchases(deps.db, req.body) }), {
    bodyLimit: FUEL_IMPORT_MAX_CHARS * 2,
  });
}
