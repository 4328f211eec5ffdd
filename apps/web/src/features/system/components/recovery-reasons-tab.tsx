import type { RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import { useMemo, type ReactNode } from 'react';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { Drawer } from '@/components/layout/drawer';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePermissions } from '@/lib/permissions';
import { statusChangeConfirm } from '@/lib/status-change';
import { recoveryReasonsListQueryOptions, useChangeRecoveryReasonStatusMutation } from '../api/system-api';
import { RECOVERY_REASON_TOASTS, RecoveryReasonForm } from './recovery-reason-form';

export interface RecoveryReasonsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const helper = dataTableColumnHelper<RecoveryReasonRow>();

interface ReasonColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (reason: RecoveryReasonRow) => void;
  onChangeStatus: (reason: RecoveryReasonRow) => void;
}

/** Recovery reasons table (docs/product/admin.md System): number, ID, Name, Created, Status, Actions. */
function reasonsColumns(actions: ReasonColumnActions): DataTableColumnDef<RecoveryReasonRow>[] {
  return helper.columns([
    numberColumn<RecoveryReasonRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Name', meta: { size: 240, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    dateColumn<RecoveryReasonRow, 'created'>('created', 'Created'),
    statusColumn<RecoveryReasonRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (reason) => reason.name }),
    actionsColumn<RecoveryReasonRow>([{ kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (reason) => `Edit ${reason.name}` }], 64),
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

  const list = useListQuery(recoveryReasonsListQueryOptions({ keyword: search.keyword, sort: search.sort }), search.sort);

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
    <ListScreen
      title={title}
      viewSwitcher={viewSwitcher}
      noun="reasons"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search reasons...', label: 'Search reasons' }}
      filtered={search.keyword !== undefined || search.sort !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: 'New Reason', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
      table={{ tableId: 'recovery-reasons', label: 'Recovery reasons', columns, getRowId: rowId }}
    >
      <Drawer
        key={drawer.session}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        title={drawer.target.mode === 'create' ? 'New Recovery Reason' : 'Edit Recovery Reason'}
      >
        <RecoveryReasonForm reason={drawer.target.mode === 'edit' ? drawer.target.reason : undefined} onDone={close} onCancel={close} />
      </Drawer>
      {dialog}
    </ListScreen>
  );
}
