import { useMemo, type ReactNode } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePermissions } from '@/lib/permissions';
import { useChangeRoleStatusMutation, rolesListQueryOptions } from '../api/roles-api';
import { RoleDrawer, type RoleDrawerTarget } from './role-drawer';
import { ROLE_TOASTS } from './role-form';
import { rolesColumns } from './roles-columns';
import { statusChangeConfirm } from '@/lib/status-change';

export interface RolesTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

/** The Roles view of /roles (docs/product/admin.md): the roles table, its own keyword search, 'New Role'. */
export function RolesTab({
  title,
  viewSwitcher,
  search,
  onSearchChange,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  search: RolesTabSearch;
  onSearchChange: (patch: RolesTabSearch | null) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_ROLE');
  const canEdit = has('CAN_EDIT_ROLE');
  const canChangeStatus = has('CAN_CHANGE_STATUS_ROLE');

  const list = useListQuery(rolesListQueryOptions({ keyword: search.keyword, sort: search.sort }), search.sort);

  const drawer = useDrawerSession<RoleDrawerTarget>({ mode: 'create' });
  const openDrawer = drawer.openWith;

  const { confirm, dialog } = useConfirmDialog();
  const changeStatus = useChangeRoleStatusMutation();
  const { mutateAsync: changeStatusAsync } = changeStatus;

  const columns = useMemo(
    () =>
      rolesColumns({
        canEdit,
        canChangeStatus,
        onEdit: (role) => openDrawer({ mode: 'edit', role }),
        onChangeStatus: (role) =>
          confirm(
            statusChangeConfirm({
              title: 'Change Role Status',
              name: role.name,
              isOn: role.active,
              entity: 'role',
              toasts: { off: ROLE_TOASTS.deactivated, on: ROLE_TOASTS.activated },
              change: () => changeStatusAsync({ id: role.id, active: !role.active }),
            }),
          ),
      }),
    [canEdit, canChangeStatus, confirm, changeStatusAsync, openDrawer],
  );

  return (
    <ListScreen
      title={title}
      viewSwitcher={viewSwitcher}
      noun="role"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search roles...', label: 'Search roles' }}
      filtered={search.keyword !== undefined || search.sort !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: 'New Role', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
      table={{ tableId: 'roles', label: 'Roles', columns, getRowId: rowId }}
    >
      <RoleDrawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} target={drawer.target} />
      {dialog}
    </ListScreen>
  );
}
