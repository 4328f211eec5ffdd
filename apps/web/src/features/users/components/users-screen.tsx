import { USER_MESSAGES, type UserRow } from '@milepost/contracts/users-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { saveErrorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { useChangeUserStatusMutation } from '../api/change-user-status';
import { usersListQueryOptions } from '../api/get-users';
import { useResendInvitationMutation } from '../api/resend-invitation';
import type { UsersSearch } from '../users-search';
import { UserDrawer, type UserDrawerTarget } from './user-drawer';
import { USER_TOASTS } from './user-form';
import { userName, usersColumns } from './users-columns';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { statusChangeConfirm } from '@/lib/status-change';

const getRowId = (user: UserRow) => String(user.id);

/**
 * The Users screen (spec 02 §2 Users): the shared DataTable over GET /users with the keyword and
 * sort in the URL, 'Add User', edit and status change gated by permission, invitations.
 */
export function UsersScreen({
  title,
  search,
  onSearchChange,
}: {
  title: string;
  search: UsersSearch;
  onSearchChange: (patch: Partial<UsersSearch> | null) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_USER');
  const canEdit = has('CAN_EDIT_USER');
  const canChangeStatus = has('CAN_CHANGE_STATUS_USER');

  const query = useInfiniteQuery(usersListQueryOptions({ keyword: search.keyword, sort: search.sort }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

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
        onEdit: (user) => openDrawer({ mode: 'edit', user }),
        onChangeStatus: (user) =>
          confirm(
            statusChangeConfirm({
              title: 'Change User Status',
              name: userName(user),
              isOn: user.active,
              entity: 'user',
              toasts: { off: USER_TOASTS.deactivated, on: USER_TOASTS.activated },
              change: () => changeStatus({ id: user.id, active: !user.active }),
            }),
          ),
        onResendInvitation: (user) =>
          resend(user.id, {
            onSuccess: () => toast.success(USER_MESSAGES.invitationSent, { description: `A new link was sent to ${user.email}.` }),
            onError: (error) => toast.error(saveErrorText(error, 'user')),
          }),
      }),
    [canEdit, canChangeStatus, canCreate, confirm, changeStatus, resend, openDrawer],
  );

  const filtered = search.keyword !== undefined || search.sort !== undefined;

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'users')}
        filters={
          <>
            <TableSearch
              value={search.keyword}
              onChange={(keyword) => onSearchChange({ keyword })}
              placeholder="Search by name..."
              label="Search users"
            />
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={!filtered} />
          </>
        }
        actions={
          canCreate ? (
            <Button onClick={() => openDrawer({ mode: 'create' })}>
              <Plus aria-hidden />
              Add User
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="users"
          label="Users"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      <UserDrawer
        key={drawer.session}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        target={drawer.target}
      />
      {dialog}
    </>
  );
}
