import type { RouteResponse } from '@milepost/contracts/routing-api';
import type { TripDetail } from '@milepost/contracts/trips-api';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SOURCE_TITLES } from '@/lib/distance-format';
import { useDistanceFormat } from '@/lib/route-settings';

/** '{TYPE} Trip Report - {load}' (docs/product/trips.md). */
export const tripReportTitle = (type: 'here' | 'samsara' | 'gle', number: string) => `${type.toUpperCase()} Trip Report - ${number}`;

/** "Dallas, TX" from "Dallas, TX 75201, United States"; the address itself otherwise. */
export function cityOf(address: string): string {
  const parts = address.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length && /^(united states( of america)?|usa?)$/i.test(parts.at(-1)!)) parts.pop();
  const state = parts.at(-1)?.match(/^([A-Z]{2})(\s+\d{5}(-\d{4})?)?$/);
  if (state && parts.length >= 2) return `${parts.at(-2)}, ${state[1]}`;
  return parts.join(', ') || address;
}

/**
 * The trip map report (docs/product/trips.md): one row per stop with its type, city, the leg into it,
 * the running total and the leg's hours, and a totals row. The figures are the ones the server
 * stored on the trip's stops when it was saved; `source` says where they came from.
 */
export function TripMapReportDialog({
  trip,
  number,
  source,
  open,
  onOpenChange,
}: {
  trip: TripDetail | null;
  number: string;
  source: RouteResponse['source'] | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fmt = useDistanceFormat();
  const stops = trip?.tripStops ?? [];
  const total = stops.reduce((n, s) => n + (s.distance ?? 0), 0);
  const hours = stops.reduce((n, s) => n + (s.duration ?? 0), 0);
  const cell = 'whitespace-nowrap px-2 py-1.5 text-right tabular-nums';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{tripReportTitle('here', number)}</DialogTitle>
          <DialogDescription>{source ? SOURCE_TITLES[source] : 'Figures stored with the trip when it was saved.'}</DialogDescription>
        </DialogHeader>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="border-b text-xs text-muted-foreground">
              <tr>
                <th className="px-2 py-1.5 text-left font-medium">Stop Type</th>
                <th className="px-2 py-1.5 text-left font-medium">City</th>
                <th className="px-2 py-1.5 text-right font-medium">{fmt.unit === 'KM' ? 'KM' : 'Miles'}</th>
                <th className="px-2 py-1.5 text-right font-medium">{fmt.unit === 'KM' ? 'Total KM' : 'Total Miles'}</th>
                <th className="px-2 py-1.5 text-right font-medium">Hours</th>
              </tr>
            </thead>
            <tbody>
              {stops.map((s) => (
                <tr key={s.id} className="border-b last:border-0">
                  <td className="px-2 py-1.5">{s.stopType}</td>
                  <td className="px-2 py-1.5">{cityOf(s.address)}</td>
                  <td className={cell}>{s.distance === null ? '' : fmt.distance(s.distance, source)}</td>
                  <td className={cell}>{s.totalDistance === null ? '' : fmt.distance(s.totalDistance, source)}</td>
                  <td className={cell}>{s.duration === null ? '' : fmt.hours(s.duration, source)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t font-medium">
              <tr data-testid="report-totals">
                <td className="px-2 py-1.5" colSpan={2}>
                  Total
                </td>
                <td className={cell}>{fmt.distance(total, source)}</td>
                <td className={cell}>{fmt.distance(total, source)}</td>
                <td className={cell}>{fmt.hours(hours, source)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </DialogContent>
    </Dialog>
  );
}
