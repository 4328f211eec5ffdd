import { is, Param, Placeholder, SQL, sql, StringChunk } from 'drizzle-orm';
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

/**
 * A statement whose SQL text depends only on its shape — which filters are given, the order — and
 * whose values are filled per request: `build` writes it with `sql.placeholder(name)` for every
 * request value and is written out as text once per shape, so a request does not walk the
 * statement's chunks in drizzle (~35 µs for the review queue's page, docs/trips-query-plans.md
 * "The API's own cost"). `build` sees the shape alone, so nothing else can change the text; any
 * other value in it (a constant) belongs to the shape and is kept. The result is the same
 * statement, text and values, as building it per request (`compiled.test.ts`).
 */
export function compiledPerShape<S>(build: (shape: S) => SQL): (shape: S, values: Readonly<Record<string, unknown>>) => SQL {
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
    const chunks: (StringChunk | Param)[] = [new StringChunk(c.pieces[0]!)];
    c.values.forEach((v, i) => {
      const value = 'placeholder' in v ? values[v.placeholder] : v.constant;
      if (value === undefined) throw new Error(`compiledPerShape: no value for the placeholder ${(v as { placeholder: string }).placeholder}`);
      chunks.push(new Param(value), new StringChunk(c.pieces[i + 1]!));
    });
    return new SQL(chunks);
  };
}
const MAX_SHAPES = 512;

interface WrittenOut {
  /** The text around the values: one piece more than values. */
  pieces: string[];
  /** Each value: a placeholder filled per request, or a constant of the shape (as the driver takes it). */
  values: ({ placeholder: string } | { constant: unknown })[];
}

function writtenOut(statement: SQL): WrittenOut {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const values = params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { constant: p }));
  // The pg dialect numbers the values $1, $2, … in order of appearance.
  const parts = text.split(/\$(\d+)/);
  const pieces = parts.filter((_, i) => i % 2 === 0);
  const numbers = parts.filter((_, i) => i % 2 === 1).map(Number);
  if (numbers.length !== values.length || numbers.some((n, i) => n !== i + 1)) throw new Error(`compiledPerShape: values not numbered in order in ${text}`);
  return { pieces, values };
}
