import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { tripSettingsForm, type TripSettings, type TripSettingsForm } from '@milepost/contracts/settings-api';
import { INTEGRATION_SWITCHES } from '@milepost/contracts/integrations-api';
import { providerField, providerFields } from '@milepost/contracts/providers';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldError, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SwitchField } from '@/components/ui/switch-field';
import { errorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { reportSaveFailure } from '@/lib/save-failure';
import { tripSettingsQueryOptions, useSaveTripSettingsMutation } from '../api/system-api';

export const SETTINGS_TEXTS = {
  loading: 'Loading settings...',
  saved: 'Settings saved successfully!',
} as const;

type SettingsOutput = z.output<typeof tripSettingsForm>;

const RADII = [
  { name: 'homeRadius', label: 'Home Radius' },
  { name: 'shopRadius', label: 'Shop Radius' },
  { name: 'pickupRadius', label: 'Pickup Radius' },
  { name: 'trailerRadius', label: 'Trailer Radius' },
  { name: 'deliveryRadius', label: 'Delivery Radius' },
] as const;

function valuesOf(settings: TripSettings | null): TripSettingsForm {
  if (!settings) {
    return { homeRadius: '', shopRadius: '', pickupRadius: '', trailerRadius: '', deliveryRadius: '', ...providerFields('Enabled', () => false), type: 'TRIP' };
  }
  return {
    homeRadius: settings.homeRadius,
    shopRadius: settings.shopRadius,
    pickupRadius: settings.pickupRadius,
    trailerRadius: settings.trailerRadius,
    deliveryRadius: settings.deliveryRadius,
    ...providerFields('Enabled', (p) => settings[providerField(p, 'Enabled')]),
    type: 'TRIP',
  };
}

/** The Settings tab of /system: reads the TRIP settings (GET /global-setting/by-type). */
export function SettingsPanel() {
  const settings = useQuery(tripSettingsQueryOptions());
  if (settings.isPending) {
    return (
      <p role="status" className="p-4 text-sm text-muted-foreground">
        {SETTINGS_TEXTS.loading}
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-4">
        <p className="text-sm text-muted-foreground">{errorText(settings.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <SettingsForm key={settings.data?.id ?? 'new'} settings={settings.data} />;
}

/**
 * Trip settings (docs/product/admin.md System, Trip settings): five radii in miles (empty reads as 0,
 * never negative) and each telematics provider's switch. 'Save Settings' needs
 * CAN_EDIT_RADIUS_SETTINGS; it updates existing settings, else creates them.
 */
export function SettingsForm({ settings }: { settings: TripSettings | null }) {
  const { has } = usePermissions();
  const canEdit = has('CAN_EDIT_RADIUS_SETTINGS');
  const save = useSaveTripSettingsMutation();
  const form = useForm<TripSettingsForm, unknown, SettingsOutput>({ resolver: zodResolver(tripSettingsForm), defaultValues: valuesOf(settings) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: SettingsOutput) => {
    try {
      const saved = await save.mutateAsync({ id: settings?.id, body: values });
      form.reset(valuesOf(saved));
      toast.success(SETTINGS_TEXTS.saved);
    } catch (error) {
      reportSaveFailure(error, 'settings', (field, message) => form.setError(field as Path<TripSettingsForm>, { message }));
    }
  };

  return (
    <form
      id="settings-form"
      noValidate
      className="flex max-w-2xl flex-col gap-6 p-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
      <section aria-labelledby="radius-settings-title" className="grid gap-4">
        <div>
          <h2 id="radius-settings-title" className="text-sm font-semibold">
            Radius Settings
          </h2>
          <p className="text-xs text-muted-foreground">In miles. An empty radius is saved as 0.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {RADII.map(({ name, label }) => {
            const id = `settings-${name}`;
            const error = errors[name] as FieldError | undefined;
            return (
              <FormField key={name} id={id} label={`${label} (miles)`} error={error}>
                <Input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  step="0.1"
                  min={0}
                  readOnly={!canEdit}
                  className="tabular-nums"
                  {...fieldAria(id, error)}
                  {...form.register(name)}
                />
              </FormField>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="integration-settings-title" className="grid gap-3">
        <h2 id="integration-settings-title" className="text-sm font-semibold">
          Integrations
        </h2>
        {INTEGRATION_SWITCHES.map(({ name, label }) => (
          <SwitchField key={name} id={`settings-${name}`} control={form.control} name={name} label={label} disabled={!canEdit} className="max-w-sm" />
        ))}
      </section>
      {canEdit && (
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      )}
    </form>
  );
}
