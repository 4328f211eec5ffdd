import { PERIOD_TYPES, type PeriodType } from '@milepost/contracts/list-query';
import type { QueryKey } from '@tanstack/react-query';
import type { PointerEventHandler } from 'react';
import { LookupSelect, type LookupOption, type LookupSelectProps } from '@/components/ui/lookup-select';
import { companyLookup, truckLookup } from '@/lib/lookups';
import { cn } from '@/lib/utils';

/**
 * The filter pieces the list screens share (Trips, Reports, State miles, Mileage Review): one
 * labelled picker, the truck and company pickers with their search parameters, and the Period
 * select, so each screen says only which filters it has.
 */

export const FILTER_SELECT_CLASS =
  'h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50';

export const PERIOD_LABELS: Record<PeriodType, string> = {
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
};

/** A chosen id and its label (from the URL) as the picker's value; a missing label reads "#id". */
export const chosenOption = (id: number | undefined, label: string | undefined): LookupOption | null => (id === undefined ? null : { id, label: label ?? `#${id}` });

/** A picker in a filter bar: its label for screen readers, its width (full width in a phone's filter sheet). */
export function LookupFilter<TItem, TKey extends QueryKey>({ label, className = 'w-36', ...picker }: LookupSelectProps<TItem, TKey> & { label: string; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={picker.id} className="sr-only">
        {label}
      </label>
      <LookupSelect {...picker} />
    </div>
  );
}

type TruckPatch = {
  truckId: number | undefined;
  truckLabel: string | undefined;
};
type CompanyPatch = {
  companyId: number | undefined;
  companyLabel: string | undefined;
};

/** Truck: its id and unit number ride in the search parameters truckId / truckLabel. */
export function TruckFilter({
  id,
  search,
  onSearchChange,
  label = 'Truck',
  placeholder = 'All trucks',
  className,
}: {
  id: string;
  search: { truckId?: number | undefined; truckLabel?: string | undefined };
  onSearchChange: (patch: TruckPatch) => void;
  label?: string;
  placeholder?: string;
  className?: string;
}) {
  return (
    <LookupFilter
      id={id}
      label={label}
      className={className}
      value={chosenOption(search.truckId, search.truckLabel)}
      onChange={(o) => onSearchChange({ truckId: o?.id, truckLabel: o?.label })}
      {...truckLookup}
      placeholder={placeholder}
      searchPlaceholder="Search trucks..."
      clearLabel="Clear truck"
    />
  );
}

/** Company: companyId / companyLabel. */
export function CompanyFilter({
  id,
  search,
  onSearchChange,
  className = 'w-40',
}: {
  id: string;
  search: { companyId?: number | undefined; companyLabel?: string | undefined };
  onSearchChange: (patch: CompanyPatch) => void;
  className?: string;
}) {
  return (
    <LookupFilter
      id={id}
      label="Company"
      className={className}
      value={chosenOption(search.companyId, search.companyLabel)}
      onChange={(o) => onSearchChange({ companyId: o?.id, companyLabel: o?.label })}
      {...companyLookup}
      placeholder="All companies"
      searchPlaceholder="Search companies..."
      clearLabel="Clear company"
    />
  );
}

/** The Period select (Weekly, Monthly, Yearly; '' for none), disabled while a custom range is chosen. */
export function PeriodSelect({
  value,
  disabled,
  onChange,
  onPointerEnter,
  className,
}: {
  value: PeriodType | '';
  disabled: boolean;
  onChange: (value: PeriodType | '') => void;
  onPointerEnter?: PointerEventHandler<HTMLSelectElement>;
  className?: string;
}) {
  return (
    <select
      aria-label="Period"
      className={cn(FILTER_SELECT_CLASS, className)}
      disabled={disabled}
      value={value}
      onPointerEnter={onPointerEnter}
      onChange={(e) => onChange(e.target.value as PeriodType | '')}
    >
      <option value="">Period</option>
      {PERIOD_TYPES.map((p) => (
        <option key={p} value={p}>
          {PERIOD_LABELS[p]}
        </option>
      ))}
    </select>
  );
}
