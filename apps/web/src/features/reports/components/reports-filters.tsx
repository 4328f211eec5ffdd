import { X } from 'lucide-react';
import { PeriodSelect, TruckFilter } from '@/components/filters/filter-controls';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { dayToWire, wireToDay } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { chooseRangeDay, choosePeriod, clearPeriod, DEFAULT_PERIOD, type ReportsSearch } from '../reports-search';

/**
 * Truck, Period (weekly by default, with a clear icon) and Date Range (future dates allowed):
 * a preset disables the date range and leaves its dates empty; a custom range sets the type to
 * custom and disables the period select (docs/product/admin.md "Reports").
 */
export function ReportsFilters({ search, onSearchChange }: { search: ReportsSearch; onSearchChange: (patch: Partial<ReportsSearch>) => void }) {
  const type = search.periodType ?? DEFAULT_PERIOD;
  const custom = type === 'CUSTOM';
  const preset = type !== 'CUSTOM' && type !== 'NONE';
  return (
    <>
      <TruckFilter id="reports-filter-truck" search={search} onSearchChange={onSearchChange} />
      {/* In the phone's filter sheet the wrapper is full width and the select with it, the clear icon inside. */}
      <div className="relative flex w-36 items-center">
        <PeriodSelect className="w-full pr-12" disabled={custom} value={preset ? type : ''} onChange={(value) => onSearchChange(value ? choosePeriod(value) : clearPeriod())} />
        {preset && (
          <button
            type="button"
            aria-label="Clear period"
            title="Clear period"
            className="absolute right-6 rounded-sm p-0.5 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
            onClick={() => onSearchChange(clearPeriod())}
          >
            <X aria-hidden className="size-3.5" />
          </button>
        )}
      </div>
      <div className={cn('flex flex-wrap items-center gap-1', preset && 'opacity-60')} role="group" aria-label="Date Range">
        <DatePicker
          aria-label="From date"
          placeholder="From"
          className="w-32 max-md:flex-1"
          disabled={preset}
          max={wireToDay(search.toDate) || undefined}
          value={wireToDay(search.fromDate)}
          onChange={(day) => onSearchChange(chooseRangeDay(search, 'fromDate', dayToWire(day, false)))}
        />
        <span className="text-xs text-muted-foreground">–</span>
        {/* Future dates are allowed (docs/product/admin.md). */}
        <DatePicker
          aria-label="To date"
          placeholder="To"
          className="w-32 max-md:flex-1"
          disabled={preset}
          min={wireToDay(search.fromDate) || undefined}
          value={wireToDay(search.toDate)}
          onChange={(day) => onSearchChange(chooseRangeDay(search, 'toDate', dayToWire(day, true)))}
        />
        {custom && (
          <Button variant="ghost" size="icon-sm" aria-label="Clear date range" title="Clear date range" onClick={() => onSearchChange(clearPeriod())}>
            <X aria-hidden />
          </Button>
        )}
      </div>
    </>
  );
}
