import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from '@/components/layout/drawer';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { permissionQueryOptions } from '../api/get-permission';
import { PermissionForm } from './permission-form';

export type PermissionDrawerTarget = { mode: 'create' } | { mode: 'edit'; permission: PermissionRow };

export function permissionDrawerTitle(target: PermissionDrawerTarget): string {
  return target.mode === 'create' ? 'New Permission' : `Edit Permission: ${target.permission.name}`;
}

/** Edit starts from the current record (GET /permissions/{id}). */
function EditPermissionBody({ id, onClose }: { id: number; onClose: () => void }) {
  const permission = useQuery({ ...permissionQueryOptions(id), staleTime: 0 });
  if (permission.data) return <PermissionForm permission={permission.data} onDone={onClose} onCancel={onClose} />;
  if (permission.error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-muted-foreground">{permission.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void permission.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-10">
      <Spinner />
    </div>
  );
}

/** The right-side drawer with the permission form; mount it with a new `key` for every opening. */
export function PermissionDrawer({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: PermissionDrawerTarget;
}) {
  const close = () => onOpenChange(false);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={permissionDrawerTitle(target)}>
      {target.mode === 'create' ? (
        <PermissionForm onDone={close} onCancel={close} />
      ) : (
        <EditPermissionBody id={target.permission.id} onClose={close} />
      )}
    </Drawer>
  );
}
