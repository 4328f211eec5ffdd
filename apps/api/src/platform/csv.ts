import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import { ExportsBusyError, type ExportSession, type ExportSessions } from '../db/client';
import { AppError } from './errors';

/** A CSV column: its header and how a row gives its cell. */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | null | undefined;
}

/**
 * A formula (= + - @ or their full-width forms) at the start of a cell, of a line inside it (after
 * CR, LF or CRLF) or of what a spreadsheet reading `;` as the separator takes for a cell, after
 * any spaces or tabs there.
 */
const FORMULA_AT_A_START = /(^|;|\r\n|\r|\n)(\s*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * A text cell as written: a formula wherever a spreadsheet, or a reader that splits lines
 * without minding the quotes, could start a new cell — the cell's start, each line inside it,
 * after each `;` (most of Europe reads `;` as the separator) — is prefixed with ', so it is
 * read as text (the cell is also quoted).
 */
export const defuseFormulas = (value: string) => value.replace(FORMULA_AT_A_START, "$1$2'$3");

/**
 * CSV lines (RFC 4180: cells with commas, semicolons, quotes or line breaks — CR, LF or CRLF —
 * quoted, quotes doubled; CRLF between records), with every formula in a text cell defused
 * (`defuseFormulas`; csv-stringify's `escape_formulas` also prefixes a cell starting with a tab
 * or carriage return). Numbers stay numbers, negative ones included.
 */
export function csvLines<R>(columns: readonly CsvColumn<R>[], rows: readonly R[], withHeader = false): string {
  const records = rows.map((r) => columns.map((c) => c.value(r) ?? null));
  return stringify(withHeader ? [columns.map((c) => c.header), ...records] : records, {
    escape_formulas: true,
    quoted_match: /;/,
    cast: { string: defuseFormulas },
    record_delimiter: 'windows',
    // A CRLF record delimiter turns off csv-stringify's quoting of a bare CR or LF: a line break in a cell would start a new row.
    quote_record_delimiter: true,
  });
}

/** Miles to one decimal, as the screens show them (null stays empty). */
export const oneDecimal = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);

/** Sets the headers of a CSV download. */
export function csvReply(reply: FastifyReply, fileName: string): FastifyReply {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
}

export const CSV_BATCH_ROWS = 1000;

/** A download whose client takes nothing for this long is ended, and its export session returned. */
export const CSV_STALL_MS = 120_000;

/**
 * Resolves when the stream drains or closes, and takes both listeners off again (a race of two
 * `once` calls leaves the loser's listeners behind: one more per batch of a long export). A
 * client that takes nothing for CSV_STALL_MS has its download ended (the stream destroyed).
 */
function drainOrClose(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const stalled = setTimeout(() => out.destroy(), CSV_STALL_MS);
    const done = () => {
      clearTimeout(stalled);
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

let cursorSeq = 0;

/**
 * Streams a query's rows as CSV with flat memory, without holding a transaction while a slow
 * client reads (docs/deploy.md "Exports"): the query is declared as a WITH HOLD cursor in one
 * short read-only transaction — its rows are kept by the database when it commits, so no
 * snapshot or lock outlives it — then read a batch at a time, each FETCH a statement of its own.
 * A batch is fetched while the one before is written, no further ahead until the client has
 * taken it (back-pressure): at most two batches are held. The session comes from the exports'
 * own small pool (db/client.ts); when the download ends or the client goes away the cursor is
 * closed and the session returned. Resolves once the cursor is declared, so a failure to start
 * is an error answer, not a cut-off download. Rows come back with the query's column aliases.
 */
export async function streamCsv<R>(session: ExportSession, query: SQLWrapper, columns: readonly CsvColumn<R>[], onError: (err: unknown) => void): Promise<Readable> {
  const { db } = session;
  const cursor = sql.raw(`milepost_csv_${++cursorSeq}`);
  try {
    await db.transaction(
      async (tx) => {
        // Plan for every row, not the first tenth a cursor is planned for by default: walking a sort
        // index and filtering would read the whole table for a narrow filter.
        await tx.execute(sql`set local cursor_tuple_fraction = 1`);
        await tx.execute(sql`declare ${cursor} no scroll cursor with hold for ${query.getSQL() as SQL}`);
      },
      { accessMode: 'read only' },
    );
  } catch (err) {
    session.release(err instanceof Error ? err : undefined);
    throw err;
  }
  const out = new PassThrough();
  const aborted = new Error('client went away');
  const fetchBatch = () => Promise.resolve(db.execute(sql`fetch forward ${sql.raw(String(CSV_BATCH_ROWS))} from ${cursor}`) as unknown as Promise<{ rows: R[] }>);
  (async () => {
    out.write(csvLines(columns, [], true));
    // Started at once (a query runs when awaited): the database reads the next batch while this one is written.
    let next = fetchBatch();
    for (;;) {
      const res = await next;
      if (!res.rows.length) break;
      next = fetchBatch();
      if (out.destroyed) {
        await next;
        throw aborted;
      }
      if (!out.write(csvLines(columns, res.rows))) {
        await drainOrClose(out);
        if (out.destroyed) {
          await next;
          throw aborted;
        }
      }
    }
  })()
    .then(
      () => out.end(),
      (err: unknown) => {
        if (err !== aborted) onError(err);
        out.destroy();
      },
    )
    .finally(async () => {
      let failed: Error | undefined;
      await db.execute(sql`close ${cursor}`).catch((err: unknown) => {
        failed = err instanceof Error ? err : new Error(String(err));
      });
      // A session whose cursor could not be closed is not lent again.
      session.release(failed);
    });
  return out;
}

/** Seconds a refused download is told to wait. */
export const EXPORTS_RETRY_AFTER_S = 10;

/**
 * A CSV download read on an export session of its own (docs/deploy.md "Exports"): every export
 * goes through here; 503 EXPORTS_BUSY when every session is in use.
 */
export async function exportCsv<R>(exports: ExportSessions, query: SQLWrapper, columns: readonly CsvColumn<R>[], onError: (err: unknown) => void): Promise<Readable> {
  let session: ExportSession;
  try {
    session = await exports();
  } catch (err) {
    if (err instanceof ExportsBusyError) throw new AppError('EXPORTS_BUSY', LIMIT_MESSAGES.exportsBusy, undefined, EXPORTS_RETRY_AFTER_S);
    throw err;
  }
  return streamCsv(session, query, columns, onError);
}
