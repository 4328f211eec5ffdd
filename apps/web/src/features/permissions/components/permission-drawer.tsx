import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from '@/components/layout/drawer';
import { RecordLoader } from '@/components/layout/record-loader';
import { permissionQueryOptions } from '../api/permissions-api';
import { PermissionForm } from './permission-form';

export type PermissionDrawerTarget = { mode: 'create' } | { mode: 'edit'; permission: PermissionRow };

export function permissionDrawerTitle(target: PermissionDrawerTarget): string {
  return target.mode === 'create' ? 'New Permission' : `Edit Permission: ${target.permission.name}`;
}

/** Edit starts from the current record (GET /permissions/{id}). */
function EditPermissionBody({ id, onClose }: { id: number; onClose: () => void }) {
  const permission = useQuery({ ...permissionQueryOptions(id), staleTime: 0 });
  return <RecordLoader query={permission}>{(record) => <PermissionForm permission={record} onDone={onClose} onCancel={onClose} />}</RecordLoader>;
}

/** The right-side drawer with the permission form; mount it with a new `key` for every opening. */
export function PermissionDrawer({ open, onOpenChange, target }: { open: boolean; onOpenChange: (open: boolean) => void; target: PermissionDrawerTarget }) {
  const close = () => onOpenChange(false);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={permissionDrawerTitle(target)}>
      {target.mode === 'create' ? <PermissionForm onDone={close} onCancel={close} /> : <EditPermissionBody id={target.permission.id} onClose={close} />}
    </Drawer>
  );
}
