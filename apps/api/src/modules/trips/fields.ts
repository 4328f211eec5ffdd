import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { IdentifierType, tripInput } from '@milepost/contracts/trips-api';
import { metresToEnteredMiles, metresToMiles, milesToMetres } from '@milepost/geo/units';
import { dispatchers, drivers } from '../../db/schema/reference';
import { trips } from '../../db/schema/trips';

/*
 * What the trips module's reads and writes share: the unit edge, the number match, the names.
 */

export type TripInput = z.output<typeof tripInput>;
// Columns hold metres (docs/decisions/020-one-unit.md); the wire's mile fields are converted here, at the edge.
export const toMiles = (m: number | null) => (m === null ? null : metresToMiles(m));
/** Figures staff typed in miles (empty, loaded, payable, odometers) read back as typed. */
export const toEnteredMiles = (m: number | null) => (m === null ? null : metresToEnteredMiles(m));
export const toMetres = (mi: number | null) => (mi === null ? null : milesToMetres(mi));
export const iso = (d: Date) => d.toISOString();

/** Numbers match without regard to letter case, through the (type, lower(number)) index. */
export const sameNumber = (type: IdentifierType, value: string) => sameLowerNumber(type, value.toLowerCase());
/** The same, given the number already lower-cased, or a placeholder for it (the trips list's statement, db/compiled.ts). */
export const sameLowerNumber = (type: IdentifierType, lowered: unknown) => and(eq(trips.identifierType, type), sql`lower(${trips.identifierValue}) = ${lowered}`)!;

/** The names a trip shows, as its history and its lookups write them. */
export const driverName = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;
export const dispatcherName = sql<string | null>`nullif(trim(${dispatchers.firstName} || ' ' || coalesce(${dispatchers.lastName}, '')), '')`;
