import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { driverSortFields } from './list-query';
import { id, queryText } from './fields';

export const DRIVER_MESSAGES = {
  driversRequired: 'Select at least one driver',
  userRequired: 'Select a user',
  alreadyAssigned: 'Already assigned.',
  unknownDrivers: 'Some of the chosen drivers do not exist.',
  userNotFound: 'User not found.',
} as const;

export const driverListQuery = pageQuery.extend({
  /** One driver by id (a filter's label read back after a reload). */
  id: id().optional(),
  keyword: queryText('Keyword'),
  active: booleanQuery.optional(),
  truckId: id().optional(),
  assignedUserId: id().optional(),
  sort: sortQuery(driverSortFields),
});

export const driverRow = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  truckId: z.number().int().nullable(),
  unitNumber: z.string().nullable(),
  assignedUserId: z.number().int().nullable(),
  assignUserName: z.string().nullable(),
  active: z.boolean(),
});
export type DriverRow = z.infer<typeof driverRow>;

export const assignDriversForm = z.object({
  userId: id(DRIVER_MESSAGES.userRequired),
  driverIds: z.array(id(), { message: DRIVER_MESSAGES.driversRequired }).min(1, DRIVER_MESSAGES.driversRequired).max(500),
});
export type AssignDriversForm = z.input<typeof assignDriversForm>;
