import { sql, type AnyColumn } from 'drizzle-orm';
import type { z } from 'zod';
import type { tripExportQuery } from '@milepost/contracts/trips-api';
import { TRIP_STATUS_LABELS, type TripStatus } from '@milepost/contracts/trips-list';
import { METERS_TO_MILES } from '@milepost/geo/units';
import type { ExportSessions } from '../../db/client';
import { trips } from '../../db/schema/trips';
import { exportCsv, oneDecimal, type CsvColumn } from '../../platform/csv';
import { tripListQueryParts } from './service';

/** What one exported trip reads (the list's columns, under these aliases). */
interface ExportRow {
  unitNumber: string | null;
  driverName: string | null;
  assignUserName: string | null;
  companyName: string | null;
  number: string | null;
  dispatcherName: string | null;
  routeMiles: number | null;
  routeTotalEmpty: number | null;
  routePu: number | null;
  routeTrl: number | null;
  routeTotalMiles: number | null;
  routeSource: string | null;
  payableMileage: number | null;
  loadedMiles: number | null;
  emptyMiles: number | null;
  pickupLocation: string | null;
  deliveryLocation: string | null;
  pickupDateTime: string;
  updatedAt: string;
  tripStatus: string;
}

const t = trips;
/** Central wall time, MM/DD/YYYY HH:mm:ss, formatted by the database (a JS time-zone format per cell costs seconds at 100 000 rows). */
const central = (column: AnyColumn) => sql`to_char(${column} at time zone 'America/Chicago', 'MM/DD/YYYY HH24:MI:SS')`;
const selection = sql`${t.truckUnit} as "unitNumber", ${t.driverName} as "driverName", ${t.assignedUserName} as "assignUserName",
  ${t.companyName} as "companyName", ${t.identifierValue} as "number", ${t.dispatcherName} as "dispatcherName",
  ${t.routeMiles} as "routeMiles", ${t.routeTotalEmpty} as "routeTotalEmpty", ${t.routePu} as "routePu", ${t.routeTrl} as "routeTrl",
  ${t.routeTotalMiles} as "routeTotalMiles", ${t.routeSource} as "routeSource", ${t.payableMileage} as "payableMileage", ${t.loadedMiles} as "loadedMiles",
  ${t.emptyMiles} as "emptyMiles", ${t.pickupLocation} as "pickupLocation", ${t.deliveryLocation} as "deliveryLocation",
  ${central(t.pickupDateTime)} as "pickupDateTime", ${central(t.updatedAt)} as "updatedAt", ${t.tripStatus} as "tripStatus"`;

/** 'HERE' or 'Estimate'; blank while the trip has no route figures. */
export const routeSourceLabel = (source: string | null) => (source === 'HERE' ? 'HERE' : source === 'ESTIMATE' ? 'Estimate' : null);

const routeMiles = (m: number | null) => (m === null ? null : oneDecimal(Number(m) * METERS_TO_MILES));

/** The Trips table's columns and words (docs/product/trips.md), miles to one decimal as shown, times in Central time. */
const COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'Unit', value: (r) => r.unitNumber },
  { header: 'Driver', value: (r) => r.driverName },
  { header: 'Assigned User', value: (r) => r.assignUserName },
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Load/Trailer', value: (r) => r.number },
  { header: 'Dispatcher', value: (r) => r.dispatcherName },
  { header: 'Miles', value: (r) => routeMiles(r.routeMiles) },
  { header: 'Total Empty', value: (r) => routeMiles(r.routeTotalEmpty) },
  { header: 'PU', value: (r) => routeMiles(r.routePu) },
  { header: 'TRL', value: (r) => routeMiles(r.routeTrl) },
  { header: 'TOTAL MILES', value: (r) => routeMiles(r.routeTotalMiles) },
  // Where Miles … TOTAL MILES came from (issue 20 point 4): the screens mark estimates with "≈".
  { header: 'Route source', value: (r) => routeSourceLabel(r.routeSource) },
  { header: 'Payable Mileage', value: (r) => oneDecimal(r.payableMileage) },
  { header: 'Loaded Miles', value: (r) => oneDecimal(r.loadedMiles) },
  { header: 'Empty Miles', value: (r) => oneDecimal(r.emptyMiles) },
  { header: 'Pickup Location', value: (r) => r.pickupLocation },
  { header: 'Delivery Location', value: (r) => r.deliveryLocation },
  { header: 'Pickup Date Time (CT)', value: (r) => r.pickupDateTime },
  { header: 'Updated (CT)', value: (r) => r.updatedAt },
  { header: 'Status', value: (r) => TRIP_STATUS_LABELS[r.tripStatus as TripStatus] ?? r.tripStatus },
];

/**
 * Every trip the list would show for these filters, in its order, as a CSV stream read on an
 * export session (docs/deploy.md "Exports"); 503 EXPORTS_BUSY when every one is in use.
 */
export async function exportTrips(exports: ExportSessions, q: z.output<typeof tripExportQuery>, onError: (err: unknown) => void) {
  const { where, order } = tripListQueryParts(q);
  const query = sql`select ${selection} from ${t}${where ? sql` where ${where}` : sql``} order by ${sql.join(order, sql`, `)}`;
  return exportCsv(exports, query, COLUMNS, onError);
}

