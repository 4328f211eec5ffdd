import { useMemo, type ReactNode } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePermissions } from '@/lib/permissions';
import { useChangePermissionStatusMutation, permissionsListQueryOptions } from '../api/permissions-api';
import { PermissionDrawer, type PermissionDrawerTarget } from './permission-drawer';
import { PERMISSION_TOASTS } from './permission-form';
import { permissionsColumns } from './permissions-columns';
import { statusChangeConfirm } from '@/lib/status-change';

export interface PermissionsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

/** The Permissions view of /roles (docs/product/admin.md): the permissions table, its own keyword search, 'New Permission'. */
export function PermissionsTab({
  title,
  viewSwitcher,
  search,
  onSearchChange,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  search: PermissionsTabSearch;
  onSearchChange: (patch: PermissionsTabSearch | null) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_PERMISSION');
  const canEdit = has('CAN_EDIT_PERMISSION');
  const canChangeStatus = has('CAN_CHANGE_STATUS_PERMISSION');

  const list = useListQuery(permissionsListQueryOptions({ keyword: search.keyword, sort: search.sort }), search.sort);

  const drawer = useDrawerSession<PermissionDrawerTarget>({ mode: 'create' });
  const openDrawer = drawer.openWith;

  const { confirm, dialog } = useConfirmDialog();
  const changeStatus = useChangePermissionStatusMutation();
  const { mutateAsync: changeStatusAsync } = changeStatus;

  const columns = useMemo(
    () =>
      permissionsColumns({
        canEdit,
        canChangeStatus,
        onEdit: (permission) => openDrawer({ mode: 'edit', permission }),
        onChangeStatus: (permission) =>
          confirm(
            statusChangeConfirm({
              title: 'Change Permission Status',
              name: permission.name,
              isOn: permission.enabled,
              verbs: ['disable', 'enable'],
              entity: 'permission',
              toasts: { off: PERMISSION_TOASTS.disabled, on: PERMISSION_TOASTS.enabled },
              change: () => changeStatusAsync({ id: permission.id, enabled: !permission.enabled }),
            }),
          ),
      }),
    [canEdit, canChangeStatus, confirm, changeStatusAsync, openDrawer],
  );

  return (
    <ListScreen
      title={title}
      viewSwitcher={viewSwitcher}
      noun="permissions"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search permissions...', label: 'Search permissions' }}
      filtered={search.keyword !== undefined || search.sort !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: 'New Permission', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
      table={{ tableId: 'permissions', label: 'Permissions', columns, getRowId: rowId }}
    >
      <PermissionDrawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} target={drawer.target} />
      {dialog}
    </ListScreen>
  );
}
