import { EditableListScreen, type ListTabProps } from '@/components/data-table/editable-list-screen';
import { useChangePermissionStatusMutation, permissionsListQueryOptions } from '../api/permissions-api';
import { PermissionDrawer } from './permission-drawer';
import { PERMISSION_TOASTS } from './permission-form';
import { permissionsColumns } from './permissions-columns';
import { statusChangeConfirm } from '@/lib/status-change';

export interface PermissionsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

/** The Permissions view of /roles (docs/product/admin.md): the permissions table, its own keyword search, 'New Permission'. */
export function PermissionsTab({ search, ...tab }: ListTabProps<PermissionsTabSearch>) {
  const { mutateAsync: changeStatus } = useChangePermissionStatusMutation();
  return (
    <EditableListScreen
      {...tab}
      search={search}
      query={permissionsListQueryOptions({ keyword: search.keyword, sort: search.sort })}
      noun="permissions"
      searchText={{ placeholder: 'Search permissions...', label: 'Search permissions' }}
      permissions={{ create: 'CAN_CREATE_PERMISSION', edit: 'CAN_EDIT_PERMISSION', changeStatus: 'CAN_CHANGE_STATUS_PERMISSION' }}
      columns={permissionsColumns}
      status={{
        confirm: (permission) =>
          statusChangeConfirm({
            title: 'Change Permission Status',
            name: permission.name,
            isOn: permission.enabled,
            verbs: ['disable', 'enable'],
            entity: 'permission',
            toasts: { off: PERMISSION_TOASTS.disabled, on: PERMISSION_TOASTS.enabled },
            change: () => changeStatus({ id: permission.id, enabled: !permission.enabled }),
          }),
      }}
      createLabel="New Permission"
      table={{ tableId: 'permissions', label: 'Permissions' }}
      drawer={(permission, state) => <PermissionDrawer {...state} target={permission ? { mode: 'edit', permission } : { mode: 'create' }} />}
    />
  );
}
