import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

/**
 * A screen may render a new header (and so a new switcher) for each view: the switcher that
 * was used hands its focus over to the next one with the same label.
 */
let focusHandover: string | null = null;

/**
 * A segmented switcher between the views of one screen (Table/Map, Roles/Permissions …), for
 * the header bar's view-switcher slot. The views are tabs: arrow keys move between them.
 */
export function ViewSwitcher<V extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  label: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusHandover !== label) return;
    focusHandover = null;
    listRef.current?.querySelector<HTMLButtonElement>('[aria-selected="true"]')?.focus();
  });
  const choose = (next: V) => {
    if (next === value) return;
    if (listRef.current?.contains(document.activeElement)) focusHandover = label;
    onChange(next);
  };
  const move = (step: number) => {
    const index = options.findIndex((o) => o.value === value);
    const next = options[(index + step + options.length) % options.length];
    if (next) choose(next.value);
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className="inline-flex h-8 items-center rounded-md bg-muted p-0.5 text-muted-foreground"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') move(1);
        else if (event.key === 'ArrowLeft') move(-1);
      }}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => choose(option.value)}
            className={cn(
              'inline-flex h-7 items-center rounded-[5px] px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring/50',
              selected ? 'bg-background text-foreground shadow-xs' : 'hover:text-foreground',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
