import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { TextCell, actionsColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';

export interface PermissionsColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (permission: PermissionRow) => void;
  onChangeStatus: (permission: PermissionRow) => void;
}

const helper = dataTableColumnHelper<PermissionRow>();

/** Permissions table (docs/product/admin.md): number, ID, Name, Description, Status (Enabled or Disabled), Actions. */
export function permissionsColumns(actions: PermissionsColumnActions): DataTableColumnDef<PermissionRow>[] {
  return helper.columns([
    numberColumn<PermissionRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Name', meta: { size: 240 }, cell: (info) => <TextCell value={info.getValue()} className="font-mono text-xs" /> }),
    helper.accessor('description', { header: 'Description', meta: { size: 220, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} fallback="-" /> }),
    statusColumn<PermissionRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (p) => p.name, flag: 'enabled', size: 110 }),
    actionsColumn<PermissionRow>([{ kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (p) => `Edit ${p.name}` }]),
  ]);
}
