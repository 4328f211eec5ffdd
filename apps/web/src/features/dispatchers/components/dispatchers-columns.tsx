import type { DispatcherRow } from '@milepost/contracts/dispatchers-api';
import { Pencil } from 'lucide-react';
import { DateCell, TextCell, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';

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

/** Dispatcher table (spec 02 §2): No, ID, First Name, Last Name, Team, Status, Created, Actions. */
export function dispatchersColumns(actions: DispatchersColumnActions): DataTableColumnDef<DispatcherRow>[] {
  return helper.columns([
    numberColumn<DispatcherRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('firstName', { header: 'First Name', meta: { size: 140 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('lastName', { header: 'Last Name', meta: { size: 140 }, cell: (info) => <TextCell value={info.getValue()} fallback="—" /> }),
    helper.accessor('team', { header: 'Team', meta: { size: 140 }, cell: (info) => <TextCell value={info.getValue()} fallback="—" /> }),
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 96, grow: 0 },
      cell: ({ row }) => {
        const dispatcher = row.original;
        return (
          <StatusBadge
            on={dispatcher.active}
            {...(actions.canChangeStatus
              ? {
                  onClick: () => actions.onChangeStatus(dispatcher),
                  actionLabel: `${dispatcher.active ? 'Deactivate' : 'Activate'} ${dispatcherName(dispatcher)}`,
                }
              : {})}
          />
        );
      },
    }),
    helper.accessor('created', { header: 'Created', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      meta: { size: 64, grow: 0 },
      cell: ({ row }) =>
        actions.canEdit ? (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Edit ${dispatcherName(row.original)}`}
            title="Edit"
            onClick={() => actions.onEdit(row.original)}
          >
            <Pencil aria-hidden />
          </Button>
        ) : null,
    }),
  ]);
}
