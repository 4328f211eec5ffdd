import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const companies = pgTable(
  'companies',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    usDot: text().notNull(),
    active: boolean().notNull().default(true),
    // Each telematics provider's switch and sealed token: company_providers (schema/telematics.ts).
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_name_key').on(sql`lower(${t.name})`), index('companies_created_idx').on(t.createdAt, t.id)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('teams_name_key').on(sql`lower(${t.name})`)],
);

export const dispatchers = pgTable(
  'dispatchers',
  {
    id: serial().primaryKey(),
    firstName: text().notNull(),
    lastName: text(),
    teamId: integer().references(() => teams.id),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('dispatchers_team_idx').on(t.teamId, t.id), index('dispatchers_name_idx').on(t.firstName, t.id)],
);

export const trucks = pgTable(
  'trucks',
  {
    id: serial().primaryKey(),
    unitNumber: text().notNull(),
    /** GLE VIN (shown as "GLE VIN"). */
    vinNumber: text().notNull(),
    /**
     * The truck's VIN as entered under the spec's "Samsara VIN" (samsaraVin): truck identity, which
     * the Samsara sync matches on. The ids providers give the truck live in truck_provider_links
     * (docs/decisions/022-provider-links.md).
     */
    samsaraVin: text().notNull(),
    licencePlate: text().notNull(),
    homeLocation: text().notNull(),
    homeLatitude: doublePrecision(),
    homeLongitude: doublePrecision(),
    companyId: integer().references(() => companies.id),
    active: boolean().notNull().default(true),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('trucks_unit_number_key').on(sql`lower(${t.unitNumber})`),
    uniqueIndex('trucks_vin_key').on(sql`lower(${t.vinNumber})`),
    index('trucks_company_idx').on(t.companyId, t.id),
    index('trucks_unit_idx').on(t.unitNumber, t.id),
    index('trucks_samsara_vin_idx').on(sql`lower(${t.samsaraVin})`),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    id: serial().primaryKey(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    /** The truck the driver currently drives. */
    truckId: integer().references(() => trucks.id),
    /** The user (dispatcher account) the driver is assigned to. */
    assignedUserId: integer().references(() => users.id),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('drivers_truck_idx').on(t.truckId), index('drivers_assigned_user_idx').on(t.assignedUserId), index('drivers_name_idx').on(t.firstName, t.lastName, t.id)],
);

export const shops = pgTable(
  'shops',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    location: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('shops_name_location_key').on(sql`lower(${t.name})`, sql`lower(${t.location})`)],
);

export const recoveryReasons = pgTable(
  'recovery_reasons',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('recovery_reasons_name_key').on(sql`lower(${t.name})`)],
);

/**
 * System settings by type; TRIP holds the stop radii (miles). Its integration switches live in
 * settings_providers (the telematics module's, migration 0026).
 */
export const globalSettings = pgTable(
  'global_settings',
  {
    id: serial().primaryKey(),
    type: text().notNull(),
    homeRadius: doublePrecision().notNull().default(0),
    shopRadius: doublePrecision().notNull().default(0),
    pickupRadius: doublePrecision().notNull().default(0),
    trailerRadius: doublePrecision().notNull().default(0),
    deliveryRadius: doublePrecision().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('global_settings_type_key').on(t.type)],
);

export const userRouteSettings = pgTable(
  'user_route_settings',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailerType: text(),
    routingType: text().notNull(),
    distanceUnit: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_route_settings_user_key').on(t.userId)],
);
