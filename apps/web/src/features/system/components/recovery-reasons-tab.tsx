import type { RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { EditableListScreen, type ListTabProps, type RowActions } from '@/components/data-table/editable-list-screen';
import { Drawer } from '@/components/layout/drawer';
import { statusChangeConfirm } from '@/lib/status-change';
import { recoveryReasonsListQueryOptions, useChangeRecoveryReasonStatusMutation } from '../api/system-api';
import { RECOVERY_REASON_TOASTS, RecoveryReasonForm } from './recovery-reason-form';

export interface RecoveryReasonsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const helper = dataTableColumnHelper<RecoveryReasonRow>();

/** Recovery reasons table (docs/product/admin.md System): number, ID, Name, Created, Status, Actions. */
function reasonsColumns(actions: RowActions<RecoveryReasonRow>): DataTableColumnDef<RecoveryReasonRow>[] {
  return helper.columns([
    numberColumn<RecoveryReasonRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Name', meta: { size: 240, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    dateColumn<RecoveryReasonRow, 'created'>('created', 'Created'),
    statusColumn<RecoveryReasonRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (reason) => reason.name }),
    actionsColumn<RecoveryReasonRow>([{ kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (reason) => `Edit ${reason.name}` }], 64),
  ]);
}

/** The Recovery Reasons view of /system: table, 'New Reason', edit, status through the confirm dialog. */
export function RecoveryReasonsTab({ search, ...tab }: ListTabProps<RecoveryReasonsTabSearch>) {
  const { mutateAsync: changeStatus } = useChangeRecoveryReasonStatusMutation();
  return (
    <EditableListScreen
      {...tab}
      search={search}
      query={recoveryReasonsListQueryOptions({ keyword: search.keyword, sort: search.sort })}
      noun="reasons"
      searchText={{ placeholder: 'Search reasons...', label: 'Search reasons' }}
      permissions={{ create: 'CAN_CREATE_RECOVERY_REASON', edit: 'CAN_EDIT_RECOVERY_REASON', changeStatus: 'CAN_CHANGE_STATUS_RECOVERY_REASON' }}
      columns={reasonsColumns}
      status={{
        confirm: (reason) =>
          statusChangeConfirm({
            title: 'Change Recovery Reason Status',
            name: reason.name,
            isOn: reason.active,
            entity: 'recovery reason',
            toasts: { off: RECOVERY_REASON_TOASTS.deactivated, on: RECOVERY_REASON_TOASTS.activated },
            change: () => changeStatus({ id: reason.id, active: !reason.active }),
          }),
      }}
      createLabel="New Reason"
      table={{ tableId: 'recovery-reasons', label: 'Recovery reasons' }}
      drawer={(reason, state, close) => (
        <Drawer {...state} title={reason ? 'Edit Recovery Reason' : 'New Recovery Reason'}>
          <RecoveryReasonForm reason={reason} onDone={close} onCancel={close} />
        </Drawer>
      )}
    />
  );
}
