import { z } from 'zod';
import { id } from './fields';
import { PERIOD_TYPES } from './list-query';
import { routeSourceLabel } from './route-source';
import { centralDateTime, parseCentral } from './time';

/**
 * The Reports screen (docs/product/admin.md "Reports", "Report row"): trip mileage summed per period.
 * Periods are Central-time weeks (Monday to Sunday), months and years of the pickup time; a
 * custom date range is broken down per Central day. Cancelled trips are left out.
 */

/** How the rows of a report are grouped: the three presets, or days for a custom range. */
export const REPORT_GROUPINGS = [...PERIOD_TYPES, 'DAILY'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_MESSAGES = {
  fromDate: 'fromDate must be MM/DD/YYYY HH:mm:ss',
  toDate: 'toDate must be MM/DD/YYYY HH:mm:ss',
  rangeOrder: 'toDate must not be before fromDate',
  periodType: 'periodType must be WEEKLY, MONTHLY or YEARLY',
  exportPeriod: 'Give periodType (WEEKLY, MONTHLY or YEARLY), or fromDate and toDate',
  /** Shown under the table. */
  cancelledLeftOut: 'Cancelled trips are not counted.',
} as const;

const truckId = id('truckId must be a whole number from 1 to 2147483647').optional();

/** `GET /trip-statistics?truckId&fromDate&toDate`: a custom range, one row per Central day. */
export const tripStatisticsRangeQuery = z
  .object({
    truckId,
    fromDate: centralDateTime(REPORT_MESSAGES.fromDate, 'fromDate'),
    toDate: centralDateTime(REPORT_MESSAGES.toDate, 'toDate'),
  })
  .refine((q) => q.toDate.getTime() >= q.fromDate.getTime(), { message: REPORT_MESSAGES.rangeOrder, path: ['toDate'] });

/** `GET /trip-statistics/period-type?truckId&periodType`: every week, month or year with trips. */
export const tripStatisticsPeriodQuery = z.object({
  truckId,
  periodType: z.enum(PERIOD_TYPES, { message: REPORT_MESSAGES.periodType }),
});

/** The report's CSV takes either form: a periodType, or fromDate and toDate. */
export const tripStatisticsExportQuery = z
  .object({
    truckId,
    periodType: tripStatisticsPeriodQuery.shape.periodType.optional(),
    fromDate: centralDateTime(REPORT_MESSAGES.fromDate, 'fromDate').optional(),
    toDate: centralDateTime(REPORT_MESSAGES.toDate, 'toDate').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.periodType) return;
    if (!q.fromDate) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.exportPeriod, path: ['periodType'] });
    else if (!q.toDate) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.toDate, path: ['toDate'] });
    else if (q.toDate < q.fromDate) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.rangeOrder, path: ['toDate'] });
  });

/**
 * One period. Every total is the sum, over the period's trips, of the trips list column of the
 * same meaning (miles, 1 source each), so the Reports and Trips screens always agree:
 * totalMiles ← TOTAL MILES, totalEmptyMiles ← Total Empty, totalPuMiles ← PU, totalTrlMiles ←
 * TRL, totalLoadedMiles ← Miles (our routing), totalPayableMileage ← Payable Mileage,
 * emptyMiles / loadedMiles ← the manual Empty / Loaded Miles.
 */
