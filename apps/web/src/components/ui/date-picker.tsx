import { CalendarDays, X } from 'lucide-react';
import { Suspense, cloneElement, lazy, useState } from 'react';
import type { Matcher } from 'react-day-picker';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { lazyLayer, preloadLayer, useLayer } from './lazy-layer';

const popoverLayer = lazyLayer(() => import('./popover'));

/**
 * The one date picker and date-time picker of the product (docs/decisions/007-trip-editing-for-dispatchers.md):
 * a calendar in a popover, shown as DD.MM.YYYY (HH:mm); times in hours 00–23 and minutes in
 * 5-minute steps, 09:00 when a day is picked first. Values are Central wall-clock texts —
 * 'yyyy-MM-dd' for a day and 'yyyy-MM-ddTHH:mm' for a date-time — so no time zone is crossed.
 */
export const MINUTE_STEP = 5;
export const DEFAULT_TIME = '09:00';
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const MINUTES = Array.from({ length: 60 / MINUTE_STEP }, (_, i) => String(i * MINUTE_STEP).padStart(2, '0'));

const loadCalendar = () => import('./calendar');
const DayPicker = lazy(loadCalendar);

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
/** 'yyyy-MM-dd…' → a local Date of that calendar day (for the calendar only). */
export function dayDate(value: string | undefined): Date | undefined {
  const m = value ? DAY.exec(value) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}
const two = (n: number) => String(n).padStart(2, '0');
/**
 * A wall-clock Date in a display pattern of lib/date-format.ts (yyyy, MM, dd, HH, mm), without a
 * date library: the trips filters show their dates on the first screen
 * (docs/decisions/013-first-screen-loads-fast.md).
 */
