import { DISTANCE_METHOD_LABELS, type TelematicsLocation } from '@milepost/contracts/mile-stats-api';
import type { ProviderKey } from '@milepost/contracts/providers';
import type { MapSourceSummary, TripMapSummary } from '@milepost/contracts/trip-map-api';
import { beyondToleranceOf, payBasisFigure } from '@milepost/contracts/mileage-review-api';
import { decodeColumns } from '@milepost/geo/flexpolyline';
import { groupDigits, metersTo, type DistanceUnit } from '@milepost/geo/units';
import { FileText, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { SOURCE_TITLES } from '@/lib/distance-format';
import { useDistanceFormat } from '@/lib/route-settings';
import { cn } from '@/lib/utils';
import { LimitedDataNotice } from './limited-data-notice';
import type { LatLngTuple, MapRoute, MapStop, MapTiles } from './map-geometry';
import { MapPanel } from './map-panel';

/** A provider's track on the trip map (packages/contracts providers.ts). */
export type TelematicsSource = ProviderKey;

/** The stored track as one drawable line, and the fixes that reached stops as pins labelled with the stop type. */
export function telematicsDrawing(location: TelematicsLocation | null): { routes: MapRoute[]; stops: MapStop[] } {
  if (!location?.polyline) return { routes: [], stops: [] };
  const { lat, lng } = decodeColumns(location.polyline);
  const line: LatLngTuple[] = new Array(lat.length);
  for (let i = 0; i < lat.length; i++) line[i] = [lat[i]!, lng[i]!];
  return {
    routes: line.length > 1 ? [{ legs: [line] }] : [],
    stops: location.nearbyPoints.map((p) => ({ lat: p.lat, lng: p.lng, stopType: p.type, title: `${p.type} reached` })),
  };
}

/** The change of a telematics panel's distance against the primary panel's, in the unit, to one decimal. */
export function changeAgainstPrimary(meters: number, primaryMeters: number | null | undefined, unit: DistanceUnit): number | null {
  if (primaryMeters === null || primaryMeters === undefined) return null;
  const d = Math.round((metersTo(meters, unit) - metersTo(primaryMeters, unit)) * 10) / 10;
  return d === 0 ? 0 : d;
}

const sourceComplete = (s: MapSourceSummary) => s.distance !== null && (s.type === 'here' || (s.coverage != null && s.coverage.legsMeasured >= s.coverage.legs));

/**
 * The panels whose figure differs from the pay basis beyond the company's tolerance, by panel type,
 * with the sentence (docs/mileage-review.md "Beyond tolerance"): complete figures only; the routing's
 * is the basis of ROUTED, the first telematics source with a figure the actual one.
 */
export function panelsBeyondTolerance(summary: TripMapSummary | undefined, text: (metres: number) => string): Partial<Record<string, string>> {
  const rule = summary?.payRule;
  if (!summary || !rule) return {};
  const here = summary.sources.find((s) => s.type === 'here');
  const routed = here && sourceComplete(here) ? here.distance : null;
  const first = summary.sources.find((s) => s.type !== 'here' && s.distance !== null);
  const actual = first && sourceComplete(first) ? first.distance : null;
  const basis = payBasisFigure(rule.payBasis, routed, actual);
  if (basis === null) return {};
  const out: Partial<Record<string, string>> = {};
  for (const s of summary.sources) {
    if (!sourceComplete(s)) continue;
    const label = s.type === 'here' ? (s.method === 'ESTIMATE' ? 'Estimate' : 'HERE route') : s.type.toUpperCase();
    const beyond = beyondToleranceOf(label, s.distance!, rule, basis, text);
    if (beyond) out[s.type] = beyond.sentence;
  }
  return out;
}

/** The title's marker of a figure beyond tolerance: its name is the sentence (shown under the title too). */
export function BeyondToleranceMarker({ sentence }: { sentence: string }) {
  return (
    <span data-testid="panel-beyond-tolerance" className="inline-flex self-center text-amber-600 dark:text-amber-400" title={sentence}>
      <TriangleAlert aria-hidden className="size-3.5" />
      <span className="sr-only">Beyond tolerance: {sentence}</span>
    </span>
  );
}

/** The sentence under a panel's title. */
export function BeyondToleranceNotice({ sentence }: { sentence: string }) {
  return (
    <p className="border-b px-3 py-1.5 text-xs text-amber-800 dark:text-amber-200" data-testid="panel-beyond-tolerance-sentence">
      {sentence}
    </p>
  );
}

/** What the primary (routing) panel shows: its distance in metres and whether it is HERE's route or the estimate. */
export interface PrimaryFigures {
  distance: number;
  source: 'HERE' | 'ESTIMATE' | null;
}

/**
 * The panel's hours: driving time (comparable with the route's driving hours) and, apart, the
 * time the truck stood still at stops (dwell). Without a dwell figure, the hours as measured.
 */
function TelematicsHours({ duration, dwell, hours }: { duration: number; dwell: number | null; hours: (seconds: number) => string }) {
  if (dwell === null) return <> · {hours(duration)}</>;
  return (
    <>
      {' · '}
      <span data-testid="telematics-driving" title="Driving: from reaching the first stop to reaching the last, less the time stood still">
        {hours(Math.max(0, duration - dwell))} driving
      </span>
      {' · '}
      <span data-testid="telematics-dwell" className="text-muted-foreground" title="Time stood still at stops (dwell)">
        {hours(dwell)} at stops
      </span>
    </>
  );
}

/**
 * A telematics provider's map panel (docs/product/trips.md "Map panels", "Map behaviour"): the truck's
 * stored track and the fixes that reached the stops as labelled pins, titled with the source's
 * miles and hours (GET /trips/{id}/map-summary), how they were measured (odometer or GPS track), and
 * the change against the primary panel (red when higher, green when lower). Without a track
 * for the trip it shows the amber 'Limited Data Available' notice over the trip's stops.
 * Place it only when the trip's company runs the integration (the summary lists it then).
 */
export function TelematicsMapPanel({
  source,
  location,
  figures,
  primary,
  stops,
  tiles,
  onViewReport,
  beyondTolerance,
  className,
}: {
  source: TelematicsSource;
  /** The sentence when this figure differs from the pay basis beyond the company's tolerance. */
  beyondTolerance?: string | undefined;
  location: TelematicsLocation | null;
  /** This source's entry of GET /trips/{id}/map-summary (null while it loads). */
  figures: MapSourceSummary | null;
  primary: PrimaryFigures | null;
  /** The trip's stops, drawn when there is no track. */
  stops: MapStop[];
  tiles: MapTiles;
  onViewReport?: () => void;
  className?: string;
}) {
  const fmt = useDistanceFormat();
  const drawing = useMemo(() => telematicsDrawing(location), [location]);
  const hasTrack = drawing.routes.length > 0;
  const name = source.toUpperCase();
  const method = figures?.method ?? null;
  const distance = figures?.distance ?? null;
  const change = hasTrack && distance !== null && method !== null ? changeAgainstPrimary(distance, primary?.distance, fmt.unit) : null;

  const title = (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span>{name}</span>
      {hasTrack && distance !== null && method !== null && (
        <>
          <span data-testid="telematics-figures" className="whitespace-nowrap" title={SOURCE_TITLES[method]}>
            {fmt.distance(distance, method)}
            {figures?.duration != null && <TelematicsHours duration={figures.duration} dwell={figures.dwell ?? null} hours={(seconds) => fmt.hours(seconds, method)} />}
          </span>
          <span data-testid="telematics-method" className="rounded border px-1 text-[10px] font-normal uppercase text-muted-foreground" title={SOURCE_TITLES[method]}>
            {DISTANCE_METHOD_LABELS[method]}
          </span>
          {change !== null && primary && (
            <span
              data-testid="telematics-change"
              data-sign={change > 0 ? 'higher' : change < 0 ? 'lower' : 'same'}
              className={cn('whitespace-nowrap text-xs', change > 0 && 'text-red-600 dark:text-red-400', change < 0 && 'text-green-600 dark:text-green-400')}
            >
              {change > 0 ? '+' : change < 0 ? '-' : ''}
              {groupDigits(Math.abs(change), 1)} {fmt.suffix} vs {primary.source === 'ESTIMATE' ? 'estimate' : 'route'}
            </span>
          )}
        </>
      )}
      {hasTrack && figures && method === null && <span className="text-xs font-normal text-muted-foreground">No stop reached: not measured</span>}
      {hasTrack && beyondTolerance && <BeyondToleranceMarker sentence={beyondTolerance} />}
    </span>
  );
  return (
    <MapPanel
      label={`${name} track`}
      title={title}
      notice={hasTrack ? beyondTolerance && <BeyondToleranceNotice sentence={beyondTolerance} /> : <LimitedDataNotice />}
      className={className}
      actions={
        onViewReport && (
          <Button variant="ghost" size="sm" onClick={onViewReport}>
            <FileText aria-hidden />
            View Report
          </Button>
        )
      }
      stops={hasTrack ? drawing.stops : stops}
      routes={drawing.routes}
      selectedRoute={0}
      calculating={false}
      tiles={tiles}
    />
  );
}
