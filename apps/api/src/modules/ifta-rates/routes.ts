import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@milepost/contracts/api';
import { iftaRates, iftaRatesForm, iftaRatesImportBody, iftaRatesQuery } from '@milepost/contracts/ifta-api';
import type { AppDeps } from '../../app-deps';
import { importRateMatrix, putRates, ratesOf } from './service';

const READ = { permission: 'CAN_SHOW_REPORTS' } as const;
const EDIT = { permission: 'CAN_EDIT_FUEL_PURCHASES' } as const;

/** /api/v1/ifta-rates (api-modules.ts): a quarter's diesel tax rates (docs/ifta.md "Rates"). */
export async function iftaRateRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ifta'];
  r.get('/', {
    config: { access: READ },
    schema: { tags, summary: "A quarter's IFTA diesel rates (version 0 and no rows: none yet)", querystring: iftaRatesQuery, response: { 200: envelope(iftaRates) } },
    handler: async (req) => ({ data: await ratesOf(deps.db, req.query.quarter) }),
  });
  r.put('/', {
    config: { access: EDIT },
    schema: { tags, summary: "Replace a quarter's rates (with the version read; 0 for a quarter without rates)", body: iftaRatesForm, response: { 200: envelope(iftaRates) } },
    handler: async (req) => ({ data: await putRates(deps.db, req.body) }),
  });
  r.post('/import', {
    config: { access: EDIT },
    schema: { tags, summary: "Import IFTA, Inc.'s rate matrix (CSV) as a quarter's diesel rates", body: iftaRatesImportBody, response: { 200: envelope(iftaRates) } },
    handler: async (req) => ({ data: await importRateMatrix(deps.db, req.body) }),
  });
}
