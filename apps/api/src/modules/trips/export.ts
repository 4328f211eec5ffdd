import { sql, type AnyColumn } from 'drizzle-orm';
import { ROUTE_SOURCE_HEADER, routeSourceLabel } from '@milepost/contracts/route-source';
import type { z } from 'zod';
import type { tripExportQuery } from '@milepost/contracts/trips-api';
import { TRIP_STATUS_LABELS, type TripStatus } from '@milepost/contracts/trips-list';
import type { ExportSessions } from '../../db/client';
import { trips } from '../../db/schema/trips';
import { metresToEnteredMilesSql, metresToMilesSql } from '../../db/units';
import { exportCsv, oneDecimal, type CsvColumn } from '../../platform/csv';
import { tripListQueryParts } from './queries';

/** What one exported trip reads (the list's columns, under these aliases). */
interface ExportRow {
  unitNumber: string | null;
  driverName: string | null;
  assignUserName: string | null;
  companyName: string | null;
  number: string | null;
  dispatcherName: string | null;
  /** Miles, converted from the metres columns by the database (db/units.ts). */
  miles: number | null;
  totalEmpty: number | null;
  pu: number | null;
  trl: number | null;
  totalMiles: number | null;
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
  ${metresToMilesSql(t.routeM)} as "miles", ${metresToMilesSql(t.routeTotalEmptyM)} as "totalEmpty", ${metresToMilesSql(t.routePuM)} as "pu",
  ${metresToMilesSql(t.routeTrlM)} as "trl", ${metresToMilesSql(t.routeTotalM)} as "totalMiles", ${t.routeSource} as "routeSource",
  ${metresToEnteredMilesSql(t.payableM)} as "payableMileage", ${metresToEnteredMilesSql(t.loadedM)} as "loadedMiles",
  ${metresToEnteredMilesSql(t.emptyM)} as "emptyMiles", ${t.pickupLocation} as "pickupLocation", ${t.deliveryLocation} as "deliveryLocation",
  ${central(t.pickupDateTime)} as "pickupDateTime", ${central(t.updatedAt)} as "updatedAt", ${t.tripStatus} as "tripStatus"`;

/** The Trips table's columns and words (docs/product/trips.md), in miles whatever the user's unit on screen, so every distance header says "(mi)" (docs/decisions/020-one-unit.md); one decimal as shown, times in Central time. */
const COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'Unit', value: (r) => r.unitNumber },
  { header: 'Driver', value: (r) => r.driverName },
  { header: 'Assigned User', value: (r) => r.assignUserName },
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Load/Trailer', value: (r) => r.number },
  { header: 'Dispatcher', value: (r) => r.dispatcherName },
  { header: 'Miles (mi)', value: (r) => oneDecimal(r.miles) },
  { header: 'Total Empty (mi)', value: (r) => oneDecimal(r.totalEmpty) },
  { header: 'PU (mi)', value: (r) => oneDecimal(r.pu) },
  { header: 'TRL (mi)', value: (r) => oneDecimal(r.trl) },
  { header: 'TOTAL MILES (mi)', value: (r) => oneDecimal(r.totalMiles) },
  // Where Miles … TOTAL MILES came from (docs/routing.md "The estimate"): the screens mark estimates with "≈".
  { header: ROUTE_SOURCE_HEADER, value: (r) => routeSourceLabel(r.routeSource) },
  { header: 'Payable Mileage (mi)', value: (r) => oneDecimal(r.payableMileage) },
  { header: 'Loaded Miles (mi)', value: (r) => oneDecimal(r.loadedMiles) },
  { header: 'Empty Miles (mi)', value: (r) => oneDecimal(r.emptyMiles) },
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
