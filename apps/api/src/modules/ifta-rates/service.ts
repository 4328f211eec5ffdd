import { asc, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { IFTA_MEMBERS, IFTA_MESSAGES, iftaRatesForm, type IftaRates } from '@milepost/contracts/ifta-api';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { iftaRateQuarters, iftaRates } from '../../db/schema/ifta';
import { AppError } from '../../platform/errors';

/*
 * Each quarter's diesel tax rates per IFTA jurisdiction (docs/ifta.md "Rates"): US dollars per US
 * gallon, and the surcharge per gallon where a jurisdiction charges one. A quarter's rows are
 * replaced as a whole, under the quarter's version.
 */

export async function ratesOf(db: Db, quarter: string): Promise<IftaRates> {
  const [[q], rows] = await Promise.all([
    db.select({ version: iftaRateQuarters.version }).from(iftaRateQuarters).where(eq(iftaRateQuarters.quarter, quarter)),
    db
      .select({ jurisdiction: iftaRates.jurisdiction, ratePerGallon: iftaRates.ratePerGallon, surchargePerGallon: iftaRates.surchargePerGallon })
      .from(iftaRates)
      .where(eq(iftaRates.quarter, quarter))
      .orderBy(asc(iftaRates.jurisdiction)),
  ]);
  return {
    quarter,
    version: q?.version ?? 0,
    rows: rows.map((r) => ({ jurisdiction: r.jurisdiction, ratePerGallon: Number(r.ratePerGallon), surchargePerGallon: Number(r.surchargePerGallon) })),
  };
}

/** Replaces the quarter's rates; `version` is the one read (0: the quarter had none). A stale one is refused, 409. */
export async function putRates(db: Db, form: z.output<typeof iftaRatesForm>): Promise<IftaRates> {
  await db.transaction(async (tx) => {
    const [q] = await tx.select({ version: iftaRateQuarters.version }).from(iftaRateQuarters).where(eq(iftaRateQuarters.quarter, form.quarter)).for('update');
    if ((q?.version ?? 0) !== form.version) throw new AppError('STALE_VERSION', IFTA_MESSAGES.ratesStale);
    if (q) {
      await tx
        .update(iftaRateQuarters)
        .set({ version: sql`${iftaRateQuarters.version} + 1`, updatedAt: sql`now()` })
        .where(eq(iftaRateQuarters.quarter, form.quarter));
    } else {
      // Two first saves at once: the second meets the first's row (unique violation → 409 ALREADY_EXISTS is wrong; it is stale).
      const made = await tx.insert(iftaRateQuarters).values({ quarter: form.quarter, version: 1 }).onConflictDoNothing().returning({ quarter: iftaRateQuarters.quarter });
      if (!made.length) throw new AppError('STALE_VERSION', IFTA_MESSAGES.ratesStale);
    }
    await tx.delete(iftaRates).where(eq(iftaRates.quarter, form.quarter));
    if (form.rows.length) {
      await tx.insert(iftaRates).values(
        form.rows.map((r) => ({
          quarter: form.quarter,
          jurisdiction: r.jurisdiction,
          ratePerGallon: r.ratePerGallon.toFixed(4),
          surchargePerGallon: r.surchargePerGallon.toFixed(4),
        })),
      );
    }
  });
  return ratesOf(db, form.quarter);
}

/**
 * The diesel rates read from IFTA, Inc.'s quarterly tax rate matrix as a CSV (docs/ifta.md
 * "The rate matrix file"): the header row is the first with a "State / Province" (or
 * "Jurisdiction") column and a "Special Diesel" (or "Diesel") column; each row's jurisdiction is the code in parentheses
 * ("ALBERTA (AB) #15") or the cell itself when it is a code; a row that continues the one above
 * (empty jurisdiction cell) belongs to it. Only the U.S. lines are read — US dollars per US
 * gallon, the matrix's own conversion of the Canadian rates — and the Can. lines (Canadian
 * dollars per litre) are left out: a row is a Can. line when any of its cells is "Can." or
 * "Can". A jurisdiction whose name says "Surcharge" gives that jurisdiction's surcharge. Rows
 * outside IFTA's members and empty or "-" rates are passed over.
 */
/** The matrix's diesel column: "Special Diesel" in IFTA, Inc.'s matrix, "Diesel" accepted too. */
const DIESEL = /^(special\s+)?diesel$/i;

export function parseRateMatrix(csv: string): { jurisdiction: string; ratePerGallon: number; surchargePerGallon: number }[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, trim: true }) as string[][];
  } catch (err) {
    throw new AppError('VALIDATION_FAILED', `csv: ${(err as Error).message}`, [{ path: 'body.csv', message: (err as Error).message }]);
  }
  const headerAt = records.findIndex((r) => r.some((c) => /^(jurisdiction|state\s*\/\s*province)$/i.test(c)) && r.some((c) => DIESEL.test(c)));
  if (headerAt < 0) throw new AppError('VALIDATION_FAILED', IFTA_MESSAGES.matrixColumns, [{ path: 'body.csv', message: IFTA_MESSAGES.matrixColumns }]);
  const header = records[headerAt]!;
  const jCol = header.findIndex((c) => /^(jurisdiction|state\s*\/\s*province)$/i.test(c));
  const dCol = header.findIndex((c) => DIESEL.test(c));
  const found = new Map<string, { rate: number | null; surcharge: number }>();
  let current: { code: string; surcharge: boolean } | null = null;
  for (const r of records.slice(headerAt + 1)) {
    const name = (r[jCol] ?? '').trim();
    // A line that only says "U.S." or "Can." continues the jurisdiction above.
    if (name && !/^(u\.?\s*s\.?|can\.?)$/i.test(name)) {
      const code = /\(([A-Z]{2})\)/.exec(name.toUpperCase())?.[1] ?? (/^[A-Z]{2}$/i.test(name) ? name.toUpperCase() : null);
      current = code ? { code, surcharge: /surcharge/i.test(name) } : null;
    }
    if (!current || !IFTA_MEMBERS.has(current.code)) continue;
    if (r.some((c, i) => i !== dCol && /^can\.?$/i.test(c.replace(/\s+/g, '')))) continue;
    const text = (r[dCol] ?? '').replace(/[$\s]/g, '');
    if (!/^\d+(\.\d+)?$/.test(text)) continue;
    const value = Math.round(Number(text) * 10_000) / 10_000;
    const entry = found.get(current.code) ?? { rate: null, surcharge: 0 };
    if (current.surcharge) entry.surcharge = value;
    else entry.rate = value;
    found.set(current.code, entry);
  }
  const rows = [...found]
    .filter(([, e]) => e.rate !== null)
    .map(([jurisdiction, e]) => ({ jurisdiction, ratePerGallon: e.rate!, surchargePerGallon: e.surcharge }))
    .sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction));
  if (!rows.length) throw new AppError('VALIDATION_FAILED', IFTA_MESSAGES.matrixEmpty, [{ path: 'body.csv', message: IFTA_MESSAGES.matrixEmpty }]);
  return rows;
}

/** Imports the matrix file as the quarter's rates (the same checks and version as a PUT). */
export async function importRateMatrix(db: Db, body: { quarter: string; csv: string; version: number }): Promise<IftaRates> {
  const parsed = iftaRatesForm.safeParse({ quarter: body.quarter, version: body.version, rows: parseRateMatrix(body.csv) });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: `body.csv.${i.path.join('.')}`, message: i.message }));
    throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
  }
  return putRates(db, parsed.data);
}

/** Per jurisdiction: the quarter's rate and surcharge (for the return, index.ts). */
export async function rateTable(db: Db, quarter: string): Promise<{ version: number; rates: Map<string, { rate: number; surcharge: number }> }> {
  const r = await ratesOf(db, quarter);
  return { version: r.version, rates: new Map(r.rows.map((x) => [x.jurisdiction, { rate: x.ratePerGallon, surcharge: x.surchargePerGallon }])) };
}
