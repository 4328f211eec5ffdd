import { REPORT_MESSAGES } from '@milepost/contracts/trip-statistics-api';
import { gpsShareText, lastFullQuarter, type StateMilesReport } from '@milepost/contracts/state-miles-api';
import type { DistanceUnit } from '@milepost/geo/units';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { CompanyFilter, FILTER_SELECT_CLASS, TruckFilter } from '@/components/filters/filter-controls';
import { ExportCsvButton } from '@/components/filters/export-csv-button';
import { RefreshButton, refreshList, tableTotalText } from '@/components/data-table/table-toolbar';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Spinner } from '@/components/ui/spinner';
import { mileageHeader, milesNumber } from '@/lib/distance-format';
import { errorText } from '@/lib/error-messages';
import { useRouteSettings } from '@/lib/route-settings';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { downloadStateMilesCsv, stateMilesQueryOptions, type StateMilesRequest } from '../api/state-miles-api';
import type { ReportsSearch } from '../reports-search';

/** The map's chunk (Leaflet and the atlas) loads only with this tab. */
const StateMilesMap = lazy(() => import('./state-miles-map'));

export const STATE_MILES_EXPORT_LABEL = 'Export CSV';
export const STATE_MILES_EMPTY_TEXT = 'No miles in this quarter.';
export const STATE_MILES_NOTE =
  'IFTA miles per jurisdiction, Central-time quarters by pickup time. Each trip counts once, by its best source: its GPS track (Samsara, else GLE), else its HERE route, else straight legs between its stops; the GPS share says how much of a state came from GPS.';

/** "2026-Q3" ↔ { year, quarter } */
export const quarterKey = (q: { year: number; quarter: number }) => `${q.year}-Q${q.quarter}`;
const parseQuarter = (key: string) => ({ year: Number(key.slice(0, 4)), quarter: Number(key.slice(6)) });

/** The last full quarter and the eleven before it, newest first. */
export function quarterChoices(now = new Date()): { year: number; quarter: number }[] {
  let { year, quarter } = lastFullQuarter(now);
  const out: { year: number; quarter: number }[] = [];
  for (let i = 0; i < 12; i++) {
    out.push({ year, quarter });
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return out;
}

/**
 * Reports → State miles (docs/state-miles.md): a quarter's miles per state for all trucks, one
 * truck or one company — a table (miles, trips, share from GPS), a map shaded by miles, and the
 * IFTA worksheet as CSV. On screen in the user's unit (issue 20 point 5); the CSV stays in miles, as IFTA returns are filed.
 */
export function StateMilesTab({
  title,
  search,
  onSearchChange,
  viewSwitcher,
}: {
  title: string;
  search: ReportsSearch;
  onSearchChange: (patch: Partial<ReportsSearch>) => void;
  viewSwitcher: ReactNode;
}) {
  const choices = quarterChoices();
  const chosen = search.quarter ? parseQuarter(search.quarter) : choices[0]!;
  const request: StateMilesRequest = { ...chosen, truckId: search.truckId, companyId: search.companyId };
  const query = useQuery(stateMilesQueryOptions(request));
  const report = query.data;
  const mobile = useIsMobile();
  const { distanceUnit } = useRouteSettings();
  const options = choices.some((c) => quarterKey(c) === quarterKey(chosen)) ? choices : [chosen, ...choices];


  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(report ? report.states.length : undefined, 'states')}
        // On a phone the tabs sit in the Filters sheet, so the header stays one line.
        viewSwitcher={mobile ? undefined : viewSwitcher}
        filters={
          <>
            {mobile && viewSwitcher}
            <select aria-label="Quarter" className={cn(FILTER_SELECT_CLASS, 'w-32 pr-7')} value={quarterKey(chosen)} onChange={(e) => onSearchChange({ quarter: e.target.value })}>
              {options.map((q) => (
                <option key={quarterKey(q)} value={quarterKey(q)}>
                  Q{q.quarter} {q.year}
                </option>
              ))}
            </select>
            <TruckFilter id="state-miles-filter-truck" search={search} onSearchChange={onSearchChange} />
            <CompanyFilter id="state-miles-filter-company" search={search} onSearchChange={onSearchChange} />
            <RefreshButton onClick={() => void refreshList(query.refetch, 'The state miles could not be refreshed')} busy={query.isFetching} />
          </>
        }
        actions={<ExportCsvButton label={STATE_MILES_EXPORT_LABEL} download={() => downloadStateMilesCsv(request)} disabled={!report?.rows.length} />}
      />
      <ScreenBody className="overflow-auto">
        {query.isPending ? (
          <Spinner label="Loading state miles..." />
        ) : query.error && !report ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            {errorText(query.error)}
          </p>
        ) : report!.states.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{STATE_MILES_EMPTY_TEXT}</p>
        ) : (
          <div className="grid min-h-0 flex-1 gap-3 p-3 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
            <StatesTable report={report!} unit={distanceUnit} />
            <section aria-label="Miles by state on the map" className="h-72 min-h-0 overflow-hidden rounded-md border lg:h-auto">
              <Suspense fallback={<div className="h-full animate-pulse bg-muted/60" />}>
                <StateMilesMap states={report!.states} unit={distanceUnit} label={`US map shaded by ${distanceUnit === 'KM' ? 'km' : 'miles'}, ${report!.states.length} states`} />
              </Suspense>
            </section>
          </div>
        )}
        <footer className="mt-auto shrink-0 border-t px-3 py-1.5 text-xs text-muted-foreground">
          {REPORT_MESSAGES.cancelledLeftOut} {STATE_MILES_NOTE}
          {distanceUnit === 'KM' && ' Shown in km; the CSV stays in miles, as IFTA returns are filed.'}
        </footer>
      </ScreenBody>
    </>
  );
}

const num = 'py-1.5 pl-3 text-right tabular-nums whitespace-nowrap';

function StatesTable({ report, unit }: { report: StateMilesReport; unit: DistanceUnit }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Miles by state">
        <caption className="pb-2 text-left text-xs text-muted-foreground">
          {report.fromDate.slice(0, 10)} – {report.toDate.slice(0, 10)}, {unit === 'KM' ? 'km' : 'miles'}
        </caption>
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b">
            <th className="py-1.5 pr-2 text-left font-medium">State</th>
            <th className={cn(num, 'font-medium')}>{mileageHeader('Miles', unit)}</th>
            <th className={cn(num, 'font-medium')}>Trips</th>
            <th className={cn(num, 'font-medium')}>Source</th>
          </tr>
        </thead>
        <tbody>
          {report.states.map((s) => (
            <tr key={s.state} className="border-b last:border-0">
              <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                {s.state}
              </th>
              <td className={num}>{milesNumber(s.miles, unit)}</td>
              <td className={num}>{s.trips}</td>
              <td className={cn(num, 'text-muted-foreground')}>{gpsShareText(s.gpsShare)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-medium">
            <th scope="row" className="py-1.5 pr-2 text-left">
              Total
            </th>
            <td className={num}>{milesNumber(report.totalMiles, unit)}</td>
            <td className={num} />
            <td className={cn(num, 'text-muted-foreground')}>{gpsShareText(report.gpsShare)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
