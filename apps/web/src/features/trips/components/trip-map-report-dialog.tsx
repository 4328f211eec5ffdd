import { tripReportTitle, type MapType } from '@milepost/contracts/trip-map-api';
import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EstimateBasisNote, EstimateFigure } from '@/components/estimate-figure';
import { BeyondToleranceMarker, BeyondToleranceNotice } from '@/components/map/telematics-map-panel';
import { SOURCE_TITLES } from '@/lib/distance-format';
import { errorText } from '@/lib/error-messages';
import { useDistanceFormat } from '@/lib/route-settings';
import { tripMapReportQueryOptions } from '../api/trip-map-api';

/**
 * The trip map report (docs/product/trips.md "Trip map report dialog"): for one map type (MAP_TYPES:
 * here, then each provider's key), one row per stop with its type, city, the leg into it, the running total and
 * the leg's hours, and a totals row — the rows GET /trips/{id}/map-report answers for that
 * source. The description says how the figures were measured; an estimate reads "≈ … est.".
 */
export function TripMapReportDialog({
  type,
  tripId,
  number,
  open,
  onOpenChange,
  beyondTolerance,
}: {
  type: MapType;
  tripId: number;
  /** The load or trailer number, for the title. */
  number: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * This source's figure differs from the pay basis beyond the company's tolerance: the sentence its
   * panel says (panelsBeyondTolerance), which the report marks in its title and says under it too.
   */
  beyondTolerance?: string | undefined;
}) {
  const fmt = useDistanceFormat();
  const query = useQuery({ ...tripMapReportQueryOptions(tripId), enabled: open });
  const report = query.data?.sources.find((s) => s.type === type) ?? null;
  const method = report?.method ?? null;
  const cell = 'whitespace-nowrap px-2 py-1.5 text-right tabular-nums';
  // An estimate's figures read "≈ … est." with the estimate's hover, as on every screen.
  const distance = (meters: number | null) =>
    meters === null ? (
      ''
    ) : method === 'ESTIMATE' && meters > 0 ? (
      <EstimateFigure basis={report?.estimateBasis} unit={fmt.unit} approx={false} spoken={null}>
        {fmt.distance(meters, method)}
      </EstimateFigure>
    ) : (
      fmt.distance(meters, method)
    );
  const hours = (seconds: number | null) => (seconds === null ? '' : fmt.hours(seconds, method));

  let description: string;
  if (query.isPending) description = 'Loading...';
  else if (query.isError) description = errorText(query.error);
  else if (!report) description = 'This source has no figures for the trip.';
  else if (method) description = `${SOURCE_TITLES[method]}.`;
  else description = 'Not measured: no figures from this source for the trip.';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          {/* The marker beside the title, not in it: the dialog's name stays the report's title. */}
          <div className="flex items-center gap-2">
            <DialogTitle>{tripReportTitle(type, number)}</DialogTitle>
            {beyondTolerance && <BeyondToleranceMarker sentence={beyondTolerance} />}
          </div>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {beyondTolerance && (
          <div className="rounded-md border border-amber-500/40 bg-amber-50/60 dark:bg-amber-950/40 [&>p]:border-0">
            <BeyondToleranceNotice sentence={beyondTolerance} />
          </div>
        )}
        {report && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label={`${type.toUpperCase()} stops`}>
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
                {report.rows.map((r, i) => (
                  <tr key={i} className="border-b last:border-0">
                    <td className="px-2 py-1.5">{r.stopType}</td>
                    <td className="px-2 py-1.5">{r.city}</td>
                    <td className={cell}>{distance(r.distance)}</td>
                    <td className={cell}>{distance(r.totalDistance)}</td>
                    <td className={cell}>{hours(r.duration)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t font-medium">
                <tr data-testid="report-totals">
                  <td className="px-2 py-1.5" colSpan={2}>
                    Total
                  </td>
                  <td className={cell}>{distance(report.totals.distance)}</td>
                  <td className={cell}>{distance(report.totals.distance)}</td>
                  <td className={cell}>{hours(report.totals.duration)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        {report && method === 'ESTIMATE' && <EstimateBasisNote basis={report.estimateBasis} unit={fmt.unit} />}
      </DialogContent>
    </Dialog>
  );
}
