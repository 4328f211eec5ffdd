import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { metresToMiles } from '@milepost/geo/units';

/**
 * The metres-to-miles pair of `@milepost/geo/units` inside SQL, for the statements that shape
 * rows for the wire in PostgreSQL (the trips list, the CSV export, the Reports). Columns hold
 * metres (docs/decisions/020-one-unit.md); these convert at the edge, with the same factor and
 * the same float8 arithmetic as the TypeScript pair.
 */
const FACTOR = sql.raw(`${metresToMiles(1)}::float8`);

/** A metres column (or expression) in miles, at full precision, as `metresToMiles`. */
export const metresToMilesSql = (metres: AnyColumn | SQL): SQL<number> => sql<number>`(${metres} * ${FACTOR})`;

/** A figure staff typed in miles, stored in metres, back as typed: as `metresToEnteredMiles` (6 decimals). */
export const metresToEnteredMilesSql = (metres: AnyColumn | SQL): SQL<number> => sql<number>`(round(${metres} * ${FACTOR} * 1000000::float8) / 1000000::float8)`;
