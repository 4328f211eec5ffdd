import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { importRateMatrix, putRates, ratesOf } from './service';

/** /api/v1/ifta-rates (api-modules.ts): a quarter's diesel tax rates (docs/ifta.md "Rates"). */
export async function iftaRateRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.iftaRates.list, async (req) => ({ data: await ratesOf(deps.db, req.query.quarter) }));
  route(r, routes.iftaRates.replace, async (req) => ({ data: await putRates(deps.db, req.body) }));
  route(r, routes.iftaRates.import, async (req) => ({ data: await importRateMatrix(deps.db, req.body) }));
}
