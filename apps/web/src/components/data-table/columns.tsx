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

/** A timestamp in Central time. */
export function DateCell({ value }: { value: string | null | undefined }) {
  const text = formatCentral(value);
  return <span className="truncate tabular-nums">{text}</span>;
}
