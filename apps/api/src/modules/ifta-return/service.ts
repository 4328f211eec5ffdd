import { eq } from 'drizzle-orm';
import { metresToMiles } from '@milepost/geo/units';
import type { Paged } from '@milepost/contracts/api';
import {
  iftaQuarterRange,
  IFTA_MEMBERS,
  IFTA_MESSAGES,
  type IftaReturn,
  type IftaReturnQuery,
  type IftaReturnRow,
  type IftaReturnTrip,
  type IftaWarning,
} from '@milepost/contracts/ifta-api';
import { STATE_MILES_SOURCES, type StateMilesSource } from '@milepost/contracts/state-miles-api';
import { formatWireDateTime } from '@milepost/contracts/time';
import type { Db } from '../../db/client';
import { companies, trucks } from '../../db/schema/reference';
import { AppError } from '../../platform/errors';
import { purchaseTotals } from '../fuel-purchases';
import { rateTable } from '../ifta-rates';
import { companyCountedTripsSummary, companyQuarterTotals, companyTripsInJurisdiction } from '../state-miles';

/*
 * The IFTA quarterly return, drafted from what Milepost stores (docs/ifta.md "The return"): the
 * fileable state miles of a company's trucks, their fuel purchases and the quarter's rates, with
 * the arithmetic of the IFTA Articles of Agreement. A GET: it reads stored rows and writes nothing.
 */

/**
 * THE rule of which miles may be filed (docs/ifta.md "Fileable miles"): miles measured by GPS or
 * driven on a planned road route, never a straight-line estimate. Every figure of the return
 * (rows, totals, MPG, the not-fileable count, the drill-down's flag) asks this one function.
 * It reads the source of the trip's counted split (GPS, ROUTE or ESTIMATE; a partial GPS split is
 * never the counted one: docs/state-miles.md), the one place that says what is fileable.
 */
export function isFileable(split: { source: StateMilesSource | string }): boolean {
  return split.source === 'GPS' || split.source === 'ROUTE';
}

/** The sources left out of the return, and the fileable ones that are not GPS (a day of them: DAYS_WITHOUT_GPS), by the rule above. */
const LEFT_OUT = STATE_MILES_SOURCES.filter((source) => !isFileable({ source }));
const FILEABLE_WITHOUT_GPS = STATE_MILES_SOURCES.filter((source) => isFileable({ source }) && source !== 'GPS');

/** IFTA's MPG band outside which a return is usually questioned (docs/ifta.md "Warnings"). */
const MPG_LOW = 4;
const MPG_HIGH = 9;

const round2 = (x: number) => Math.round(x * 100) / 100;
/** Whole gallons × a rate of 4 decimals, in cents (integers, so no binary drift), as dollars. */
const dollars = (gallons: number, rate: number) => Math.round((gallons * Math.round(rate * 10_000)) / 100) / 100;

async function checkCompany(db: Db, companyId: number) {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw new AppError('NOT_FOUND', IFTA_MESSAGES.companyNotFound);
}

