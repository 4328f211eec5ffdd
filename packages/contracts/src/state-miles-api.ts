import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { decimalNumber, id } from './fields';
import { CENTRAL_TZ } from './list-query';
import { centralDateTime } from './time';

/**
 * State miles for IFTA (docs/state-miles.md): each trip's miles split by jurisdiction (a US
 * state's postal code, DC, a territory, a Canadian province or territory, MX for Mexico, or OUT for
 * water or unmatched), from one of three sources. A
 * trip counts in a report by its best source: GPS (its track, the first provider's in PROVIDERS order, when it
 * measured every leg), else ROUTE (its HERE route); a trip with only ESTIMATE (straight legs between
 * its stops) is not counted but listed as not fileable. Quarters are
 * Central-time quarters of the pickup time; cancelled trips are left out.
 */

/**
 * Where a split's miles came from: GPS (the truck's track over the trip's window), ROUTE (HERE's
 * route), ESTIMATE (straight lines between the stops). ESTIMATE miles are never counted in the
 * IFTA totals or the worksheet: such trips are listed apart as not fileable.
 */
export const STATE_MILES_SOURCES = ['GPS', 'ROUTE', 'ESTIMATE'] as const;
export type StateMilesSource = (typeof STATE_MILES_SOURCES)[number];

export const STATE_MILES_SOURCE_LABELS: Record<StateMilesSource, string> = {
  GPS: 'GPS',
  ROUTE: 'HERE route',
  ESTIMATE: 'Estimate (straight line)',
};

/**
 * Canada's provinces and territories as the state miles name them (their postal codes, none a US
 * postal code: docs/state-miles.md "Jurisdiction codes"); `IFTA` says whether it files under IFTA (the ten
 * provinces do; Yukon, the Northwest Territories and Nunavut do not).
 */
export const CANADIAN_STATE_MILES: Readonly<Record<string, { name: string; ifta: boolean }>> = {
  AB: { name: 'Alberta', ifta: true },
  BC: { name: 'British Columbia', ifta: true },
  MB: { name: 'Manitoba', ifta: true },
  NB: { name: 'New Brunswick', ifta: true },
  NL: { name: 'Newfoundland and Labrador', ifta: true },
  NS: { name: 'Nova Scotia', ifta: true },
  ON: { name: 'Ontario', ifta: true },
  PE: { name: 'Prince Edward Island', ifta: true },
  QC: { name: 'Quebec', ifta: true },
  SK: { name: 'Saskatchewan', ifta: true },
  NT: { name: 'Northwest Territories', ifta: false },
  NU: { name: 'Nunavut', ifta: false },
  YT: { name: 'Yukon', ifta: false },
};
/** Mexico's code in the state miles (its states are not split). */
export const MEXICO_CODE = 'MX';
/** Water or unmatched: everything the state miles cannot put in a US state, a Canadian province or territory, or Mexico. */
export const OUTSIDE_CODE = 'OUT';

/** What OUT means (the screen's hover and the worksheet's Note column). */
export const OUTSIDE_US_NOTE =
  'Water or unmatched: open water farther than 100 km from any shore, or land of a country other than the US, Canada and Mexico (the Bahamas, Cuba, …). Not an IFTA jurisdiction.';
/** What MX means. */
export const MEXICO_NOTE = 'Mexico: not an IFTA jurisdiction.';

/**
 * What a jurisdiction that is not a US state means, one sentence: the screen's hover and the
 * worksheet's Note column both ask this (docs/state-miles.md "Jurisdiction codes"). A US state, DC or
 * territory has none ('').
 */
export function jurisdictionNote(state: string): string {
  if (state === OUTSIDE_CODE) return OUTSIDE_US_NOTE;
  if (state === MEXICO_CODE) return MEXICO_NOTE;
  const ca = Object.hasOwn(CANADIAN_STATE_MILES, state) ? CANADIAN_STATE_MILES[state] : undefined;
  if (!ca) return '';
  return ca.ifta ? `${ca.name}, Canada (IFTA jurisdiction).` : `${ca.name}, Canada: not an IFTA jurisdiction.`;
}

