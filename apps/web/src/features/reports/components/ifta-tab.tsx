import { FUEL_JURISDICTIONS, IFTA_MEMBERS, gallonsToLitres, type FuelPurchaseRow, type IftaRates, type IftaReturn, type IftaReturnRow } from '@milepost/contracts/ifta-api';
import { STATE_MILES_SOURCE_LABELS, jurisdictionNote, type StateMilesSource } from '@milepost/contracts/state-miles-api';
import { groupDigits, milesToMetres, type DistanceUnit } from '@milepost/geo/units';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { CompanyFilter, FILTER_SELECT_CLASS } from '@/components/filters/filter-controls';
import { ExportCsvButton } from '@/components/filters/export-csv-button';
import { Pager } from '@/components/data-table/pager';
import { RefreshButton, refreshList } from '@/components/data-table/table-toolbar';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { useRouteSettings } from '@/lib/route-settings';
import { useWriteMutation } from '@/lib/query-keys';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import {
  downloadIftaReturnCsv,
  fuelPurchasePageOf,
  fuelPurchasesQueryOptions,
  importIftaRateMatrix,
  iftaRatesQueryOptions,
  iftaReturnQueryOptions,
  iftaTripsQueryOptions,
  saveIftaRates,
  type IftaRequest,
} from '../api/ifta-api';
import type { ReportsSearch } from '../reports-search';
import { FuelImport } from './fuel-import';
import { FuelPurchaseEdit, FuelPurchaseNew } from './fuel-purchase-edit';
import { quarterChoices, quarterKey } from './state-miles-tab';

export const IFTA_CHOOSE_COMPANY_TEXT = 'Choose a company: an IFTA return is filed per carrier.';
export const IFTA_NOTE =
  'Drafted from the fileable miles only (GPS tracks and HERE routes; trips with only a straight-line estimate are left out), the fuel purchases and the quarter’s rates. Miles and gallons are whole numbers and MPG has two decimals, as the return asks; a negative tax is a credit.';
export const noRatesText = (quarter: string) => `No tax rates for ${quarter} yet.`;
/** After "New purchase": where the purchase recorded is listed (oldest first, 100 a page). */
export const recordedOnPageText = (page: number, purchasedAt: string) => `It is on page ${page + 1}, at ${purchasedAt.slice(0, 16)}.`;
export const recordedElsewhereText = (purchasedAt: string) => `Its date, ${purchasedAt.slice(0, 10)}, is in another quarter: choose that quarter to see it.`;

/** "2026-Q3" (the Reports URL) → "2026Q3" (the API's quarter). */
const apiQuarter = (key: string) => key.replace('-', '');
const money = (v: number) => `${v < 0 ? '−' : ''}$${groupDigits(Math.abs(v), 2)}`;
const whole = (v: number) => groupDigits(v, 0);
const km = (miles: number) => `${groupDigits(milesToMetres(miles) / 1000, 0)} km`;
const litres = (gallons: number) => `${groupDigits(gallonsToLitres(gallons), 0)} L`;

type View = 'RETURN' | 'FUEL' | 'RATES';
const VIEWS: { value: View; label: string }[] = [
  { value: 'RETURN', label: 'Return' },
  { value: 'FUEL', label: 'Fuel purchases' },
  { value: 'RATES', label: 'Tax rates' },
];

/**
 * Reports → IFTA return (docs/ifta.md): a company's quarter drafted from its fileable state miles,
 * fuel purchases and the quarter's rates — the warnings a filer must look at first, the rows with
 * their totals, each row's trips and purchases one click away, and the fuel purchases and rates
 * beside it. Always in miles and gallons (the return's units); KM mode shows km and litres beside them.
 */
