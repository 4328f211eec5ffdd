import type { PlaceItem } from '@milepost/contracts/places-api';
import { shopForm, type ShopRow } from '@milepost/contracts/shops-api';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { PlaceSearch } from '@/components/place-search/place-search';
import { FormField, fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateShopMutation, useUpdateShopMutation } from '../api/shops-api';
import { formatCoordinate } from '../format-coordinates';

export const SHOP_DRAFT_NAME = 'shop';

export const SHOP_TOASTS = {
  created: 'Shop created successfully!',
  updated: 'Shop updated successfully!',
  activated: 'Shop activated',
  deactivated: 'Shop deactivated',
} as const;

type ShopFormValues = z.input<typeof shopForm>;

const EMPTY_VALUES = { name: '', location: '' } as ShopFormValues;

/** A stored location as a place item, so the search box shows it. */
function placeOf(shop: ShopRow): PlaceItem {
  return { id: `shop-${shop.id}`, title: shop.location, address: { label: shop.location }, position: { lat: shop.latitude, lng: shop.longitude } };
}

/**
 * New and edit shop (docs/product/admin.md Shops, Shop): name, and a location chosen through the place
 * search, which fills latitude and longitude (shown read-only with 6 decimals). A new shop's
 * draft survives closing the drawer.
 */
export function ShopForm({ shop, onDone, onCancel }: { shop?: ShopRow | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateShopMutation();
  const update = useUpdateShopMutation();
  const state = useDrawerForm({
    schema: shopForm,
    entity: 'shop',
    record: shop,
    empty: EMPTY_VALUES,
    valuesOf: (row) => ({ name: row.name, location: row.location, latitude: row.latitude, longitude: row.longitude }),
    extra: { empty: null as PlaceItem | null, of: placeOf },
    draftName: SHOP_DRAFT_NAME,
    create: (values) => create.mutateAsync(values),
    update: (row, values) => update.mutateAsync({ id: row.id, body: values }),
    toasts: SHOP_TOASTS,
    onDone,
  });
  const { form, extra: place, setExtra } = state;
  const { errors } = form.formState;
  const latitude = form.watch('latitude');
  const longitude = form.watch('longitude');

  const setPlace = (next: PlaceItem | null) => {
    const validate = form.formState.isSubmitted;
    form.setValue('location', next?.address.label ?? '', { shouldDirty: true, shouldValidate: validate });
    form.setValue('latitude', next?.position.lat as number, { shouldDirty: true, shouldValidate: validate });
    form.setValue('longitude', next?.position.lng as number, { shouldDirty: true, shouldValidate: validate });
    setExtra(next);
  };

  const locationError = errors.location ?? errors.latitude ?? errors.longitude;

  return (
    <DrawerForm id="shop-form" state={state} noun="Shop" onCancel={onCancel}>
      <FormField id="shop-name" label="Shop Name" error={errors.name}>
        <Input id="shop-name" autoComplete="off" {...fieldAria('shop-name', errors.name)} {...form.register('name')} />
      </FormField>
      <FormField id="shop-location" label="Location" error={locationError}>
        <PlaceSearch
          id="shop-location"
          value={place}
          onSelect={setPlace}
          onClear={() => setPlace(null)}
          invalid={locationError !== undefined}
          {...(locationError ? { describedBy: fieldErrorId('shop-location') } : {})}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="shop-latitude" label="Latitude">
          <Input id="shop-latitude" readOnly tabIndex={-1} className="bg-muted tabular-nums" value={formatCoordinate(latitude)} />
        </FormField>
        <FormField id="shop-longitude" label="Longitude">
          <Input id="shop-longitude" readOnly tabIndex={-1} className="bg-muted tabular-nums" value={formatCoordinate(longitude)} />
        </FormField>
      </div>
    </DrawerForm>
  );
}
