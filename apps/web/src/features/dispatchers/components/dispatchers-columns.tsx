import type { DispatcherRow } from '@milepost/contracts/dispatchers-api';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';

export function dispatcherName(dispatcher: Pick<DispatcherRow, 'firstName' | 'lastName'>): string {
  return `${dispatcher.firstName} ${dispatcher.lastName ?? ''}`.trim();
}

export interface DispatchersColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (dispatcher: DispatcherRow) => void;
  onChangeStatus: (dispatcher: DispatcherRow) => void;
}

const helper = dataTableColumnHelper<DispatcherRow>();

/** Dispatcher table (docs/product/admin.md): No, ID, First Name, Last Name, Team, Status, Created, Actions. */
export function dispatchersColumns(actions: DispatchersColumnActions): DataTableColumnDef<DispatcherRow>[] {
  return helper.columns([
    numberColumn<DispatcherRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('firstName', { header: 'First Name', meta: { size: 140 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('lastName', { header: 'Last Name', meta: { size: 140 }, cell: (info) => <TextCell value={info.getValue()} fallback="—" /> }),
    helper.accessor('team', { header: 'Team', meta: { size: 140 }, cell: (info) => <TextCell value={info.getValue()} fallback="—" /> }),
    statusColumn<DispatcherRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: dispatcherName }),
    dateColumn<DispatcherRow, 'created'>('created', 'Created'),
    actionsColumn<DispatcherRow>([{ kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (d) => `Edit ${dispatcherName(d)}` }], 64),
  ]);
}
