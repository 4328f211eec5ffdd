import { Maximize2, Minimize2, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { MapCanvas } from './map-canvas';
import { EXPAND_MS, type MapHandle } from './map-geometry';
import type { RouteMapProps } from './route-map';

export interface MapPanelProps extends Omit<RouteMapProps, 'expanded' | 'onReady'> {
  /** Accessible name of the panel, e.g. 'HERE route'. */
  label: string;
  /** The title line: the source, total miles and hours. */
  title: ReactNode;
  /** Buttons left of zoom and expand, e.g. View Report. */
  actions?: ReactNode;
  /** Under the title, e.g. the 'Limited Data Available' notice. */
  notice?: ReactNode;
  className?: string;
}

/**
 * A map panel (docs/product/trips.md "Map panels"): its title, its actions, zoom in/out and
 * expand/collapse (350 ms; Escape collapses), over a lazily created map.
 */
export function MapPanel({ label, title, actions, notice, className, ...mapProps }: MapPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const onReady = useCallback((h: MapHandle | null) => setHandle(h), []);

  useEffect(() => {
    if (!expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setExpanded(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [expanded]);

  return (
    <section
      aria-label={label}
      data-expanded={expanded || undefined}
      style={{ animationDuration: `${EXPAND_MS}ms` }}
      className={cn(
        'flex min-h-0 min-w-0 flex-col overflow-hidden rounded-lg border bg-card text-card-foreground',
        expanded ? 'fixed inset-2 z-50 shadow-2xl animate-zoom-in' : 'relative',
        className,
      )}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b px-3 py-1.5">
        <div className="min-w-[12rem] flex-1 text-sm font-medium tabular-nums">{title}</div>
        <div className="flex items-center gap-1">
          {actions}
          <Button variant="ghost" size="icon-sm" aria-label="Zoom in" disabled={!handle} onClick={() => handle?.zoomIn()}>
            <Plus aria-hidden />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label="Zoom out" disabled={!handle} onClick={() => handle?.zoomOut()}>
            <Minus aria-hidden />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label={expanded ? 'Collapse map' : 'Expand map'} aria-pressed={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? <Minimize2 aria-hidden /> : <Maximize2 aria-hidden />}
          </Button>
        </div>
      </header>
      {notice}
      <div className="relative min-h-0 flex-1">
        <MapCanvas {...mapProps} expanded={expanded} onReady={onReady} />
      </div>
    </section>
  );
}
