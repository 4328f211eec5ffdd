import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { decimalNumber, id } from './fields';
import { CENTRAL_TZ } from './list-query';
import { centralDateTime } from './time';

/**
 * State miles for IFTA (docs/state-miles.md): each trip's miles split by jurisdiction (a US
 * state's postal code, DC, a territory, or OUT outside the US), from one of three sources. A
 * trip counts in a report by its best source: TELEMATICS (its GPS track, Samsara's, else GLE's),
 * else ROUTE (its HERE route), else ESTIMATE (straight legs between its stops). Quarters are
 * Central-time quarters of the pickup time; cancelled trips are left out.
 */

export const STATE_MILES_SOURCES = ['TELEMATICS', 'ROUTE', 'ESTIMATE'] as const;
export type StateMilesSource = (typeof STATE_MILES_SOURCES)[number];

export const STATE_MILES_SOURCE_LABELS: Record<StateMilesSource, string> = {
  TELEMATICS: 'GPS (telematics)',
  ROUTE: 'HERE route',
  ESTIMATE: 'Estimate (straight legs)',
};

export const STATE_MILES_MESSAGES = {
  fromDate: 'fromDate must be MM/DD/YYYY HH:mm:ss',
  toDate: 'toDate must be MM/DD/YYYY HH:mm:ss',
  rangeOrder: 'toDate must not be before fromDate',
  periodType: 'periodType must be QUARTERLY',
  year: 'year must be a whole number from 2000 to 2100',
  quarter: 'quarter must be 1, 2, 3 or 4',
  period: 'Give periodType=QUARTERLY with year and quarter, or fromDate and toDate',
} as const;

const year = decimalNumber(z.number({ message: STATE_MILES_MESSAGES.year }).int(STATE_MILES_MESSAGES.year).min(2000, STATE_MILES_MESSAGES.year).max(2100, STATE_MILES_MESSAGES.year));
const quarter = decimalNumber(z.number({ message: STATE_MILES_MESSAGES.quarter }).int(STATE_MILES_MESSAGES.quarter).min(1, STATE_MILES_MESSAGES.quarter).max(4, STATE_MILES_MESSAGES.quarter));

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

/** One jurisdiction over every truck: its miles, the trips that drove there, and the share of its miles from GPS (0..1). */
export const stateMilesState = z.object({
  state: z.string(),
  miles: z.number(),
  trips: z.number().int(),
  gpsShare: z.number(),
});
export type StateMilesState = z.infer<typeof stateMilesState>;

export const stateMilesReport = z.object({
  /** The period's first and last second, MM/DD/YYYY HH:mm:ss Central. */
  fromDate: z.string(),
  toDate: z.string(),
  rows: z.array(stateMilesRow),
  states: z.array(stateMilesState),
  totalMiles: z.number(),
  /** Share (0..1) of all the period's miles that came from GPS. */
  gpsShare: z.number(),
});
export type StateMilesReport = z.infer<typeof stateMilesReport>;

/** `GET /trips/{id}/state-miles`: one entry per source the trip has, best first. */
export const tripStateMiles = z.object({
  sources: z.array(
    z.object({
      source: z.enum(STATE_MILES_SOURCES),
      /** What the split was computed from (the route's trip version, the track's provider and last write). */
      computedFrom: z.string(),
      states: z.array(z.object({ state: z.string(), miles: z.number() })),
    }),
  ),
});
export type TripStateMiles = z.infer<typeof tripStateMiles>;

/** The Central-time quarter `q` of `year`: its first and last second. */
export function quarterRange(year: number, q: number): { from: Date; to: Date } {
  const from = new TZDate(year, (q - 1) * 3, 1, 0, 0, 0, CENTRAL_TZ);
  const next = new TZDate(year, q * 3, 1, 0, 0, 0, CENTRAL_TZ);
  return { from: new Date(from.getTime()), to: new Date(next.getTime() - 1000) };
}

/** The last quarter that has fully ended (Central time) before `now`: the one an IFTA return is filed for. */
export function lastFullQuarter(now: Date = new Date()): { year: number; quarter: number } {
  const local = new TZDate(now.getTime(), CENTRAL_TZ);
  const current = Math.floor(local.getMonth() / 3) + 1;
  return current === 1 ? { year: local.getFullYear() - 1, quarter: 4 } : { year: local.getFullYear(), quarter: current - 1 };
}

/** The IFTA worksheet's columns, in order. */
export const STATE_MILES_CSV_HEADERS = ['Jurisdiction', 'Truck', 'Miles (mi)', 'Source'] as const;

export const stateMilesFileName = (q: StateMilesQuery) =>
  q.periodType ? `milepost-state-miles-${q.year}-q${q.quarter}.csv` : 'milepost-state-miles.csv';

/** "82 % from GPS" */
export const gpsShareText = (share: number) => `${Math.round(share * 100)} % from GPS`;
