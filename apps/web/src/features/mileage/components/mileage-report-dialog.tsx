import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISTANCE_METHOD_LABELS,
  MILEAGE_MESSAGES,
  figuresOfSource,
  payableFrom,
  type ManualMileStats,
  type MileStatsLeg,
  type TripMileStats,
} from '@milepost/contracts/mile-stats-api';
import { FIGURE_SOURCE_LABELS } from '@milepost/contracts/trips-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EstimateBasisNote, EstimateFigure } from '@/components/estimate-figure';
import { toast } from '@/components/layout/toasts';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { useRouteSettings } from '@/lib/route-settings';
import { UNIT_SUFFIX, manualFieldMiles, manualFieldText, mileageHeader, milesText } from '@/lib/distance-format';
import type { EstimateBasisLike } from '@milepost/contracts/estimate-basis';
import { stopLetter } from '@milepost/geo/stop-types';
import type { DistanceUnit } from '@milepost/geo/units';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { offerReloadIfStale } from '@/lib/stale-reload';
import { mileStatsKeys, mileStatsQueryOptions, refreshTelematics, useSavePayableMileageMutation } from '../api/mileage-api';
import { StateMilesSplit } from './state-miles-split';
import {
  REFRESH_TELEMATICS_PERMISSIONS,
  SOURCE_ROWS,
  TELEMATICS_FETCHED,
  type SourceKey,
  beyondTolerance,
  difference,
  figureSourceOf,
  sourceComplete,
  fetchedText,
  legRows,
  manualMileageSchema,
  miles,
  payableText,
  provenance,
  signedMiles,
  type ManualMileageValues,
} from '../mileage-report';

export const EDIT_MILEAGE_PERMISSION = 'CAN_EDIT_MILEAGE_REPORT_TRIP';

/**
 * Mileage Report (docs/product/trips.md): the HERE figures and each provider's (SOURCE_ROWS) side by side with the
 * differences from the first, the manual figures staff edit, and — beyond the spec — each leg
 * of each source with where its number came from and the engine's flags (docs/mileage-engine.md).
 */
export function MileageReportDialog({ trip, onOpenChange }: { trip: { id: number; number: string } | null; onOpenChange: (open: boolean) => void }) {
  const { distanceUnit } = useRouteSettings();
  return (
    <Dialog open={trip !== null} onOpenChange={onOpenChange}>
      {/* One shrinkable column: the wide tables scroll inside it instead of widening the dialog on a phone. */}
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Mileage Report{trip?.number ? `: ${trip.number}` : ''}</DialogTitle>
          <DialogDescription>
            {/* The first row is HERE's route or, without one, the estimate: the copy names neither as HERE. */}
            {distanceUnit === 'KM' ? 'Distances in km' : 'Miles'} by the route (HERE, or an Estimate without one) and by each truck&apos;s telematics; differences are from the
            first row.
          </DialogDescription>
        </DialogHeader>
        {trip && <MileageReport key={trip.id} tripId={trip.id} unit={distanceUnit} />}
      </DialogContent>
    </Dialog>
  );
}

function MileageReport({ tripId, unit }: { tripId: number; unit: DistanceUnit }) {
  const query = useQuery(mileStatsQueryOptions(tripId));
  if (query.isPending) return <Spinner label="Loading mileage..." />;
  if (query.error && !query.data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorText(query.error)}
      </p>
    );
  const stats = query.data!;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <TelematicsFreshness tripId={tripId} stats={stats} />
      <SourcesTable stats={stats} unit={unit} />
      <UseSourceMiles tripId={tripId} stats={stats} unit={unit} />
      {((stats.routeSource === 'ESTIMATE' && stats.hereStats) || isEstimate(stats.hereStats)) && (
        <EstimateBasisNote basis={stats.routeEstimateBasis} unit={unit} className="-mt-4" />
      )}
      {/* Keyed by the unit too: the typed figures are in the unit, so a change of unit starts the form over. */}
      <ManualMileage key={`${manualKey(stats.manualStats)}-${unit}`} tripId={tripId} manual={stats.manualStats} unit={unit} />
      <StateMilesSplit tripId={tripId} unit={unit} />
      <LegsBreakdown stats={stats} unit={unit} />
    </div>
  );
}

