import type { PeriodType } from '@milepost/contracts/list-query';
import type { IdentifierType } from '@milepost/contracts/trips-api';
import { toast } from '@/components/layout/toasts';
import { LookupFilter, PeriodSelect, TruckFilter, chosenOption } from '@/components/filters/filter-controls';
import type { LookupOption } from '@/components/ui/lookup-select';
import { DatePicker } from '@/components/ui/date-picker';
import { cn } from '@/lib/utils';
import { activeDriverLookup, driverOptionById, lookupTexts, personName, useChosenOption, userLookup } from '@/lib/lookups';
import { getVehicleInfo, identifierNumbersQueryOptions, numberOption } from '../api/trips-api';
import { dayToWire, wireToDay } from '@/lib/date-format';
import { DATE_RANGE_MIN_DAY, type TripsSearch } from '../trips-search';

/** A period's dates are computed by a date library loaded on hover or first choice (docs/decisions/013-first-screen-loads-fast.md). */
const loadPeriodSearch = () => import('../period-dates');
/** Info toasts of the auto-selection (docs/product/shell.md). */
export const AUTO_SELECT_TOAST_MS = { several: 5000, one: 4000 } as const;

const numberValue = (value: string | undefined) => (value ? numberOption({ identifierValue: value }) : null);

type Patch = Partial<TripsSearch>;

/**
 * After a load or trailer is chosen, the trucks and drivers that ran it are looked up. A truck
 * (or driver) is selected only when it is the only one that ran the number: with two trucks the
 * list keeps showing both trips and the toast says so (docs/decisions/007-trip-editing-for-dispatchers.md;
 * the spec selected the first, which hid the other truck's trip).
 */
export async function autoSelectVehicle(number: string, onSearchChange: (patch: Patch) => void) {
  try {
    const info = await getVehicleInfo(number);
    const truck = info.trucks.length === 1 ? info.trucks[0] : undefined;
    const driver = info.drivers.length === 1 ? info.drivers[0] : undefined;
    if (info.trucks.length === 0 && info.drivers.length === 0) return;
    if (truck || driver) {
      onSearchChange({
        ...(truck ? { truckId: truck.id, truckLabel: truck.unitNumber } : {}),
        ...(driver ? { driverId: driver.id, driverLabel: personName(driver) } : {}),
      });
    }
    const several = info.trucks.length > 1 || info.drivers.length > 1;
    const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
    const names = [truck ? `truck ${truck.unitNumber}` : null, driver ? `driver ${personName(driver)}` : null].filter(Boolean).join(' and ');
    const title = names ? `Selected ${names}` : `${number}: showing every truck that ran it`;
    toast.info(title, {
      id: 'trips-auto-select',
      description: several ? `${count(info.trucks.length, 'truck')} and ${count(info.drivers.length, 'driver')} ran ${number}.` : undefined,
      duration: several ? AUTO_SELECT_TOAST_MS.several : AUTO_SELECT_TOAST_MS.one,
    });
  } catch {
    // The lookup only helps; the chosen number stays.
  }
}

