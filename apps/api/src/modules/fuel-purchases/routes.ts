import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import {
  companyQuery,
  FUEL_IMPORT_MAX_CHARS,
  fuelImportBody,
  fuelImportMappingAnswer,
  fuelImportResult,
  fuelPurchaseForm,
  fuelPurchaseListQuery,
  fuelPurchaseRow,
  fuelPurchaseUpdate,
} from '@milepost/contracts/ifta-api';
import type { AppDeps } from '../../app-deps';
import * as fuel from './service';

/** Reading is the Reports screen's (the IFTA return); writing has its own permission. */
const READ = { permission: 'CAN_SHOW_REPORTS' } as const;
const EDIT = { permission: 'CAN_EDIT_FUEL_PURCHASES' } as const;

/** /api/v1/fuel-purchases (api-modules.ts): the IFTA return's fuel (docs/ifta.md). */
export async function fuelPurchaseRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ifta'];
  r.get('/', {
    config: { access: READ },
    schema: { tags, summary: 'Fuel purchases, paged, oldest first', querystring: fuelPurchaseListQuery, response: { 200: envelope(paged(fuelPurchaseRow)) } },
    handler: async (req) => ({ data: await fuel.listFuelPurchases(deps.db, req.query) }),
  });
  r.post('/', {
    config: { access: EDIT },
    schema: { tags, summary: 'Record a fuel purchase', body: fuelPurchaseForm, response: { 201: envelope(fuelPurchaseRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await fuel.createFuelPurchase(deps.db, req.body) }),
  });
  r.put('/:id', {
    config: { access: EDIT },
    schema: { tags, summary: 'Change a fuel purchase (with the version read)', params: idParam, body: fuelPurchaseUpdate, response: { 200: envelope(fuelPurchaseRow) } },
    handler: async (req) => ({ data: await fuel.updateFuelPurchase(deps.db, req.params.id, req.body) }),
  });
  r.delete('/:id', {
    config: { access: EDIT },
    schema: { tags, summary: 'Delete a fuel purchase', params: idParam },
    handler: async (req, reply) => {
      await fuel.deleteFuelPurchase(deps.db, req.params.id);
      return reply.status(204).send();
    },
  });
  r.get('/import-mapping', {
    config: { access: EDIT },
    schema: { tags, summary: "The company's last fuel card column mapping (null: none yet)", querystring: companyQuery, response: { 200: envelope(fuelImportMappingAnswer) } },
    handler: async (req) => ({ data: await fuel.fuelImportMappingOf(deps.db, req.query.companyId) }),
  });
  r.post('/import', {
    config: { access: EDIT },
    // A fuel card export of a quarter is a few MB of text (FUEL_IMPORT_MAX_CHARS, with the JSON around it).
    bodyLimit: FUEL_IMPORT_MAX_CHARS * 2,
    schema: { tags, summary: 'Import a fuel card export with a column mapping (dryRun: check only)', body: fuelImportBody, response: { 200: envelope(fuelImportResult) } },
    handler: async (req) => ({ data: await fuel.importFuelPurchases(deps.db, req.body) }),
  });
}