export function IftaTab({
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
  const key = search.quarter ?? quarterKey(choices[0]!);
  const quarter = apiQuarter(key);
  const options = choices.some((c) => quarterKey(c) === key) ? choices.map(quarterKey) : [key, ...choices.map(quarterKey)];
  const request: IftaRequest | null = search.companyId === undefined ? null : { companyId: search.companyId, quarter };
  const query = useQuery({ ...iftaReturnQueryOptions(request ?? { companyId: 0, quarter }), enabled: request !== null });
  const mobile = useIsMobile();
  const { distanceUnit } = useRouteSettings();
  const [view, setView] = useState<View>('RETURN');
  const canEdit = usePermissions().has('CAN_EDIT_FUEL_PURCHASES');

  return (
    <>
      <HeaderBar
        title={title}
        metadata={query.data ? `${query.data.rows.length} jurisdictions` : undefined}
        viewSwitcher={mobile ? undefined : viewSwitcher}
        filters={
          <>
            {mobile && viewSwitcher}
            <select aria-label="Quarter" className={cn(FILTER_SELECT_CLASS, 'w-32 pr-7')} value={key} onChange={(e) => onSearchChange({ quarter: e.target.value })}>
              {options.map((k) => (
                <option key={k} value={k}>
                  Q{k.slice(6)} {k.slice(0, 4)}
                </option>
              ))}
            </select>
            <CompanyFilter id="ifta-filter-company" search={search} onSearchChange={onSearchChange} />
            <RefreshButton onClick={() => void refreshList(query.refetch, 'The IFTA return could not be refreshed')} busy={query.isFetching} />
          </>
        }
        actions={<ExportCsvButton label="Export CSV" download={() => (request ? downloadIftaReturnCsv(request) : Promise.resolve())} disabled={!query.data?.rows.length} />}
      />
      <ScreenBody className="overflow-auto">
        <nav aria-label="IFTA" className="flex shrink-0 gap-1 border-b px-3 py-1.5">
          {VIEWS.map((v) => (
            <Button key={v.value} size="sm" variant={view === v.value ? 'secondary' : 'ghost'} aria-pressed={view === v.value} onClick={() => setView(v.value)}>
              {v.label}
            </Button>
          ))}
        </nav>
        {view === 'RATES' ? (
          <RatesView quarter={quarter} />
        ) : !request ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{IFTA_CHOOSE_COMPANY_TEXT}</p>
        ) : view === 'FUEL' ? (
          <>
            {canEdit && (
              <div className="p-3 pb-0">
                <FuelImport companyId={request.companyId} />
              </div>
            )}
            <PurchasesList key={`${request.companyId}-${quarter}`} request={request} label={`Fuel purchases, ${quarter}`} unit={distanceUnit} editable={canEdit} />
          </>
        ) : query.isPending ? (
          <Spinner label="Drafting the IFTA return..." />
        ) : query.error && !query.data ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            {errorText(query.error)}
          </p>
        ) : (
          <ReturnView ret={query.data!} request={request} unit={distanceUnit} />
        )}
        <footer className="mt-auto shrink-0 border-t px-3 py-1.5 text-xs text-muted-foreground">{IFTA_NOTE}</footer>
      </ScreenBody>
    </>
  );
}

const num = 'py-1.5 pl-3 text-right tabular-nums whitespace-nowrap';
const beside = 'block text-xs text-muted-foreground';

