import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { PlaceItem } from '@milepost/contracts/places-api';
import { ROUTING_MESSAGES, type RouteResponse } from '@milepost/contracts/routing-api';
import type { LoadStatus, StopType } from '@milepost/geo/stops';
import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '@/components/layout/toasts';
import { stopColor, stopLetter } from '@/components/map/map-geometry';
import { PlaceSearch } from '@/components/place-search/place-search';
import { Button } from '@/components/ui/button';
import { EstimateFigure } from '@/components/estimate-figure';
import { SOURCE_TITLES } from '@/lib/distance-format';
import { useDistanceFormat } from '@/lib/route-settings';
import { cn } from '@/lib/utils';
import { MOVED_HIGHLIGHT_MS, STOP_TYPE_OPTIONS, addStop, moveStop, removeStop, setLoadStatus, setStopType, stopLabel, type StopDraft } from '../stops';
import { useStopLegs } from './use-stop-legs';

/** The same place twice in a row (a round trip may come back to it later: docs/decisions/007-trip-editing-for-dispatchers.md). */
export const DUPLICATE_STOP_TEXT = 'This location is already the last stop of this trip.';
export const ROUTE_FAILED_TEXT = 'Leg distances could not be calculated';
export const FIRST_STOP_PICKUP = 'First stop is the pickup';

/**
 * A trip without a PICKUP whose legs all run empty (START → DELIVERY, a two-stop trip's default)
 * pays no loaded mile: the editor says so, with the empty distance when the legs are known
 * (docs/decisions/015-loaded-by-freight-on-board.md).
 */
export function noPickupText(stops: readonly StopDraft[], distance: (meters: number) => string): string | null {
  if (stops.length < 2 || stops.some((s) => s.stopType === 'PICKUP') || stops.slice(1).some((s) => s.loadStatus === 'LOADED')) return null;
  const legs = stops.slice(1).map((s) => s.distance);
  const known = legs.every((d) => d !== null);
  return known ? `No pickup: all ${distance(legs.reduce<number>((a, d) => a + (d ?? 0), 0))} count as empty` : 'No pickup: all miles count as empty';
}

const selectClass = 'h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50 disabled:opacity-50';

/**
 * The stops of a trip (docs/product/trips.md "Stops editor"): 'Start' first, 'Stop B', 'Stop C'…
 * between, the last by its type, with the letters every screen uses; places are added only from
 * the place search (Enter in the box adds the picked place when no list is open), at the end or
 * before any stop ("Add at"); every stop reorders by drag or keyboard (dnd-kit). Types and load
 * statuses follow the route (stopTypeDefaults, loadStatusDefaults) until the dispatcher picks
 * one, which is then kept whatever happens to the other stops. 100 ms after every change with at
 * least 2 valid stops the legs are recalculated through the API (POST /routing/routes, with the
 * user's route settings); each row shows its leg, the running total and the leg's hours, marked
 * as estimates when the API could only estimate them. The server computes the figures it stores
 * again on save: these are what the dispatcher sees while planning.
 */
