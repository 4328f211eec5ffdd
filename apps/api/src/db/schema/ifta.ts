import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, trucks } from './reference';

/*
 * The IFTA return (docs/ifta.md, migration 0033): fuel purchases per truck, the fuel card
 * import's column mapping per company, and the quarter's tax rates per jurisdiction.
 */

/**
 * A fuel purchase. Its volume is kept in US gallons to three decimals, exactly as the receipt or
 * fuel card gives it: the unit the return is filed in, so sums are exact (docs/ifta.md "Units").
 */
export const fuelPurchases = pgTable(
  'fuel_purchases',
  {
    id: serial().primaryKey(),
    truckId: integer()
      .notNull()
      .references(() => trucks.id),
    purchasedAt: timestamp({ withTimezone: true }).notNull(),
    /** A US state, DC, or a Canadian province or territory. */
    jurisdiction: text().notNull(),
    gallons: numeric({ precision: 7, scale: 3 }).notNull(),
    /** US cents, when the receipt gives the amount. */
    amountCents: bigint({ mode: 'number' }),
    vendor: text(),
    city: text(),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One purchase is the same truck, time and volume: an import never counts it twice.
    uniqueIndex('fuel_purchases_same_key').on(t.truckId, t.purchasedAt, t.gallons),
    index('fuel_purchases_time_idx').on(t.purchasedAt, t.id),
  ],
);

/** The fuel card export's columns, as a company last mapped them. */
export const fuelImportMappings = pgTable('fuel_import_mappings', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  mapping: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A quarter that has rates (2026Q3), with the version its PUT checks. */
export const iftaRateQuarters = pgTable('ifta_rate_quarters', {
  quarter: text().primaryKey(),
  version: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** US dollars per US gallon of diesel, and the surcharge per gallon where a jurisdiction has one. */
export const iftaRates = pgTable(
  'ifta_rates',
  {
    quarter: text()
      .notNull()
      .references(() => iftaRateQuarters.quarter, { onDelete: 'cascade' }),
    jurisdiction: text().notNull(),
    ratePerGallon: numeric({ precision: 8, scale: 4 }).notNull(),
    surchargePerGallon: numeric({ precision: 8, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'ifta_rates_pkey', columns: [t.quarter, t.jurisdiction] })],
);
