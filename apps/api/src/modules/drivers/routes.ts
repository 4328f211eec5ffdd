import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged } from '@milepost/contracts/api';
import { assignDriversForm, driverListQuery, driverRow } from '@milepost/contracts/drivers-api';
import type { AppDeps } from '../../app-deps';
import * as driversService from './service';

export async function driverRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['drivers'];

  r.get('/', {
    // Feeds the driver pickers of trucks, trips and routes and the Assign drawer.
    config: {
      access: { anyOf: ['CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE', 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK', 'CAN_SHOW_TRIPS', 'CAN_SHOW_ROUTES'] },
    },
    schema: { tags, summary: 'Drivers, paged', querystring: driverListQuery, response: { 200: envelope(paged(driverRow)) } },
    handler: async (req) => ({ data: await driversService.listDrivers(deps.db, req.query) }),
  });

  r.post('/assign-user', {
    config: { access: { permission: 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK' } },
    schema: { tags, summary: 'Assign drivers to a user', body: assignDriversForm, response: { 200: envelope(z.object({ assigned: z.number().int() })) } },
    handler: async (req) => ({ data: await driversService.assignDriversToUser(deps.db, req.body) }),
  });
}
