import { useTable, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { columnLayout, columnResizer } from './column-layout';
import { useColumnSizes, useColumnVisibility } from './column-settings';
import { DataTableBody, ROW_HEIGHT_PX } from './data-table-body';
import { DataTableHeader } from './data-table-header';
import { dataTableFeatures, type DataTableColumnDef } from './data-table-features';
import { shouldFetchNextPage } from './infinite-scroll';
import type { DataTableSource } from './table-source';

export { MIN_COLUMN_SIZE, columnLabel } from './column-layout';
export { NO_DATA_TEXT, ROW_HEIGHT_PX, SKELETON_ROW_COUNT } from './data-table-body';

/** docs/product/trips.md table constants. */
export const ROW_OVERSCAN = 5;
export const UPDATING_TEXT = 'Updating...';
export const LOADING_MORE_TEXT = 'Loading more...';

export interface DataTableProps<TData extends RowData> {
  /** Names the saved column settings (`milepost.table.<tableId>.columns`). */
  tableId: string;
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumnDef<TData>[];
  source: DataTableSource<TData>;
  getRowId?: (row: TData) => string;
  /** Controlled sort (e.g. from the URL). Column ids are the server's sort fields. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** True (default): the server sorts and the table trusts the row order. False: sorted here (Reports). */
  manualSorting?: boolean;
  className?: string;
}

/**
 * The list table of every screen (docs/product/trips.md "Data tables"): header-click sort cycling
 * ascending → descending → cleared, a settings dialog for column visibility saved per table,
 * rows virtualised at 36 px with overscan 5 and the next page asked for 500 px before the end,
 * 22 skeleton rows while loading, 'No data found' when empty and an 'Updating...' overlay while
 * shown rows are refetched. Its pieces live beside it: column-layout.ts (grid, pinning, resizing),
 * data-table-header.tsx and data-table-body.tsx.
 */
export function DataTable<TData extends RowData>({
  tableId,
  label,
  columns,
  source,
  getRowId,
  sorting: controlledSorting,
  onSortingChange,
  manualSorting = true,
  className,
}: DataTableProps<TData>) {
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(tableId);
  const [columnSizes, setColumnSizes] = useColumnSizes(tableId);
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting = controlledSorting ?? localSorting;
  const [settingsOpen, setSettingsOpen] = useState(false);

  const handleSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (controlledSorting === undefined) setLocalSorting(next);
      onSortingChange?.(next);
    },
    [sorting, controlledSorting, onSortingChange],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: source.rows,
    ...(getRowId ? { getRowId: (row: TData) => getRowId(row) } : {}),
    manualSorting,
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
    state: { sorting, columnVisibility },
    onSortingChange: handleSortingChange,
    onColumnVisibilityChange: setColumnVisibility,
  });

  const rows = table.getRowModel().rows;
  const layout = columnLayout(table.getVisibleLeafColumns(), columnSizes);
  const resizer = columnResizer(setColumnSizes);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: ROW_OVERSCAN,
    // The sticky header sits above the first row inside the scrolling element.
    scrollMargin: ROW_HEIGHT_PX,
  });

  const { isFetching, hasNextPage, totalCount, fetchNextPage } = source;
  const loadedCount = source.rows.length;
  const maybeFetchNext = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const { scrollHeight, scrollTop, clientHeight } = element;
      if (shouldFetchNextPage({ scrollHeight, scrollTop, clientHeight, isFetching, loadedCount, totalCount, hasNextPage })) fetchNextPage();
    },
    [isFetching, loadedCount, totalCount, hasNextPage, fetchNextPage],
  );
  // A page that does not fill the view cannot be scrolled: check after every load too.
  useEffect(() => maybeFetchNext(scrollRef.current), [maybeFetchNext]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => maybeFetchNext(event.currentTarget);

  return (
    <div data-slot="data-table" className={cn('relative flex min-h-0 flex-1 flex-col', className)}>
      <div ref={scrollRef} onScroll={onScroll} data-slot="data-table-scroll" className="relative min-h-0 flex-1 overflow-auto">
        <div role="table" aria-label={label} aria-rowcount={source.isLoading ? -1 : totalCount + 1} className="min-w-full" style={{ minWidth: layout.gridStyle.minWidth }}>
          <DataTableHeader table={table} layout={layout} resizer={resizer} settingsOpen={settingsOpen} onSettingsOpenChange={setSettingsOpen} />
          <DataTableBody table={table} source={source} layout={layout} virtualizer={virtualizer} />
          {source.isFetching && !source.isUpdating && !source.isLoading && rows.length > 0 && (
            <div role="status" className="flex h-9 items-center justify-center gap-2 text-xs text-muted-foreground">
              <Spinner label={LOADING_MORE_TEXT} className="[&_svg]:size-3.5" />
              {LOADING_MORE_TEXT}
            </div>
          )}
        </div>
      </div>
      {source.isUpdating && !source.isLoading && (
        <div data-slot="data-table-updating" className="pointer-events-none absolute inset-x-0 top-9 bottom-0 z-20 flex items-start justify-center bg-background/50 pt-16">
          <div role="status" className="flex items-center gap-2 rounded-md border bg-background px-3 py-1.5 text-sm shadow-sm">
            <Spinner label={UPDATING_TEXT} className="[&_svg]:size-4" />
            <span>{UPDATING_TEXT}</span>
          </div>
        </div>
      )}
    </div>
  );
}
