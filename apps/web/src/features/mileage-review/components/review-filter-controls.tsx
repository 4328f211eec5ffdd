import { RefreshButton } from '@/components/data-table/table-toolbar';
import { CompanyFilter, LookupFilter, TruckFilter, chosenOption } from '@/components/filters/filter-controls';
import { DatePicker } from '@/components/ui/date-picker';
import { dayToWire, wireToDay } from '@/lib/date-format';
import { driverLookup } from '@/lib/lookups';
import type { MileageReviewSearch } from '../mileage-review-search';

/** The Mileage Review header's filters: company, truck, driver, the period, and Refresh. */
export function ReviewFilterControls({
  search,
  onSearchChange,
  onRefresh,
  refreshing,
}: {
  search: MileageReviewSearch;
  onSearchChange: (patch: Partial<MileageReviewSearch>) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <>
      <CompanyFilter id="review-filter-company" className="w-40 max-md:w-full" search={search} onSearchChange={onSearchChange} />
      <TruckFilter id="review-filter-truck" className="w-32 max-md:w-full" search={search} onSearchChange={onSearchChange} />
      <LookupFilter
        id="review-filter-driver"
        label="Driver"
        className="w-40 max-md:w-full"
        value={chosenOption(search.driverId, search.driverLabel)}
        onChange={(o) => onSearchChange({ driverId: o?.id, driverLabel: o?.label })}
        {...driverLookup}
        placeholder="All drivers"
        searchPlaceholder="Search drivers..."
        clearLabel="Clear driver"
      />
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Period">
        <DatePicker
          aria-label="From date"
          placeholder="From"
          className="w-32 max-md:flex-1"
          value={wireToDay(search.fromDate)}
          onChange={(day) => onSearchChange({ fromDate: dayToWire(day, false) })}
        />
        <DatePicker
          aria-label="To date"
          placeholder="To"
          className="w-32 max-md:flex-1"
          value={wireToDay(search.toDate)}
          onChange={(day) => onSearchChange({ toDate: dayToWire(day, true) })}
        />
      </div>
      <RefreshButton onClick={onRefresh} busy={refreshing} />
    </>
  );
}
