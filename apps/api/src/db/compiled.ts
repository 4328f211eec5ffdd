import { createHash } from 'node:crypto';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

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

/** A statement written out: its text, its values as the driver takes them, and its name (it is prepared once per connection). */
export interface CompiledQuery {
  sql: string;
  params: unknown[];
  name: string;
}

/**
 * A statement whose SQL text depends only on its shape — which filters are given, the order — and
 * whose values are filled per request: `build` writes it with `sql.placeholder(name)` for every
 * request value and is written out as text once per shape, so a request neither builds nor walks
 * the statement in drizzle (`executeCompiled` runs it; docs/trips-query-plans.md "The API's own
 * cost"). `build` sees the shape alone, so nothing else can change the text; any other value in
 * it (a constant) belongs to the shape and is kept. The result is the statement, text and values,
 * that building it per request gives (`compiled.test.ts`).
 */
export function compiledPerShape<S>(build: (shape: S) => SQL): (shape: S, values: Readonly<Record<string, unknown>>) => CompiledQuery {
  const shapes = new Map<string, WrittenOut>();
  return (shape, values) => {
    const key = JSON.stringify(shape);
    let c = shapes.get(key);
    if (!c) {
      c = writtenOut(build(shape));
      // The shapes are few (filters given × orders); a bound keeps a caller's mistake from growing it.
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, c);
    }
    const params = c.values.map((v) => {
      if (!('placeholder' in v)) return v.constant;
      const value = values[v.placeholder];
      if (value === undefined) throw new Error(`compiledPerShape: no value for the placeholder ${v.placeholder}`);
      return value;
    });
    return { sql: c.text, params, name: c.name };
  };
}
const MAX_SHAPES = 512;

/** The names of `names` that `values` gives a value for: a shape's filters. */
export const givenNames = <N extends string>(names: readonly N[], values: Partial<Record<N, unknown>>): N[] => names.filter((name) => values[name] !== undefined);

/** A placeholder for each name, for a `compiledPerShape` builder to bind its filters to. */
export const placeholdersFor = <N extends string>(names: readonly N[]): Partial<Record<N, unknown>> =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Partial<Record<N, unknown>>;

interface WrittenOut {
  text: string;
  /** Named by its text: each connection parses it once (see `executeCompiled`). */
  name: string;
  /** Each value, $1 first: a placeholder filled per request, or a constant of the shape (as the driver takes it). */
  values: ({ placeholder: string } | { constant: unknown })[];
}

function writtenOut(statement: SQL): WrittenOut {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return {
    text,
    name: `milepost_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`,
    values: params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { constant: p })),
  };
}

/**
 * Runs a written-out statement through drizzle's session, as `db.execute` does after building one
 * (logged and counted the same: request-cost.test.ts), on PostgreSQL and PGlite alike. A named
 * statement is parsed once per PostgreSQL connection and then only bound and run: PostgreSQL no
 * longer parses and analyses the trips page's 2 kB of SQL on every request (planning still runs
 * for each request's values: db/client.ts POOL_SESSION_OPTIONS; docs/trips-query-plans.md
 * "Prepared once per connection"). PGlite runs it as any statement.
 */
export function executeCompiled<Row>(db: Db, query: CompiledQuery): Promise<{ rows: Row[] }> {
  let named = preparedQueries.get(db);
  if (!named) preparedQueries.set(db, (named = new Map()));
  let prepared = named.get(query.name);
  if (!prepared) {
    // drizzle's prepared query, made once per statement and session (not per request): value i is placeholder "i".
    prepared = db._.session.prepareQuery({ sql: query.sql, params: query.params.map((_, i) => sql.placeholder(String(i))) }, undefined, query.name, false);
    named.set(query.name, prepared);
  }
  // An array is read by index: placeholder "i" takes params[i].
  return prepared.execute(query.params as unknown as Record<string, unknown>) as Promise<{ rows: Row[] }>;
}
/** Per session (the pool's, a transaction's), by statement name: as many as there are statement texts (`compiledPerShape` bounds them). */
const preparedQueries = new WeakMap<Db, Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>>();
