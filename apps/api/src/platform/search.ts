import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Word-prefix keyword search over a tsvector column: every word the user typed must start a
 * word of the record ("jo smi" finds "John Smith"). Only letters and digits reach the query,
 * so nothing the user types can act as a search operator. A keyword without any is a match
 * for nothing.
 */
export function matchesKeyword(vector: AnyColumn | SQL, keyword: string): SQL {
  const words = keyword
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return sql`false`;
  const query = words.map((w) => `${w}:*`).join(' & ');
  return sql`${vector} @@ to_tsquery('simple', ${query})`;
}