export const reportRow = z.object({
  periodGroup: z.string(),
  /** The period's first and last second (MM/DD/YYYY HH:mm:ss Central), for the Trips screen's filter. */
  periodStart: z.string(),
  periodEnd: z.string(),
  truckCount: z.number().int(),
  loadCount: z.number().int(),
  totalMiles: z.number(),
  totalEmptyMiles: z.number(),
  totalPuMiles: z.number(),
  totalTrlMiles: z.number(),
  totalLoadedMiles: z.number(),
  totalPayableMileage: z.number(),
  emptyMiles: z.number(),
  loadedMiles: z.number(),
  /**
   * Planned vs actual, over the period's trips that have a telematics TOTAL MILES (the first
   * provider's in PROVIDERS order; docs/decisions/011-mileage-reports.md): how many, their routing's TOTAL MILES
   * (planned), their telematics miles (actual) and actual − planned. Null when none has one.
   */
  telematicsLoadCount: z.number().int(),
  plannedMiles: z.number().nullable(),
  actualMiles: z.number().nullable(),
  milesDifference: z.number().nullable(),
  /** The share (0–1) of the period's trips with a telematics figure. */
  dataCoverage: z.number(),
  /** How many of the period's trips have route figures that are an estimate (no HERE route; docs/routing.md "The estimate"). */
  estimateLoadCount: z.number().int(),
  /** How many of the period's trips have no Payable Mileage yet (docs/product/admin.md "Reports"). */
  noPayableLoadCount: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportResult = z.object({
  grouping: z.enum(REPORT_GROUPINGS),
  rows: z.array(reportRow),
  /** The trips of the whole report (its truck and periods) without a Payable Mileage yet, counted in SQL. */
  noPayableCount: z.number().int(),
});
export type ReportResult = z.infer<typeof reportResult>;

/** The report's columns, in the spec's order and words (the No column is the row index). */
export const REPORT_COLUMNS = [
  ['periodGroup', 'Period'],
  ['truckCount', 'Truck Count'],
  ['loadCount', 'Load Count'],
  ['totalMiles', 'Total Miles'],
  ['totalEmptyMiles', 'Total Empty Miles'],
  ['totalPuMiles', 'Total Pu Miles'],
  ['totalTrlMiles', 'Total Trl Miles'],
  ['totalLoadedMiles', 'Total Loaded Miles'],
  ['totalPayableMileage', 'Total Payable Mileage'],
  ['emptyMiles', 'Empty Miles'],
  ['loadedMiles', 'Loaded Miles'],
  ['plannedMiles', 'Planned Miles'],
  ['actualMiles', 'Actual Miles'],
  ['milesDifference', 'Difference'],
  ['dataCoverage', 'Data Coverage'],
] as const satisfies readonly (readonly [keyof ReportRow, string])[];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');
/** A calendar date (held at UTC midnight) as MM/DD/YYYY. */
const mdy = (d: Date) => `${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())}/${d.getUTCFullYear()}`;

/**
 * A period's label and wire bounds, from its first day (YYYY-MM-DD, a Central calendar date as
 * the database's `date_trunc` over Central wall time gives it). The bounds are Central wall
 * times — the first day's 00:00:00 and the last day's 23:59:59 — so they are calendar
 * arithmetic, whatever the DST changes in between: no time-zone work per row (a weekly report
 * answers a hundred rows, and formatting each through the time-zone database cost more than the
 * query; bench/results.md).
 */
export function periodOnWire(grouping: ReportGrouping, firstDay: string): { periodGroup: string; periodStart: string; periodEnd: string } {
  const [y, m, d] = firstDay.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1, d));
  const last =
    grouping === 'WEEKLY'
      ? new Date(Date.UTC(y, m - 1, d + 6))
      : grouping === 'MONTHLY'
        ? new Date(Date.UTC(y, m, 0))
        : grouping === 'YEARLY'
          ? new Date(Date.UTC(y, 11, 31))
          : start;
  const periodGroup = grouping === 'WEEKLY' ? `${mdy(start)} - ${mdy(last)}` : grouping === 'MONTHLY' ? `${MONTHS[m - 1]} ${y}` : grouping === 'YEARLY' ? String(y) : mdy(start);
  return { periodGroup, periodStart: `${mdy(start)} 00:00:00`, periodEnd: `${mdy(last)} 23:59:59` };
}

/** The same period with its bounds as instants: from its first second to the end of its last. */
export function periodOf(grouping: ReportGrouping, firstDay: string): { periodGroup: string; from: Date; to: Date } {
  const p = periodOnWire(grouping, firstDay);
  return { periodGroup: p.periodGroup, from: parseCentral(p.periodStart)!, to: new Date(parseCentral(p.periodEnd)!.getTime() + 999) };
}

/** Actual − planned to one decimal, as the Mileage Report's DIFFERENCES (0 never shows as -0). */
export const milesDifference = (actual: number, planned: number) => Math.round((actual - planned) * 10) / 10 || 0;

/** Data coverage in whole percent, as shown ('67 %') and exported (67). */
export const coveragePercent = (share: number) => Math.round(share * 100);

/** CSV file names, e.g. milepost-report-weekly.csv. */
export const reportFileName = (grouping: ReportGrouping) => `milepost-report-${grouping.toLowerCase()}.csv`;

/**
 * Where a period's route miles came from, in the trips CSV's words ("HERE", "Estimate";
 * `routeSourceLabel` of route-source.ts): a period with estimated and routed trips says how many
 * were estimated. Blank for a period without route figures.
 */
export function periodRouteSource(row: Pick<ReportRow, 'loadCount' | 'estimateLoadCount' | 'totalMiles'>): string | null {
  if (row.estimateLoadCount === 0) return row.totalMiles > 0 ? routeSourceLabel('HERE') : null;
  if (row.estimateLoadCount >= row.loadCount) return routeSourceLabel('ESTIMATE');
  return `${routeSourceLabel('HERE')}; ${routeSourceLabel('ESTIMATE')} for ${row.estimateLoadCount} of ${row.loadCount} trips`;
}

/** The report's sentence about trips that have no payable yet. */
export function noPayableText(count: number): string {
  if (count === 0) return 'Every trip in this report has its Payable Mileage.';
  return `${count === 1 ? '1 trip' : `${count.toLocaleString('en-US')} trips`} in this report ${count === 1 ? 'has' : 'have'} no Payable Mileage yet: ${count === 1 ? 'its' : 'their'} payable miles are not in the totals.`;
}
