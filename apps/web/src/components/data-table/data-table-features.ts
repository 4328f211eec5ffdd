import {
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** Per-column presentation settings every list screen can give. */
export interface DataTableColumnMeta {
  /** Name in the table-settings dialog (defaults to the header text, then the column id). */
  label?: string;
  /** Minimum width in px (default 120). */
  size?: number;
  /** Share of the spare width the column takes (default 1; 0 keeps it at `size`). */
  grow?: number;
  /** Right-aligns the header and cells (numbers). */
  align?: 'start' | 'end';
  /** Extra classes for the body cells. */
  cellClassName?: string;
  /**
   * Kept in view while the table scrolls sideways: 'start' for leading columns (the No column
   * always is), 'end' for trailing ones (the Actions column always is).
   */
  pin?: 'start' | 'end';
}

/**
 * The one feature set of every list table: sorting (server-side by default, client-side with a
 * sorted row model when a screen asks for it) and column visibility. Module-level and stable.
 */
export const dataTableFeatures = tableFeatures({
  columnMeta: metaHelper<DataTableColumnMeta>(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime, basic: sortFn_basic },
  columnVisibilityFeature,
});

export type DataTableFeatures = typeof dataTableFeatures;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column list mixes value types
export type DataTableColumnDef<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** Column helper typed for {@link dataTableFeatures}. */
export function dataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}
