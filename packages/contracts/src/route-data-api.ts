import { z } from 'zod';
import { id, requiredText } from './fields';
import { telematicsLocation } from './mile-stats-api';
import { IDENTIFIER_TYPES, tripDetail } from './trips-api';

/**
 * `GET /api/v1/trips/route-data?truckId&driverId&number&identifierType`: the trip a map shows
 * (the truck's latest trip with that number, and that driver when given), with its stops,
 * mileStats, and the telematics tracks as `samsaraLocation` / `gleLocation` (null when the
 * company has no such integration or there is no data).
 */
export const ROUTE_DATA_MESSAGES = {
  notFound: 'Trip not found or invalid parameters',
  truck: 'Truck is required',
  number: 'Number is required',
} as const;

export const routeDataQuery = z.object({
  truckId: id(ROUTE_DATA_MESSAGES.truck),
  driverId: id().optional(),
  number: requiredText('Number', 100, ROUTE_DATA_MESSAGES.number),
  identifierType: z.enum(IDENTIFIER_TYPES).default('LOAD_NUMBER'),
});
export type RouteDataQuery = z.input<typeof routeDataQuery>;

export const tripRouteData = tripDetail.extend({
  samsaraLocation: telematicsLocation.nullable(),
  gleLocation: telematicsLocation.nullable(),
});
export type TripRouteData = z.infer<typeof tripRouteData>;
