import { z } from 'zod';
import { envelope, paged } from '../api';
import { assignDriversForm, driverListQuery, driverRow } from '../drivers-api';
import { defineRoutes } from '../route-table';

/** /api/v1/drivers and the module's paths outside it (apps/api/src/modules/drivers). */
export const driversRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/drivers',
    tags: ['drivers'],
    summary: 'Drivers, paged',
    // Feeds the driver pickers of trucks, trips and routes and the Assign drawer.
    access: { anyOf: ['CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE', 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK', 'CAN_SHOW_TRIPS', 'CAN_SHOW_ROUTES'] },
    query: driverListQuery,
    responses: { 200: envelope(paged(driverRow)) },
    errors: [],
  },
  assignUser: {
    method: 'POST',
    path: '/api/v1/drivers/assign-user',
    tags: ['drivers'],
    summary: 'Assign drivers to a user',
    access: { permission: 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK' },
    body: assignDriversForm,
    responses: { 200: envelope(z.object({ assigned: z.number().int() })) },
    errors: ['ALREADY_ASSIGNED'],
  },
});
