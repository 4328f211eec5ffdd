import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { truckSortFields } from './list-query';
import { id, queryText, requiredText, version } from './fields';

export const TRUCK_MESSAGES = {
  vinNumber: 'VIN Number is required',
  unitNumber: 'Unit Number is required',
  samsaraVin: 'Samsara VIN is required',
  vinFormat: 'A VIN has 17 letters and digits (no I, O or Q)',
  homeLocation: 'Home Location is required',
  licencePlate: 'License Plate is required',
  duplicate: 'Truck with this VIN or unit number already exists.',
  notFound: 'Truck not found.',
  stale: 'This truck was changed by someone else. Reload to see the latest version.',
} as const;

export const truckListQuery = pageQuery.extend({
  keyword: queryText('Keyword'),
  active: booleanQuery.optional(),
  companyId: id().optional(),
  driverId: id().optional(),
  sort: sortQuery(truckSortFields),
});

export const truckRow = z.object({
  id: z.number().int(),
  unitNumber: z.string(),
  vinNumber: z.string(),
  samsaraVin: z.string(),
  vehicleId: z.string().nullable(),
  licencePlate: z.string(),
  homeLocation: z.string(),
  homeLatitude: z.number().nullable(),
  homeLongitude: z.number().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  driverNames: z.array(z.string()),
  assignUserName: z.string().nullable(),
  active: z.boolean(),
  updated: z.string(),
  version: z.number().int(),
});
export type TruckRow = z.infer<typeof truckRow>;

/** A vehicle identification number: 17 letters and digits, never I, O or Q (read as 1 and 0). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** Required, upper-cased, 17 characters without I, O, Q: one message per rule. */
const vin = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(VIN_PATTERN, TRUCK_MESSAGES.vinFormat));

/** Longest unit number (typed, or a vehicle's name from a telematics provider). */
export const UNIT_NUMBER_MAX = 50;

export const truckForm = z.object({
  vinNumber: vin(TRUCK_MESSAGES.vinNumber),
  unitNumber: requiredText('Unit Number', UNIT_NUMBER_MAX, TRUCK_MESSAGES.unitNumber),
  samsaraVin: vin(TRUCK_MESSAGES.samsaraVin),
  homeLocation: requiredText('Home Location', 300, TRUCK_MESSAGES.homeLocation),
  licencePlate: requiredText('License Plate', 30, TRUCK_MESSAGES.licencePlate),
  homeLatitude: z
    .number()
    .min(-90)
    .max(90)
    .nullish()
    .transform((v) => v ?? null),
  homeLongitude: z
    .number()
    .min(-180)
    .max(180)
    .nullish()
    .transform((v) => v ?? null),
});
export type TruckForm = z.input<typeof truckForm>;

/** PUT /trucks/{id}: the version the form was loaded at is required (a stale one is refused with 409). */
export const truckUpdate = truckForm.extend({ version: version('version is required') });