export async function iftaReturnOf(db: Db, q: IftaReturnQuery): Promise<IftaReturn> {
  await checkCompany(db, q.companyId);
  const year = Number(q.quarter.slice(0, 4));
  const quarter = Number(q.quarter.slice(5));
  const { from, to } = iftaQuarterRange(q.quarter);
  const [totals, counted, purchases, { version: ratesVersion, rates }, units] = await Promise.all([
    companyQuarterTotals(db, q.companyId, year, quarter),
    companyCountedTripsSummary(db, { companyId: q.companyId, from, to, left: LEFT_OUT, withoutGps: FILEABLE_WITHOUT_GPS }),
    purchaseTotals(db, q.companyId, from, to),
    rateTable(db, q.quarter),
    db.select({ id: trucks.id, unitNumber: trucks.unitNumber }).from(trucks).where(eq(trucks.companyId, q.companyId)),
  ]);
  const unitOf = new Map(units.map((u) => [u.id, u.unitNumber]));

  // Miles per jurisdiction and per truck: fileable ones only; the others are counted apart.
  const byState = new Map<string, { metres: number; trips: number; purchases: number; gallons: number }>();
  const stateOf = (s: string) => {
    let e = byState.get(s);
    if (!e) byState.set(s, (e = { metres: 0, trips: 0, purchases: 0, gallons: 0 }));
    return e;
  };
  const truckMetres = new Map<number, number>();
  let fileableMetres = 0;
  const drivenAnyhow = new Set<string>();
  for (const t of totals) {
    drivenAnyhow.add(t.state);
    if (!isFileable(t)) continue;
    const e = stateOf(t.state);
    e.metres += t.metres;
    e.trips += t.trips;
    fileableMetres += t.metres;
    truckMetres.set(t.truckId, (truckMetres.get(t.truckId) ?? 0) + t.metres);
  }
  // Counted in SQL (a quarter holds tens of thousands of trips): the trips left out, and the days a
  // truck drove with no GPS behind its miles (a fileable trip whose miles came from its planned route).
  const notFileable = counted.left;
  const notFileableMetres = notFileable.metres;
  const daysWithoutGps = counted.daysWithoutGps;

  const truckGallons = new Map<number, number>();
  let gallonsAll = 0;
  for (const p of purchases) {
    const e = stateOf(p.jurisdiction);
    e.gallons += p.gallons;
    e.purchases += p.purchases;
    gallonsAll += p.gallons;
    truckGallons.set(p.truckId, (truckGallons.get(p.truckId) ?? 0) + p.gallons);
  }

  // The return's arithmetic (IFTA Articles of Agreement R1200s; docs/ifta.md "The arithmetic").
  const totalMiles = Math.round(metresToMiles(fileableMetres));
  const totalGallons = Math.round(gallonsAll);
  const mpg = totalGallons > 0 ? round2(totalMiles / totalGallons) : 0;
  const rows: IftaReturnRow[] = [...byState]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([jurisdiction, e]) => {
      const member = IFTA_MEMBERS.has(jurisdiction);
      const rate = rates.get(jurisdiction);
      const rowMiles = Math.round(metresToMiles(e.metres));
      const taxableMiles = member ? rowMiles : 0;
      const taxableGallons = mpg > 0 ? Math.round(taxableMiles / mpg) : 0;
      const taxPaidGallons = Math.round(e.gallons);
      const netTaxableGallons = member ? taxableGallons - taxPaidGallons : 0;
      const ratePerGallon = member ? (rate?.rate ?? 0) : 0;
      const surchargePerGallon = member ? (rate?.surcharge ?? 0) : 0;
      return {
        jurisdiction,
        totalMiles: rowMiles,
        taxableMiles,
        taxableGallons,
        taxPaidGallons,
        netTaxableGallons,
        ratePerGallon,
        surchargePerGallon,
        // A surcharge is owed on every taxable gallon: fuel bought there earns no credit against it.
        surchargeDue: dollars(taxableGallons, surchargePerGallon),
        // Negative: a credit (more tax paid at the pump than the miles owe).
        taxDue: dollars(netTaxableGallons, ratePerGallon),
        trips: e.trips,
        purchases: e.purchases,
      };
    });
  const totalDue = round2(rows.reduce((a, r) => a + Math.round(r.taxDue * 100) + Math.round(r.surchargeDue * 100), 0) / 100);

  const warnings: IftaWarning[] = [];
  const units_ = (ids: Iterable<number>) => [...ids].map((id) => unitOf.get(id) ?? String(id)).sort();
  if (ratesVersion === 0) warnings.push({ code: 'NO_RATES', message: `${q.quarter} has no tax rates yet: enter or import them before filing.`, items: [] });
  else {
    const missing = rows.filter((r) => r.taxableMiles > 0 && !rates.has(r.jurisdiction)).map((r) => r.jurisdiction);
    if (missing.length)
      warnings.push({ code: 'NO_RATES', message: `No ${q.quarter} rate for ${missing.length} jurisdiction(s) with taxable miles: their tax reads 0.`, items: missing });
  }
  const noFuel = [...truckMetres.keys()].filter((id) => !truckGallons.has(id));
  if (noFuel.length) warnings.push({ code: 'MILES_NO_FUEL', message: `${noFuel.length} truck(s) drove fileable miles and bought no fuel this quarter.`, items: units_(noFuel) });
  const noMiles = [...truckGallons.keys()].filter((id) => !truckMetres.has(id));
  if (noMiles.length) warnings.push({ code: 'FUEL_NO_MILES', message: `${noMiles.length} truck(s) bought fuel and have no fileable miles this quarter.`, items: units_(noMiles) });
  if (totalGallons > 0 && totalMiles > 0 && (mpg < MPG_LOW || mpg > MPG_HIGH)) {
    warnings.push({ code: 'MPG_RANGE', message: `Fleet MPG ${mpg.toFixed(2)} is outside ${MPG_LOW}–${MPG_HIGH}: check the miles and the fuel.`, items: [] });
  }
  const notDriven = [...byState].filter(([s, e]) => e.purchases > 0 && !drivenAnyhow.has(s)).map(([s]) => s);
  if (notDriven.length)
    warnings.push({ code: 'FUEL_NOT_DRIVEN', message: `Fuel bought in ${notDriven.length} jurisdiction(s) the trucks never drove this quarter.`, items: notDriven });
  if (notFileable.trips) {
    warnings.push({
      code: 'NOT_FILEABLE',
      message: `${notFileable.trips} trip(s), ${Math.round(metresToMiles(notFileableMetres))} mi, have only a straight-line estimate and are left out: recompute their routes or sync their GPS.`,
      items: [],
    });
  }
  if (daysWithoutGps) warnings.push({ code: 'DAYS_WITHOUT_GPS', message: `${daysWithoutGps} truck-day(s) of miles come from planned routes, without GPS.`, items: [] });
  if (totalMiles === 0 && notFileable.trips === 0) warnings.push({ code: 'NO_MILES', message: `The company's trucks have no miles in ${q.quarter}.`, items: [] });

  return {
    companyId: q.companyId,
    quarter: q.quarter,
    totalMiles,
    totalGallons,
    mpg,
    rows,
    totalDue,
    notFileable: { trips: notFileable.trips, miles: Math.round(metresToMiles(notFileableMetres)) },
    warnings,
  };
}

/** The trips behind a row: the counted trips of the company's trucks that drove in the jurisdiction, with their miles there and source. */
export async function iftaReturnTrips(db: Db, q: IftaReturnQuery & { jurisdiction: string; page: number; size: number }): Promise<Paged<IftaReturnTrip>> {
  await checkCompany(db, q.companyId);
  const { from, to } = iftaQuarterRange(q.quarter);
  const { rows, total } = await companyTripsInJurisdiction(db, { companyId: q.companyId, from, to, state: q.jurisdiction, page: q.page, size: q.size });
  return {
    content: rows.map((r) => ({
      tripId: r.tripId,
      truckId: r.truckId,
      unitNumber: r.unitNumber,
      loadNumber: r.loadNumber,
      pickupDateTime: formatWireDateTime(r.pickupDateTime),
      miles: metresToMiles(r.metres),
      source: r.source,
      fileable: isFileable(r),
    })),
    totalElements: total,
    totalPages: Math.ceil(total / q.size),
    page: q.page,
    size: q.size,
  };
}
