import type { Header, ReactTable, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { cn } from '@/lib/utils';
import { columnLabel, type ColumnLayout, type columnResizer } from './column-layout';
import { ColumnSettingsDialog } from './column-settings-dialog';
import type { DataTableFeatures } from './data-table-features';

/** A header too long for its column takes a second line (the 36 px header row holds two) before it is cut. */
const HEADER_TEXT_CLASS = 'line-clamp-2 min-w-0 leading-tight';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected-state shape
type AnyTable<TData extends RowData> = ReactTable<DataTableFeatures, TData, any>;

/** One column header: its sort button (when it sorts) with the sort arrow, and its resize handle. */
function HeaderCell<TData extends RowData>({
  table,
  header,
  layout,
  resizer,
}: {
  table: AnyTable<TData>;
  header: Header<DataTableFeatures, TData, unknown>;
  layout: ColumnLayout;
  resizer: ReturnType<typeof columnResizer>;
}) {
  const column = header.column;
  const meta = column.columnDef.meta;
  const sorted = column.getIsSorted();
  const canSort = column.getCanSort();
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined;
  const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <div
      role="columnheader"
      aria-sort={ariaSort}
      title={columnLabel(column)}
      style={layout.stickyStyle.get(column.id) ?? { position: 'relative' }}
      className={cn('flex h-full min-w-0 items-center bg-muted px-2', meta?.align === 'end' && 'justify-end text-right', layout.edgeClass(column.id))}
    >
      {canSort ? (
        <button
          type="button"
          onClick={() => column.toggleSorting()}
          className={cn(
            '-mx-1 inline-flex min-w-0 items-center gap-1 rounded px-1 py-0.5 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50',
            sorted && 'text-foreground',
          )}
        >
          <span data-slot="header-text" className={HEADER_TEXT_CLASS}>
            <table.FlexRender header={header} />
          </span>
          <SortIcon aria-hidden className={cn('size-3.5 shrink-0', !sorted && 'opacity-40')} />
        </button>
      ) : (
        <span data-slot="header-text" className={HEADER_TEXT_CLASS}>
          <table.FlexRender header={header} />
        </span>
      )}
      {column.id !== 'actions' && (
        // A pointer affordance only (kept out of the header's accessible name).
        <div
          aria-hidden
          data-slot="column-resizer"
          title={`Drag to resize ${columnLabel(column)}; double-click to reset`}
          onPointerDown={resizer.resizeStart(column.id)}
          onDoubleClick={() => resizer.resizeReset(column.id)}
          className="absolute inset-y-1 right-0 w-1.5 cursor-col-resize touch-none rounded-sm hover:bg-ring/40"
        />
      )}
    </div>
  );
}

/** The table's sticky header row: the column headers and the settings button at the right edge. */
export function DataTableHeader<TData extends RowData>({
  table,
  layout,
  resizer,
  settingsOpen,
  onSettingsOpenChange,
}: {
  table: AnyTable<TData>;
  layout: ColumnLayout;
  resizer: ReturnType<typeof columnResizer>;
  settingsOpen: boolean;
  onSettingsOpenChange: (open: boolean) => void;
}) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10">
      <div role="row" aria-rowindex={1} className="grid h-9 items-center border-b bg-muted text-xs font-medium text-muted-foreground" style={layout.gridStyle}>
        {table.getHeaderGroups()[0]?.headers.map((header) => (
          <HeaderCell key={header.id} table={table} header={header} layout={layout} resizer={resizer} />
        ))}
        <div role="columnheader" style={layout.settingsSticky} className="flex h-full items-center justify-center bg-muted">
          <ColumnSettingsDialog table={table} open={settingsOpen} onOpenChange={onSettingsOpenChange} />
        </div>
      </div>
    </div>
  );
}
