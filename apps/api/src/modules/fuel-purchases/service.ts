import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { Paged } from '@milepost/contracts/api';
import {
  fuelPurchaseForm,
  fuelImportMapping,
  IFTA_MESSAGES,
  type FuelImportMapping,
  type FuelImportResult,
  type FuelPurchaseListQuery,
  type FuelPurchaseRow,
} from '@milepost/contracts/ifta-api';
import { formatWireDateTime } from '@milepost/contracts/time';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fuelImportMappings, fuelPurchases } from '../../db/schema/ifta';
import { companies, trucks } from '../../db/schema/reference';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { toPage } from '../../platform/paging';

/*
 * Fuel purchases for the IFTA return (docs/ifta.md): typed one by one or imported from a fuel
 * card export. A purchase belongs to a truck, and through it to the truck's company. Volumes are
 * kept in US gallons to three decimals, as typed (docs/ifta.md "Units"); amounts in cents.
 */

const columns = {
  id: fuelPurchases.id,
  companyId: trucks.companyId,
  truckId: fuelPurchases.truckId,
  unitNumber: trucks.unitNumber,
  purchasedAt: fuelPurchases.purchasedAt,
  jurisdiction: fuelPurchases.jurisdiction,
  gallons: fuelPurchases.gallons,
  amountCents: fuelPurchases.amountCents,
  vendor: fuelPurchases.vendor,
  city: fuelPurchases.city,
  version: fuelPurchases.version,
};
type Stored = {
  id: number;
  companyId: number | null;
  truckId: number;
  unitNumber: string;
  purchasedAt: Date;
  jurisdiction: string;
  gallons: string;
  amountCents: number | null;
  vendor: string | null;
  city: string | null;
  version: number;
};
const toRow = ({ gallons, amountCents, purchasedAt, companyId, ...p }: Stored): FuelPurchaseRow => ({
  ...p,
  companyId: companyId ?? 0,
  purchasedAt: formatWireDateTime(purchasedAt),
  gallons: Number(gallons),
  amount: amountCents === null ? null : amountCents / 100,
});

