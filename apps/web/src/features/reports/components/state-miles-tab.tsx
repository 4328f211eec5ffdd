import { PROVIDER_LABELS_ELSE } from '@milepost/contracts/providers';
import { REPORT_MESSAGES } from '@milepost/contracts/trip-statistics-api';
import { currentQuarter, gpsShareText, jurisdictionNote, lastFullQuarter, notFileableText, type StateMilesReport } from '@milepost/contracts/state-miles-api';
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
export const STATE_MILES_EMPTY_TEXT = 'No miles in this period.';
export const STATE_MILES_NOTE = `IFTA miles per jurisdiction, Central time by pickup. Each trip counts once, by its best source: its GPS track (${PROVIDER_LABELS_ELSE}) when it measured every leg, else its HERE route; a trip with only a straight-line estimate is never counted (listed as not fileable). The GPS share is the miles measured by GPS over the miles counted.`;
export const CUSTOM_RANGE = 'CUSTOM';

/** "2026-Q3" ↔ { year, quarter } */
export const quarterKey = (q: { year: number; quarter: number }) => `${q.year}-Q${q.quarter}`;
const parseQuarter = (key: string) => ({ year: Number(key.slice(0, 4)), quarter: Number(key.slice(6)) });

/** The current quarter (to date), then the last full quarter and the eleven before it, newest first. */
export function quarterChoices(now = new Date()): { year: number; quarter: number }[] {
  let { year, quarter } = lastFullQuarter(now);
  const out: { year: number; quarter: number }[] = [currentQuarter(now)];
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
 * IFTA worksheet as CSV. On screen in the user's unit (docs/decisions/020-one-unit.md); the CSV stays in miles, as IFTA returns are filed.
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
  const custom = search.quarter === CUSTOM_RANGE;
  // The default is the last full quarter (the one a return is filed for): the second choice.
  const chosen = search.quarter && !custom ? parseQuarter(search.quarter) : choices[1]!;
  const range = custom && search.stateFrom && search.stateTo && search.stateFrom <= search.stateTo ? { fromDate: search.stateFrom, toDate: search.stateTo } : null;
  const request: StateMilesRequest = { ...(custom ? (range ?? { fromDate: '', toDate: '' }) : chosen), truckId: search.truckId, companyId: search.companyId };
  const query = useQuery({ ...stateMilesQueryOptions(request), enabled: !custom || range !== null });
  const report = query.data;
  const mobile = useIsMobile();
  const { distanceUnit } = useRouteSettings();
  const options = choices.some((c) => quarterKey(c) === quarterKey(chosen)) ? choices : [chosen, ...choices];

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(report ? report.states.length : undefined, 'jurisdictions')}
        // On a phone the tabs sit in the Filters sheet, so the header stays one line.
        viewSwitcher={mobile ? undefined : viewSwitcher}
        filters={
          <>
            {mobile && viewSwitcher}
            <select
              aria-label="Quarter"
              className={cn(FILTER_SELECT_CLASS, 'w-40 pr-7')}
              value={custom ? CUSTOM_RANGE : quarterKey(chosen)}
              onChange={(e) => onSearchChange({ quarter: e.target.value })}
            >
              {options.map((q, i) => (
                <option key={quarterKey(q)} value={quarterKey(q)}>
                  Q{q.quarter} {q.year}
                  {i === 0 && quarterKey(q) === quarterKey(choices[0]!) ? ' to date' : ''}
                </option>
              ))}
              <option value={CUSTOM_RANGE}>Custom range</option>
            </select>
            {custom && (
              <>
                <input
                  type="date"
                  aria-label="From"
                  className={cn(FILTER_SELECT_CLASS, 'w-36')}
                  value={search.stateFrom ?? ''}
                  onChange={(e) => onSearchChange({ stateFrom: e.target.value || undefined })}
                />
                <input
                  type="date"
                  aria-label="To"
                  className={cn(FILTER_SELECT_CLASS, 'w-36')}
                  value={search.stateTo ?? ''}
                  onChange={(e) => onSearchChange({ stateTo: e.target.value || undefined })}
                />
              </>
            )}
            <TruckFilter id="state-miles-filter-truck" search={search} onSearchChange={onSearchChange} />
            <CompanyFilter id="state-miles-filter-company" search={search} onSearchChange={onSearchChange} />
            <RefreshButton onClick={() => void refreshList(query.refetch, 'The state miles could not be refreshed')} busy={query.isFetching} />
          </>
        }
        actions={<ExportCsvButton label={STATE_MILES_EXPORT_LABEL} download={() => downloadStateMilesCsv(request)} disabled={!report?.rows.length} />}
      />
      <ScreenBody className="overflow-auto">
        {custom && !range ? (
          <p className="p-6 text-center text-sm text-muted-foreground">Pick the first and the last day of the range.</p>
        ) : query.isPending ? (
          <Spinner label="Loading state miles..." />
        ) : query.error && !report ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            {errorText(query.error)}
          </p>
        ) : report!.states.length === 0 && report!.notFileable.trips === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{STATE_MILES_EMPTY_TEXT}</p>
        ) : (
          <div className="grid min-h-0 flex-1 gap-3 p-3 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
            <div className="min-h-0 min-w-0 space-y-3 overflow-auto">
              <StatesTable report={report!} unit={distanceUnit} />
              <NotFileable report={report!} unit={distanceUnit} />
            </div>
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
          {report.states.map((s) => {
            // A province, territory, MX or OUT says what it is on hover (docs/state-miles.md "Jurisdiction codes").
            const note = jurisdictionNote(s.state);
            return (
              <tr key={s.state} className="border-b last:border-0">
                <th scope="row" className="py-1.5 pr-2 text-left font-medium" title={note || undefined}>
                  {note ? <span className="cursor-help underline decoration-dotted">{s.state}</span> : s.state}
                </th>
                <td className={num}>{milesNumber(s.miles, unit)}</td>
                <td className={num}>{s.trips}</td>
                <td className={cn(num, 'text-muted-foreground')}>{gpsShareText(s.gpsShare)}</td>
              </tr>
            );
          })}
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

/** The trips of the period with only a straight-line estimate: never counted, named here until they get a route or a track. */
function NotFileable({ report, unit }: { report: StateMilesReport; unit: DistanceUnit }) {
  const { trips, items, miles } = report.notFileable;
  if (!trips) return null;
  return (
    <section aria-label="Not fileable" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950/40">
      <p className="font-medium">
        {notFileableText(trips)} ({milesNumber(miles, unit)} {unit === 'KM' ? 'km' : 'mi'} estimated, not counted)
      </p>
      <ul className="mt-1 max-h-40 overflow-auto text-xs">
        {items.map((t) => (
          <li key={t.tripId}>
            {t.number ?? `Trip ${t.tripId}`} · {t.unitNumber} · {milesNumber(t.miles, unit)}
          </li>
        ))}
        {trips > items.length && <li>and {(trips - items.length).toLocaleString('en-US')} more (all in the CSV)</li>}
      </ul>
    </section>
  );
}
