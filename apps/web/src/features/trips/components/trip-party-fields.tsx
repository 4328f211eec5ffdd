import { Controller } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LookupSelect } from '@/components/ui/lookup-select';
import { activeDriverLookup, dispatcherLookup, truckLookup } from '@/lib/lookups';
import { selectClass, type Labels, type Pick, type TripFormApi } from './trip-form-parts';

/** The trip form's first fields: truck, driver, identifier type, dispatcher, and the number with its Check. */
export function TripPartyFields({
  form,
  labels,
  pick,
  truckId,
  driverId,
  identifierType,
  canCheck,
  checking,
  onCheck,
  onNumberChange,
}: {
  form: TripFormApi;
  labels: Labels;
  pick: Pick;
  truckId: number | null;
  driverId: number | null;
  identifierType: string;
  canCheck: boolean;
  checking: boolean;
  onCheck: () => void;
  /** Typing in the number forgets the last check. */
  onNumberChange: () => void;
}) {
  const { errors } = form.formState;
  const numberLabel = identifierType === 'TRAILER_NUMBER' ? 'Trailer Number' : 'Load Number';
  // The driver error shows only while no driver is chosen (docs/product/trips.md).
  const driverError = driverId === null ? errors.driverId : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="trip-truck" label="Truck" error={errors.truckId}>
        <LookupSelect
          id="trip-truck"
          value={labels.truck}
          onChange={pick('truckId', 'truck')}
          {...truckLookup}
          placeholder="Select a truck"
          searchPlaceholder="Search trucks..."
          clearLabel="Clear truck"
          invalid={errors.truckId !== undefined}
        />
      </FormField>
      <FormField id="trip-driver" label="Driver" error={driverError}>
        <LookupSelect
          id="trip-driver"
          value={labels.driver}
          onChange={pick('driverId', 'driver')}
          {...activeDriverLookup(truckId ?? undefined)}
          placeholder="Select a driver"
          searchPlaceholder="Search drivers..."
          clearLabel="Clear driver"
          invalid={driverError !== undefined}
        />
      </FormField>
      <FormField id="trip-identifier-type" label="Identifier Type" error={errors.identifierType}>
        <Controller
          control={form.control}
          name="identifierType"
          render={({ field }) => (
            <select id="trip-identifier-type" className={selectClass} {...fieldAria('trip-identifier-type', errors.identifierType)} {...field}>
              <option value="LOAD_NUMBER">Load Number</option>
              <option value="TRAILER_NUMBER">Trailer Number</option>
            </select>
          )}
        />
      </FormField>
      <FormField id="trip-dispatcher" label="Dispatcher">
        <LookupSelect
          id="trip-dispatcher"
          value={labels.dispatcher}
          onChange={pick('dispatcherId', 'dispatcher')}
          {...dispatcherLookup}
          placeholder="Select a dispatcher"
          searchPlaceholder="Search dispatchers..."
          clearLabel="Clear dispatcher"
        />
      </FormField>
      <FormField id="trip-number" label={numberLabel} error={errors.identifierValue} className="sm:col-span-2">
        <div className="flex gap-2">
          <Input id="trip-number" autoComplete="off" {...fieldAria('trip-number', errors.identifierValue)} {...form.register('identifierValue', { onChange: onNumberChange })} />
          <Button type="button" variant="outline" disabled={!canCheck || checking} onClick={onCheck}>
            {checking ? 'Checking...' : 'Check'}
          </Button>
        </div>
      </FormField>
    </div>
  );
}