export async function listFuelPurchases(db: Db, q: FuelPurchaseListQuery): Promise<Paged<FuelPurchaseRow>> {
  const filters: (SQL | undefined)[] = [
    q.companyId !== undefined ? eq(trucks.companyId, q.companyId) : undefined,
    q.truckId !== undefined ? eq(fuelPurchases.truckId, q.truckId) : undefined,
    q.jurisdiction ? eq(fuelPurchases.jurisdiction, q.jurisdiction) : undefined,
    q.fromDate ? gte(fuelPurchases.purchasedAt, q.fromDate) : undefined,
    q.toDate ? lte(fuelPurchases.purchasedAt, q.toDate) : undefined,
  ];
  const where = and(...filters);
  const rows = db
    .select(columns)
    .from(fuelPurchases)
    .innerJoin(trucks, eq(trucks.id, fuelPurchases.truckId))
    .where(where)
    .orderBy(asc(fuelPurchases.purchasedAt), asc(fuelPurchases.id))
    .limit(q.size)
    .offset(q.page * q.size)
    .then((l) => l.map(toRow));
  const total = db
    .select({ n: count() })
    .from(fuelPurchases)
    .innerJoin(trucks, eq(trucks.id, fuelPurchases.truckId))
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

async function getFuelPurchase(db: Db, id: number): Promise<FuelPurchaseRow> {
  const [row] = await db.select(columns).from(fuelPurchases).innerJoin(trucks, eq(trucks.id, fuelPurchases.truckId)).where(eq(fuelPurchases.id, id));
  if (!row) throw new AppError('NOT_FOUND', IFTA_MESSAGES.notFound);
  return toRow(row);
}

/** The truck must exist and belong to a company (the return is a company's). */
async function checkTruck(db: Db, truckId: number) {
  const [truck] = await db.select({ companyId: trucks.companyId }).from(trucks).where(eq(trucks.id, truckId));
  if (!truck) throw new AppError('NOT_FOUND', IFTA_MESSAGES.truckNotFound);
  if (truck.companyId === null) throw new AppError('UNPROCESSABLE', IFTA_MESSAGES.truckCompany);
}

type Form = z.output<typeof fuelPurchaseForm>;
const values = (f: Form) => ({
  truckId: f.truckId,
  purchasedAt: f.purchasedAt,
  jurisdiction: f.jurisdiction,
  gallons: f.gallons.toFixed(3),
  amountCents: f.amount === null ? null : Math.round(f.amount * 100),
  vendor: f.vendor,
  city: f.city,
});

export async function createFuelPurchase(db: Db, input: Form): Promise<FuelPurchaseRow> {
  await checkTruck(db, input.truckId);
  const [row] = await conflictOnDuplicate(IFTA_MESSAGES.duplicate, () => db.insert(fuelPurchases).values(values(input)).returning({ id: fuelPurchases.id }));
  return getFuelPurchase(db, row!.id);
}

export async function updateFuelPurchase(db: Db, id: number, input: Form & { version: number }): Promise<FuelPurchaseRow> {
  await db.transaction(async (tx) => {
    const [stored] = await tx.select({ version: fuelPurchases.version }).from(fuelPurchases).where(eq(fuelPurchases.id, id)).for('update');
    if (!stored) throw new AppError('NOT_FOUND', IFTA_MESSAGES.notFound);
    if (stored.version !== input.version) throw new AppError('STALE_VERSION', IFTA_MESSAGES.stale);
    await checkTruck(tx, input.truckId);
    await conflictOnDuplicate(IFTA_MESSAGES.duplicate, () =>
      tx
        .update(fuelPurchases)
        .set({ ...values(input), version: sql`${fuelPurchases.version} + 1`, updatedAt: sql`now()` })
        .where(eq(fuelPurchases.id, id)),
    );
  });
  return getFuelPurchase(db, id);
}

export async function deleteFuelPurchase(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(fuelPurchases).where(eq(fuelPurchases.id, id)).returning({ id: fuelPurchases.id });
  if (!deleted.length) throw new AppError('NOT_FOUND', IFTA_MESSAGES.notFound);
}

// ---------------------------------------------------------------- import

async function checkCompany(db: Db, companyId: number) {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw new AppError('NOT_FOUND', IFTA_MESSAGES.companyNotFound);
}

export async function fuelImportMappingOf(db: Db, companyId: number): Promise<{ companyId: number; mapping: FuelImportMapping | null }> {
  await checkCompany(db, companyId);
  const [row] = await db.select({ mapping: fuelImportMappings.mapping }).from(fuelImportMappings).where(eq(fuelImportMappings.companyId, companyId));
  const parsed = row ? fuelImportMapping.safeParse(row.mapping) : null;
  return { companyId, mapping: parsed?.success ? parsed.data : null };
}

/**
 * Rows written per INSERT. The rows travel as one JSON parameter read by json_to_recordset (one
 * parameter whatever the count, no per-row SQL to build: docs/ifta.md "Scale").
 */
const INSERT_CHUNK = 10_000;

/** One INSERT of many purchases; a purchase already stored (same truck, time and gallons) is passed over. Answers how many were written. */
async function insertPurchases(db: Db, rows: ReturnType<typeof values>[]): Promise<number> {
  const json = JSON.stringify(
    rows.map((v) => ({
      truck_id: v.truckId,
      purchased_at: v.purchasedAt.toISOString(),
      jurisdiction: v.jurisdiction,
      gallons: v.gallons,
      amount_cents: v.amountCents,
      vendor: v.vendor,
      city: v.city,
    })),
  );
  const { rows: counted } = (await db.execute(sql`
    with written as (insert into ${fuelPurchases} (truck_id, purchased_at, jurisdiction, gallons, amount_cents, vendor, city)
    select truck_id, purchased_at, jurisdiction, gallons, amount_cents, vendor, city
    from json_to_recordset(${json}::json)
      as r(truck_id integer, purchased_at timestamptz, jurisdiction text, gallons numeric(7, 3), amount_cents bigint, vendor text, city text)
    on conflict do nothing
    returning 1)
    select count(*)::int as n from written`)) as unknown as { rows: { n: number }[] };
  return Number(counted[0]?.n ?? 0);
}

/**
 * A fuel card export imported with the user's column mapping (docs/ifta.md "Import"). Each line
 * is checked with the same rules as a purchase typed on screen (the unit number must be one of
 * the company's trucks); a line whose truck, time and gallons are already stored — or appear
 * earlier in the file — is a DUPLICATE and never counted twice. With an INVALID line nothing is
 * imported unless `skipInvalid`; `dryRun` only answers the rows. The lines and the remembered
 * mapping are written in one transaction.
 */
export async function importFuelPurchases(
  db: Db,
  body: { companyId: number; csv: string; mapping: FuelImportMapping; dryRun: boolean; skipInvalid: boolean },
): Promise<FuelImportResult> {
  await checkCompany(db, body.companyId);
  let records: string[][];
  try {
    records = parse(body.csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw new AppError('VALIDATION_FAILED', `csv: ${(err as Error).message}`, [{ path: 'body.csv', message: (err as Error).message }]);
  }
  const header = records[0] ?? [];
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const columnOf: Partial<Record<keyof FuelImportMapping, number>> = {};
  const errors: { path: string; message: string }[] = [];
  for (const [field, column] of Object.entries(body.mapping) as [keyof FuelImportMapping, string | undefined][]) {
    if (!column) continue;
    const i = index.get(column.trim().toLowerCase());
    if (i === undefined) errors.push({ path: `body.mapping.${field}`, message: IFTA_MESSAGES.mappingMissing(column) });
    else columnOf[field] = i;
  }
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);

  const units = await db.select({ id: trucks.id, unit: trucks.unitNumber }).from(trucks).where(eq(trucks.companyId, body.companyId));
  const truckOf = new Map(units.map((u) => [u.unit.trim().toLowerCase(), u.id]));
  const cell = (r: string[], f: keyof FuelImportMapping) => (columnOf[f] === undefined ? undefined : (r[columnOf[f]] ?? ''));

  type Good = { line: number; key: string; values: ReturnType<typeof values> };
  const rows: FuelImportResult['rows'] = [];
  const good: Good[] = [];
  const seen = new Set<string>();
  for (let k = 1; k < records.length; k++) {
    const r = records[k]!;
    const line = k + 1; // the file's line, its header being line 1
    const unit = (cell(r, 'unit') ?? '').toLowerCase();
    const truckId = truckOf.get(unit);
    const amountText = cell(r, 'amount')?.replace(/[$,\s]/g, '');
    const parsed = fuelPurchaseForm.safeParse({
      truckId: truckId ?? 1,
      purchasedAt: cell(r, 'purchasedAt'),
      jurisdiction: cell(r, 'jurisdiction'),
      gallons: cell(r, 'gallons')?.replace(/[,\s]/g, ''),
      amount: amountText ? amountText : null,
      vendor: cell(r, 'vendor') ?? null,
      city: cell(r, 'city') ?? null,
    });
    const reasons: string[] = [];
    if (truckId === undefined) reasons.push(unit ? `No truck with unit number "${cell(r, 'unit')}" in this company` : 'The unit number is empty');
    if (!parsed.success) {
      for (const issue of parsed.error.issues) reasons.push(`${String(issue.path[0] ?? 'row')}: ${issue.message}`);
    }
    if (reasons.length || !parsed.success) {
      rows.push({ row: line, status: 'INVALID', reason: reasons.join('; ') });
      continue;
    }
    const v = values({ ...parsed.data, truckId: truckId! });
    const key = `${v.truckId}|${v.purchasedAt.getTime()}|${v.gallons}`;
    if (seen.has(key)) {
      rows.push({ row: line, status: 'DUPLICATE', reason: 'The same truck, time and gallons appear earlier in the file' });
      continue;
    }
    seen.add(key);
    rows.push({ row: line, status: 'OK', reason: null });
    good.push({ line, key, values: v });
  }

  // Already stored: the file's keys looked up in the unique index (one statement, only the matches come back).
  const stored = new Set<string>();
  for (let i = 0; i < good.length; i += INSERT_CHUNK) {
    const keys = JSON.stringify(good.slice(i, i + INSERT_CHUNK).map((g) => ({ t: g.values.truckId, at: g.values.purchasedAt.toISOString(), g: g.values.gallons })));
    const { rows: found } = (await db.execute(sql`
      select f.truck_id, (extract(epoch from f.purchased_at) * 1000)::float8 as at, f.gallons::text as gallons
      from json_to_recordset(${keys}::json) as k(t integer, at timestamptz, g numeric(7, 3))
      join ${fuelPurchases} f on f.truck_id = k.t and f.purchased_at = k.at and f.gallons = k.g`)) as unknown as {
      rows: { truck_id: number; at: number; gallons: string }[];
    };
    for (const e of found) stored.add(`${Number(e.truck_id)}|${Number(e.at)}|${Number(e.gallons).toFixed(3)}`);
  }
  const statusOf = new Map(rows.map((r) => [r.row, r]));
  const toWrite = good.filter((g) => {
    if (!stored.has(g.key)) return true;
    const r = statusOf.get(g.line)!;
    r.status = 'DUPLICATE';
    r.reason = 'Already imported: this truck has a purchase of these gallons at this time';
    return false;
  });

  const invalid = rows.filter((r) => r.status === 'INVALID').length;
  if (body.dryRun || (invalid > 0 && !body.skipInvalid)) return { imported: 0, rows };
  let imported = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < toWrite.length; i += INSERT_CHUNK) {
      // A purchase stored by another import since the check above stays counted once (on conflict do nothing).
      imported += await insertPurchases(
        tx,
        toWrite.slice(i, i + INSERT_CHUNK).map((g) => g.values),
      );
    }
    await tx
      .insert(fuelImportMappings)
      .values({ companyId: body.companyId, mapping: body.mapping })
      .onConflictDoUpdate({ target: fuelImportMappings.companyId, set: { mapping: body.mapping, updatedAt: sql`now()` } });
  });
  return { imported, rows };
}

// ---------------------------------------------------------------- for the return (index.ts)

export interface PurchaseTotal {
  truckId: number;
  jurisdiction: string;
  /** US gallons, summed exactly (numeric) and read as a number. */
  gallons: number;
  purchases: number;
}

/** Per truck and jurisdiction: the gallons and number of purchases of a company's trucks in [from, to]. */
export async function purchaseTotals(db: Db, companyId: number, from: Date, to: Date): Promise<PurchaseTotal[]> {
  const rows = await db
    .select({
      truckId: fuelPurchases.truckId,
      jurisdiction: fuelPurchases.jurisdiction,
      gallons: sql<string>`sum(${fuelPurchases.gallons})::text`,
      purchases: sql<number>`count(*)::int`,
    })
    .from(fuelPurchases)
    .where(
      and(
        inArray(fuelPurchases.truckId, db.select({ id: trucks.id }).from(trucks).where(eq(trucks.companyId, companyId))),
        gte(fuelPurchases.purchasedAt, from),
        lte(fuelPurchases.purchasedAt, to),
      ),
    )
    .groupBy(fuelPurchases.truckId, fuelPurchases.jurisdiction);
  return rows.map((r) => ({ ...r, gallons: Number(r.gallons), purchases: Number(r.purchases) }));
}