/** Load, Trailer, Truck and Driver: shared by the table and the map view (the Routes screen calls the truck 'Unit'). */
export function VehicleFilters({ search, onSearchChange, truckLabel = 'Truck' }: { search: TripsSearch; onSearchChange: (patch: Patch) => void; truckLabel?: string }) {
  // The driver's name rides in the URL; a link without it reads the name back by id.
  const driverValue = useChosenOption(search.driverId, search.driverLabel === undefined ? null : chosenOption(search.driverId, search.driverLabel), driverOptionById);
  const chooseNumber = (type: IdentifierType) => (picked: LookupOption | null) => {
    const cleared = { truckId: undefined, truckLabel: undefined, driverId: undefined, driverLabel: undefined };
    if (type === 'LOAD_NUMBER') onSearchChange({ ...cleared, loadNumber: picked?.label, trailerNumber: undefined });
    else onSearchChange({ ...cleared, trailerNumber: picked?.label, loadNumber: undefined });
    if (picked) void autoSelectVehicle(picked.label, onSearchChange);
  };
  // Load and Trailer: the same picker over each kind of number.
  const numberFilter = (type: IdentifierType) => {
    const [word, plural, value] = type === 'LOAD_NUMBER' ? (['Load', 'loads', search.loadNumber] as const) : (['Trailer', 'trailers', search.trailerNumber] as const);
    return (
      <LookupFilter
        id={`trips-filter-${word.toLowerCase()}`}
        label={word}
        value={numberValue(value)}
        onChange={chooseNumber(type)}
        queryOptions={identifierNumbersQueryOptions(type)}
        toOption={numberOption}
        texts={lookupTexts(plural)}
        placeholder={word}
        searchPlaceholder={`Search ${plural}...`}
        clearLabel={`Clear ${word.toLowerCase()}`}
      />
    );
  };
  return (
    <>
      {numberFilter('LOAD_NUMBER')}
      {numberFilter('TRAILER_NUMBER')}
      <TruckFilter id="trips-filter-truck" label={truckLabel} placeholder={truckLabel} className="w-32" search={search} onSearchChange={onSearchChange} />
      <LookupFilter
        id="trips-filter-driver"
        label="Driver"
        className="w-40"
        value={driverValue}
        onChange={(o) => onSearchChange({ driverId: o?.id, driverLabel: o?.label })}
        {...activeDriverLookup(search.truckId)}
        placeholder="Driver"
        searchPlaceholder="Search drivers..."
        clearLabel="Clear driver"
      />
    </>
  );
}

/** Assigned User, Period and Date Range (the table view). */
export function ListFilters({ search, onSearchChange, now }: { search: TripsSearch; onSearchChange: (patch: Patch) => void; now?: () => Date }) {
  const custom = search.periodType === 'CUSTOM';
  const period = search.periodType !== undefined && !custom;
  const setDay = (which: 'fromDate' | 'toDate', day: string) => {
    const next = { fromDate: search.fromDate, toDate: search.toDate, [which]: dayToWire(day, which === 'toDate') };
    onSearchChange({ ...next, periodType: next.fromDate || next.toDate ? 'CUSTOM' : undefined });
  };
  return (
    <>
      <LookupFilter
        id="trips-filter-user"
        label="Assigned User"
        className="w-40"
        value={chosenOption(search.assignedUserId, search.assignedUserLabel)}
        onChange={(o) => onSearchChange({ assignedUserId: o?.id, assignedUserLabel: o?.label })}
        {...userLookup}
        placeholder="Assigned User"
        searchPlaceholder="Search users..."
        clearLabel="Clear assigned user"
      />
      <PeriodSelect
        disabled={custom}
        value={period ? (search.periodType as PeriodType) : ''}
        onPointerEnter={() => void loadPeriodSearch()}
        onChange={(value) => {
          if (value) void loadPeriodSearch().then(({ periodSearch }) => onSearchChange(periodSearch(value, now?.())));
          else onSearchChange({ periodType: undefined, fromDate: undefined, toDate: undefined });
        }}
      />
      <div className={cn('flex items-center gap-1', period && 'opacity-60')} role="group" aria-label="Date Range">
        {/* From is never after To and To never before From; neither before the fixed minimum. */}
        <DatePicker
          aria-label="From date"
          placeholder="From"
          className="w-32"
          disabled={period}
          min={DATE_RANGE_MIN_DAY}
          max={wireToDay(search.toDate) || undefined}
          value={wireToDay(search.fromDate)}
          onChange={(day) => setDay('fromDate', day)}
        />
        <span className="text-xs text-muted-foreground">–</span>
        <DatePicker
          aria-label="To date"
          placeholder="To"
          className="w-32"
          disabled={period}
          min={wireToDay(search.fromDate) || DATE_RANGE_MIN_DAY}
          value={wireToDay(search.toDate)}
          onChange={(day) => setDay('toDate', day)}
        />
      </div>
    </>
  );
}
