import type { PermissionRow } from '@milepost/contracts/permissions-api';
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
import { useChangePermissionStatusMutation } from '../api/change-permission-status';
import { permissionsListQueryOptions } from '../api/get-permissions';
import { PermissionDrawer, type PermissionDrawerTarget } from './permission-drawer';
import { PERMISSION_TOASTS } from './permission-form';
import { permissionsColumns } from './permissions-columns';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { statusChangeConfirm } from '@/lib/status-change';

export interface PermissionsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const getRowId = (permission: PermissionRow) => String(permission.id);

/** The Permissions view of /roles (spec 02 §2): the permissions table, its own keyword search, 'New Permission'. */
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

  const query = useInfiniteQuery(permissionsListQueryOptions({ keyword: search.keyword, sort: search.sort }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

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
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'permissions')}
        viewSwitcher={viewSwitcher}
        filters={
          <>
            <TableSearch value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} placeholder="Search permissions..." label="Search permissions" />
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={search.keyword === undefined && search.sort === undefined} />
          </>
        }
        actions={
          canCreate ? (
            <Button onClick={() => openDrawer({ mode: 'create' })}>
              <Plus aria-hidden />
              New Permission
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="permissions"
          label="Permissions"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      <PermissionDrawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} target={drawer.target} />
      {dialog}
    </>
  );
}
