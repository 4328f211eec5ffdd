import type { Paged } from '@milepost/contracts/api';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { ChevronsUpDown, X } from 'lucide-react';
import { cloneElement, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { lazyLayer, preloadLayer, preloadProps, useLayer } from '@/components/ui/lazy-layer';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { LookupOptionList } from './lookup-option-list';

const popoverLayer = lazyLayer(() => import('@/components/ui/popover'));

/** docs/product/trips.md, docs/product/admin.md: picker searches debounce 300 ms. */
export const LOOKUP_DEBOUNCE_MS = 300;
/** Load the next page when the list is this close to its end. */
const LOAD_MORE_THRESHOLD_PX = 48;

export interface LookupOption {
  id: number;
  label: string;
}

export interface LookupTexts {
  /** e.g. 'No roles available' */
  empty: string;
  /** e.g. (text) => `No roles found for "${text}"` */
  noResults: (text: string) => string;
  /** e.g. 'Loading roles...' */
  loading: string;
}

export interface LookupSelectProps<TItem, TKey extends QueryKey> {
  id: string;
  value: LookupOption | null;
  onChange: (option: LookupOption | null) => void;
  /** Infinite-query options of the list for a keyword (see `pagedInfiniteQueryOptions`). */
  queryOptions: (keyword: string) => UseInfiniteQueryOptions<Paged<TItem>, Error, InfiniteData<Paged<TItem>, number>, TKey, number>;
  toOption: (item: TItem) => LookupOption;
  texts: LookupTexts;
  placeholder?: string;
  searchPlaceholder?: string;
  clearable?: boolean;
  /** Accessible name of the clear button, e.g. 'Clear role'. */
  clearLabel?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** The picker's box: its button, with the clear button (when it may clear) and the chevron over its right end. */
function LookupField({ children, clearable, clearLabel, onClear }: { children: ReactNode; clearable: boolean; clearLabel: string; onClear: () => void }) {
  return (
    <div className="relative">
      {children}
      <div className="pointer-events-none absolute inset-y-0 right-1.5 flex items-center gap-0.5">
        {clearable && (
          <button type="button" aria-label={clearLabel} onClick={onClear} className="pointer-events-auto rounded p-0.5 text-muted-foreground hover:text-foreground">
            <X aria-hidden className="size-3.5" />
          </button>
        )}
        <ChevronsUpDown aria-hidden className="size-3.5 text-muted-foreground" />
      </div>
    </div>
  );
}

/**
 * A searchable picker over a paged list: the search debounces 300 ms, more options load as the
 * list is scrolled, the choice can be cleared. Keyboard: arrows move, Enter picks, Escape closes.
 * The popover's code loads on the first hover, focus or opening (lazy-layer.tsx); the list's
 * request starts with the opening, while it loads.
 */
export function LookupSelect<TItem, TKey extends QueryKey>({
  id,
  value,
  onChange,
  queryOptions,
  toOption,
  texts,
  placeholder = 'Select...',
  searchPlaceholder = 'Search...',
  clearable = true,
  clearLabel = 'Clear',
  disabled = false,
  invalid = false,
  describedBy,
}: LookupSelectProps<TItem, TKey>) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), LOOKUP_DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  const query = useInfiniteQuery({ ...queryOptions(keyword), enabled: open });
  const options = useMemo(() => (query.data ? query.data.pages.flatMap((p) => p.content.map(toOption)) : []), [query.data, toOption]);
  const waiting = query.isPending || (text.trim() !== keyword && options.length === 0);

  useEffect(() => setActive(0), [keyword]);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  const pick = (option: LookupOption) => {
    onChange(option);
    setOpen(false);
  };

  const loadMoreIfNeeded = (element: HTMLElement) => {
    if (element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_MORE_THRESHOLD_PX && query.hasNextPage && !query.isFetching) {
      void query.fetchNextPage();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    }
  };

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const status = waiting ? texts.loading : query.error ? query.error.message : options.length === 0 ? (keyword ? texts.noResults(keyword) : texts.empty) : undefined;

  const popover = useLayer(popoverLayer, open);
  const trigger = (
    <button
      id={id}
      type="button"
      role="combobox"
      aria-expanded={open}
      aria-controls={open ? listId : undefined}
      aria-haspopup="listbox"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn(
        'flex h-8 w-full min-w-0 items-center rounded-md border border-input bg-transparent py-1 pr-14 pl-2.5 text-left text-sm shadow-xs outline-none transition-colors dark:bg-input/30',
        'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive',
      )}
    >
      <span className={cn('truncate', !value && 'text-muted-foreground')}>{value ? value.label : placeholder}</span>
    </button>
  );
  const field = (button: ReactNode) => (
    <LookupField clearable={clearable && Boolean(value) && !disabled} clearLabel={clearLabel} onClear={() => onChange(null)}>
      {button}
    </LookupField>
  );
  if (!popover) {
    const open = () => {
      preloadLayer(popoverLayer);
      setOpen(true);
    };
    return field(cloneElement(trigger, { ...preloadProps(popoverLayer), disabled, onClick: open }));
  }
  const { PopoverPrimitive } = popover;

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen} modal>
      {field(
        <PopoverPrimitive.Trigger asChild disabled={disabled}>
          {trigger}
        </PopoverPrimitive.Trigger>,
      )}
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-48 rounded-md border bg-popover p-1 text-popover-foreground shadow-md data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector('input')?.focus();
          }}
        >
          <Input
            aria-label={searchPlaceholder}
            aria-controls={listId}
            aria-activedescendant={options[active] ? `${listId}-${options[active].id}` : undefined}
            placeholder={searchPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="mb-1 h-7"
          />
          <LookupOptionList
            listRef={listRef}
            listId={listId}
            label={placeholder}
            options={options}
            value={value}
            active={active}
            onActivate={setActive}
            onPick={pick}
            fetchingMore={query.isFetchingNextPage}
            onScroll={loadMoreIfNeeded}
          />
          {status && (
            <p role="status" className="px-2 py-3 text-center text-sm text-muted-foreground">
              {status}
            </p>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
