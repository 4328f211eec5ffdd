import type { RowData } from '@tanstack/react-table';
import { Eye, KeyRound, MailPlus, Pencil, RadioTower } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDisplayDateTime } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { dataTableColumnHelper, type DataTableColumnDef } from './data-table-features';

/** The No column: a sequential number from the row's position (docs/product/trips.md). */
export function numberColumn<TData extends RowData>(): DataTableColumnDef<TData> {
  return dataTableColumnHelper<TData>().display({
    id: 'number',
    header: 'No',
    meta: { label: 'No', size: 44, grow: 0, align: 'end', cellClassName: 'text-muted-foreground' },
    cell: ({ row }) => {
      const index = row.getDisplayIndex();
      return (index === -1 ? row.index : index) + 1;
    },
  });
}

/** Text that ends in '…' when the column is too narrow, with the full text on hover. */
export function TextCell({ value, fallback = '', className }: { value: string | null | undefined; fallback?: ReactNode; className?: string }) {
  if (value === null || value === undefined || value === '') return <span className="text-muted-foreground">{fallback}</span>;
  return (
    <span className={cn('min-w-0 truncate', className)} title={value}>
      {value}
    </span>
  );
}

/** A timestamp in Central time; its column is DATE_COLUMN_SIZE wide so it is never cut. */
export function DateCell({ value }: { value: string | null | undefined }) {
  const text = formatDisplayDateTime(value);
  return <span className="tabular-nums">{text}</span>;
}

/** Width that holds 'DD.MM.YYYY HH:mm' in the table's font with the cell padding. */
export const DATE_COLUMN_SIZE = 136;

/** Width of an Actions column holding `buttons` small icon buttons (28 px, 4 px apart, 8 px padding each side), never narrower than its header. */
export const actionsColumnSize = (buttons: number) => Math.max(64, 16 + 28 * buttons + 4 * Math.max(0, buttons - 1));

/** A VIN in full (17 characters, monospaced) so two VINs that share their start can be told apart. */
export const VIN_COLUMN_SIZE = 156;
export function VinCell({ value }: { value: string | null | undefined }) {
  return value ? <span className="font-mono text-xs">{value}</span> : null;
}

/**
 * The Status column of an active (or enabled) flag (docs/product/admin.md, status changes): a
 * badge that is a button for whoever may change the status.
 */
export function statusColumn<TData extends RowData>(o: {
  canChange: boolean;
  /** Rows whose status nobody may change here (e.g. the signed-in user's own account). */
  locked?: (row: TData) => string | undefined;
  onChange: (row: TData) => void;
  /** The row as the button's name says it: `Deactivate ${name(row)}`. */
  name: (row: TData) => string;
  /** 'enabled' reads Enabled / Disabled and Enable / Disable (permissions). */
  flag?: 'active' | 'enabled';
  size?: number;
  /** Shown after the badge, e.g. 'Invitation pending'. */
  after?: (row: TData) => ReactNode;
}): DataTableColumnDef<TData> {
  const flag = o.flag ?? 'active';
  const words =
    flag === 'active' ? { on: 'Active', off: 'Inactive', turnOff: 'Deactivate', turnOn: 'Activate' } : { on: 'Enabled', off: 'Disabled', turnOff: 'Disable', turnOn: 'Enable' };
  const isOn = (row: TData) => (row as Record<string, unknown>)[flag] === true;
  return dataTableColumnHelper<TData>().accessor(isOn, {
    id: flag,
    header: 'Status',
    meta: { label: 'Status', size: o.size ?? 96, grow: 0 },
    cell: ({ row }) => {
      const record = row.original;
      const on = isOn(record);
      const lockedWhy = o.locked?.(record);
      const badge = (
        <StatusBadge
          on={on}
          onLabel={words.on}
          offLabel={words.off}
          {...(o.canChange && !lockedWhy ? { onClick: () => o.onChange(record), actionLabel: `${on ? words.turnOff : words.turnOn} ${o.name(record)}` } : {})}
          {...(lockedWhy ? { title: lockedWhy } : {})}
        />
      );
      if (!o.after) return badge;
      return (
        <span className="flex min-w-0 items-center gap-2">
          {badge}
          {o.after(record)}
        </span>
      );
    },
  });
}

/** A timestamp column (Created, Updated) in Central time; the id is the server's sort field. */
export function dateColumn<TData extends RowData, K extends string & keyof TData>(id: K, header: string, size = DATE_COLUMN_SIZE): DataTableColumnDef<TData> {
  return dataTableColumnHelper<TData>().accessor((row) => row[id] as string | null | undefined, {
    id,
    header,
    meta: { label: header, size: Math.max(size, DATE_COLUMN_SIZE), grow: 0 },
    cell: (info) => <DateCell value={info.getValue()} />,
  });
}

export interface RowAction<TData> {
  /** 'Edit' or 'View': the button's title and its icon. */
  kind: 'edit' | 'view' | 'tokens' | 'invite' | 'integrations';
  allowed: boolean;
  /** Only for some rows. */
  when?: (row: TData) => boolean;
  onClick: (row: TData) => void;
  /** The button's accessible name for a row, e.g. `Edit truck ${unit}`. */
  label: (row: TData) => string;
}

const ROW_ACTION_ICONS = { edit: Pencil, view: Eye, tokens: KeyRound, invite: MailPlus, integrations: RadioTower } as const;
const ROW_ACTION_TITLES = { edit: 'Edit', view: 'View', tokens: 'Update API Tokens', invite: 'Resend invitation', integrations: 'Integrations' } as const;

/** The Actions column: one icon button per allowed action; wide enough for all of them. */
export function actionsColumn<TData extends RowData>(actions: RowAction<TData>[], size = 0): DataTableColumnDef<TData> {
  return dataTableColumnHelper<TData>().display({
    id: 'actions',
    header: 'Actions',
    meta: { label: 'Actions', size: Math.max(size, actionsColumnSize(actions.filter((a) => a.allowed).length)), grow: 0 },
    cell: ({ row }) => (
      <span className="flex items-center gap-1">
        {actions
          .filter((action) => action.allowed && (action.when?.(row.original) ?? true))
          .map((action) => {
            const Icon = ROW_ACTION_ICONS[action.kind];
            return (
              <Button
                key={action.kind}
                variant="ghost"
                size="icon-sm"
                aria-label={action.label(row.original)}
                title={ROW_ACTION_TITLES[action.kind]}
                onClick={() => action.onClick(row.original)}
              >
                <Icon aria-hidden />
              </Button>
            );
          })}
      </span>
    ),
  });
}
