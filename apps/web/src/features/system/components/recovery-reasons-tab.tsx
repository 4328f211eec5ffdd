import type { RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { DateCell, TextCell, numberColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { Drawer } from '@/components/layout/drawer';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePermissions } from '@/lib/permissions';
import { recoveryReasonsListQueryOptions, useChangeRecoveryReasonStatusMutation } from '../api/recovery-reasons-api';
import { RECOVERY_REASON_TOASTS, RecoveryReasonForm } from './recovery-reason-form';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { statusChangeConfirm } from '@/lib/status-change';

export interface RecoveryReasonsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const getRowId = (reason: RecoveryReasonRow) => String(reason.id);
const helper = dataTableColumnHelper<RecoveryReasonRow>();

interface ReasonColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (reason: RecoveryReasonRow) => void;
  onChangeStatus: (reason: RecoveryReasonRow) => void;
}

/** Recovery reasons table (spec 02 §2 System): number, ID, Name, Created, Status, Actions. */
function reasonsColumns(actions: ReasonColumnActions): DataTableColumnDef<RecoveryReasonRow>[] {
  return helper.columns([
    numberColumn<RecoveryReasonRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Name', meta: { size: 240, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('created', { header: 'Created', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 96, grow: 0 },
      cell: ({ row }) => {
        const reason = row.original;
        return (
          <StatusBadge
            on={reason.active}
            {...(actions.canChangeStatus
              ? { onClick: () => actions.onChangeStatus(reason), actionLabel: `${reason.active ? 'Deactivate' : 'Activate'} ${reason.name}` }
              : {})}
          />
        );
      },
    }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      meta: { size: 64, grow: 0 },
      cell: ({ row }) =>
        actions.canEdit ? (
          <Button variant="ghost" size="icon-sm" aria-label={`Edit ${row.original.name}`} title="Edit" onClick={() => actions.onEdit(row.original)}>
            <Pencil aria-hidden />
          </Button>
        ) : null,
    }),
  ]);
}

type ReasonDrawerTarget = { mode: 'create' } | { mode: 'edit'; reason: RecoveryReasonRow };

/** The Recovery Reasons view of /system: table, 'New Reason', edit, status through the confirm dialog. */
export function RecoveryReasonsTab({
  title,
  viewSwitcher,
  search,
  onSearchChange,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  search: RecoveryReasonsTabSearch;
  onSearchChange: (patch: RecoveryReasonsTabSearch | null) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_RECOVERY_REASON');
  const canEdit = has('CAN_EDIT_RECOVERY_REASON');
  const canChangeStatus = has('CAN_CHANGE_STATUS_RECOVERY_REASON');

  const query = useInfiniteQuery(recoveryReasonsListQueryOptions({ keyword: search.keyword, sort: search.sort }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

  const drawer = useDrawerSession<ReasonDrawerTarget>({ mode: 'create' });
  const openDrawer = drawer.openWith;
  const close = () => drawer.setOpen(false);

  const { confirm, dialog } = useConfirmDialog();
  const { mutateAsync: changeStatus } = useChangeRecoveryReasonStatusMutation();

  const columns = useMemo(
    () =>
      reasonsColumns({
        canEdit,
        canChangeStatus,
        onEdit: (reason) => openDrawer({ mode: 'edit', reason }),
        onChangeStatus: (reason) =>
          confirm(
            statusChangeConfirm({
              title: 'Change Recovery Reason Status',
              name: reason.name,
              isOn: reason.active,
              entity: 'recovery reason',
              toasts: { off: RECOVERY_REASON_TOASTS.deactivated, on: RECOVERY_REASON_TOASTS.activated },
              change: () => changeStatus({ id: reason.id, active: !reason.active }),
            }),
          ),
      }),
    [canEdit, canChangeStatus, confirm, changeStatus, openDrawer],
  );

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'reasons')}
        viewSwitcher={viewSwitcher}
        filters={
          <>
            <TableSearch value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} placeholder="Search reasons..." label="Search reasons" />
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={search.keyword === undefined && search.sort === undefined} />
          </>
        }
        actions={
          canCreate ? (
            <Button onClick={() => openDrawer({ mode: 'create' })}>
              <Plus aria-hidden />
              New Reason
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="recovery-reasons"
          label="Recovery reasons"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      <Drawer
        key={drawer.session}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        title={drawer.target.mode === 'create' ? 'New Recovery Reason' : 'Edit Recovery Reason'}
      >
        <RecoveryReasonForm reason={drawer.target.mode === 'edit' ? drawer.target.reason : undefined} onDone={close} onCancel={close} />
      </Drawer>
      {dialog}
    </>
  );
}
