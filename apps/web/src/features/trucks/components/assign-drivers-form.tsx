import { DRIVER_MESSAGES } from '@milepost/contracts/drivers-api';
import { useState, type FormEvent } from 'react';
import { useUnsavedChanges } from '@/components/layout/drawer';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { hasErrorCode } from '@/lib/api-client';
import { saveErrorText } from '@/lib/error-messages';
import { activeUserLookup } from '@/lib/lookups';
import { useAssignDriversMutation } from '../api/trucks-api';
import { DriverMultiSelect } from './driver-multi-select';

export const ASSIGN_TOASTS = { assigned: 'Drivers assigned successfully!' } as const;

const driverCount = (n: number) => `${n} driver${n === 1 ? '' : 's'}`;
/** What the answer counted: '2 drivers assigned to Dana Reyes; 1 already was.' */
export function assignedText(assigned: number, chosen: number, user: string): string {
  const already = chosen - assigned;
  return `${driverCount(assigned)} assigned to ${user}${already > 0 ? `; ${already} already ${already === 1 ? 'was' : 'were'}` : ''}.`;
}

/**
 * Assign drivers to a user (docs/product/admin.md Trucks, Assign): several drivers and one active user;
 * submit is enabled only when both are chosen. The toast says how many the server assigned (and how
 * many were already that user's); 'Already assigned.' (ALREADY_ASSIGNED) shows as a toast.
 */
export function AssignDriversForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [drivers, setDrivers] = useState<LookupOption[]>([]);
  const [user, setUser] = useState<LookupOption | null>(null);
  const assign = useAssignDriversMutation();
  const ready = drivers.length > 0 && user !== null;
  // Chosen drivers or user: closing the drawer asks first (docs/product/shell.md).
  useUnsavedChanges(drivers.length > 0 || user !== null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || assign.isPending) return;
    try {
      const { assigned } = await assign.mutateAsync({ userId: user.id, driverIds: drivers.map((d) => d.id) });
      toast.success(ASSIGN_TOASTS.assigned, { description: assignedText(assigned, drivers.length, user.label) });
      onDone();
    } catch (error) {
      toast.error(hasErrorCode(error, 'ALREADY_ASSIGNED') ? (error.serverMessage ?? DRIVER_MESSAGES.alreadyAssigned) : saveErrorText(error, 'driver'));
    }
  };

  return (
    <form id="assign-drivers-form" noValidate className="flex min-h-full flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
      <FormField id="assign-drivers" label="Drivers">
        <DriverMultiSelect id="assign-drivers" value={drivers} onChange={setDrivers} />
      </FormField>
      <FormField id="assign-user" label="User">
        <LookupSelect
          id="assign-user"
          value={user}
          onChange={setUser}
          {...activeUserLookup}
          placeholder="Select a user"
          searchPlaceholder="Search users..."
          clearLabel="Clear user"
        />
      </FormField>
      <DrawerFormFooter>
        <Button variant="outline" disabled={assign.isPending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || assign.isPending}>
          {assign.isPending ? 'Assigning...' : 'Assign'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
