import type { UserRow } from '@milepost/contracts/users-api';
import { Drawer } from '@/components/layout/drawer';
import { UserForm } from './user-form';

export type UserDrawerTarget = { mode: 'create' } | { mode: 'edit'; user: UserRow };

/** Drawer titles from docs/product/admin.md Users. */
export function userDrawerTitle(target: UserDrawerTarget): string {
  return target.mode === 'create' ? 'Add New User' : `Edit User: ${target.user.firstName}`;
}

/**
 * The right-side drawer with the user form. Mount it with a new `key` for every opening so the
 * form starts fresh (from the draft for a new user, from the row for an edit).
 */
export function UserDrawer({ open, onOpenChange, target }: { open: boolean; onOpenChange: (open: boolean) => void; target: UserDrawerTarget }) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={userDrawerTitle(target)}>
      <UserForm user={target.mode === 'edit' ? target.user : undefined} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </Drawer>
  );
}
