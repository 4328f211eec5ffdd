import type { PeriodType } from '@milepost/contracts/list-query';
import { formatWireDateTime, periodRange } from '@milepost/contracts/time';
import type { TripsSearch } from './trips-search';

/**
 * The dates a period fills in (Monday weeks, Central time, first day's start to last day's end).
 * The trips filters load it when a period is chosen: its date library stays off the first screen
 * (docs/decisions/013-first-screen-loads-fast.md).
 */
export function periodSearch(type: PeriodType, now: Date = new Date()): Pick<TripsSearch, 'periodType' | 'fromDate' | 'toDate'> {
  const { from, to } = periodRange(type, now);
  return { periodType: type, fromDate: formatWireDateTime(from), toDate: formatWireDateTime(to) };
}
