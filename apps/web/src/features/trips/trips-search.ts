import { PERIOD_TYPES, tripSortFields } from '@milepost/contracts/list-query';
import { booleanParam, idParam as id, oneOfParam, sortParam, textParam, wireDateParam as wireDate, type SearchOf } from '@/lib/search-params';

const text = textParam({ max: 50 });
const label = textParam({ max: 100, trim: false });

/** The /trips screen's URL state (docs/product/shell.md): view, filters and sort. */
export const tripsSearchParams = {
  view: oneOfParam(['table', 'map']),
  loadNumber: text,
  trailerNumber: text,
  truckId: id,
  truckLabel: label,
  driverId: id,
  driverLabel: label,
  assignedUserId: id,
  assignedUserLabel: label,
  /** WEEKLY / MONTHLY / YEARLY fill the dates; CUSTOM means the dates were picked. */
  periodType: oneOfParam([...PERIOD_TYPES, 'CUSTOM']),
  fromDate: wireDate,
  toDate: wireDate,
  sort: sortParam(tripSortFields),
  /** The map view shows the route of the chosen trip (Submit, or View Route on a row); any filter change clears it. */
  showRoute: booleanParam,
};

export type TripsSearch = SearchOf<typeof tripsSearchParams>;

/**
 * The date-range picker's fixed minimum (docs/product/trips.md "disables dates before a fixed minimum whose
 * value is not shown"): no trip in Milepost is older.
 */
export const DATE_RANGE_MIN_DAY = '2020-01-01';
