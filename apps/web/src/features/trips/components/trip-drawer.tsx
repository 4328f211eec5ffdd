import type { TripRow } from '@milepost/contracts/trips-api';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from '@/components/layout/drawer';
import { RecordLoader } from '@/components/layout/record-loader';
import { useRouteSettings, type RouteSettingValues } from '@/lib/route-settings';
import { tripQueryOptions } from '../api/trips-api';
import { RouteSettingsPopover, routeSettingsSummary } from './route-settings-popover';
import { TripForm } from './trip-form';
import { tripNumber } from './trips-columns';

export type TripDrawerTarget = { mode: 'create' } | { mode: 'edit'; row: TripRow };

/**
 * "New route: Practical, 53' Trailer, Miles" with the default settings (docs/product/trips.md):
 * a new trip's title names the route settings its legs are calculated with.
 */
export function tripDrawerTitle(target: TripDrawerTarget, settings: RouteSettingValues): string {
  return target.mode === 'create' ? `New route: ${routeSettingsSummary(settings)}` : `Edit Trip: ${tripNumber(target.row)}`;
}

/**
 * The wide trip drawer; mount it with a new `key` to start over (the screen does so 500 ms after
 * closing). The route settings popover sits in its header: a change there recalculates the legs
 * of the stops editor at once.
 */
export function TripDrawer({ open, onOpenChange, target }: { open: boolean; onOpenChange: (open: boolean) => void; target: TripDrawerTarget }) {
  const close = () => onOpenChange(false);
  const settings = useRouteSettings();
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={tripDrawerTitle(target, settings)} headerActions={<RouteSettingsPopover />} width="wide">
      {target.mode === 'create' ? <TripForm onDone={close} onCancel={close} /> : <EditTrip id={target.row.id} onClose={close} />}
    </Drawer>
  );
}

function EditTrip({ id, onClose }: { id: number; onClose: () => void }) {
  // Always the latest version of the trip when the drawer opens.
  const query = useQuery({ ...tripQueryOptions(id), staleTime: 0, gcTime: 0 });
  return (
    <RecordLoader query={query} loadingLabel="Loading trip...">
      {(trip) => <TripForm trip={trip} onDone={onClose} onCancel={onClose} />}
    </RecordLoader>
  );
}
