import type { RoleRow } from '@milepost/contracts/roles-api';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from '@/components/layout/drawer';
import { RecordLoader } from '@/components/layout/record-loader';
import { roleQueryOptions } from '../api/roles-api';
import { RoleForm } from './role-form';

export type RoleDrawerTarget = { mode: 'create' } | { mode: 'edit'; role: RoleRow };

export function roleDrawerTitle(target: RoleDrawerTarget): string {
  return target.mode === 'create' ? 'New Role' : `Edit Role: ${target.role.name}`;
}

/** Edit reads the role with its permissions first (GET /roles/{id}). */
function EditRoleBody({ id, onClose }: { id: number; onClose: () => void }) {
  const role = useQuery({ ...roleQueryOptions(id), staleTime: 0 });
  return <RecordLoader query={role}>{(record) => <RoleForm role={record} onDone={onClose} onCancel={onClose} />}</RecordLoader>;
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
