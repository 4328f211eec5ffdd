import type { TripRow } from '@milepost/contracts/trips-api';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from '@/components/layout/drawer';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-messages';
import { tripQueryOptions } from '../api/get-trips';
import { TripForm } from './trip-form';
import { tripNumber } from './trips-columns';

export type TripDrawerTarget = { mode: 'create' } | { mode: 'edit'; row: TripRow };

export const NEW_TRIP_TITLE = "New route: Practical, 53' Trailer, Miles";

export function tripDrawerTitle(target: TripDrawerTarget): string {
  return target.mode === 'create' ? NEW_TRIP_TITLE : `Edit Trip: ${tripNumber(target.row)}`;
}

/** The wide trip drawer; mount it with a new `key` to start over (the screen does so 500 ms after closing). */
export function TripDrawer({ open, onOpenChange, target }: { open: boolean; onOpenChange: (open: boolean) => void; target: TripDrawerTarget }) {
  const close = () => onOpenChange(false);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={tripDrawerTitle(target)} width="wide">
      {target.mode === 'create' ? <TripForm onDone={close} onCancel={close} /> : <EditTrip id={target.row.id} onClose={close} />}
    </Drawer>
  );
}

function EditTrip({ id, onClose }: { id: number; onClose: () => void }) {
  // Always the latest version of the trip when the drawer opens.
  const query = useQuery({ ...tripQueryOptions(id), staleTime: 0, gcTime: 0 });
  if (query.isPending) return <Spinner label="Loading trip..." />;
  if (!query.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="text-destructive">{errorText(query.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <TripForm trip={query.data} onDone={onClose} onCancel={onClose} />;
}
