import { type ReactNode } from 'react';
import { EditableListScreen } from '@/components/data-table/editable-list-screen';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
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
  const { confirm, dialog } = useConfirmDialog();
  const { mutateAsync: changeStatus } = useChangeRoleStatusMutation();
  return (
    <EditableListScreen
      title={title}
      viewSwitcher={viewSwitcher}
      search={search}
      onSearchChange={onSearchChange}
      query={rolesListQueryOptions({ keyword: search.keyword, sort: search.sort })}
      noun="role"
      searchText={{ placeholder: 'Search roles...', label: 'Search roles' }}
      permissions={{ create: 'CAN_CREATE_ROLE', edit: 'CAN_EDIT_ROLE', changeStatus: 'CAN_CHANGE_STATUS_ROLE' }}
      columns={rolesColumns}
      onChangeStatus={(role) =>
        confirm(
          statusChangeConfirm({
            title: 'Change Role Status',
            name: role.name,
            isOn: role.active,
            entity: 'role',
            toasts: { off: ROLE_TOASTS.deactivated, on: ROLE_TOASTS.activated },
            change: () => changeStatus({ id: role.id, active: !role.active }),
          }),
        )
      }
      createLabel="New Role"
      table={{ tableId: 'roles', label: 'Roles' }}
      drawer={(role, state) => <RoleDrawer {...state} target={role ? { mode: 'edit', role } : { mode: 'create' }} />}
    >
      {dialog}
    </EditableListScreen>
  );
}