/** "not fileable: 3 trips with no route or GPS" */
export const notFileableText = (trips: number) => `Not fileable: ${trips.toLocaleString('en-US')} ${trips === 1 ? 'trip' : 'trips'} with no route or GPS`;
/** A not fileable trip's note in the worksheet. */
export const notFileableNote = (number: string | null) =>
  `Not fileable: ${number ?? 'a trip'} has only a straight-line estimate (no HERE route, no complete GPS track); not counted`;

export const STATE_MILES_MESSAGES = {
  fromDate: 'fromDate must be MM/DD/YYYY HH:mm:ss',
  toDate: 'toDate must be MM/DD/YYYY HH:mm:ss',
  rangeOrder: 'toDate must not be before fromDate',
  periodType: 'periodType must be QUARTERLY',
  year: 'year must be a whole number from 2000 to 2100',
  quarter: 'quarter must be 1, 2, 3 or 4',
  period: 'Give periodType=QUARTERLY with year and quarter, or fromDate and toDate',
} as const;

const year = decimalNumber(
  z.number({ message: STATE_MILES_MESSAGES.year }).int(STATE_MILES_MESSAGES.year).min(2000, STATE_MILES_MESSAGES.year).max(2100, STATE_MILES_MESSAGES.year),
);
const quarter = decimalNumber(
  z.number({ message: STATE_MILES_MESSAGES.quarter }).int(STATE_MILES_MESSAGES.quarter).min(1, STATE_MILES_MESSAGES.quarter).max(4, STATE_MILES_MESSAGES.quarter),
);

/**
 * `GET /state-miles` and `/state-miles/export.csv`: a quarter (periodType=QUARTERLY, year,
 * quarter) or a range (fromDate, toDate as MM/DD/YYYY HH:mm:ss Central); truckId and companyId
 * narrow it.
 */
export const stateMilesQuery = z
  .object({
    truckId: id('truckId must be a whole number from 1 to 2147483647').optional(),
    companyId: id('companyId must be a whole number from 1 to 2147483647').optional(),
    periodType: z.enum(['QUARTERLY'], { message: STATE_MILES_MESSAGES.periodType }).optional(),
    year: year.optional(),
    quarter: quarter.optional(),
    fromDate: centralDateTime(STATE_MILES_MESSAGES.fromDate, 'fromDate').optional(),
    toDate: centralDateTime(STATE_MILES_MESSAGES.toDate, 'toDate').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.periodType) {
      if (q.year === undefined) ctx.addIssue({ code: 'custom', message: STATE_MILES_MESSAGES.year, path: ['year'] });
      if (q.quarter === undefined) ctx.addIssue({ code: 'custom', message: STATE_MILES_MESSAGES.quarter, path: ['quarter'] });
      return;
    }
    if (!q.fromDate) ctx.addIssue({ code: 'custom', message: STATE_MILES_MESSAGES.period, path: ['periodType'] });
    else if (!q.toDate) ctx.addIssue({ code: 'custom', message: STATE_MILES_MESSAGES.toDate, path: ['toDate'] });
    else if (q.toDate < q.fromDate) ctx.addIssue({ code: 'custom', message: STATE_MILES_MESSAGES.rangeOrder, path: ['toDate'] });
  });
export type StateMilesQuery = z.output<typeof stateMilesQuery>;

/** One truck's miles in one jurisdiction from one source (its trips counted by their best source). */
export const stateMilesRow = z.object({
  truckId: z.number().int(),
  unitNumber: z.string(),
  state: z.string(),
  miles: z.number(),
  source: z.enum(STATE_MILES_SOURCES),
  trips: z.number().int(),
});
export type StateMilesRow = z.infer<typeof stateMilesRow>;

/** One jurisdiction over every truck: its counted miles, the trips that drove there, and the share of those miles measured by GPS (0..1). */
export const stateMilesState = z.object({
  state: z.string(),
  miles: z.number(),
  trips: z.number().int(),
  gpsShare: z.number(),
});
export type StateMilesState = z.infer<typeof stateMilesState>;

/** One truck over the period: its counted miles and the share measured by GPS (0..1). */
export const stateMilesTruck = z.object({ truckId: z.number().int(), unitNumber: z.string(), miles: z.number(), gpsShare: z.number() });
export type StateMilesTruck = z.infer<typeof stateMilesTruck>;

