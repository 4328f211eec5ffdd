import { EditableListScreen, type ListTabProps } from '@/components/data-table/editable-list-screen';
import { useChangeRoleStatusMutation, rolesListQueryOptions } from '../api/roles-api';
import { RoleDrawer } from './role-drawer';
import { ROLE_TOASTS } from './role-form';
import { rolesColumns } from './roles-columns';
import { statusChangeConfirm } from '@/lib/status-change';

export interface RolesTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

/** The Roles view of /roles (docs/product/admin.md): the roles table, its own keyword search, 'New Role'. */
export function RolesTab({ search, ...tab }: ListTabProps<RolesTabSearch>) {
  const { mutateAsync: changeStatus } = useChangeRoleStatusMutation();
  return (
    <EditableListScreen
      {...tab}
      search={search}
      query={rolesListQueryOptions({ keyword: search.keyword, sort: search.sort })}
      noun="role"
      searchText={{ placeholder: 'Search roles...', label: 'Search roles' }}
      permissions={{ create: 'CAN_CREATE_ROLE', edit: 'CAN_EDIT_ROLE', changeStatus: 'CAN_CHANGE_STATUS_ROLE' }}
      columns={rolesColumns}
      status={{
        confirm: (role) =>
          statusChangeConfirm({
            title: 'Change Role Status',
            name: role.name,
            isOn: role.active,
            entity: 'role',
            toasts: { off: ROLE_TOASTS.deactivated, on: ROLE_TOASTS.activated },
            change: () => changeStatus({ id: role.id, active: !role.active }),
          }),
      }}
      createLabel="New Role"
      table={{ tableId: 'roles', label: 'Roles' }}
      drawer={(role, state) => <RoleDrawer {...state} target={role ? { mode: 'edit', role } : { mode: 'create' }} />}
    />
  );
}
