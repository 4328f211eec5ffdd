import { USER_MESSAGES, type UserRow } from '@milepost/contracts/users-api';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';

export const INVITATION_PENDING_TEXT = 'Invitation pending';

export function userName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export interface UsersColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  canInvite: boolean;
  /** The signed-in user: their own account is never offered for deactivation. */
  selfId?: number | undefined;
  onEdit: (user: UserRow) => void;
  onChangeStatus: (user: UserRow) => void;
  onResendInvitation: (user: UserRow) => void;
}

const helper = dataTableColumnHelper<UserRow>();

/**
 * Users table (docs/product/admin.md): number, ID, Firstname, LastName, Email, Phone (N/A when empty),
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
    statusColumn<UserRow>({
      canChange: actions.canChangeStatus,
      locked: (user) => (user.id === actions.selfId && user.active ? USER_MESSAGES.cannotDeactivateSelf : undefined),
      onChange: actions.onChangeStatus,
      name: userName,
      size: 196,
      after: (user) => (user.passwordSet ? null : <span className="truncate text-[11px] text-warning">{INVITATION_PENDING_TEXT}</span>),
    }),
    dateColumn<UserRow, 'created'>('created', 'Created'),
    actionsColumn<UserRow>(
      [
        { kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (user) => `Edit ${userName(user)}` },
        {
          kind: 'invite',
          allowed: actions.canInvite,
          when: (user) => !user.passwordSet && user.active,
          onClick: actions.onResendInvitation,
          label: (user) => `Resend invitation to ${userName(user)}`,
        },
      ],
      72,
    ),
  ]);
}
