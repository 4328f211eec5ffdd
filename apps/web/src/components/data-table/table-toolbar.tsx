import { groupDigits } from '@milepost/geo/units';
import { FilterX, RefreshCw, Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** docs/product/admin.md: keyword search is debounced at 500 ms on screens. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Keyword search box: typing updates the box at once and reports the settled value after
 * 500 ms; a change of `value` from outside (reset filters, back button) shows in the box.
 */
export function TableSearch({
  value,
  onChange,
  placeholder = 'Search...',
  label = 'Search',
  delayMs = SEARCH_DEBOUNCE_MS,
  className,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  label?: string;
  delayMs?: number;
  className?: string;
}) {
  const [text, setText] = useState(value ?? '');
  const lastReported = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // Outside changes win over what is typed.
  useEffect(() => {
    const outside = value ?? '';
    if (outside !== lastReported.current) {
      lastReported.current = outside;
      setText(outside);
    }
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === lastReported.current) return;
    const timer = setTimeout(() => {
      lastReported.current = trimmed;
      onChangeRef.current(trimmed === '' ? undefined : trimmed);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div className={cn('relative w-full max-w-64 min-w-40', className)}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pr-7 pl-7 [&::-webkit-search-cancel-button]:hidden"
      />
      {text !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => setText('')}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-muted-foreground hover:text-foreground"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      )}
    </div>
  );
}

export const REFRESH_FAILED_TEXT = 'The list could not be refreshed';

/**
 * Refresh: reads the list again. When rows are already shown (and stay shown), a failure says so
 * in one toast with the reason; a list that has never loaded shows its error in the table instead.
 */
export async function refreshList(refetch: () => Promise<{ isError: boolean; error: Error | null; data: unknown }>, failedText: string = REFRESH_FAILED_TEXT): Promise<void> {
  const result = await refetch();
  if (result.isError && result.data !== undefined) {
    toast.error(failedText, { id: 'refresh-failed', ...(result.error ? { description: result.error.message } : {}) });
  }
}

/** Refetches the list; spins while any of its requests runs. */
export function RefreshButton({ onClick, busy = false }: { onClick: () => void; busy?: boolean }) {
  return (
    <Button variant="outline" size="icon" aria-label="Refresh" title="Refresh" onClick={onClick}>
      <RefreshCw aria-hidden className={cn(busy && 'animate-spin')} />
    </Button>
  );
}

/** Clears the keyword, the filters and the sort of a list. */
export function ResetFiltersButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="outline" size="icon" aria-label="Reset filters" title="Reset filters" onClick={onClick} disabled={disabled}>
      <FilterX aria-hidden />
    </Button>
  );
}

/**
 * 'Total: N <noun>' for the header bar's metadata (docs/product/admin.md: every list shows its total), the
 * number grouped with spaces; an estimated total (huge results) reads 'Total: ≈ N <noun>'.
 */
export function tableTotalText(total: number | undefined, noun: string, estimate = false): string | undefined {
  if (total === undefined) return undefined;
  return `Total: ${estimate ? '≈ ' : ''}${groupDigits(total, 0)} ${total === 1 && !estimate ? singular(noun) : noun}`;
}

/** 'trips' → 'trip', 'companies' → 'company' (the nouns of our lists). */
const singular = (noun: string) => (noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.replace(/s$/, ''));