/** Refetches this long after a refresh was queued: the job fetches within seconds. */
const REFRESH_REREAD_MS = 5_000;

/**
 * When each telematics source's data was fetched, and "Refresh telematics" for those allowed:
 * the report itself only reads stored figures; the refresh queues the fetch (202) and reads again.
 */
function TelematicsFreshness({ tripId, stats }: { tripId: number; stats: TripMileStats }) {
  const { hasAny } = usePermissions();
  const queryClient = useQueryClient();
  const [queued, setQueued] = useState(false);
  const onRefresh = async () => {
    setQueued(true);
    try {
      await refreshTelematics(tripId);
      toast.success('Telematics refresh queued; the figures update in a few seconds.');
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: mileStatsKeys.detail(tripId) });
        setQueued(false);
      }, REFRESH_REREAD_MS);
    } catch (e) {
      setQueued(false);
      toast.error(errorText(e));
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
      <p data-testid="telematics-fetched">{TELEMATICS_FETCHED.map(({ key, label }) => fetchedText(label, stats[key])).join('   ')}</p>
      {hasAny(REFRESH_TELEMATICS_PERMISSIONS) && (
        <Button type="button" size="sm" variant="outline" disabled={queued} onClick={() => void onRefresh()}>
          {queued ? 'Refresh queued…' : 'Refresh telematics'}
        </Button>
      )}
    </div>
  );
}

const manualKey = (m: ManualMileStats) => `${m.loadedMiles}/${m.emptyMiles}/${m.payableMileage}`;

const numCell = 'py-1.5 pl-2 text-right tabular-nums whitespace-nowrap';

/** The routing's figures are an estimate when none of its legs was routed by HERE: its row says so and its numbers read "≈". */
const isEstimate = (s: TripMileStats[SourceKey]) => s !== null && s.legs.length > 0 && s.legs.every((l) => l.method === 'ESTIMATE' || l.miles === null);

/**
 * The sources side by side: on a laptop one row per source; on a phone one column per source
 * (five figures across do not fit 390 px, three sources do).
 */
