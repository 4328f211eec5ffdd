import type { UserRow } from '@milepost/contracts/users-api';
import { MailPlus, Pencil } from 'lucide-react';
import { DateCell, TextCell, actionsColumnSize, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';

export const INVITATION_PENDING_TEXT = 'Invitation pending';

export function userName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export interface UsersColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  canInvite: boolean;
  onEdit: (user: UserRow) => void;
  onChangeStatus: (user: UserRow) => void;
  onResendInvitation: (user: UserRow) => void;
}

const helper = dataTableColumnHelper<UserRow>();

/**
 * Users table (spec 02 §2): number, ID, Firstname, LastName, Email, Phone (N/A when empty),
 * Role, Status, Created, Actions; every column sorts except number, email and actions. Column ids
 * are the server's sort fields.
 */
export function usersColumns(actions: UsersColumnActions): DataTableColumnDef<UserRow>[] {
  return helper.columns([
    numberColumn<UserRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('firstName', { header: 'Firstname', meta: { size: 100 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('lastName', { header: 'LastName', meta: { size: 100 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('email', {
      header: 'Email',
      enableSorting: false,
      meta: { size: 140, grow: 1.5 },
      cell: (info) => <TextCell value={info.getValue()} />,
    }),
    helper.accessor('phone', {
      header: 'Phone',
      meta: { size: 140, grow: 0 },
      cell: (info) => <TextCell value={info.getValue()} fallback="N/A" className="tabular-nums" />,
    }),
    helper.accessor('role', { header: 'Role', meta: { size: 96 }, cell: (info) => <TextCell value={info.getValue()} fallback="—" /> }),
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 196, grow: 0 },
      cell: ({ row }) => {
        const user = row.original;
        return (
          <span className="flex min-w-0 items-center gap-2">
            <StatusBadge
              on={user.active}
              {...(actions.canChangeStatus
                ? { onClick: () => actions.onChangeStatus(user), actionLabel: `${user.active ? 'Deactivate' : 'Activate'} ${userName(user)}` }
                : {})}
            />
            {!user.passwordSet && <span className="truncate text-[11px] text-warning">{INVITATION_PENDING_TEXT}</span>}
          </span>
        );
      },
    }),
    helper.accessor('created', { header: 'Created', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      meta: { size: actionsColumnSize(2), grow: 0 },
      cell: ({ row }) => {
        const user = row.original;
        return (
          <span className="flex items-center gap-1">
            {actions.canEdit && (
              <Button variant="ghost" size="icon-sm" aria-label={`Edit ${userName(user)}`} title="Edit" onClick={() => actions.onEdit(user)}>
                <Pencil aria-hidden />
              </Button>
            )}
            {actions.canInvite && !user.passwordSet && user.active && (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Resend invitation to ${userName(user)}`}
                title="Resend invitation"
                onClick={() => actions.onResendInvitation(user)}
              >
                <MailPlus aria-hidden />
              </Button>
            )}
          </span>
        );
      },
    }),
  ]);
}
