import { PERIOD_TYPES, type PeriodType } from '@milepost/contracts/list-query';
import { idParam, oneOfParam, textParam, wireDateParam, type SearchOf } from '@/lib/search-params';

/**
 * The /reports screen's URL state (docs/product/admin.md "Reports"). `periodType` absent means the default,
 * weekly; NONE is the period cleared with its clear icon (nothing chosen yet); CUSTOM means a
 * date range was picked. For presets the dates stay empty (the server groups every period).
 */
export const reportsSearchParams = {
  truckId: idParam,
  truckLabel: textParam({ max: 100, trim: false }),
  periodType: oneOfParam([...PERIOD_TYPES, 'CUSTOM', 'NONE']),
  fromDate: wireDateParam,
  toDate: wireDateParam,
  /** The screen's tab: absent is the mileage report; STATE_MILES the IFTA state miles (docs/state-miles.md); IFTA the quarterly return (docs/ifta.md). */
  tab: oneOfParam(['STATE_MILES', 'IFTA']),
  /** The State miles and IFTA tabs' quarter as YYYY-Qn (absent: the last full quarter), or CUSTOM (State miles) for the range below, and company filter. */
  quarter: (value: unknown) => (typeof value === 'string' && (/^20\d\d-Q[1-4]$/.test(value) || value === 'CUSTOM') ? value : undefined),
  /** The State miles tab's custom range, first and last day (YYYY-MM-DD, Central). */
  stateFrom: (value: unknown) => (typeof value === 'string' && /^20\d\d-\d\d-\d\d$/.test(value) ? value : undefined),
  stateTo: (value: unknown) => (typeof value === 'string' && /^20\d\d-\d\d-\d\d$/.test(value) ? value : undefined),
  companyId: idParam,
  companyLabel: textParam({ max: 100, trim: false }),
};
export type ReportsSearch = SearchOf<typeof reportsSearchParams>;

export const DEFAULT_PERIOD: PeriodType = 'WEEKLY';

/** What the screen asks for: a preset, a complete custom range, or nothing yet. */
export type ReportRequest =
  { kind: 'period'; periodType: PeriodType; truckId?: number | undefined } | { kind: 'range'; fromDate: string; toDate: string; truckId?: number | undefined } | { kind: 'none' };

export function reportRequest(search: ReportsSearch): ReportRequest {
  const type = search.periodType ?? DEFAULT_PERIOD;
  if (type === 'NONE') return { kind: 'none' };
  if (type === 'CUSTOM') {
    return search.fromDate && search.toDate ? { kind: 'range', fromDate: search.fromDate, toDate: search.toDate, truckId: search.truckId } : { kind: 'none' };
  }
  return { kind: 'period', periodType: type, truckId: search.truckId };
}

/** Choosing a preset disables the date range and leaves its dates empty. */
export const choosePeriod = (type: PeriodType): Partial<ReportsSearch> => ({ periodType: type, fromDate: undefined, toDate: undefined });
/** The period's clear icon: no period, no dates. */
export const clearPeriod = (): Partial<ReportsSearch> => ({ periodType: 'NONE', fromDate: undefined, toDate: undefined });

/** Picking a range day makes the type custom (which disables the period select); clearing both days clears it. */
export function chooseRangeDay(search: ReportsSearch, which: 'fromDate' | 'toDate', wire: string | undefined): Partial<ReportsSearch> {
  const next = { fromDate: search.fromDate, toDate: search.toDate, [which]: wire };
  return { ...next, periodType: next.fromDate || next.toDate ? 'CUSTOM' : 'NONE' };
}
