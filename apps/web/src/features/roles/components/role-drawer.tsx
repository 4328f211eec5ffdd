import type { RoleRow } from '@milepost/contracts/roles-api';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from '@/components/layout/drawer';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { roleQueryOptions } from '../api/get-role';
import { RoleForm } from './role-form';

export type RoleDrawerTarget = { mode: 'create' } | { mode: 'edit'; role: RoleRow };

export function roleDrawerTitle(target: RoleDrawerTarget): string {
  return target.mode === 'create' ? 'New Role' : `Edit Role: ${target.role.name}`;
}

/** Edit reads the role with its permissions first (GET /roles/{id}). */
function EditRoleBody({ id, onClose }: { id: number; onClose: () => void }) {
  const role = useQuery({ ...roleQueryOptions(id), staleTime: 0 });
  if (role.data) return <RoleForm role={role.data} onDone={onClose} onCancel={onClose} />;
  if (role.error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-muted-foreground">{role.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void role.refetch()}>
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

/** The right-side drawer with the role form; mount it with a new `key` for every opening. */
export function RoleDrawer({ open, onOpenChange, target }: { open: boolean; onOpenChange: (open: boolean) => void; target: RoleDrawerTarget }) {
  const close = () => onOpenChange(false);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={roleDrawerTitle(target)} width="wide">
      {target.mode === 'create' ? <RoleForm onDone={close} onCancel={close} /> : <EditRoleBody id={target.role.id} onClose={close} />}
    </Drawer>
  );
}
