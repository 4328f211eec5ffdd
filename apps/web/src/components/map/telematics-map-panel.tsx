import type { TelematicsLocation } from '@milepost/contracts/mile-stats-api';
import { decodeColumns } from '@milepost/geo/flexpolyline';
import { formatDistance, formatHours, metersTo, type DistanceUnit } from '@milepost/geo/units';
import { AlertTriangle, FileText } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { LatLngTuple, MapRoute, MapStop, MapTiles } from './map-geometry';
import { MapPanel } from './map-panel';

/** docs/product/shell.md "Trips": the notice of a panel without telematics data. */
export const LIMITED_DATA_TEXTS = {
  title: 'Limited Data Available',
  text: 'Additional location data has not been provided by the backend system. Statistics are calculated based on available trip stops only.',
} as const;

export type TelematicsSource = 'SAMSARA' | 'GLE';

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

/**
 * A Samsara or GLE map panel (docs/product/trips.md "Map panels"): the truck's stored track and the fixes
 * that reached the stops, titled with its miles and hours and the change against the primary
 * panel (red when higher, green when lower); the amber 'Limited Data Available' notice when the
 * integration has no data for the trip. Show it only when the trip's company has the integration.
 */
export function TelematicsMapPanel({
  source,
  location,
  primary,
  tiles,
  unit = 'MILES',
  onViewReport,
  className,
}: {
  source: TelematicsSource;
  location: TelematicsLocation | null;
  /** The primary (routing) panel's distance in metres, for the change. */
  primary: { distance: number } | null;
  tiles: MapTiles;
  unit?: DistanceUnit;
  onViewReport?: () => void;
  className?: string;
}) {
  const drawing = useMemo(() => telematicsDrawing(location), [location]);
  const hasData = drawing.routes.length > 0;
  const suffix = unit === 'KM' ? 'km' : 'mi';
  const change = hasData && location ? changeAgainstPrimary(location.distance, primary?.distance, unit) : null;
  const title = (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span>{source}</span>
      {hasData && location && (
        <>
          <span data-testid="telematics-figures">
            {formatDistance(location.distance, unit)} {suffix} · {formatHours(location.duration)} h
          </span>
          {change !== null && (
            <span
              data-testid="telematics-change"
              data-sign={change > 0 ? 'higher' : change < 0 ? 'lower' : 'same'}
              className={cn('text-xs', change > 0 && 'text-red-600 dark:text-red-400', change < 0 && 'text-green-600 dark:text-green-400')}
            >
              {change > 0 ? '+' : ''}
              {change.toFixed(1)} {suffix} vs route
            </span>
          )}
        </>
      )}
    </span>
  );
  const notice = hasData ? undefined : (
    <div role="status" className="flex gap-2 border-b bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong className="block font-semibold">{LIMITED_DATA_TEXTS.title}</strong>
        {LIMITED_DATA_TEXTS.text}
      </p>
    </div>
  );
  return (
    <MapPanel
      label={`${source} track`}
      title={title}
      notice={notice}
      className={className}
      actions={
        onViewReport && (
          <Button variant="ghost" size="sm" onClick={onViewReport}>
            <FileText aria-hidden />
            View Report
          </Button>
        )
      }
      stops={drawing.stops}
      routes={drawing.routes}
      selectedRoute={0}
      calculating={false}
      tiles={tiles}
    />
  );
}