function SourcesTable({ stats, unit }: { stats: TripMileStats; unit: DistanceUnit }) {
  const mobile = useIsMobile();
  const first = stats[SOURCE_ROWS[0].key];
  const sources = SOURCE_ROWS.map(({ key, label }, i) => {
    const s = stats[key];
    // The routing row is the estimate when the trip's route was not HERE's (routeSource), or none of its legs was.
    const estimate = (i === 0 && s !== null && stats.routeSource === 'ESTIMATE') || isEstimate(s);
    // An estimated figure reads "≈" with the estimate's hover (the one EstimateFigure of every screen).
    const approx = (text: string) =>
      estimate && text !== '—' ? (
        <EstimateFigure basis={stats.routeEstimateBasis} unit={unit}>
          {text}
        </EstimateFigure>
      ) : (
        text
      );
    const d = i === 0 ? null : difference(s, first, unit);
    return { key, label: estimate ? 'Estimate' : label, s, d, approx, estimate };
  });
  const labels = Object.fromEntries(sources.map((x) => [x.key, x.label])) as Record<SourceKey, string>;
  const beyond = beyondTolerance(stats, labels, unit);
  const beyondOf = (key: SourceKey) => beyond.find((b) => b.key === key);
  const headers = [
    mileageHeader('Miles', unit),
    mileageHeader('Total Empty', unit),
    mileageHeader('TOTAL MILES', unit),
    mileageHeader('DIFFERENCES', unit),
    mileageHeader('TOTAL ODOMETERS', unit),
  ];
  const cells = ({ key, s, d, approx }: (typeof sources)[number]) => [
    <td key="miles" className={numCell}>
      {approx(miles(s?.miles, unit))}
    </td>,
    <td key="empty" className={numCell}>
      {approx(miles(s?.totalEmpty, unit))}
    </td>,
    <td key="total" className={cn(numCell, 'font-medium')}>
      {approx(miles(s?.totalMiles, unit))}
      {beyondOf(key) && <BeyondToleranceMarker sentence={beyondOf(key)!.sentence} />}
    </td>,
    <td
      key="difference"
      className={cn(numCell, d !== null && d > 0 && 'text-orange-600 dark:text-orange-400', d !== null && d < 0 && 'text-green-600 dark:text-green-400')}
      data-sign={d === null ? undefined : d > 0 ? 'positive' : d < 0 ? 'negative' : 'zero'}
    >
      {d === null ? '—' : signedMiles(d)}
    </td>,
    <td key="odometers" className={numCell} title={s?.totalOdometers !== null && s ? 'Odometer at the end minus at the start of the trip window' : undefined}>
      {miles(s?.totalOdometers, unit)}
    </td>,
  ];
  const sentences = beyond.length > 0 && (
    <ul className="mt-1 space-y-0.5 text-xs text-amber-800 dark:text-amber-200" data-testid="beyond-tolerance">
      {beyond.map((b) => (
        <li key={b.key}>
          <TriangleAlert aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
          {b.sentence}
        </li>
      ))}
    </ul>
  );
  if (mobile) {
    const byColumn = sources.map(cells);
    return (
      <div>
        <table className="w-full text-sm" aria-label="Mileage by source">
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b">
              <th className="py-1.5 pr-2 text-left font-medium">Figure</th>
              {sources.map(({ key, label, s }) => (
                <th key={key} className={cn(numCell, 'font-medium whitespace-normal')} title={provenance(s)}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {headers.map((header, row) => (
              <tr key={header} className="border-b align-top last:border-0">
                <th scope="row" className="py-1.5 pr-2 text-left text-xs font-medium">
                  {header}
                </th>
                {byColumn.map((column) => column[row])}
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-1.5 pr-2 text-left text-xs font-medium">
                Measured by
              </th>
              {sources.map(({ key, s }) => (
                <td key={key} className="py-1.5 pl-2 text-right text-xs text-muted-foreground">
                  {provenance(s)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
        {sentences}
      </div>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Mileage by source">
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b">
            <th className="py-1.5 pr-2 text-left font-medium">Source</th>
            {headers.map((header) => (
              <th key={header} className={cn(numCell, 'font-medium')}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sources.map((source) => (
            <tr key={source.key} className="border-b align-top last:border-0">
              <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                {source.label}
                <span className="block text-xs font-normal text-muted-foreground">{provenance(source.s)}</span>
              </th>
              {cells(source)}
            </tr>
          ))}
        </tbody>
      </table>
      {sentences}
    </div>
  );
}

/** A figure beyond the company's tolerance of the pay basis: a marker (the DIFFERENCES colours stay the spec's) whose name is the sentence. */
function BeyondToleranceMarker({ sentence }: { sentence: string }) {
  return (
    <span className="ml-1 inline-flex align-[-2px] text-amber-600 dark:text-amber-400" title={sentence} data-beyond-tolerance>
      <TriangleAlert aria-hidden className="size-3.5" />
      <span className="sr-only">Beyond tolerance: {sentence}</span>
    </span>
  );
}

/**
 * A trip that needs review: each complete source offers "Use these miles" — its payable, loaded
 * and empty miles saved as the manual figures, the source named in Trip History (docs/mileage-review.md).
 */
function UseSourceMiles({ tripId, stats, unit }: { tripId: number; stats: TripMileStats; unit: DistanceUnit }) {
  const { has } = usePermissions();
  const save = useSavePayableMileageMutation();
  if (stats.review?.status !== 'NEEDS_REVIEW' || !has(EDIT_MILEAGE_PERMISSION)) return null;
  const offers = SOURCE_ROWS.filter(({ key }) => sourceComplete(key, stats[key])).map(({ key }) => {
    const source = figureSourceOf(key, stats);
    return { key, source, label: FIGURE_SOURCE_LABELS[source], figures: figuresOfSource(stats[key]!) };
  });
  if (!offers.length) return null;
  const use = async (offer: (typeof offers)[number]) => {
    try {
      await save.mutateAsync({ tripId, ...offer.figures, version: stats.manualStats.version, source: offer.source });
      toast.success(`Payable miles taken from ${offer.label}`);
    } catch (error) {
      if (offerReloadIfStale(error, () => Promise.resolve())) return;
      toast.error(errorText(error));
    }
  };
  return (
    <section aria-label="Use one source's miles" className="-mt-2 grid gap-2 rounded-md border border-dashed p-3 text-sm" data-testid="use-source-miles">
      <p className="text-xs text-muted-foreground">This trip needs review. Take one complete source&apos;s figures as its payable miles:</p>
      <ul className="grid gap-2">
        {offers.map((offer) => (
          <li key={offer.key} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">{offer.label}</span>
              <span className="text-muted-foreground">
                {' '}
                · payable {milesText(offer.figures.payableMileage, unit)}, loaded {milesText(offer.figures.loadedMiles, unit)}, empty {milesText(offer.figures.emptyMiles, unit)}
              </span>
            </span>
            <Button type="button" size="sm" variant="outline" disabled={save.isPending} aria-label={`Use these miles: ${offer.label}`} onClick={() => void use(offer)}>
              Use these miles
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * LOADED MILES, EMPTY MILES, PAYABLE MILEAGE: read-only until Edit; opens in edit mode when nothing was entered yet.
 * Stored in miles, shown and typed in the user's unit (docs/decisions/020-one-unit.md): with KM the headers say km and the
 * figures are converted both ways; a km figure left as shown saves the stored miles unchanged (manualFieldMiles).
 */
function ManualMileage({ tripId, manual, unit }: { tripId: number; manual: ManualMileStats; unit: DistanceUnit }) {
  const { has } = usePermissions();
  const canEdit = has(EDIT_MILEAGE_PERMISSION);
  const empty = manual.loadedMiles === null && manual.emptyMiles === null && manual.payableMileage === null;
  const [editing, setEditing] = useState(canEdit && empty);
  const initial: ManualMileageValues = { loadedMiles: manualFieldText(manual.loadedMiles, unit), emptyMiles: manualFieldText(manual.emptyMiles, unit) };
  const form = useForm<ManualMileageValues>({ resolver: zodResolver(manualMileageSchema), defaultValues: initial });
  const [loaded, emptyMiles] = useWatch({ control: form.control, name: ['loadedMiles', 'emptyMiles'] });
  const save = useSavePayableMileageMutation();
  const queryClient = useQueryClient();
  const errors = form.formState.errors;

  /** After a stale save: read the trip's figures again and show them read-only (the drawers' 'Reload'). */
  const reload = async () => {
    const fresh = (await queryClient.fetchQuery({ ...mileStatsQueryOptions(tripId), staleTime: 0 })).manualStats;
    form.reset({ loadedMiles: manualFieldText(fresh.loadedMiles, unit), emptyMiles: manualFieldText(fresh.emptyMiles, unit) });
    setEditing(false);
  };
  const readOnly = !editing || save.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!tripId) {
      toast.error(MILEAGE_MESSAGES.tripIdMissing);
      return;
    }
    const loadedMiles = manualFieldMiles(values.loadedMiles, unit, manual.loadedMiles);
    const emptyValue = manualFieldMiles(values.emptyMiles, unit, manual.emptyMiles);
    try {
      await save.mutateAsync({ tripId, loadedMiles, emptyMiles: emptyValue, payableMileage: payableFrom(emptyValue, loadedMiles), version: manual.version });
      setEditing(false);
    } catch (error) {
      if (offerReloadIfStale(error, reload)) return;
      const server = isApiError(error) ? error.serverMessage?.trim() : undefined;
      toast.error(server || MILEAGE_MESSAGES.saveFailed);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3 rounded-md border p-3" aria-label="Manual mileage">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Manual mileage</h3>
        {canEdit && (
          <div className="flex gap-2">
            {editing ? (
              <>
                {!empty && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={save.isPending}
                    onClick={() => {
                      form.reset(initial);
                      setEditing(false);
                    }}
                  >
                    Cancel
                  </Button>
                )}
                <Button type="submit" size="sm" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save'}
                </Button>
              </>
            ) : (
              <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ['loadedMiles', 'manual-loaded', 'LOADED MILES'],
            ['emptyMiles', 'manual-empty', 'EMPTY MILES'],
          ] as const
        ).map(([name, id, label]) => (
          <FormField key={id} id={id} label={mileageHeader(label, unit)} error={errors[name]}>
            <Input
              id={id}
              type="number"
              step={0.1}
              min={0}
              inputMode="decimal"
              readOnly={readOnly}
              className={cn('tabular-nums', readOnly && 'bg-muted/50')}
              {...fieldAria(id, errors[name])}
              {...form.register(name)}
            />
          </FormField>
        ))}
        <FormField id="manual-payable" label={mileageHeader('PAYABLE MILEAGE', unit)}>
          <Input
            id="manual-payable"
            readOnly
            tabIndex={-1}
            className="bg-muted/50 tabular-nums"
            value={
              // The stored payable, converted, while the figures read as stored (in km a sum of rounded figures could
              // differ from it by 0.1); else the sum of what is typed.
              emptyMiles === initial.emptyMiles && loaded === initial.loadedMiles && manual.payableMileage !== null
                ? manualFieldText(manual.payableMileage, unit)
                : payableText(emptyMiles, loaded)
            }
          />
        </FormField>
      </div>
      {unit === 'KM' && <p className="text-xs text-muted-foreground">Entered in km; pay and the CSV exports stay in miles.</p>}
    </form>
  );
}

const SHORT_METHOD: Record<string, string> = { HERE: 'HERE', ESTIMATE: 'estimate', ODOMETER: 'odometer', GPS: 'GPS' };

function LegCell({ leg, telematics, unit, basis }: { leg: MileStatsLeg | null; telematics: boolean; unit: DistanceUnit; basis?: EstimateBasisLike | null }) {
  if (!leg) return <td className={cn(numCell, 'text-muted-foreground')}>—</td>;
  if (leg.miles === null) return <td className={cn(numCell, 'text-muted-foreground')}>{telematics ? (leg.reachedAt ? 'Not measured' : 'Not reached') : 'No figure'}</td>;
  const other = leg.otherMiles !== null && leg.otherMethod ? `${DISTANCE_METHOD_LABELS[leg.otherMethod]}: ${miles(leg.otherMiles, unit)} ${UNIT_SUFFIX[unit]}` : null;
  return (
    <td className={numCell}>
      {leg.method === 'ESTIMATE' ? (
        <EstimateFigure basis={basis} unit={unit} spoken={null} className="font-medium">
          {miles(leg.miles, unit)}
        </EstimateFigure>
      ) : (
        <span className="font-medium">{miles(leg.miles, unit)}</span>
      )}{' '}
      <span className="text-xs text-muted-foreground">{leg.method ? SHORT_METHOD[leg.method] : 'source not recorded'}</span>
      {(other || leg.differs || leg.gap) && (
        <span className="mt-0.5 flex flex-wrap justify-end gap-1 text-xs">
          {other && <span className="text-muted-foreground">{other}</span>}
          {leg.differs && (
            <span className="rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200" title="The odometer and the GPS track differ by more than 3 %">
              differs &gt;3 %
            </span>
          )}
          {leg.gap && (
            <span className="rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200" title="More than 10 minutes or 5 km without a GPS fix">
              gap
            </span>
          )}
        </span>
      )}
    </td>
  );
}

function LegsBreakdown({ stats, unit }: { stats: TripMileStats; unit: DistanceUnit }) {
  const rows = legRows(stats);
  if (rows.length === 0) return null;
  return (
    <details className="group rounded-md border">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium select-none">Legs by source ({rows.length})</summary>
      <div className="overflow-x-auto px-3 pb-3">
        <table className="w-full text-sm" aria-label="Legs by source">
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b">
              <th className="py-1.5 pr-2 text-left font-medium">Leg to stop</th>
              <th className="py-1.5 pr-2 text-left font-medium">Load</th>
              {SOURCE_ROWS.map(({ key, label }) => (
                <th key={key} className={cn(numCell, 'font-medium')}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.toIndex} className="border-b align-top last:border-0">
                <td className="py-1.5 pr-2 whitespace-nowrap">
                  {stopLetter(row.toIndex)} · {row.stopType}
                </td>
                <td className="py-1.5 pr-2 text-muted-foreground">{row.loadStatus === 'LOADED' ? 'Loaded' : 'Empty'}</td>
                {SOURCE_ROWS.map(({ key }) => (
                  <LegCell key={key} leg={row.bySource[key]} telematics={key !== 'hereStats'} unit={unit} basis={stats.routeEstimateBasis} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-muted-foreground">
          Each figure says how it was measured: HERE route, estimate (no route available), odometer between the fixes that reached the stops, or the GPS track&apos;s length.
          Figures in {unit === 'KM' ? 'km' : 'miles'}.
        </p>
      </div>
    </details>
  );
}
