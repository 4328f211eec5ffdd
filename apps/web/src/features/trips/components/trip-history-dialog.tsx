import { historyFieldLabel, historyValueText } from '@milepost/contracts/trips-api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pager } from '@/components/data-table/pager';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDisplayDateTime } from '@/lib/date-format';
import { milesText } from '@/lib/distance-format';
import { errorText } from '@/lib/error-messages';
import { useRouteSettings } from '@/lib/route-settings';
import { TRIP_HISTORY_PAGE_SIZE, tripHistoryQueryOptions } from '../api/trips-api';

/** Trip History (docs/product/trips.md): No, Field, Old Value, New Value, Changed By, Date; 10 per page. */
export function TripHistoryDialog({ trip, onOpenChange }: { trip: { id: number; number: string } | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={trip !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Trip History{trip?.number ? `: ${trip.number}` : ''}</DialogTitle>
          <DialogDescription>Changes to this trip, newest first. Times are US Central.</DialogDescription>
        </DialogHeader>
        {trip && <HistoryTable key={trip.id} tripId={trip.id} />}
      </DialogContent>
    </Dialog>
  );
}

/** The fields that hold a distance (recorded in miles): shown in the user's unit, as every figure. */
const DISTANCE_FIELDS = new Set(['LOADED_MILES', 'EMPTY_MILES', 'PAYABLE_MILEAGE', 'START_ODOMETER', 'END_ODOMETER']);

function HistoryTable({ tripId }: { tripId: number }) {
  const { distanceUnit } = useRouteSettings();
  const valueText = (code: string, value: string | null) =>
    DISTANCE_FIELDS.has(code) && distanceUnit === 'KM' && value !== null && value !== '' && Number.isFinite(Number(value))
      ? milesText(Number(value), distanceUnit)
      : historyValueText(code, value, (d) => formatDisplayDateTime(d));
  const [page, setPage] = useState(0);
  const query = useQuery(tripHistoryQueryOptions(tripId, page));
  const data = query.data;
  const totalPages = data?.totalPages ?? 0;
  if (query.isPending) return <Spinner label="Loading history..." />;
  if (query.error && !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorText(query.error)}
      </p>
    );
  const rows = data?.content ?? [];
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Trip history">
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b text-left">
              <th className="w-10 py-1.5 pr-2 text-right font-medium">No</th>
              <th className="py-1.5 pr-2 font-medium">Field</th>
              <th className="py-1.5 pr-2 font-medium">Old Value</th>
              <th className="py-1.5 pr-2 font-medium">New Value</th>
              <th className="py-1.5 pr-2 font-medium">Changed By</th>
              <th className="py-1.5 font-medium">Date</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-6 text-center text-muted-foreground">
                  No data found
                </td>
              </tr>
            ) : (
              rows.map((entry, i) => (
                <tr key={entry.id} className="border-b align-top last:border-0">
                  <td className="py-1.5 pr-2 text-right text-muted-foreground tabular-nums">{page * TRIP_HISTORY_PAGE_SIZE + i + 1}</td>
                  <td className="py-1.5 pr-2 whitespace-nowrap">{historyFieldLabel(entry.columnName)}</td>
                  <td className="max-w-56 py-1.5 pr-2 break-words">{valueText(entry.columnName, entry.oldValue)}</td>
                  <td className="max-w-56 py-1.5 pr-2 break-words">{valueText(entry.columnName, entry.newValue)}</td>
                  <td className="py-1.5 pr-2 whitespace-nowrap">{entry.name ?? ''}</td>
                  <td className="py-1.5 whitespace-nowrap tabular-nums">{formatDisplayDateTime(entry.createdAt)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={totalPages} busy={query.isFetching} onPageChange={setPage} />
    </div>
  );
}
