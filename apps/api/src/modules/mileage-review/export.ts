import { sql, type AnyColumn } from 'drizzle-orm';
import type { z } from 'zod';
import type { reviewExportQuery } from '@milepost/contracts/mileage-review-api';
import type { ExportSessions } from '../../db/client';
import { users } from '../../db/schema/access';
import { tripReview } from '../../db/schema/mileage-review';
import { trips } from '../../db/schema/trips';
import { metresToEnteredMilesSql } from '../../db/units';
import { exportCsv, oneDecimal, type CsvColumn } from '../../platform/csv';

/**
 * The settlement export (docs/mileage-review.md): the approved trips of a period (by end date,
 * Central time) for payroll — one row per trip, or per driver with totals. The miles are the
 * trip's own payable, loaded and empty figures; the approval is the review row's.
 */

interface TripRow {
  driverName: string | null;
  unitNumber: string | null;
  companyName: string | null;
  number: string | null;
  endDateTime: string | null;
  payableMileage: number | null;
  loadedMiles: number | null;
  emptyMiles: number | null;
  approvedRule: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
}

interface DriverRow {
  driverName: string | null;
  companyName: string | null;
  trips: number;
  payableMileage: number | null;
  loadedMiles: number | null;
  emptyMiles: number | null;
}

const r = tripReview;
const t = trips;
const central = (column: AnyColumn) => sql`to_char(${column} at time zone 'America/Chicago', 'MM/DD/YYYY HH24:MI:SS')`;

const TRIP_COLUMNS: CsvColumn<TripRow>[] = [
  { header: 'Driver', value: (x) => x.driverName },
  { header: 'Unit', value: (x) => x.unitNumber },
  { header: 'Company', value: (x) => x.companyName },
  { header: 'Load/Trailer', value: (x) => x.number },
  { header: 'End Date Time (CT)', value: (x) => x.endDateTime },
  { header: 'Payable Mileage (mi)', value: (x) => oneDecimal(x.payableMileage) },
  { header: 'Loaded Miles (mi)', value: (x) => oneDecimal(x.loadedMiles) },
  { header: 'Empty Miles (mi)', value: (x) => oneDecimal(x.emptyMiles) },
  { header: 'Basis', value: (x) => (x.approvedRule ? `By rule: ${x.approvedRule}` : 'By hand') },
  { header: 'Approved By', value: (x) => x.approvedBy },
  { header: 'Approved (CT)', value: (x) => x.approvedAt },
];

const DRIVER_COLUMNS: CsvColumn<DriverRow>[] = [
  { header: 'Driver', value: (x) => x.driverName },
  { header: 'Company', value: (x) => x.companyName },
  { header: 'Trips', value: (x) => Number(x.trips) },
  { header: 'Payable Mileage (mi)', value: (x) => oneDecimal(x.payableMileage) },
  { header: 'Loaded Miles (mi)', value: (x) => oneDecimal(x.loadedMiles) },
  { header: 'Empty Miles (mi)', value: (x) => oneDecimal(x.emptyMiles) },
];

export function exportSettlement(exports: ExportSessions, q: z.output<typeof reviewExportQuery>, onError: (err: unknown) => void) {
  const where = [sql`${r.status} = 'APPROVED'`];
  if (q.companyId !== undefined) where.push(sql`${r.companyId} = ${q.companyId}`);
  if (q.fromDate) where.push(sql`${r.endDateTime} >= ${q.fromDate.toISOString()}`);
  if (q.toDate) where.push(sql`${r.endDateTime} <= ${q.toDate.toISOString()}`);
  const filter = sql.join(where, sql` and `);
  if (q.groupBy === 'driver') {
    const query = sql`select min(${t.driverName}) as "driverName", min(${t.companyName}) as "companyName", count(*)::int as "trips",
        ${metresToEnteredMilesSql(sql`sum(${t.payableM})`)} as "payableMileage", ${metresToEnteredMilesSql(sql`sum(${t.loadedM})`)} as "loadedMiles",
        ${metresToEnteredMilesSql(sql`sum(${t.emptyM})`)} as "emptyMiles"
      from ${r} join ${t} on ${t.id} = ${r.tripId} where ${filter}
      group by ${r.driverId} order by min(${t.driverName}), ${r.driverId}`;
    return exportCsv(exports, query, DRIVER_COLUMNS, onError);
  }
  const query = sql`select ${t.driverName} as "driverName", ${t.truckUnit} as "unitNumber", ${t.companyName} as "companyName",
      ${t.identifierValue} as "number", ${central(r.endDateTime)} as "endDateTime", ${metresToEnteredMilesSql(t.payableM)} as "payableMileage",
      ${metresToEnteredMilesSql(t.loadedM)} as "loadedMiles", ${metresToEnteredMilesSql(t.emptyM)} as "emptyMiles", ${r.approvedRule} as "approvedRule",
      ${users.firstName} || ' ' || ${users.lastName} as "approvedBy", ${central(r.approvedAt)} as "approvedAt"
    from ${r} join ${t} on ${t.id} = ${r.tripId} left join ${users} on ${users.id} = ${r.approvedBy}
    where ${filter} order by ${t.driverName}, ${r.endDateTime}, ${r.tripId}`;
  return exportCsv(exports, query, TRIP_COLUMNS, onError);
}
