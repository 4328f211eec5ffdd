import { payableFrom } from '@milepost/contracts/mile-stats-api';
import { TRIP_MESSAGES, tripStatusChoices, type DuplicateCheckRow, type TripDetail } from '@milepost/contracts/trips-api';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { manualFieldText } from '@/lib/distance-format';
import { saveErrorText } from '@/lib/error-messages';
import { useRouteSettings } from '@/lib/route-settings';
import { checkTripNumber, tripQueryOptions, useCreateTripMutation, useUpdateTripMutation } from '../api/trips-api';
import type { StopDraft } from '../stops';
import { emptyTripValues, tripFormSchema, tripPayload, tripValuesOf, type TripFormValues } from '../trip-form-values';
import { PrecheckDialog } from './precheck-dialog';
import { StopsEditor } from './stops-editor';
import { TripFigureFields } from './trip-figure-fields';
import { sameStops, tripExtraOf, type Pick } from './trip-form-parts';
import { TripNumberMatches } from './trip-number-matches';
import { TripPartyFields } from './trip-party-fields';
import { CANCEL_LOAD_TEXTS, useCancelLoad } from './use-cancel-load';
import { useTripPrecheck } from './use-trip-precheck';

export { CANCEL_LOAD_TEXTS };

/**
 * Create and edit a trip (docs/product/trips.md "Trip drawer") on the drawer-form scaffold: truck,
 * driver, identifier, dispatcher, number with its check, stops, status, mileage, dates and notes;
 * on submit the number is prechecked against other trips (recovery loads), then the trip is saved.
 * Failed saves keep the drawer open; a stale edit (STALE_VERSION) offers a reload; unsaved changes
 * are asked about before the drawer closes (there is no trip draft: the drawer resets).
 * The field groups live beside it: trip-party-fields, trip-number-matches, trip-figure-fields.
 */
export function TripForm({ trip, onDone, onCancel }: { trip?: TripDetail | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateTripMutation();
  const update = useUpdateTripMutation();
  const [checking, setChecking] = useState(false);
  const precheck = useTripPrecheck();

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
      return precheck.ask(rows);
    },
    create: (values, extra) => create.mutateAsync(tripPayload(values, extra.stops, distanceUnit)),
    update: (record, values, extra) => update.mutateAsync({ id: record.id, body: { ...tripPayload(values, extra.stops, distanceUnit, record), version: record.version } }),
    reload: (queryClient, record) => queryClient.fetchQuery({ ...tripQueryOptions(record.id), staleTime: 0 }),
    toasts: { created: TRIP_MESSAGES.created, updated: TRIP_MESSAGES.updated },
    onDone,
  });
  const { form, isNew, isSubmitting, record: original, extra, setExtra } = state;
  const { labels, stops, matches } = extra;
  const setMatches = (rows: DuplicateCheckRow[] | null) => setExtra((e) => ({ ...e, matches: rows }));
  const setStops = (next: StopDraft[]) => setExtra((e) => ({ ...e, stops: next }));
  const { cancelLoad, dialog } = useCancelLoad(original, onDone);

  const [truckId, driverId, identifierType, identifierValue, tripStatus, emptyMiles, loadedMiles, recoveryReasonId] = useWatch({
    control: form.control,
    name: ['truckId', 'driverId', 'identifierType', 'identifierValue', 'tripStatus', 'emptyMiles', 'loadedMiles', 'recoveryReasonId'],
  });
  const currentStatus = original?.tripStatus;
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

  const pick: Pick = (field, key) => (option) => {
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
      <TripPartyFields
        form={form}
        labels={labels}
        pick={pick}
        truckId={truckId}
        driverId={driverId}
        identifierType={identifierType}
        canCheck={canCheck}
        checking={checking}
        onCheck={() => void runCheck()}
        onNumberChange={() => setMatches(null)}
      />
      <TripNumberMatches form={form} matches={matches} showReason={showReason} labels={labels} pick={pick} />

      <StopsEditor stops={stops} onChange={setStops} disabled={isSubmitting} />

      <TripFigureFields form={form} statusChoices={tripStatusChoices(currentStatus)} completed={tripStatus === 'COMPLETED'} distanceUnit={distanceUnit} payable={payable} />
      <FormField id="trip-notes" label="Notes" error={form.formState.errors.notes}>
        <Controller control={form.control} name="notes" render={({ field }) => <Textarea id="trip-notes" rows={3} {...field} />} />
      </FormField>

      <PrecheckDialog rows={precheck.precheck} onAnswer={precheck.answer} />
      {dialog}
    </DrawerForm>
  );
}
