import { payableFrom } from '@milepost/contracts/mile-stats-api';
import { TRIP_MESSAGES, tripStatusChoices, type DuplicateCheckRow, type TripDetail } from '@milepost/contracts/trips-api';
import { TRIP_STATUS_LABELS } from '@milepost/contracts/trips-list';
import { useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTimePicker } from '@/components/ui/date-picker';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { Textarea } from '@/components/ui/textarea';
import { manualFieldText, mileageHeader } from '@/lib/distance-format';
import { saveErrorText } from '@/lib/error-messages';
import { useRouteSettings } from '@/lib/route-settings';
import { activeDriverLookup, dispatcherLookup, personOption, recoveryReasonLookup, truckLookup, truckOption } from '@/lib/lookups';
import { checkTripNumber, tripQueryOptions, useChangeTripStatusMutation, useCreateTripMutation, useUpdateTripMutation } from '../api/trips-api';
import type { StopDraft } from '../stops';
import { emptyTripValues, tripFormSchema, tripPayload, tripStopsOf, tripValuesOf, type TripFormValues } from '../trip-form-values';
import { MatchingTripsTable, PrecheckDialog } from './precheck-dialog';
import { StopsEditor } from './stops-editor';

export const CANCEL_LOAD_TEXTS = {
  button: 'Cancel Load',
  title: 'Cancel Load',
  description: 'Are you sure you want to cancel this load?',
  confirm: 'Confirm Cancel',
  back: 'Back',
  done: 'Load canceled',
} as const;


const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive';

interface Labels {
  truck: LookupOption | null;
  driver: LookupOption | null;
  dispatcher: LookupOption | null;
  reason: LookupOption | null;
}

/** What the trip form keeps besides its values: the pickers' labels, the stops, the last number check. */
interface TripExtra {
  labels: Labels;
  stops: StopDraft[];
  /** Other trips using the number, after a check or a precheck; null before. */
  matches: DuplicateCheckRow[] | null;
}

const tripExtraOf = (trip: TripDetail | undefined): TripExtra => ({ labels: labelsOf(trip), stops: trip ? tripStopsOf(trip) : [], matches: null });
// The stops as the user placed them (the legs the routing fills in are no edit).
const stopsKey = (list: readonly StopDraft[]) => JSON.stringify(list.map((s) => [s.address, s.latitude, s.longitude, s.stopType, s.loadStatus]));
const sameStops = (a: TripExtra, b: TripExtra) => stopsKey(a.stops) === stopsKey(b.stops);

function labelsOf(trip: TripDetail | undefined): Labels {
  return {
    truck: trip ? truckOption(trip.truck) : null,
    driver: trip ? personOption(trip.driver) : null,
    dispatcher: trip?.dispatcher ? personOption(trip.dispatcher) : null,
    reason: trip?.recoveryReasonId ? { id: trip.recoveryReasonId, label: trip.recoveryReasonName ?? `Reason #${trip.recoveryReasonId}` } : null,
  };
}

/**
 * Create and edit a trip (docs/product/trips.md "Trip drawer") on the drawer-form scaffold: truck,
 * driver, identifier, dispatcher, number with its check, stops, status, mileage, dates and notes;
 * on submit the number is prechecked against other trips (recovery loads), then the trip is saved.
 * Failed saves keep the drawer open; a stale edit (STALE_VERSION) offers a reload; unsaved changes
 * are asked about before the drawer closes (there is no trip draft: the drawer resets).
 */
