import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import type { PlaceItem } from '@milepost/contracts/places-api';
import { shopForm, type ShopRow } from '@milepost/contracts/shops-api';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { PlaceSearch } from '@/components/place-search/place-search';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
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
type ShopFormOutput = z.output<typeof shopForm>;

interface ShopDraft {
  values: ShopFormValues;
  place: PlaceItem | null;
}

const EMPTY_VALUES = { name: '', location: '' } as ShopFormValues;

/** A stored location as a place item, so the search box shows it. */
function placeOf(shop: ShopRow): PlaceItem {
  return { id: `shop-${shop.id}`, title: shop.location, address: { label: shop.location }, position: { lat: shop.latitude, lng: shop.longitude } };
}

/**
 * New and edit shop (spec 02 §2 Shops, §5 Shop): name, and a location chosen through the place
 * search, which fills latitude and longitude (shown read-only with 6 decimals). A new shop's
 * draft survives closing the drawer.
 */
export function ShopForm({ shop, onDone, onCancel }: { shop?: ShopRow | undefined; onDone: () => void; onCancel: () => void }) {
  const isNew = shop === undefined;
  const draft = useFormDraft<ShopDraft>(SHOP_DRAFT_NAME, isNew);
  const create = useCreateShopMutation();
  const update = useUpdateShopMutation();

  const form = useForm<ShopFormValues, unknown, ShopFormOutput>({
    resolver: zodResolver(shopForm),
    defaultValues:
      draft.initial?.values ?? (shop ? { name: shop.name, location: shop.location, latitude: shop.latitude, longitude: shop.longitude } : EMPTY_VALUES),
  });
  const { errors, isSubmitting } = form.formState;
  const [place, setPlaceState] = useState<PlaceItem | null>(draft.initial ? draft.initial.place : shop ? placeOf(shop) : null);
  const placeRef = useRef(place);
  const latitude = form.watch('latitude');
  const longitude = form.watch('longitude');

  const setPlace = (next: PlaceItem | null) => {
    placeRef.current = next;
    setPlaceState(next);
    const validate = form.formState.isSubmitted;
    form.setValue('location', next?.address.label ?? '', { shouldDirty: true, shouldValidate: validate });
    form.setValue('latitude', next?.position.lat as number, { shouldDirty: true, shouldValidate: validate });
    form.setValue('longitude', next?.position.lng as number, { shouldDirty: true, shouldValidate: validate });
  };

  const { save } = draft;
  useEffect(() => {
    if (!isNew) return;
    const subscription = form.watch((values) => save({ values: values as ShopFormValues, place: placeRef.current }));
    return () => subscription.unsubscribe();
  }, [form, isNew, save]);

  const clearForm = () => {
    form.reset(EMPTY_VALUES);
    placeRef.current = null;
    setPlaceState(null);
    draft.clear();
  };

  const onSubmit = async (values: ShopFormOutput) => {
    try {
      if (isNew) {
        await create.mutateAsync(values);
        draft.clear();
        toast.success(SHOP_TOASTS.created);
      } else {
        await update.mutateAsync({ id: shop.id, body: values });
        toast.success(SHOP_TOASTS.updated);
      }
      onDone();
    } catch (error) {
      reportSaveFailure(error, 'shop', (field, message) => form.setError(field as Path<ShopFormValues>, { message }));
    }
  };

  const locationError = errors.location ?? errors.latitude ?? errors.longitude;

  return (
    <form
      id="shop-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
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

      <DrawerFormFooter
        start={
          isNew ? (
            <Button variant="ghost" disabled={isSubmitting} onClick={clearForm}>
              Clear Form
            </Button>
          ) : undefined
        }
      >
        <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : isNew ? 'Create Shop' : 'Update Shop'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