export function StopsEditor({ stops, onChange, disabled = false }: { stops: readonly StopDraft[]; onChange: (stops: StopDraft[]) => void; disabled?: boolean }) {
  const [picked, setPicked] = useState<PlaceItem | null>(null);
  /** Where the next stop goes: before the stop with this key, or at the end (''). */
  const [addBefore, setAddBefore] = useState('');
  const [searchKey, setSearchKey] = useState(0);
  const [moved, setMoved] = useState<ReadonlySet<string>>(new Set());
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(highlightTimer.current), []);

  // Legs through the API, 100 ms after a change of stops or route settings (use-stop-legs.ts).
  const { answer, routeError } = useStopLegs(stops, onChange);
  const source = answer?.source ?? null;
  const fmt = useDistanceFormat();
  const noPickup = noPickupText(stops, (m) => `${fmt.number(m)} ${fmt.unit === 'KM' ? 'km' : 'miles'}`);

  const add = () => {
    if (!picked) return;
    const at = stops.findIndex((s) => s.key === addBefore);
    const next = addStop(stops, picked, at < 0 ? stops.length : at);
    if (!next) {
      toast.warning(DUPLICATE_STOP_TEXT);
      return;
    }
    onChange(next);
    setPicked(null);
    setSearchKey((k) => k + 1);
  };

  const move = (from: number, to: number) => {
    const next = moveStop(stops, from, to);
    if (!next) return;
    const a = Math.min(from, to);
    const b = Math.max(from, to);
    setMoved(new Set(next.slice(a, b + 1).map((s) => s.key)));
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setMoved(new Set()), MOVED_HIGHLIGHT_MS);
    onChange(next);
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      stops.findIndex((s) => s.key === active.id),
      stops.findIndex((s) => s.key === over.id),
    );
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // PlaceSearch prevents the default of an Enter that picks from its open list.
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="grid gap-2" aria-label="Stops">
      <legend className="mb-1 text-sm font-medium">Stops</legend>
      <div className="flex flex-wrap items-start gap-2" onKeyDown={onSearchKeyDown}>
        <PlaceSearch
          key={searchKey}
          aria-label="Stop location"
          placeholder="Search city, address or ZIP"
          value={picked}
          onSelect={setPicked}
          onClear={() => setPicked(null)}
          disabled={disabled}
          className="min-w-56 flex-1"
        />
        {stops.length > 0 && (
          <select
            aria-label="Add at"
            className={cn(selectClass, 'h-9 max-w-36')}
            value={stops.some((s) => s.key === addBefore) ? addBefore : ''}
            disabled={disabled}
            onChange={(e) => setAddBefore(e.target.value)}
          >
            <option value="">At the end</option>
            {stops.map((s, i) => (
              <option key={s.key} value={s.key}>
                Before {stopLetter(i)} ({stopLabel(i, stops.length, s.stopType)})
              </option>
            ))}
          </select>
        )}
        <Button type="button" variant="outline" onClick={add} disabled={disabled || !picked}>
          <Plus aria-hidden />
          Add Stop
        </Button>
      </div>
      {stops.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">No stops yet. Search a place and add it.</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={stops.map((s) => s.key)} strategy={verticalListSortingStrategy}>
            <ol aria-label="Trip stops" className="grid gap-1">
              {stops.map((stop, index) => (
                <StopRow
                  key={stop.key}
                  stop={stop}
                  index={index}
                  count={stops.length}
                  highlighted={moved.has(stop.key)}
                  disabled={disabled}
                  source={source}
                  basis={answer?.basis}
                  onStopType={(type) => onChange(setStopType(stops, stop.key, type))}
                  onLoadStatus={(status) => onChange(setLoadStatus(stops, stop.key, status))}
                  onRemove={() => onChange(removeStop(stops, stop.key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {noPickup && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-700 dark:bg-amber-950/40"
        >
          <span>{noPickup}</span>
          <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => onChange(setStopType(stops, stops[0]!.key, 'PICKUP'))}>
            {FIRST_STOP_PICKUP}
          </Button>
        </div>
      )}
      {stops.length >= 2 && answer?.source === 'ESTIMATE' && (
        <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="legs-estimate-note">
          {answer.reason ? ROUTING_MESSAGES.estimate[answer.reason] : SOURCE_TITLES.ESTIMATE}
        </p>
      )}
      {stops.length >= 2 && routeError && (
        <p role="alert" className="text-xs text-destructive">
          {ROUTE_FAILED_TEXT}: {routeError}
        </p>
      )}
    </fieldset>
  );
}

function StopRow({
  stop,
  index,
  count,
  highlighted,
  disabled,
  source,
  basis,
  onStopType,
  onLoadStatus,
  onRemove,
}: {
  stop: StopDraft;
  index: number;
  count: number;
  highlighted: boolean;
  disabled: boolean;
  source: RouteResponse['source'] | null;
  /** What an estimate was computed with (its hover). */
  basis?: RouteResponse['estimateBasis'];
  onStopType: (type: StopType) => void;
  onLoadStatus: (status: LoadStatus | null) => void;
  onRemove: () => void;
}) {
  const fixed = count < 2;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stop.key, disabled: fixed || disabled });
  const label = stopLabel(index, count, stop.stopType);
  const letter = stopLetter(index);
  const fmt = useDistanceFormat();
  return (
    <li
      ref={setNodeRef}
      data-testid="trip-stop"
      data-letter={letter}
      data-highlighted={highlighted || undefined}
      aria-label={`${label}: ${stop.address}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded-md border bg-background px-2 py-1.5 text-sm transition-colors',
        highlighted && 'border-primary bg-primary/10',
        isDragging && 'z-10 shadow-md',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        aria-label={fixed ? `${label} stays in place` : `Move ${label}`}
        disabled={fixed || disabled}
        className="rounded p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-30"
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <span aria-hidden style={{ background: stopColor(stop.stopType) }} className="flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white">
        {letter}
      </span>
      <span className="w-16 shrink-0 font-medium">{label}</span>
      {/* The whole place, wrapped when it is long: a city cut to "Detroit, MI,…" cannot be checked. */}
      <span className="min-w-0 flex-1 break-words" data-testid="stop-address">
        {stop.address}
      </span>
      <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${label}`} disabled={disabled} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
      <span className="flex basis-full flex-wrap items-center gap-2 pl-14">
        <select
          aria-label={`Stop type of ${label}`}
          data-chosen={stop.typeChosen || undefined}
          className={selectClass}
          value={stop.stopType}
          disabled={disabled}
          onChange={(e) => onStopType(e.target.value as StopType)}
        >
          {STOP_TYPE_OPTIONS.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        {index > 0 && (
          <select
            aria-label={`Load status into ${label}`}
            data-testid="load-status"
            data-status={stop.loadStatus}
            title={stop.loadChosen ? 'Chosen for this leg' : 'Loaded while freight is on the truck, else empty'}
            className={cn(selectClass, 'text-xs')}
            value={stop.loadChosen ? stop.loadStatus : ''}
            disabled={disabled}
            onChange={(e) => onLoadStatus(e.target.value === '' ? null : (e.target.value as LoadStatus))}
          >
            <option value="">{stop.loadChosen ? 'Auto' : `Auto: ${stop.loadStatus === 'LOADED' ? 'Loaded' : 'Empty'}`}</option>
            <option value="LOADED">Loaded</option>
            <option value="EMPTY">Empty</option>
          </select>
        )}
      </span>
      {index > 0 && stop.distance !== null && (
        <p
          data-testid="stop-figures"
          data-source={source ?? undefined}
          title={source === 'HERE' ? SOURCE_TITLES.HERE : undefined}
          className="basis-full pl-14 text-xs tabular-nums text-muted-foreground"
        >
          {source === 'ESTIMATE' ? (
            <EstimateFigure basis={basis} unit={fmt.unit} approx={false} spoken={null}>
              Leg {fmt.distance(stop.distance, source)} · Total {fmt.distance(stop.totalDistance ?? stop.distance, source)} · {fmt.hours(stop.duration ?? 0, source)}
            </EstimateFigure>
          ) : (
            <>
              Leg {fmt.distance(stop.distance, source)} · Total {fmt.distance(stop.totalDistance ?? stop.distance, source)} · {fmt.hours(stop.duration ?? 0, source)}
            </>
          )}
        </p>
      )}
    </li>
  );
}
