import { Settings2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { errorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { useRouteSettings, type RouteSettingValues } from '@/lib/route-settings';

/** Who sees the popover: the trips one or the system-wide route-settings permission. */
export const ROUTE_SETTINGS_PERMISSIONS = ['CAN_VIEW_USER_ROUTE_SETTING_TRIP', 'CAN_VIEW_USER_ROUTE_SETTINGS'] as const;

export const ROUTING_LABELS = { PRACTICAL: 'Practical', SHORTEST: 'Shortest' } as const;
export const UNIT_LABELS = { MILES: 'Miles', KM: 'KM' } as const;
export const TRAILER_LABEL = "53' Trailer";

/** "Practical, 53' Trailer, Miles" — how a drawer title names the settings a new route uses. */
export function routeSettingsSummary(s: RouteSettingValues): string {
  return `${ROUTING_LABELS[s.routingType]}, ${s.trailerType ? TRAILER_LABEL : 'No Trailer'}, ${UNIT_LABELS[s.distanceUnit]}`;
}

/**
 * The route settings popover (docs/product/trips.md): a 53' Trailer checkbox, Routing (Practical or
 * Shortest) and Distance in (Miles or KM). Each change is saved at once for the signed-in user.
 */
export function RouteSettingsPopover() {
  const { hasAny } = usePermissions();
  const settings = useRouteSettings();
  const id = useId();
  if (!hasAny(ROUTE_SETTINGS_PERMISSIONS)) return null;

  const save = (patch: Partial<RouteSettingValues>) => settings.update(patch).catch((error: unknown) => toast.error(errorText(error)));
  const disabled = !settings.stored;

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Route settings: ${routeSettingsSummary(settings)}`}>
          <Settings2 aria-hidden />
          <span className="hidden sm:inline">Route settings</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Route settings" className="grid gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-trailer`}
            checked={settings.trailerType === 'TRAILER_53'}
            disabled={disabled}
            onCheckedChange={(checked) => void save({ trailerType: checked === true ? 'TRAILER_53' : null })}
          />
          <Label htmlFor={`${id}-trailer`}>{TRAILER_LABEL}</Label>
        </div>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-xs font-medium text-muted-foreground">Routing</legend>
          <RadioGroup
            aria-label="Routing"
            value={settings.routingType}
            disabled={disabled}
            onValueChange={(v) => void save({ routingType: v as RouteSettingValues['routingType'] })}
          >
            {(['PRACTICAL', 'SHORTEST'] as const).map((value) => (
              <div key={value} className="flex items-center gap-2">
                <RadioGroupItem id={`${id}-${value}`} value={value} />
                <Label htmlFor={`${id}-${value}`}>{ROUTING_LABELS[value]}</Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-xs font-medium text-muted-foreground">Distance in</legend>
          <RadioGroup
            aria-label="Distance in"
            value={settings.distanceUnit}
            disabled={disabled}
            onValueChange={(v) => void save({ distanceUnit: v as RouteSettingValues['distanceUnit'] })}
          >
            {(['MILES', 'KM'] as const).map((value) => (
              <div key={value} className="flex items-center gap-2">
                <RadioGroupItem id={`${id}-${value}`} value={value} />
                <Label htmlFor={`${id}-${value}`}>{UNIT_LABELS[value]}</Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
      </PopoverContent>
    </Popover>
  );
}
