import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A constant SQL fragment (no values: columns, functions, literals) written out as text once, at
 * module load, instead of at every request: drizzle walks a fragment's every column and chunk
 * each time it builds a statement, which was the largest part of the trips page's CPU in Node
 * (docs/trips-query-plans.md, "The API's own cost").
 */
export function compiledOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error(`compiledOnce: the fragment holds ${params.length} values: ${text}`);
  return sql.raw(text);
}
