import { USER_MESSAGES } from '@milepost/contracts/users-api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { toast } from '@/components/layout/toasts';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { meQueryOptions } from '@/lib/current-user';
import { saveErrorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { statusChangeConfirm } from '@/lib/status-change';
import { useChangeUserStatusMutation, useResendInvitationMutation, usersListQueryOptions } from '../api/users-api';
import type { UsersSearch } from '../users-search';
import { UserDrawer, type UserDrawerTarget } from './user-drawer';
import { USER_TOASTS } from './user-form';
import { userName, usersColumns } from './users-columns';

/**
 * The Users screen (docs/product/admin.md, Users): the shared list over GET /users with the
 * keyword and sort in the URL, 'Add User', edit and status change gated by permission, invitations.
 */
export function UsersScreen({ title, search, onSearchChange }: { title: string; search: UsersSearch; onSearchChange: (patch: Partial<UsersSearch> | null) => void }) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_USER');
  const canEdit = has('CAN_EDIT_USER');
  const canChangeStatus = has('CAN_CHANGE_STATUS_USER');
  const selfId = useQuery(meQueryOptions()).data?.id;

  const list = useListQuery(usersListQueryOptions({ keyword: search.keyword, sort: search.sort }), search.sort);
  const drawer = useDrawerSession<UserDrawerTarget>({ mode: 'create' });
  const openDrawer = drawer.openWith;

  const { confirm, dialog } = useConfirmDialog();
  const { mutateAsync: changeStatus } = useChangeUserStatusMutation();
  const { mutate: resend } = useResendInvitationMutation();

  const columns = useMemo(
    () =>
      usersColumns({
        canEdit,
        canChangeStatus,
        canInvite: canCreate,
        selfId,
        onEdit: (user) => openDrawer({ mode: 'edit', user }),
        onChangeStatus: (user) =>
          confirm(
            statusChangeConfirm({
              title: 'Change User Status',
              name: userName(user),
              isOn: user.active,
              entity: 'user',
              toasts: { off: USER_TOASTS.deactivated, on: USER_TOASTS.activated },
              change: () => changeStatus({ id: user.id, active: !user.active, version: user.version }),
            }),
          ),
        onResendInvitation: (user) =>
          resend(user.id, {
            onSuccess: () => toast.success(USER_MESSAGES.invitationSent, { description: `A new link was sent to ${user.email}.` }),
            onError: (error) => toast.error(saveErrorText(error, 'user')),
          }),
      }),
    [canEdit, canChangeStatus, canCreate, selfId, confirm, changeStatus, resend, openDrawer],
  );

  return (
    <ListScreen
      title={title}
      noun="users"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search by name...', label: 'Search users' }}
      filtered={search.keyword !== undefined || search.sort !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: 'Add User', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
      table={{ tableId: 'users', label: 'Users', columns, getRowId: rowId }}
    >
      <UserDrawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} target={drawer.target} />
      {dialog}
    </ListScreen>
  );
}
