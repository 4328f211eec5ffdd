import { LoaderCircle } from 'lucide-react';
import { MAP_TEXTS, PLACEHOLDER_DELAY_MS } from './map-geometry';
import { useDelayed } from './use-map-timing';

/** 'Initializing Map' while the map code or basemap loads; shown only after 200 ms so a fast load does not flash it. */
export function MapInitializing() {
  const due = useDelayed(PLACEHOLDER_DELAY_MS);
  if (!due) return <div className="absolute inset-0 bg-muted/40" aria-hidden />;
  return (
    <div role="status" className="absolute inset-0 z-[500] flex flex-col items-center justify-center gap-1 bg-muted/70 text-center">
      <LoaderCircle aria-hidden className="size-5 animate-spin text-muted-foreground" />
      <p className="text-sm font-medium">{MAP_TEXTS.initializingTitle}</p>
      <p className="text-xs text-muted-foreground">{MAP_TEXTS.initializingText}</p>
    </div>
  );
}

/** 'Calculating Route' over the map while a route is computed. */
export function MapCalculating() {
  return (
    <div role="status" className="absolute inset-0 z-[600] flex items-center justify-center bg-background/50 backdrop-blur-[1px]">
      <div className="flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-card-foreground shadow-md">
        <LoaderCircle aria-hidden className="size-5 animate-spin text-muted-foreground" />
        <div>
          <p className="text-sm font-medium">{MAP_TEXTS.calculatingTitle}</p>
          <p className="text-xs text-muted-foreground">{MAP_TEXTS.calculatingText}</p>
        </div>
      </div>
    </div>
  );
}

/** Before the map has been on screen: nothing is created yet. */
export function MapNotVisible() {
  return <div className="absolute inset-0 flex items-center justify-center bg-muted/40 text-sm text-muted-foreground">{MAP_TEXTS.notVisibleYet}</div>;
}
