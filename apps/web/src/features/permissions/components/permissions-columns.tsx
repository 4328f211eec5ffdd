import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { Pencil } from 'lucide-react';
import { TextCell, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';

export interface PermissionsColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (permission: PermissionRow) => void;
  onChangeStatus: (permission: PermissionRow) => void;
}

const helper = dataTableColumnHelper<PermissionRow>();

/** Permissions table (spec 02 §2): number, ID, Name, Description, Status (Enabled or Disabled), Actions. */
export function permissionsColumns(actions: PermissionsColumnActions): DataTableColumnDef<PermissionRow>[] {
  return helper.columns([
    numberColumn<PermissionRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Name', meta: { size: 240 }, cell: (info) => <TextCell value={info.getValue()} className="font-mono text-xs" /> }),
    helper.accessor('description', { header: 'Description', meta: { size: 220, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} fallback="-" /> }),
    helper.accessor('enabled', {
      header: 'Status',
      meta: { size: 110, grow: 0 },
      cell: ({ row }) => {
        const permission = row.original;
        return (
          <StatusBadge
            on={permission.enabled}
            onLabel="Enabled"
            offLabel="Disabled"
            {...(actions.canChangeStatus
              ? { onClick: () => actions.onChangeStatus(permission), actionLabel: `${permission.enabled ? 'Disable' : 'Enable'} ${permission.name}` }
              : {})}
          />
        );
      },
    }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      meta: { size: 80, grow: 0 },
      cell: ({ row }) =>
        actions.canEdit ? (
          <Button variant="ghost" size="icon-sm" aria-label={`Edit ${row.original.name}`} title="Edit" onClick={() => actions.onEdit(row.original)}>
            <Pencil aria-hidden />
          </Button>
        ) : null,
    }),
  ]);
}