function ReturnView({ ret, request, unit }: { ret: IftaReturn; request: IftaRequest; unit: DistanceUnit }) {
  const [open, setOpen] = useState<string | null>(null);
  const metric = unit === 'KM';
  const totals = {
    taxable: ret.rows.reduce((a, r) => a + r.taxableMiles, 0),
    taxableGallons: ret.rows.reduce((a, r) => a + r.taxableGallons, 0),
    net: ret.rows.reduce((a, r) => a + r.netTaxableGallons, 0),
    surcharge: ret.rows.reduce((a, r) => a + Math.round(r.surchargeDue * 100), 0) / 100,
    tax: ret.rows.reduce((a, r) => a + Math.round(r.taxDue * 100), 0) / 100,
  };
  return (
    <div className="flex flex-col gap-3 p-3">
      {ret.warnings.length > 0 && (
        <section
          aria-label="Warnings"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          <ul className="list-disc space-y-1 pl-5">
            {ret.warnings.map((w) => (
              <li key={w.code} data-code={w.code}>
                {w.message}
                {w.items.length > 0 && <span className="text-xs"> ({w.items.join(', ')})</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl aria-label="Totals" className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        <Figure term="Total miles" value={whole(ret.totalMiles)} extra={metric ? km(ret.totalMiles) : undefined} />
        <Figure term="Total gallons" value={whole(ret.totalGallons)} extra={metric ? litres(ret.totalGallons) : undefined} />
        <Figure term="Fleet MPG" value={ret.mpg.toFixed(2)} />
        <Figure term="Total due" value={money(ret.totalDue)} />
        <Figure term="Not fileable" value={`${ret.notFileable.trips} trips, ${whole(ret.notFileable.miles)} mi`} />
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="IFTA return">
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b">
              <th className="py-1.5 pr-2 text-left font-medium">Jurisdiction</th>
              <th className={cn(num, 'font-medium')}>Total mi</th>
              <th className={cn(num, 'font-medium')}>Taxable mi</th>
              <th className={cn(num, 'font-medium')}>Taxable gal</th>
              <th className={cn(num, 'font-medium')}>Tax-paid gal</th>
              <th className={cn(num, 'font-medium')}>Net gal</th>
              <th className={cn(num, 'font-medium')}>Rate</th>
              <th className={cn(num, 'font-medium')}>Surcharge</th>
              <th className={cn(num, 'font-medium')}>Tax due</th>
            </tr>
          </thead>
          <tbody>
            {ret.rows.map((r) => (
              <Fragment key={r.jurisdiction}>
                <ReturnRow row={r} metric={metric} open={open === r.jurisdiction} onToggle={() => setOpen(open === r.jurisdiction ? null : r.jurisdiction)} />
                {open === r.jurisdiction && (
                  <tr>
                    <td colSpan={9} className="bg-muted/40 p-2">
                      <DrillDown key={`${request.companyId}-${request.quarter}`} request={request} jurisdiction={r.jurisdiction} unit={unit} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t font-medium">
              <th scope="row" className="py-1.5 pr-2 text-left">
                Total
              </th>
              <td className={num}>{whole(ret.totalMiles)}</td>
              <td className={num}>{whole(totals.taxable)}</td>
              <td className={num}>{whole(totals.taxableGallons)}</td>
              <td className={num}>{whole(ret.totalGallons)}</td>
              <td className={num}>{whole(totals.net)}</td>
              <td className={num} />
              <td className={num}>{money(totals.surcharge)}</td>
              <td className={num}>{money(totals.tax)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

function Figure({ term, value, extra }: { term: string; value: string; extra?: string | undefined }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums">
        {value}
        {extra && <span className="ml-1 text-xs font-normal text-muted-foreground">({extra})</span>}
      </dd>
    </div>
  );
}

function ReturnRow({ row: r, metric, open, onToggle }: { row: IftaReturnRow; metric: boolean; open: boolean; onToggle: () => void }) {
  const member = IFTA_MEMBERS.has(r.jurisdiction);
  return (
    <tr className="border-b">
      <th scope="row" className="py-1.5 pr-2 text-left font-medium" title={jurisdictionNote(r.jurisdiction) || undefined}>
        <button
          type="button"
          className="underline decoration-dotted underline-offset-2"
          aria-expanded={open}
          aria-label={`${r.jurisdiction}: trips and purchases`}
          onClick={onToggle}
        >
          {r.jurisdiction}
        </button>
        {!member && <span className="ml-1 text-xs font-normal text-muted-foreground">not IFTA</span>}
      </th>
      <td className={num}>
        {whole(r.totalMiles)}
        {metric && <span className={beside}>{km(r.totalMiles)}</span>}
      </td>
      <td className={num}>{whole(r.taxableMiles)}</td>
      <td className={num}>{whole(r.taxableGallons)}</td>
      <td className={num}>
        {whole(r.taxPaidGallons)}
        {metric && <span className={beside}>{litres(r.taxPaidGallons)}</span>}
      </td>
      <td className={num}>{whole(r.netTaxableGallons)}</td>
      <td className={num}>{r.ratePerGallon.toFixed(4)}</td>
      <td className={num}>{money(r.surchargeDue)}</td>
      <td className={cn(num, r.taxDue < 0 && 'text-emerald-700 dark:text-emerald-400')}>{money(r.taxDue)}</td>
    </tr>
  );
}

function DrillDown({ request, jurisdiction, unit }: { request: IftaRequest; jurisdiction: string; unit: DistanceUnit }) {
  const [page, setPage] = useState(0);
  const trips = useQuery(iftaTripsQueryOptions({ ...request, jurisdiction, page }));
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <section aria-label={`Trips in ${jurisdiction}`}>
        <h3 className="mb-1 text-xs font-medium text-muted-foreground">
          Trips in {jurisdiction}
          {trips.data ? ` (${trips.data.totalElements})` : ''}
        </h3>
        {trips.isPending ? (
          <Spinner label="Loading trips..." />
        ) : trips.error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(trips.error)}
          </p>
        ) : (
          <table className="w-full text-xs" aria-label={`Trips in ${jurisdiction}`}>
            <tbody>
              {trips.data!.content.map((t) => (
                <tr key={t.tripId} className={cn('border-b last:border-0', !t.fileable && 'text-muted-foreground line-through')}>
                  <td className="py-1 pr-2">{t.pickupDateTime.slice(0, 10)}</td>
                  <td className="py-1 pr-2">{t.unitNumber}</td>
                  <td className="py-1 pr-2">{t.loadNumber ?? `#${t.tripId}`}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">
                    {groupDigits(t.miles, 1)} mi{unit === 'KM' && ` (${groupDigits(milesToMetres(t.miles) / 1000, 1)} km)`}
                  </td>
                  <td className="py-1">
                    {STATE_MILES_SOURCE_LABELS[t.source as StateMilesSource] ?? t.source}
                    {!t.fileable && ' — not fileable'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {trips.data && (
          <Pager
            label={`Pages of the trips in ${jurisdiction}`}
            className="mt-1 text-xs"
            page={trips.data.page}
            totalPages={trips.data.totalPages}
            busy={trips.isFetching}
            onPageChange={setPage}
          />
        )}
      </section>
      <PurchasesList request={request} jurisdiction={jurisdiction} label={`Purchases in ${jurisdiction}`} unit={unit} compact />
    </div>
  );
}

/**
 * One page of the purchases (the API sorts and pages them, docs/ifta.md "The screen"): the page
 * turned (closing an open edit), back to the last page when deletions emptied the one shown, and a
 * purchase just recorded shown on its page, its row marked, or said to be in another quarter.
 */
function usePurchasePages(request: IftaRequest, jurisdiction: string | undefined, setEditing: (id: number | null) => void, setDone: (text: string) => void) {
  const [page, setPage] = useState(0);
  const q = useQuery(fuelPurchasesQueryOptions({ ...request, jurisdiction, page }));
  const [recorded, setRecorded] = useState<number | null>(null);
  const turn = (next: number) => {
    setEditing(null);
    setPage(next);
  };
  const lastPage = q.data ? Math.max(0, q.data.totalPages - 1) : 0;
  useEffect(() => {
    if (q.data && !q.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [q.data, q.isPlaceholderData, page, lastPage]);
  const showRecorded = async (message: string, row: FuelPurchaseRow) => {
    setRecorded(row.id);
    try {
      const at = await fuelPurchasePageOf(request, row.purchasedAt);
      if (at === null) {
        setDone(`${message} ${recordedElsewhereText(row.purchasedAt)}`);
        return;
      }
      turn(at);
      setDone(`${message} ${recordedOnPageText(at, row.purchasedAt)}`);
    } catch {
      setDone(message);
    }
  };
  return { q, turn, recorded, showRecorded };
}

function PurchasesList({
  request,
  jurisdiction,
  label,
  unit,
  compact = false,
  editable = false,
}: {
  request: IftaRequest;
  jurisdiction?: string;
  label: string;
  unit: DistanceUnit;
  compact?: boolean;
  /** With CAN_EDIT_FUEL_PURCHASES: a purchase can be typed, and each changed or deleted (fuel-purchase-edit.tsx). */
  editable?: boolean;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState('');
  const { q, turn, recorded, showRecorded } = usePurchasePages(request, jurisdiction, setEditing, setDone);
  const columns = (jurisdiction ? 4 : 5) + (editable ? 1 : 0);
  return (
    <section aria-label={label} className={cn(!compact && 'p-3')}>
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <h3 className="text-xs font-medium text-muted-foreground">
          {label}
          {q.data ? ` (${q.data.totalElements})` : ''}
        </h3>
        {editable && (
          <Button
            size="sm"
            variant="outline"
            className="ml-auto"
            aria-expanded={adding}
            onClick={() => {
              setDone('');
              setEditing(null);
              setAdding(!adding);
            }}
          >
            New purchase
          </Button>
        )}
      </div>
      {editable && adding && (
        <div className="mb-2">
          <FuelPurchaseNew
            companyId={request.companyId}
            onDone={(message, row) => {
              setAdding(false);
              setDone(message);
              if (row) void showRecorded(message, row);
            }}
          />
        </div>
      )}
      {done && (
        <p role="status" className="mb-1 text-sm">
          {done}
        </p>
      )}
      {q.isPending ? (
        <Spinner label="Loading purchases..." />
      ) : q.error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(q.error)}
        </p>
      ) : q.data!.content.length === 0 ? (
        <p className="text-sm text-muted-foreground">No fuel purchases.</p>
      ) : (
        <table className={cn('w-full', compact ? 'text-xs' : 'text-sm')} aria-label={label}>
          <tbody>
            {q.data!.content.map((p) => (
              <Fragment key={p.id}>
                <tr className={cn('border-b last:border-0', recorded === p.id && 'bg-accent')} aria-current={recorded === p.id ? 'true' : undefined}>
                  <td className="py-1 pr-2">{p.purchasedAt.slice(0, 16)}</td>
                  <td className="py-1 pr-2">{p.unitNumber}</td>
                  {!jurisdiction && <td className="py-1 pr-2">{p.jurisdiction}</td>}
                  <td className="py-1 pr-2 text-right tabular-nums">
                    {groupDigits(p.gallons, 3)} gal{unit === 'KM' && ` (${groupDigits(gallonsToLitres(p.gallons), 1)} L)`}
                  </td>
                  <td className="py-1">{p.vendor ?? ''}</td>
                  {editable && (
                    <td className="py-1 pl-2 text-right">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-expanded={editing === p.id}
                        aria-label={`Edit the purchase of ${p.unitNumber}, ${p.purchasedAt}`}
                        onClick={() => {
                          setDone('');
                          setAdding(false);
                          setEditing(editing === p.id ? null : p.id);
                        }}
                      >
                        Edit
                      </Button>
                    </td>
                  )}
                </tr>
                {editable && editing === p.id && (
                  <tr>
                    <td colSpan={columns} className="bg-muted/40 p-2">
                      <FuelPurchaseEdit
                        purchase={p}
                        reload={async () => (await q.refetch()).data?.content.find((x) => x.id === p.id)}
                        onDone={(message) => {
                          setEditing(null);
                          setDone(message);
                        }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {q.data && (
        <Pager
          label={`Pages of the ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
          className={cn('mt-1', compact && 'text-xs')}
          page={q.data.page}
          totalPages={q.data.totalPages}
          busy={q.isFetching}
          onPageChange={turn}
        />
      )}
    </section>
  );
}

export const rateMatrixImportedText = (n: number, quarter: string) => `Imported ${n} diesel rate${n === 1 ? '' : 's'} for ${quarter} from the rate matrix.`;

/**
 * IFTA, Inc.'s quarterly rate matrix, saved as CSV, chosen as a file or pasted (docs/ifta.md "The
 * rate matrix file"): imported as the quarter's diesel rates with the version read, replacing the
 * rows shown. The API has no dry run: the rows are shown once imported, and a refusal says why.
 */
function RateMatrixImport({ quarter, version, onImported }: { quarter: string; version: number; onImported: (rates: IftaRates) => void }) {
  const mutation = useWriteMutation('ifta', importIftaRateMatrix);
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string; details: string[] } | null>(null);
  const run = async () => {
    setResult(null);
    try {
      const rates = await mutation.mutateAsync({ quarter, csv, version });
      onImported(rates);
      setResult({ ok: true, text: rateMatrixImportedText(rates.rows.length, quarter), details: [] });
    } catch (err) {
      const details = isApiError(err) && err.errors ? err.errors.map((e) => e.message).filter((m) => m !== errorText(err)) : [];
      setResult({ ok: false, text: errorText(err), details });
    }
  };
  return (
    <section aria-label="Import the rate matrix" className="mt-2 flex max-w-lg flex-col gap-2 rounded-md border p-3 text-sm">
      <h3 className="text-xs font-medium text-muted-foreground">Import IFTA, Inc.’s rate matrix (CSV) for {quarter}</h3>
      <p className="text-xs text-muted-foreground">
        Reads the “State / Province” and “Special Diesel” columns, U.S. lines only (US dollars per US gallon); replaces the quarter’s rates.
      </p>
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="Rate matrix file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then((text) => (setCsv(text), setFileName(file.name), setResult(null)));
        }}
      />
      <textarea
        aria-label="Or paste the rate matrix"
        placeholder="Or paste the rate matrix here"
        className="h-20 rounded border bg-background p-1.5 font-mono text-xs"
        value={fileName ? '' : csv}
        onChange={(e) => (setCsv(e.target.value), setFileName(null), setResult(null))}
      />
      {fileName && <p className="text-xs">{fileName}</p>}
      <div>
        <Button size="sm" variant="secondary" disabled={!csv.trim() || mutation.isPending} onClick={() => void run()}>
          Import rates
        </Button>
      </div>
      {result &&
        (result.ok ? (
          <p role="status">{result.text}</p>
        ) : (
          <div role="alert" className="text-destructive">
            <p>{result.text}</p>
            {result.details.length > 0 && (
              <ul className="list-disc pl-5 text-xs">
                {result.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </div>
        ))}
    </section>
  );
}

type Draft = { jurisdiction: string; rate: string; surcharge: string }[];
const draftOf = (r: IftaRates): Draft => r.rows.map((x) => ({ jurisdiction: x.jurisdiction, rate: x.ratePerGallon.toFixed(4), surcharge: x.surchargePerGallon.toFixed(4) }));
const MEMBERS = FUEL_JURISDICTIONS.filter((j) => IFTA_MEMBERS.has(j));

/** The quarter's diesel rates, editable with CAN_EDIT_FUEL_PURCHASES (saved with the version read). */
function RatesView({ quarter }: { quarter: string }) {
  const q = useQuery(iftaRatesQueryOptions(quarter));
  const { has } = usePermissions();
  const canEdit = has('CAN_EDIT_FUEL_PURCHASES');
  const mutation = useWriteMutation('ifta', saveIftaRates);
  const [draft, setDraft] = useState<Draft>([]);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (q.data) setDraft(draftOf(q.data));
  }, [q.data]);
  if (q.isPending) return <Spinner label="Loading rates..." />;
  if (q.error)
    return (
      <p role="alert" className="p-6 text-sm text-destructive">
        {errorText(q.error)}
      </p>
    );
  const rates = q.data;
  const missing = MEMBERS.filter((j) => !draft.some((d) => d.jurisdiction === j));
  const save = async () => {
    setMessage(null);
    try {
      await mutation.mutateAsync({
        quarter,
        version: rates.version,
        rows: draft.map((d) => ({ jurisdiction: d.jurisdiction, ratePerGallon: d.rate, surchargePerGallon: d.surcharge || 0 })),
      });
      setMessage('Rates saved.');
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  return (
    <section aria-label={`Tax rates, ${quarter}`} className="flex flex-col gap-2 p-3">
      {rates.version === 0 && draft.length === 0 && <p className="text-sm text-muted-foreground">{noRatesText(quarter)}</p>}
      {draft.length > 0 && (
        <table className="w-full max-w-lg text-sm" aria-label={`Diesel rates, ${quarter}`}>
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b">
              <th className="py-1.5 pr-2 text-left font-medium">Jurisdiction</th>
              <th className={cn(num, 'font-medium')}>Rate ($/gal)</th>
              <th className={cn(num, 'font-medium')}>Surcharge ($/gal)</th>
            </tr>
          </thead>
          <tbody>
            {draft.map((d, i) => (
              <tr key={d.jurisdiction} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-2 text-left font-medium">
                  {d.jurisdiction}
                </th>
                {(['rate', 'surcharge'] as const).map((field) => (
                  <td key={field} className={num}>
                    {canEdit ? (
                      <input
                        aria-label={`${d.jurisdiction} ${field === 'rate' ? 'rate' : 'surcharge'}`}
                        className="w-24 rounded border bg-background px-1 text-right"
                        inputMode="decimal"
                        value={d[field]}
                        onChange={(e) => setDraft(draft.map((x, k) => (k === i ? { ...x, [field]: e.target.value } : x)))}
                      />
                    ) : (
                      d[field]
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && (
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label="Add a jurisdiction"
            className={cn(FILTER_SELECT_CLASS, 'w-40')}
            value=""
            onChange={(e) => e.target.value && setDraft([...draft, { jurisdiction: e.target.value, rate: '0.0000', surcharge: '0.0000' }])}
          >
            <option value="">Add a jurisdiction…</option>
            {missing.map((j) => (
              <option key={j} value={j}>
                {j}
              </option>
            ))}
          </select>
          <Button size="sm" onClick={() => void save()} disabled={mutation.isPending}>
            Save rates
          </Button>
          {message && (
            <span role="status" className="text-sm">
              {message}
            </span>
          )}
        </div>
      )}
      {canEdit && <RateMatrixImport quarter={quarter} version={rates.version} onImported={(r) => setDraft(draftOf(r))} />}
    </section>
  );
}