export function TripForm({ trip, onDone, onCancel }: { trip?: TripDetail | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateTripMutation();
  const update = useUpdateTripMutation();
  const changeStatus = useChangeTripStatusMutation();
  const { confirm, dialog } = useConfirmDialog();
  const [checking, setChecking] = useState(false);
  const [precheck, setPrecheck] = useState<DuplicateCheckRow[] | null>(null);
  const precheckAnswer = useRef<((proceed: boolean) => void) | null>(null);

  const askPrecheck = (rows: DuplicateCheckRow[]) =>
    new Promise<boolean>((resolve) => {
      precheckAnswer.current = resolve;
      setPrecheck(rows);
    });
  const answerPrecheck = (proceed: boolean) => {
    setPrecheck(null);
    precheckAnswer.current?.(proceed);
    precheckAnswer.current = null;
  };

  // Empty and Loaded Miles are stored in miles and typed in the user's unit.
  const { distanceUnit } = useRouteSettings();
  const state = useDrawerForm({
    schema: tripFormSchema,
    entity: 'trip',
    record: trip,
    empty: emptyTripValues(),
    valuesOf: (record) => tripValuesOf(record, distanceUnit),
    extra: { empty: tripExtraOf(undefined), of: tripExtraOf, same: sameStops },
    clearable: true,
    // Precheck: other trips with this number (only when the number is new to this trip).
    beforeSave: async (values, { stops: toSave }) => {
      if (toSave.length === 0) {
        toast.warning(TRIP_MESSAGES.noStops);
        return false;
      }
      if (!numberChanged(values)) return true;
      let rows: DuplicateCheckRow[] = [];
      try {
        rows = others(await checkTripNumber(values.identifierValue, values.identifierType));
      } catch {
        return true; // a failed lookup does not stop the save
      }
      if (rows.length === 0) return true;
      setMatches(rows);
      if (rows.some((r) => r.tripStatus !== 'COMPLETED')) {
        toast.warning(TRIP_MESSAGES.uncompleted);
        return false;
      }
      if (values.recoveryReasonId === null) {
        form.setError('recoveryReasonId', { message: TRIP_MESSAGES.recoveryReasonRequired });
        toast.warning(TRIP_MESSAGES.recoveryReasonForRecovery);
        return false;
      }
      return askPrecheck(rows);
    },
    create: (values, extra) => create.mutateAsync(tripPayload(values, extra.stops, distanceUnit)),
    update: (record, values, extra) => update.mutateAsync({ id: record.id, body: { ...tripPayload(values, extra.stops, distanceUnit, record), version: record.version } }),
    reload: (queryClient, record) => queryClient.fetchQuery({ ...tripQueryOptions(record.id), staleTime: 0 }),
    toasts: { created: TRIP_MESSAGES.created, updated: TRIP_MESSAGES.updated },
    onDone,
  });
  const { form, isNew, isSubmitting, record: original, extra, setExtra } = state;
  const { labels, stops, matches } = extra;
  const { errors } = form.formState;
  const setMatches = (rows: DuplicateCheckRow[] | null) => setExtra((e) => ({ ...e, matches: rows }));
  const setStops = (next: StopDraft[]) => setExtra((e) => ({ ...e, stops: next }));

  const [truckId, driverId, identifierType, identifierValue, tripStatus, emptyMiles, loadedMiles, recoveryReasonId] = useWatch({
    control: form.control,
    name: ['truckId', 'driverId', 'identifierType', 'identifierValue', 'tripStatus', 'emptyMiles', 'loadedMiles', 'recoveryReasonId'],
  });
  const completed = tripStatus === 'COMPLETED';
  const currentStatus = original?.tripStatus;
  const statusChoices = tripStatusChoices(currentStatus);
  const originalNumber = original ? tripValuesOf(original).identifierValue.trim() : '';
  const trimmedNumber = identifierValue.trim();
  const canCheck = trimmedNumber !== '' && (isNew || trimmedNumber !== originalNumber);
  const others = (rows: DuplicateCheckRow[]) => rows.filter((r) => r.id !== original?.id);
  const numberChanged = (values: TripFormValues) => isNew || values.identifierValue.trim() !== originalNumber || values.identifierType !== original?.identifierType;
  const showReason = (matches !== null && matches.length > 0) || recoveryReasonId !== null;
  // The stored payable, converted, while the figures read as stored (a sum of km figures rounded to 0.1 could differ by 0.1).
  const stored = original ? tripValuesOf(original, distanceUnit) : null;
  const payable =
    original && original.payableMileage !== null && stored?.emptyMiles === emptyMiles && stored.loadedMiles === loadedMiles
      ? manualFieldText(original.payableMileage, distanceUnit)
      : payableFrom(emptyMiles, loadedMiles);

  const pick = (field: 'truckId' | 'driverId' | 'dispatcherId' | 'recoveryReasonId', key: keyof Labels) => (option: LookupOption | null) => {
    setExtra((e) => ({ ...e, labels: { ...e.labels, [key]: option } }));
    form.setValue(field, option?.id ?? null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const runCheck = async () => {
    if (!canCheck) return;
    setChecking(true);
    try {
      const rows = others(await checkTripNumber(trimmedNumber, identifierType));
      setMatches(rows);
      if (rows.length > 0 && rows.every((r) => r.tripStatus === 'COMPLETED')) toast.warning(TRIP_MESSAGES.usedByOthers);
    } catch (error) {
      toast.error(saveErrorText(error, 'trip'));
    } finally {
      setChecking(false);
    }
  };

  const cancelLoad = () =>
    confirm({
      title: CANCEL_LOAD_TEXTS.title,
      description: CANCEL_LOAD_TEXTS.description,
      confirmLabel: CANCEL_LOAD_TEXTS.confirm,
      cancelLabel: CANCEL_LOAD_TEXTS.back,
      variant: 'destructive',
      onConfirm: async () => {
        if (!original) return;
        try {
          await changeStatus.mutateAsync({ id: original.id, tripStatus: 'CANCELLED', version: original.version });
        } catch (error) {
          toast.error(saveErrorText(error, 'trip'));
          throw error;
        }
        toast.success(CANCEL_LOAD_TEXTS.done);
        onDone();
      },
    });

  const numberLabel = identifierType === 'TRAILER_NUMBER' ? 'Trailer Number' : 'Load Number';
  // The driver error shows only while no driver is chosen (docs/product/trips.md).
  const driverError = driverId === null ? errors.driverId : undefined;

  return (
    <DrawerForm
      id="trip-form"
      state={state}
      noun="Trip"
      onCancel={onCancel}
      submitDisabled={stops.length === 0}
      footerStart={
        !isNew &&
        (currentStatus === 'IN_TRANSIT' || currentStatus === 'UPCOMING') && (
          <Button type="button" variant="outline" className="text-destructive" disabled={isSubmitting} onClick={cancelLoad}>
            {CANCEL_LOAD_TEXTS.button}
          </Button>
        )
      }
    >
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
            <Input id="trip-number" autoComplete="off" {...fieldAria('trip-number', errors.identifierValue)} {...form.register('identifierValue', { onChange: () => setMatches(null) })} />
            <Button type="button" variant="outline" disabled={!canCheck || checking} onClick={() => void runCheck()}>
              {checking ? 'Checking...' : 'Check'}
            </Button>
          </div>
        </FormField>
      </div>

      {matches !== null && (
        <div className="grid gap-2 rounded-md border p-3" data-testid="number-check-result">
          {matches.length === 0 ? (
            <p className="text-sm text-muted-foreground">No other trip uses this number.</p>
          ) : (
            <>
              <p className="text-sm font-medium">Trips already using this number</p>
              <MatchingTripsTable rows={matches} />
            </>
          )}
        </div>
      )}
      {showReason && (
        <FormField id="trip-recovery-reason" label="Recovery Reason" error={errors.recoveryReasonId}>
          <LookupSelect
            id="trip-recovery-reason"
            value={labels.reason}
            onChange={(option) => {
              pick('recoveryReasonId', 'reason')(option);
              if (option) form.clearErrors('recoveryReasonId');
            }}
            {...recoveryReasonLookup}
            placeholder="Select a recovery reason"
            searchPlaceholder="Search reasons..."
            clearLabel="Clear recovery reason"
            invalid={errors.recoveryReasonId !== undefined}
          />
        </FormField>
      )}

      <StopsEditor stops={stops} onChange={setStops} disabled={isSubmitting} />

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
          <Input id="trip-loaded-miles" type="number" step={0.1} min={0} inputMode="decimal" {...fieldAria('trip-loaded-miles', errors.loadedMiles)} {...form.register('loadedMiles')} />
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
      <FormField id="trip-notes" label="Notes" error={errors.notes}>
        <Controller control={form.control} name="notes" render={({ field }) => <Textarea id="trip-notes" rows={3} {...field} />} />
      </FormField>

      <PrecheckDialog rows={precheck} onAnswer={answerPrecheck} />
      {dialog}
    </DrawerForm>
  );
}
