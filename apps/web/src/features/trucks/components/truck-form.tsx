import type { PlaceItem } from '@milepost/contracts/places-api';
import { truckForm, type TruckRow } from '@milepost/contracts/trucks-api';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { PlaceSearch } from '@/components/place-search/place-search';
import { FormField, fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { truckQueryOptions, useUpdateTruckMutation } from '../api/trucks-api';

export const TRUCK_TOASTS = {
  updated: 'Truck updated successfully!',
  activated: 'Truck activated',
  deactivated: 'Truck deactivated',
} as const;

type TruckFormValues = z.input<typeof truckForm>;

function valuesOf(truck: TruckRow): TruckFormValues {
  return {
    vinNumber: truck.vinNumber,
    unitNumber: truck.unitNumber,
    samsaraVin: truck.samsaraVin,
    licencePlate: truck.licencePlate,
    homeLocation: truck.homeLocation,
    homeLatitude: truck.homeLatitude,
    homeLongitude: truck.homeLongitude,
  };
}

/** The stored home location as a place item, so the search box shows it. */
function placeOf(truck: TruckRow): PlaceItem | null {
  if (!truck.homeLocation) return null;
  return {
    id: `truck-${truck.id}-${truck.version}`,
    title: truck.homeLocation,
    address: { label: truck.homeLocation },
    position: { lat: truck.homeLatitude ?? 0, lng: truck.homeLongitude ?? 0 },
  };
}

/**
 * 'Edit Truck' (docs/product/admin.md Trucks, Truck): VINs, unit number, plate and a home location chosen
 * through the place search, which sets the read-only latitude and longitude. The version the form
 * was loaded at is sent; a stale save (409) says so and offers a reload.
 */
export function TruckForm({ truck, onDone, onCancel }: { truck: TruckRow; onDone: () => void; onCancel: () => void }) {
  const update = useUpdateTruckMutation();
  const state = useDrawerForm({
    schema: truckForm,
    entity: 'truck',
    record: truck,
    empty: valuesOf(truck),
    valuesOf,
    extra: { empty: null as PlaceItem | null, of: placeOf },
    update: (row, values) => update.mutateAsync({ id: row.id, body: { ...values, version: row.version } }),
    reload: (queryClient, row) => queryClient.fetchQuery({ ...truckQueryOptions(row.id), staleTime: 0 }),
    toasts: { updated: TRUCK_TOASTS.updated },
    onDone,
  });
  const { form, extra: place, setExtra: setPlaceState } = state;
  const { errors } = form.formState;

  const setPlace = (next: PlaceItem | null) => {
    setPlaceState(next);
    const validate = form.formState.isSubmitted;
    form.setValue('homeLocation', next?.address.label ?? '', { shouldDirty: true, shouldValidate: validate });
    form.setValue('homeLatitude', next?.position.lat ?? null, { shouldDirty: true });
    form.setValue('homeLongitude', next?.position.lng ?? null, { shouldDirty: true });
  };

  const text = (id: string, label: string, name: 'vinNumber' | 'unitNumber' | 'samsaraVin' | 'licencePlate') => (
    <FormField id={id} label={label} error={errors[name]}>
      <Input id={id} autoComplete="off" {...fieldAria(id, errors[name])} {...form.register(name)} />
    </FormField>
  );

  return (
    <DrawerForm id="truck-form" state={state} noun="Truck" onCancel={onCancel}>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('truck-unit-number', 'Unit Number', 'unitNumber')}
        {text('truck-licence-plate', 'License Plate', 'licencePlate')}
      </div>
      {text('truck-vin-number', 'GLE VIN', 'vinNumber')}
      {text('truck-samsara-vin', 'Samsara VIN', 'samsaraVin')}
      <FormField id="truck-home-location" label="Home Location" error={errors.homeLocation}>
        <PlaceSearch
          id="truck-home-location"
          value={place}
          onSelect={setPlace}
          onClear={() => setPlace(null)}
          invalid={errors.homeLocation !== undefined}
          {...(errors.homeLocation ? { describedBy: fieldErrorId('truck-home-location') } : {})}
        />
      </FormField>
      <Coordinates latitude={form.watch('homeLatitude')} longitude={form.watch('homeLongitude')} />
    </DrawerForm>
  );
}

const coordinate = (value: number | null | undefined) => (typeof value === 'number' ? value.toFixed(6) : '');

/** Home latitude and longitude: set from the chosen place, never typed. */
function Coordinates({ latitude, longitude }: { latitude: number | null | undefined; longitude: number | null | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="truck-home-latitude" label="Home Latitude">
        <Input id="truck-home-latitude" readOnly tabIndex={-1} className="bg-muted tabular-nums" value={coordinate(latitude)} />
      </FormField>
      <FormField id="truck-home-longitude" label="Home Longitude">
        <Input id="truck-home-longitude" readOnly tabIndex={-1} className="bg-muted tabular-nums" value={coordinate(longitude)} />
      </FormField>
    </div>
  );
}
