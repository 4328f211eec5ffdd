import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { formatCentral } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { dataTableColumnHelper, type DataTableColumnDef } from './data-table-features';

/** The No column: a sequential number from the row's position (spec 01 §2). */
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
  const text = formatCentral(value);
  return <span className="tabular-nums">{text}</span>;
}

/** Width that holds 'DD.MM.YYYY HH:mm' in the table's font with the cell padding. */
export const DATE_COLUMN_SIZE = 136;

/** Width of an Actions column holding `buttons` small icon buttons (28 px, 2 px apart, 8 px padding each side). */
export const actionsColumnSize = (buttons: number) => 16 + 28 * buttons + 2 * Math.max(0, buttons - 1) + 2;

/** A VIN in full (17 characters, monospaced) so two VINs that share their start can be told apart. */
export const VIN_COLUMN_SIZE = 156;
export function VinCell({ value }: { value: string | null | undefined }) {
  return value ? <span className="font-mono text-xs">{value}</span> : null;
}
