import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, MapPin } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { PLACE_MESSAGES, PLACE_SEARCH, type LatLng, type PlaceItem } from '@milepost/contracts/places-api';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { placeListKeyDown } from './place-search-keys';
import { looksLikeStreet, placeSearchQueryOptions } from './place-search-queries';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export interface PlaceSearchProps {
  id?: string;
  /** The chosen place; its label fills the input. */
  value?: PlaceItem | null;
  onSelect: (place: PlaceItem) => void;
  /** Called when the user empties the input. */
  onClear?: () => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  'aria-label'?: string;
  /** Bias point; New York by default (docs/product/shell.md). */
  at?: LatLng;
  limit?: number;
  className?: string;
}

/**
 * Address search for truck home, shop and trip stop locations: an input with a list of places
 * below (ARIA combobox). Searches from 2 characters, 700 ms after the last keystroke, through
 * Asks the API, which uses HERE Autosuggest when it has a HERE key, else its offline US search.
 * Keyboard: ↓/↑ move (↓ also opens), Enter picks, Escape closes, Tab leaves.
 */
export function PlaceSearch({
  id,
  value = null,
  onSelect,
  onClear,
  placeholder = 'Search city, address or ZIP',
  disabled = false,
  invalid = false,
  describedBy,
  'aria-label': ariaLabel,
  at = PLACE_SEARCH.defaultCenter,
  limit = PLACE_SEARCH.defaultLimit,
  className,
}: PlaceSearchProps) {
  const autoId = useId();
  const inputId = id ?? `place-search-${autoId}`;
  const listboxId = `${inputId}-listbox`;
  const optionId = (i: number) => `${inputId}-option-${i}`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState(value?.address.label ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  // A new value from outside (a pick, a form reset, another record) replaces the text.
  const [previousValue, setPreviousValue] = useState(value);
  if (value?.id !== previousValue?.id) {
    setPreviousValue(value);
    setText(value?.address.label ?? '');
  }

  const term = text.trim();
  const debounced = useDebouncedValue(term, PLACE_SEARCH.debounceMs);
  const settled = debounced === term;
  const longEnough = term.length >= PLACE_SEARCH.minChars;

  const search = useQuery({
    ...placeSearchQueryOptions({ q: debounced, at, limit }),
    enabled: open && !disabled && settled && longEnough,
  });
  const places = search.data?.places ?? [];

  let status: string | null = null;
  if (!longEnough) status = PLACE_MESSAGES.noOptions;
  else if (!settled || search.isPending) status = PLACE_MESSAGES.searching;
  else if (search.isError) status = search.error.message.trim() || PLACE_MESSAGES.unknownError;
  else if (!places.length) status = search.data?.source === 'OFFLINE' && looksLikeStreet(term) ? PLACE_MESSAGES.offlineStreet(term) : PLACE_MESSAGES.noResults(term);
  const showList = status === null;
  const active = showList && activeIndex < places.length ? activeIndex : -1;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${inputId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, inputId]);

  const choose = (place: PlaceItem) => {
    setText(place.address.label);
    setOpen(false);
    setActiveIndex(-1);
    onSelect(place);
  };

  const onKeyDown = placeListKeyDown({ open, setOpen, count: places.length, showList, active, setActiveIndex, pick: (i) => choose(places[i]!) });

  return (
    <PopoverPrimitive.Root open={open && !disabled} onOpenChange={setOpen}>
      <PopoverPrimitive.Anchor asChild>
        <div className={cn('relative', className)}>
          <MapPin aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={inputRef}
            id={inputId}
            role="combobox"
            aria-label={ariaLabel}
            aria-expanded={open && !disabled}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            disabled={disabled}
            value={text}
            className="pr-8 pl-8"
            onChange={(e) => {
              setText(e.target.value);
              setActiveIndex(-1);
              setOpen(true);
              if (!e.target.value.trim()) onClear?.();
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          {open && longEnough && status === PLACE_MESSAGES.searching && (
            <LoaderCircle aria-hidden className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground" />
          )}
        </div>
      </PopoverPrimitive.Anchor>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          // Focus stays in the input: the list is driven from there.
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            if (inputRef.current?.contains(e.target as Node)) e.preventDefault();
          }}
          onMouseDown={(e) => e.preventDefault()}
          className={cn(
            'z-50 w-(--radix-popover-trigger-width) min-w-56 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
            'data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out',
          )}
        >
          <ul id={listboxId} role="listbox" aria-label="Places" className={cn('max-h-64 overflow-y-auto', !showList && 'hidden')}>
            {showList &&
              places.map((place, i) => (
                <li
                  key={place.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={cn('flex cursor-default items-start gap-2 rounded-sm px-2 py-1.5 text-sm select-none', i === active && 'bg-accent text-accent-foreground')}
                  onMouseMove={() => i !== active && setActiveIndex(i)}
                  onClick={() => choose(place)}
                >
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0">
                    <span className="block truncate">{place.title}</span>
                    {place.title !== place.address.label && <span className="block truncate text-xs text-muted-foreground">{place.address.label}</span>}
                  </span>
                </li>
              ))}
          </ul>
          {status !== null && (
            <div role="status" aria-live="polite" className={cn('px-2 py-1.5 text-sm', search.isError && longEnough && settled ? 'text-destructive' : 'text-muted-foreground')}>
              {status}
            </div>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
