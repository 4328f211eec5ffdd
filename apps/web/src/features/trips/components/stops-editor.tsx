import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { PlaceItem } from '@milepost/contracts/places-api';
import { formatDistance, formatHours } from '@milepost/geo/units';
import type { StopType } from '@milepost/geo/mileage';
import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { PlaceSearch } from '@/components/place-search/place-search';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  MOVED_HIGHLIGHT_MS,
  RECALC_DELAY_MS,
  STOP_TYPE_OPTIONS,
  addStop,
  estimateLegs,
  moveStop,
  removeStop,
  setStopType,
  stopLabel,
  stopLetter,
  type StopDraft,
} from '../stops';

/** The same place twice in a row (a round trip may come back to it later: docs/decisions/007-trip-editing-for-dispatchers.md). */
export const DUPLICATE_STOP_TEXT = 'This location is already the last stop of this trip.';
export const ESTIMATE_NOTE = 'Leg distances and times are straight-line estimates until road routing is available.';

const selectClass =
  'h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50 disabled:opacity-50';

/**
 * The stops of a trip (spec 01 §2 "Stops editor"): first START, last 'Delivery', 'Stop N' between,
 * map letters A, B, C…; places are added only from the place search (Enter in the box adds the
 * picked place when no list is open); middle stops reorder by drag or keyboard (dnd-kit), the
 * first and last stay put; the stop type sets the load status; leg estimates are recalculated
 * 100 ms after every change.
 */
export function StopsEditor({ stops, onChange, disabled = false }: { stops: readonly StopDraft[]; onChange: (stops: StopDraft[]) => void; disabled?: boolean }) {
  const [picked, setPicked] = useState<PlaceItem | null>(null);
  const [searchKey, setSearchKey] = useState(0);
  const [moved, setMoved] = useState<ReadonlySet<string>>(new Set());
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(highlightTimer.current), []);

  // Leg estimates, 100 ms after a change of stops.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = estimateLegs(stops);
      if (next !== stops) onChangeRef.current([...next]);
    }, RECALC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stops]);

  const add = () => {
    if (!picked) return;
    const next = addStop(stops, picked);
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
      <div className="flex items-start gap-2" onKeyDown={onSearchKeyDown}>
        <PlaceSearch
          key={searchKey}
          aria-label="Stop location"
          placeholder="Search city, address or ZIP"
          value={picked}
          onSelect={setPicked}
          onClear={() => setPicked(null)}
          disabled={disabled}
          className="flex-1"
        />
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
                  onStopType={(type) => onChange(setStopType(stops, stop.key, type))}
                  onRemove={() => onChange(removeStop(stops, stop.key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {stops.length >= 2 && <p className="text-xs text-muted-foreground">{ESTIMATE_NOTE}</p>}
    </fieldset>
  );
}

function StopRow({
  stop,
  index,
  count,
  highlighted,
  disabled,
  onStopType,
  onRemove,
}: {
  stop: StopDraft;
  index: number;
  count: number;
  highlighted: boolean;
  disabled: boolean;
  onStopType: (type: StopType) => void;
  onRemove: () => void;
}) {
  const fixed = index === 0 || index === count - 1;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stop.key, disabled: fixed || disabled });
  const label = stopLabel(index, count);
  return (
    <li
      ref={setNodeRef}
      data-testid="trip-stop"
      data-highlighted={highlighted || undefined}
      aria-label={`${label}: ${stop.address}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 rounded-md border bg-background px-2 py-1.5 text-sm transition-colors',
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
      <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
        {stopLetter(index)}
      </span>
      <span className="w-16 shrink-0 font-medium">{label}</span>
      <span className="min-w-0 flex-1 truncate" title={stop.address}>
        {stop.address}
      </span>
      <select aria-label={`Stop type of ${label}`} className={selectClass} value={stop.stopType} disabled={disabled} onChange={(e) => onStopType(e.target.value as StopType)}>
        {STOP_TYPE_OPTIONS.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <span className="w-14 shrink-0 text-xs text-muted-foreground" data-testid="load-status">
        {stop.loadStatus}
      </span>
      <span className="w-24 shrink-0 text-right text-xs tabular-nums text-muted-foreground" title="Estimated leg: miles / hours">
        {stop.distance !== null && index > 0 ? `≈ ${formatDistance(stop.distance)} mi · ${formatHours(stop.duration ?? 0)} h` : ''}
      </span>
      <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${label}`} disabled={disabled} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