/** A trip of the period whose only split is a straight-line estimate: not counted, listed apart. */
export const notFileableTrip = z.object({ tripId: z.number().int(), number: z.string().nullable(), truckId: z.number().int(), unitNumber: z.string(), miles: z.number() });
export type NotFileableTrip = z.infer<typeof notFileableTrip>;
/** At most this many not fileable trips are named in the report (all of them in the worksheet). */
export const NOT_FILEABLE_LISTED = 100;

export const stateMilesReport = z.object({
  /** The period's first and last second, MM/DD/YYYY HH:mm:ss Central. */
  fromDate: z.string(),
  toDate: z.string(),
  /** Counted rows only: GPS and ROUTE (never ESTIMATE). */
  rows: z.array(stateMilesRow),
  states: z.array(stateMilesState),
  trucks: z.array(stateMilesTruck),
  totalMiles: z.number(),
  /** Share (0..1) of all the period's counted miles measured by GPS. */
  gpsShare: z.number(),
  /** Trips with only a straight-line estimate: how many, their miles, and the first NOT_FILEABLE_LISTED by pickup. */
  notFileable: z.object({ trips: z.number().int(), miles: z.number(), items: z.array(notFileableTrip) }),
});
export type StateMilesReport = z.infer<typeof stateMilesReport>;

/** `GET /trips/{id}/state-miles`: one entry per source the trip has, best first. */
export const tripStateMiles = z.object({
  sources: z.array(
    z.object({
      source: z.enum(STATE_MILES_SOURCES),
      /** What the split was computed from (the route's trip version, the track's provider and last write). */
      computedFrom: z.string(),
      /** A GPS split whose track did not measure every leg: shown, never counted (the trip counts by its route). */
      partial: z.boolean(),
      states: z.array(z.object({ state: z.string(), miles: z.number() })),
    }),
  ),
});
export type TripStateMiles = z.infer<typeof tripStateMiles>;

/**
 * The Central-time quarter `q` of `year`: its first and last second. Worked out once per quarter
 * and kept (two time-zone dates cost ~0.1 ms, 7 % of a state miles read's server CPU:
 * docs/trips-query-plans.md "Copies and allocations per request"); each call gets its own Dates.
 */
export function quarterRange(year: number, q: number): { from: Date; to: Date } {
  const key = `${year}-${q}`;
  let kept = quarterBounds.get(key);
  if (!kept) {
    const from = new TZDate(year, (q - 1) * 3, 1, 0, 0, 0, CENTRAL_TZ);
    const next = new TZDate(year, q * 3, 1, 0, 0, 0, CENTRAL_TZ);
    quarterBounds.set(key, (kept = { from: from.getTime(), to: next.getTime() - 1000 }));
  }
  return { from: new Date(kept.from), to: new Date(kept.to) };
}
/** Epoch milliseconds by "year-quarter": four a year asked for. */
const quarterBounds = new Map<string, { from: number; to: number }>();

/** The last quarter that has fully ended (Central time) before `now`: the one an IFTA return is filed for. */
export function lastFullQuarter(now: Date = new Date()): { year: number; quarter: number } {
  const local = new TZDate(now.getTime(), CENTRAL_TZ);
  const current = Math.floor(local.getMonth() / 3) + 1;
  return current === 1 ? { year: local.getFullYear() - 1, quarter: 4 } : { year: local.getFullYear(), quarter: current - 1 };
}

/** The quarter `now` falls in (Central time): the current quarter, to date. */
export function currentQuarter(now: Date = new Date()): { year: number; quarter: number } {
  const local = new TZDate(now.getTime(), CENTRAL_TZ);
  return { year: local.getFullYear(), quarter: Math.floor(local.getMonth() / 3) + 1 };
}

/** The IFTA worksheet's columns, in order. */
export const STATE_MILES_CSV_HEADERS = ['Jurisdiction', 'Truck', 'Miles (mi)', 'Source', 'Note'] as const;

export const stateMilesFileName = (q: StateMilesQuery) => (q.periodType ? `milepost-state-miles-${q.year}-q${q.quarter}.csv` : 'milepost-state-miles.csv');

/** "82 % from GPS" */
export const gpsShareText = (share: number) => `${Math.round(share * 100)} % from GPS`;
