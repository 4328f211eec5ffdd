import type { DriverRow } from '@milepost/contracts/drivers-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo, useState, type UIEvent } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { LOOKUP_DEBOUNCE_MS, type LookupOption } from '@/components/ui/lookup-select';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { driverLookup } from '@/lib/lookups';

const { texts: DRIVER_LOOKUP_TEXTS, toOption } = driverLookup;

/** 'Truck 101 · Dana Reyes' — the driver's truck and current user, or 'No truck' / 'No user'. */
export function driverDetails(driver: Pick<DriverRow, 'unitNumber' | 'assignUserName'>): string {
  return `${driver.unitNumber ? `Truck ${driver.unitNumber}` : 'No truck'} · ${driver.assignUserName ?? 'No user'}`;
}

/**
 * Several drivers from GET /drivers: a search box (300 ms), a scrolling list of checkboxes that
 * loads more near its end — each driver with their truck and current user — and the chosen
 * drivers as removable chips.
 */
export function DriverMultiSelect({ id, value, onChange, invalid = false }: { id: string; value: LookupOption[]; onChange: (value: LookupOption[]) => void; invalid?: boolean }) {
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), LOOKUP_DEBOUNCE_MS);
  const query = useInfiniteQuery(driverLookup.queryOptions(keyword));
  // Each driver with what the choice changes: the truck they drive and the user who has them now.
  const options = useMemo(
    () => (query.data ? query.data.pages.flatMap((p) => p.content.map((driver) => ({ option: toOption(driver), details: driverDetails(driver) }))) : []),
    [query.data],
  );
  const chosen = new Set(value.map((o) => o.id));

  const toggle = (option: LookupOption) => onChange(chosen.has(option.id) ? value.filter((o) => o.id !== option.id) : [...value, option]);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 48 && query.hasNextPage && !query.isFetching) void query.fetchNextPage();
  };

  const status = query.isPending
    ? DRIVER_LOOKUP_TEXTS.loading
    : query.error
      ? query.error.message
      : options.length === 0
        ? keyword
          ? DRIVER_LOOKUP_TEXTS.noResults(keyword)
          : DRIVER_LOOKUP_TEXTS.empty
        : undefined;

  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul aria-label="Chosen drivers" className="flex flex-wrap gap-1">
          {value.map((option) => (
            <li key={option.id} className="inline-flex h-6 items-center gap-1 rounded-full border bg-muted pr-1 pl-2 text-xs">
              {option.label}
              <button type="button" aria-label={`Remove ${option.label}`} onClick={() => toggle(option)} className="rounded-full p-0.5 hover:bg-background">
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input id={id} type="search" aria-invalid={invalid || undefined} placeholder="Search drivers..." value={text} onChange={(event) => setText(event.target.value)} />
      <ul role="group" aria-label="Drivers" className="max-h-64 overflow-y-auto rounded-md border p-1" onScroll={onScroll}>
        {options.map(({ option, details }) => (
          <li key={option.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent">
              <Checkbox checked={chosen.has(option.id)} onCheckedChange={() => toggle(option)} aria-label={option.label} aria-describedby={`${id}-driver-${option.id}`} />
              <span className="flex min-w-0 flex-1 items-baseline justify-between gap-2">
                <span className="truncate">{option.label}</span>
                <span id={`${id}-driver-${option.id}`} className="shrink-0 text-xs text-muted-foreground">
                  {details}
                </span>
              </span>
            </label>
          </li>
        ))}
        {query.isFetchingNextPage && (
          <li className="flex justify-center py-1.5" aria-hidden>
            <Spinner className="[&_svg]:size-4" />
          </li>
        )}
        {status && (
          <li role="status" className="px-2 py-3 text-center text-sm text-muted-foreground">
            {status}
          </li>
        )}
      </ul>
    </div>
  );
}
