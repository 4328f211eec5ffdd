import type { RoleRow } from '@milepost/contracts/roles-api';
import { Pencil } from 'lucide-react';
import { DateCell, TextCell, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';

export interface RolesColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (role: RoleRow) => void;
  onChangeStatus: (role: RoleRow) => void;
}

const helper = dataTableColumnHelper<RoleRow>();

/** Roles table (spec 02 §2): number, ID, Name, Description (dash if empty), Status, Created, Actions. */
export function rolesColumns(actions: RolesColumnActions): DataTableColumnDef<RoleRow>[] {
  return helper.columns([
    numberColumn<RoleRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Name', meta: { size: 160 }, cell: (info) => <TextCell value={info.getValue()} className="font-medium" /> }),
    helper.accessor('description', { header: 'Description', meta: { size: 220, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} fallback="-" /> }),
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 110, grow: 0 },
      cell: ({ row }) => {
        const role = row.original;
        return (
          <StatusBadge
            on={role.active}
            {...(actions.canChangeStatus
              ? { onClick: () => actions.onChangeStatus(role), actionLabel: `${role.active ? 'Deactivate' : 'Activate'} ${role.name}` }
              : {})}
          />
        );
      },
    }),
    helper.accessor('created', { header: 'Created', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
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
