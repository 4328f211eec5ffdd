import type { RoleRow } from '@milepost/contracts/roles-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePermissions } from '@/lib/permissions';
import { useChangeRoleStatusMutation } from '../api/change-role-status';
import { rolesListQueryOptions } from '../api/get-roles';
import { RoleDrawer, type RoleDrawerTarget } from './role-drawer';
import { ROLE_TOASTS } from './role-form';
import { rolesColumns } from './roles-columns';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { statusChangeConfirm } from '@/lib/status-change';

export interface RolesTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const getRowId = (role: RoleRow) => String(role.id);

/** The Roles view of /roles (spec 02 §2): the roles table, its own keyword search, 'New Role'. */
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

  const query = useInfiniteQuery(rolesListQueryOptions({ keyword: search.keyword, sort: search.sort }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

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
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'role')}
        viewSwitcher={viewSwitcher}
        filters={
          <>
            <TableSearch value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} placeholder="Search roles..." label="Search roles" />
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={search.keyword === undefined && search.sort === undefined} />
          </>
        }
        actions={
          canCreate ? (
            <Button onClick={() => openDrawer({ mode: 'create' })}>
              <Plus aria-hidden />
              New Role
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="roles"
          label="Roles"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      <RoleDrawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} target={drawer.target} />
      {dialog}
    </>
  );
}
