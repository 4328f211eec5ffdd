import type { RoleRow } from '@milepost/contracts/roles-api';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';

export interface RolesColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (role: RoleRow) => void;
  onChangeStatus: (role: RoleRow) => void;
}

const helper = dataTableColumnHelper<RoleRow>();

/** Roles table (docs/product/admin.md): number, ID, Name, Description (dash if empty), Status, Created, Actions. */
export function rolesColumns(actions: RolesColumnActions): DataTableColumnDef<RoleRow>[] {
  return helper.columns([
    numberColumn<RoleRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Name', meta: { size: 160 }, cell: (info) => <TextCell value={info.getValue()} className="font-medium" /> }),
    helper.accessor('description', { header: 'Description', meta: { size: 220, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} fallback="-" /> }),
    statusColumn<RoleRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (r) => r.name, size: 110 }),
    dateColumn<RoleRow, 'created'>('created', 'Created'),
    actionsColumn<RoleRow>([{ kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (r) => `Edit ${r.name}` }]),
  ]);
}