function formatWallClock(date: Date, pattern: string): string {
  const fields: Record<string, string> = {
    yyyy: String(date.getFullYear()).padStart(4, '0'),
    MM: two(date.getMonth() + 1),
    dd: two(date.getDate()),
    HH: two(date.getHours()),
    mm: two(date.getMinutes()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm/g, (token) => fields[token]!);
}
const dayText = (date: Date) => formatWallClock(date, 'yyyy-MM-dd');

const triggerClass = cn(
  'flex h-8 w-full min-w-0 items-center gap-1.5 rounded-md border border-input bg-transparent py-1 pr-7 pl-2 text-left text-sm tabular-nums shadow-xs outline-none transition-colors dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
);
const selectClass = 'h-8 rounded-md border border-input bg-background px-1.5 text-sm tabular-nums shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50';

interface Common {
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Earliest and latest selectable day, 'yyyy-MM-dd'. */
  min?: string | undefined;
  max?: string | undefined;
  className?: string;
}

function Picker({
  label,
  shown,
  onClear,
  children,
  props,
}: {
  label: string;
  shown: string;
  onClear: (() => void) | null;
  children: (close: () => void) => React.ReactNode;
  props: Common;
}) {
  const [open, setOpen] = useState(false);
  // The popover's code loads on the first hover, focus or opening (lazy-layer.tsx), the calendar with it.
  const popover = useLayer(popoverLayer, open);
  const trigger = (
    <button
      id={props.id}
      type="button"
      aria-label={props['aria-label']}
      aria-invalid={props['aria-invalid'] || undefined}
      aria-describedby={props['aria-describedby']}
      className={triggerClass}
      onPointerEnter={() => {
        preloadLayer(popoverLayer);
        void loadCalendar();
      }}
    >
      <CalendarDays aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      <span className={cn('truncate', !shown && 'text-muted-foreground')}>{shown || props.placeholder || label}</span>
    </button>
  );
  const field = (button: React.ReactNode) => (
    <div className={cn('relative', props.className)}>
      {button}
      {onClear && shown && !props.disabled && (
        <button
          type="button"
          aria-label={`Clear ${label.toLowerCase()}`}
          onClick={onClear}
          className="absolute inset-y-0 right-1.5 my-auto h-fit rounded p-0.5 text-muted-foreground hover:text-foreground"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      )}
    </div>
  );
  if (!popover) {
    return field(
      cloneElement(trigger, {
        disabled: props.disabled,
        'aria-haspopup': 'dialog',
        'aria-expanded': false,
        onFocus: () => preloadLayer(popoverLayer),
        onClick: () => {
          preloadLayer(popoverLayer);
          void loadCalendar();
          setOpen(true);
        },
      }),
    );
  }
  const { PopoverPrimitive } = popover;
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      {field(
        <PopoverPrimitive.Trigger asChild disabled={props.disabled}>
          {trigger}
        </PopoverPrimitive.Trigger>,
      )}
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          className="z-50 rounded-md border bg-popover p-2 text-popover-foreground shadow-md [--rdp-accent-color:var(--color-primary)] [--rdp-accent-background-color:var(--color-accent)] [--rdp-day-height:2rem] [--rdp-day-width:2rem] [--rdp-day_button-height:1.9rem] [--rdp-day_button-width:1.9rem] text-sm"
        >
          <Suspense fallback={<div className="size-64" aria-busy="true" />}>{children(() => setOpen(false))}</Suspense>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

function disabledDays(min: string | undefined, max: string | undefined): Matcher[] {
  const out: Matcher[] = [];
  const from = dayDate(min);
  const to = dayDate(max);
  if (from) out.push({ before: from });
  if (to) out.push({ after: to });
  return out;
}

/** With nothing chosen the calendar opens on today, moved into the allowed range. */
function openingMonth(min: string | undefined, max: string | undefined): Date {
  const today = dayText(new Date());
  if (max && today > max) return dayDate(max)!;
  if (min && today < min) return dayDate(min)!;
  return new Date();
}

/** A day, shown DD.MM.YYYY; value 'yyyy-MM-dd' or ''. */
export function DatePicker({ value, onChange, clearable = true, ...props }: Common & { value: string; onChange: (day: string) => void; clearable?: boolean }) {
  const selected = dayDate(value);
  return (
    <Picker label={props['aria-label'] ?? 'Date'} shown={selected ? formatWallClock(selected, DATE_FORMAT) : ''} onClear={clearable ? () => onChange('') : null} props={props}>
      {(close) => (
        <DayPicker
          mode="single"
          weekStartsOn={1}
          selected={selected}
          defaultMonth={selected ?? openingMonth(props.min, props.max)}
          disabled={disabledDays(props.min, props.max)}
          startMonth={dayDate(props.min)}
          onSelect={(date) => {
            if (!date) return;
            onChange(dayText(date));
            close();
          }}
        />
      )}
    </Picker>
  );
}

/** A date and time, shown DD.MM.YYYY HH:mm; value 'yyyy-MM-ddTHH:mm' or ''. */
export function DateTimePicker({ value, onChange, clearable = false, ...props }: Common & { value: string; onChange: (value: string) => void; clearable?: boolean }) {
  const selected = dayDate(value);
  const time = /T(\d{2}):(\d{2})/.exec(value);
  const [hour, minute] = time ? [time[1]!, time[2]!] : DEFAULT_TIME.split(':');
  const shown = selected && time ? formatWallClock(new Date(selected.getFullYear(), selected.getMonth(), selected.getDate(), Number(hour), Number(minute)), DATE_TIME_FORMAT) : '';
  const set = (day: string, h: string, m: string) => onChange(`${day}T${h}:${m}`);
  // A time between two 5-minute steps (an older record) rounds down in the select.
  const stepMinute = String(Math.floor(Number(minute) / MINUTE_STEP) * MINUTE_STEP).padStart(2, '0');
  return (
    <Picker label={props['aria-label'] ?? 'Date and time'} shown={shown} onClear={clearable ? () => onChange('') : null} props={props}>
      {() => (
        <div className="flex flex-col gap-2">
          <DayPicker
            mode="single"
            weekStartsOn={1}
            selected={selected}
            defaultMonth={selected}
            disabled={disabledDays(props.min, props.max)}
            onSelect={(date) => date && set(dayText(date), hour!, stepMinute)}
          />
          <div className="flex items-center gap-1.5 px-1">
            <span className="text-xs text-muted-foreground">Time (CT)</span>
            <select aria-label="Hour" className={selectClass} value={hour} disabled={!selected} onChange={(e) => selected && set(dayText(selected), e.target.value, stepMinute)}>
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
            <span aria-hidden>:</span>
            <select aria-label="Minute" className={selectClass} value={stepMinute} disabled={!selected} onChange={(e) => selected && set(dayText(selected), hour!, e.target.value)}>
              {MINUTES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </Picker>
  );
}
