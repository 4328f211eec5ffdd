import { TRIP_STATUS_LABELS, type TripStatus } from '@milepost/contracts/trips-list';
import type { DistanceUnit } from '@milepost/geo/units';
import { Controller } from 'react-hook-form';
import { DateTimePicker } from '@/components/ui/date-picker';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { mileageHeader } from '@/lib/distance-format';
import { selectClass, type TripFormApi } from './trip-form-parts';

/**
 * The trip form's fields below the stops: status, pickup, Empty and Loaded Miles with the payable
 * they make, and for a completed trip its start, delivery and odometers.
 */
export function TripFigureFields({
  form,
  statusChoices,
  completed,
  distanceUnit,
  payable,
}: {
  form: TripFormApi;
  statusChoices: readonly TripStatus[];
  completed: boolean;
  distanceUnit: DistanceUnit;
  payable: string | number | null;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="trip-status" label="Trip Status" error={errors.tripStatus}>
        {/* Controlled: an uncontrolled select first shows its first option, not the form's status. */}
        <Controller
          control={form.control}
          name="tripStatus"
          render={({ field }) => (
            <select id="trip-status" className={selectClass} {...fieldAria('trip-status', errors.tripStatus)} {...field}>
              {statusChoices.map((s) => (
                <option key={s} value={s}>
                  {TRIP_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        />
      </FormField>
      <FormField id="trip-pickup" label="Pickup Date/Time (Central)" error={errors.pickupDateTime}>
        <Controller
          control={form.control}
          name="pickupDateTime"
          render={({ field }) => <DateTimePicker id="trip-pickup" value={field.value} onChange={field.onChange} {...fieldAria('trip-pickup', errors.pickupDateTime)} />}
        />
      </FormField>
      <FormField id="trip-empty-miles" label={mileageHeader('Empty Miles', distanceUnit)} error={errors.emptyMiles}>
        <Input id="trip-empty-miles" type="number" step={0.1} min={0} inputMode="decimal" {...fieldAria('trip-empty-miles', errors.emptyMiles)} {...form.register('emptyMiles')} />
      </FormField>
      <FormField id="trip-loaded-miles" label={mileageHeader('Loaded Miles', distanceUnit)} error={errors.loadedMiles}>
        <Input
          id="trip-loaded-miles"
          type="number"
          step={0.1}
          min={0}
          inputMode="decimal"
          {...fieldAria('trip-loaded-miles', errors.loadedMiles)}
          {...form.register('loadedMiles')}
        />
      </FormField>
      <FormField id="trip-payable" label={mileageHeader('Payable Mileage', distanceUnit)}>
        <Input id="trip-payable" readOnly tabIndex={-1} className="bg-muted/50 tabular-nums" value={payable ?? ''} />
      </FormField>
      {completed && (
        <>
          <FormField id="trip-start" label="Start Date/Time (Central)" error={errors.startDateTime}>
            <Controller
              control={form.control}
              name="startDateTime"
              render={({ field }) => <DateTimePicker id="trip-start" clearable value={field.value} onChange={field.onChange} />}
            />
          </FormField>
          <FormField id="trip-end" label="Delivery Date/Time (Central)" error={errors.endDateTime}>
            <Controller
              control={form.control}
              name="endDateTime"
              render={({ field }) => <DateTimePicker id="trip-end" clearable value={field.value} onChange={field.onChange} {...fieldAria('trip-end', errors.endDateTime)} />}
            />
          </FormField>
          <FormField id="trip-start-odometer" label={mileageHeader('Start Odometer', distanceUnit)} error={errors.startOdometer}>
            <Input id="trip-start-odometer" type="number" step={0.1} min={0} {...fieldAria('trip-start-odometer', errors.startOdometer)} {...form.register('startOdometer')} />
          </FormField>
          <FormField id="trip-end-odometer" label={mileageHeader('End Odometer', distanceUnit)} error={errors.endOdometer}>
            <Input id="trip-end-odometer" type="number" step={0.1} min={0} {...fieldAria('trip-end-odometer', errors.endOdometer)} {...form.register('endOdometer')} />
          </FormField>
        </>
      )}
    </div>
  );
}
