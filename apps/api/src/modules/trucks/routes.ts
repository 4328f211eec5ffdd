import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { truckListQuery, truckRow, truckUpdate } from '@milepost/contracts/trucks-api';
import { changeActiveQuery, versionedChangeBody } from '@milepost/contracts/users-api';
import type { AppDeps } from '../../app-deps';
import * as trucks from './service';

export async function truckRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trucks'];

  r.get('/', {
    // Also feeds the truck pickers of trips, routes and reports.
    config: { access: { anyOf: ['CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE', 'CAN_SHOW_TRIPS', 'CAN_SHOW_ROUTES', 'CAN_SHOW_REPORTS'] } },
    schema: { tags, summary: 'Trucks, paged (keyword on unit number)', querystring: truckListQuery, response: { 200: envelope(paged(truckRow)) } },
    handler: async (req) => ({ data: await trucks.listTrucks(deps.db, req.query) }),
  });

  r.get('/:id', {
    config: { access: { anyOf: ['CAN_VIEW_TRUCK', 'CAN_EDIT_TRUCK'] } },
    schema: { tags, summary: 'One truck', params: idParam, response: { 200: envelope(truckRow) } },
    handler: async (req) => ({ data: await trucks.getTruck(deps.db, req.params.id) }),
  });

  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_TRUCK' } },
    schema: { tags, summary: 'Update a truck', params: idParam, body: truckUpdate, response: { 200: envelope(truckRow) } },
    handler: async (req) => ({ data: await trucks.updateTruck(deps.db, req.params.id, req.body) }),
  });

  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_TRUCK' } },
    schema: { tags, summary: 'Activate or deactivate a truck', params: idParam, querystring: changeActiveQuery, body: versionedChangeBody, response: { 200: envelope(truckRow) } },
    handler: async (req) => ({ data: await trucks.changeTruckStatus(deps.db, req.params.id, { active: req.query.active, version: req.body.version }) }),
  });
}
