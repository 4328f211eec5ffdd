import { PERIOD_TYPES, formatWireDateTime, periodRange, type PeriodType } from '@milepost/contracts/time';
import { tripSortFields } from '@milepost/contracts/trips-api';
import { z } from 'zod';
import { idSearchParam as id, sortSearchParam, wireDateSearchParam as wireDate } from '@/components/data-table/sorting';

const text = z.string().trim().min(1).max(50).optional().catch(undefined);

/** The /trips screen's URL state (docs/product/shell.md): view, filters and sort. */
export const tripsSearchSchema = z.object({
  view: z.enum(['table', 'map']).optional().catch(undefined),
  loadNumber: text,
  trailerNumber: text,
  truckId: id,
  truckLabel: z.string().max(100).optional().catch(undefined),
  driverId: id,
  driverLabel: z.string().max(100).optional().catch(undefined),
  assignedUserId: id,
  assignedUserLabel: z.string().max(100).optional().catch(undefined),
  /** WEEKLY / MONTHLY / YEARLY fill the dates; CUSTOM means the dates were picked. */
  periodType: z.enum([...PERIOD_TYPES, 'CUSTOM']).optional().catch(undefined),
  fromDate: wireDate,
  toDate: wireDate,
  sort: sortSearchParam(tripSortFields),
  /** The map view shows the route of the chosen trip (Submit, or View Route on a row); any filter change clears it. */
  showRoute: z.boolean().optional().catch(undefined),
});

export type TripsSearch = z.output<typeof tripsSearchSchema>;

/** The dates a period fills in (Monday weeks, Central time, first day's start to last day's end). */
export function periodSearch(type: PeriodType, now: Date = new Date()): Pick<TripsSearch, 'periodType' | 'fromDate' | 'toDate'> {
  const { from, to } = periodRange(type, now);
  return { periodType: type, fromDate: formatWireDateTime(from), toDate: formatWireDateTime(to) };
}

/**
 * The date-range picker's fixed minimum (docs/product/trips.md "disables dates before a fixed minimum whose
 * value is not shown"): no trip in Milepost is older.
 */
export const DATE_RANGE_MIN_DAY = '2020-01-01';
